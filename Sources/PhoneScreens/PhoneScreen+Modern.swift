// PhoneScreen+Modern: which screen today's phones show (ios13, ios26, android28, android34). Kept apart from the
// iOS 4/5 rules, which stay as they were: the classic profiles never reach this file.

import Lifecycle
import Runtime

/// The look of a profile's OS: iOS 4/5, iOS 13+ (scenes), or Android.
public enum PhoneFamily: Hashable, Sendable {
    case classic, modernIOS, android

    /// The family of `profile`, from what it is: Android's levels; iOS's scenes (`ios13`, `ios26`: modern iOS);
    /// else classic (`ios4`, `ios5`, and a profile a test makes of their rows).
    public init(_ profile: Profile) {
        if profile.android != nil {
            self = .android
        } else if profile.hasScenes {
            self = .modernIOS
        } else {
            self = .classic
        }
    }
}

extension PhoneScreen {
    /// What the OS shows over an app whose life-cycle state these events leave as it is (a call banner, Android's
    /// notification shade): facts from the transcript's recent events.
    public struct Recent: Hashable, Sendable {
        /// A `callArrived` not yet followed by `callDeclined`, `callAnswered` or `callEnded`: a call is ringing.
        public var ringing: Bool
        /// Android: a `notificationCenterPulled` not yet followed by `notificationCenterDismissed` or
        /// `notificationCenterOpenedApp`: the shade is down.
        public var shadePulled: Bool
        /// The time of the last `callArrived` (an Android call screen before it is answered), if any.
        public var callArrived: Nanoseconds?

        public init(ringing: Bool = false, shadePulled: Bool = false, callArrived: Nanoseconds? = nil) {
            self.ringing = ringing
            self.shadePulled = shadePulled
            self.callArrived = callArrived
        }
    }

    /// iOS 13+: the scene profiles. Full-screen call (inactive), the call banner (ios26 over an active app),
    /// Control Center; the rest as iOS 5.
    static func modernIOS(
        _ status: Status, profile: Profile, now: Nanoseconds, lastSMS: Nanoseconds?, callAnswered: Nanoseconds?,
        _ recent: Recent
    ) -> PhoneScreen {
        switch (status.state, status.reason) {
        case (.inactive, .call): return .fullScreenCall
        case (.inactive, .controlCenter): return .controlCenter
        case (.inactive, .lock), (.background, .lock), (.suspended, .lock): return .modernLock(minutes: clock(at: now))
        case (.active, _), (.launching, _):
            if recent.ringing, profile.callStyle == .banner { return .callBanner }
        default: break
        }
        return classic(status, profile: profile, now: now, lastSMS: lastSMS, callAnswered: callAnswered)
    }

    /// Android: the navigation bar along the bottom of the OS's full screens; the heads-up call and SMS and the
    /// notification shade over the resumed app; Recents; the call screen (STOPPED, reason call).
    static func android(
        _ status: Status, profile: Profile, now: Nanoseconds, lastSMS: Nanoseconds?, callAnswered: Nanoseconds?,
        _ recent: Recent
    ) -> PhoneScreen {
        switch status.state {
        case .inactive where status.reason == .dialog || status.reason == .secondDialog:
            return .systemDialog
        case .active, .launching, .inactive:
            if recent.ringing, profile.callStyle == .banner { return .headsUpCall }
            if recent.shadePulled { return .notificationShade }
            guard let lastSMS, now >= lastSMS, now - lastSMS < bannerDuration else { return .none }
            let slide = bannerSlide(age: now - lastSMS)
            return slide > 0 ? .headsUpSMS(slide: slide) : .none
        case .background, .suspended:
            switch status.reason {
            case .call:
                // Ringing until answered (an answer older than the last call belongs to an earlier call).
                if let callAnswered, callAnswered >= (recent.callArrived ?? .min) {
                    return .navigation(.inCall(seconds: Int(max(0, now - callAnswered) / 1_000_000_000)))
                }
                return .navigation(.androidCall)
            case .lock: return .lock(minutes: clock(at: now))
            case .switcher: return .navigation(.recents)
            default: return .navigation(.home)
            }
        case .notRunning, .terminated:
            return .navigation(.home)
        }
    }

    /// The iOS 4/5 rules, for what the modern iOS profiles show as iOS 5 did.
    private static func classic(
        _ status: Status, profile: Profile, now: Nanoseconds, lastSMS: Nanoseconds?, callAnswered: Nanoseconds?
    ) -> PhoneScreen {
        showing(status, profile: Profile.ios5, now: now, lastSMS: lastSMS, callAnswered: callAnswered)
    }

    /// The recent facts of `transcript` (see `Recent`), from its latest lines back.
    public static func recent(in transcript: Transcript) -> Recent {
        var recent = Recent()
        var callSettled = false
        var shadeSettled = false
        for line in transcript.entries.reversed() {
            guard case .event(let name, _) = line.entry, let event = Event(rawValue: name) else { continue }
            switch event {
            case .callDeclined, .callAnswered, .callEnded: callSettled = true
            case .callArrived:
                if recent.callArrived == nil { recent.callArrived = line.time }
                if !callSettled { recent.ringing = true }
                callSettled = true
            case .notificationCenterDismissed, .notificationCenterOpenedApp, .homePressed, .lockPressed:
                shadeSettled = true
            case .notificationCenterPulled:
                if !shadeSettled { recent.shadePulled = true }
                shadeSettled = true
            default: break
            }
            if callSettled, shadeSettled, recent.callArrived != nil { break }
        }
        return recent
    }

    /// True when `transcript` holds an odd number of accepted `rotated` events: the phone is turned a quarter
    /// from how it started (landscape to portrait, or back). A rejected `rotated` (ios4, ios5) turns nothing.
    public static func isTurned(_ transcript: Transcript) -> Bool {
        var rotation = PhoneRotation()
        return rotation.turned(by: transcript)
    }
}

/// Whether the phone is turned, followed as a transcript grows: each line is read once, so that a session whose
/// transcript lets its oldest lines go (`Transcript.sessionLimit`) still counts every `rotated` (a window's loop).
public struct PhoneRotation: Sendable {
    /// True after an odd number of accepted `rotated`.
    public private(set) var turned = false
    private var seen = 0  // lines of the transcript read so far (its appendedCount)

    public init() {}

    /// Reads the lines appended to `transcript` since the last call; returns `turned`.
    public mutating func turned(by transcript: Transcript) -> Bool {
        let fresh = transcript.appendedCount - seen
        guard fresh > 0 else { return turned }
        seen = transcript.appendedCount
        let entries = transcript.entries
        for index in max(0, entries.count - fresh)..<entries.count {
            guard case .event(let name, _) = entries[index].entry, name == Event.rotated.rawValue else { continue }
            if index + 1 < entries.count, case .rejected(let rejected, _, _) = entries[index + 1].entry,
                rejected == name
            {
                continue
            }
            turned.toggle()
        }
        return turned
    }
}

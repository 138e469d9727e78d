// PhoneScreens — the phone's own screens (the OS, not the app): the SMS alert and banner, the incoming-call and
// in-call screens, the lock screen, the home screen, the app switcher and Notification Center, drawn over the frozen
// app by the compositor, never by the app's renderer; on today's phones (PhoneScreen+Modern.swift,
// PhoneLayout+Modern.swift) the call banner, Control Center, Android's heads-up call, shade, Recents and navigation
// bar, and the phone turned by `rotated`.
//
// Owns: which screen is up (this file, pure: from the life-cycle status, the profile and the OS's recent events),
// where its buttons are and what a click on them means (PhoneLayout.swift, PhoneLayout+Screens.swift), the phone bar
// a desktop window shows under the game (PhoneBar.swift), the shapes that draw them (PhoneShape.swift), the bitmap
// font (PhoneFont.swift), and the GL compositor that paints the shapes over a picture of the app
// (PhoneCompositor.swift: its own program, texture and framebuffer; it never goes through the app's GLGate, so the
// invariant "no app GL call while backgrounded" counts the app's calls only).
// Imports Lifecycle and GLHost (GL through it) only: no game, no runtime internals, no host. Everything but
// PhoneCompositor is pure and unit-tested without GL. Start reading at `PhoneScreen.showing`.

import Lifecycle

/// Which of the phone's own screens covers the app, if any.
public enum PhoneScreen: Hashable, Sendable {
    /// The app, full screen, with nothing of the OS over it.
    case none
    /// iOS 5's SMS banner over the running app; `slide` is how far it is shown, 0 (hidden) ... 1 (fully down).
    case smsBanner(slide: Double)
    /// iOS 4's modal SMS alert: Close / Reply.
    case smsAlert
    /// The incoming-call screen: Decline / Answer.
    case incomingCall
    /// The call in progress, for `seconds` so far: End.
    case inCall(seconds: Int)
    /// The lock screen with the time (`minutes` since midnight) and "slide to unlock".
    case lock(minutes: Int)
    /// The home screen with the app's icon.
    case home
    /// The app switcher: the app's card (its picture), another app's card; `canKill`: the card has a close badge.
    case switcher(canKill: Bool)
    /// iOS 5's Notification Center pulled down over the app.
    case notificationCenter
    /// iOS 14+'s compact call banner over the running app (`ios26`, `callStyle=banner`): Decline / Accept.
    case callBanner
    /// iOS 13+'s full-screen incoming call over the darkened app: Decline / Accept discs.
    case fullScreenCall
    /// iOS 13+'s Control Center over the blurred app: toggles, sliders; a tap outside pushes it away.
    case controlCenter
    /// Android's heads-up call notification over the running app (`android34`, `callStyle=banner`).
    case headsUpCall
    /// Android's full-screen incoming call (`android28`, `android34 callStyle=fullScreen`): Decline / Answer.
    case androidCall
    /// Android's heads-up SMS notification over the running app; `slide` as iOS 5's banner.
    case headsUpSMS(slide: Double)
    /// Android's notification shade pulled over the running app (the app stays resumed).
    case notificationShade
    /// Android's Recents (Overview): the app's card in the middle, others beside it, Clear all.
    case recents
    /// iOS 13+'s lock screen: the date and a large clock (`minutes` since midnight), the message waiting, the
    /// torch and camera, and the home indicator: a swipe up from the bottom unlocks.
    case modernLock(minutes: Int)
    /// A system dialog over the dimmed app (a runtime permission, a purchase, a sign-in), every profile: Deny / Allow,
    /// either of which answers it (`dialogDismissed`).
    case systemDialog
    /// An Android screen with the navigation bar (back, home, recents) along its bottom edge.
    indirect case navigation(PhoneScreen)

    /// True when the app's picture shows through (dimmed or in a card): the compositor then needs it.
    public var showsApp: Bool {
        switch self {
        case .none, .smsBanner, .smsAlert, .incomingCall, .switcher, .notificationCenter: return true
        case .callBanner, .fullScreenCall, .controlCenter, .headsUpCall, .headsUpSMS, .notificationShade, .recents,
            .systemDialog:
            return true
        case .inCall, .lock, .home, .androidCall, .modernLock: return false
        case .navigation(let screen): return screen.showsApp
        }
    }

    /// How long iOS 5's banner stays, in nanoseconds, from the `smsArrived` that raised it.
    public static let bannerDuration: Nanoseconds = 4_000_000_000
    /// How long the banner takes to slide in, and out, in nanoseconds.
    public static let bannerSlide: Nanoseconds = 300_000_000
    /// The lock screen's clock at time 0: 9:41, in minutes since midnight.
    public static let clockStart = 9 * 60 + 41

    /// The screen the phone shows in `status` under `profile` at `now`: what the OS does, decided from the
    /// life-cycle state and reason alone, plus the times of the last `smsArrived` (iOS 5's banner, which changes
    /// no state) and of the last `callAnswered` (the in-call timer). Pure and deterministic: virtual time only.
    /// The modern profiles (`ios13`, `ios26`, `android28`, `android34`) also look at `recent`: what the OS shows
    /// over an app whose state those events do not change (a call banner, Android's shade).
    public static func showing(
        _ status: Status, profile: Profile, now: Nanoseconds, lastSMS: Nanoseconds? = nil,
        callAnswered: Nanoseconds? = nil, recent: Recent = Recent()
    ) -> PhoneScreen {
        switch PhoneFamily(profile) {
        case .classic: break
        case .modernIOS:
            return modernIOS(status, profile: profile, now: now, lastSMS: lastSMS, callAnswered: callAnswered, recent)
        case .android:
            return android(status, profile: profile, now: now, lastSMS: lastSMS, callAnswered: callAnswered, recent)
        }
        switch status.state {
        case .inactive:
            switch status.reason {
            case .alert: return .smsAlert
            case .call: return .incomingCall
            case .switcher:
                return .switcher(canKill: profile.allows(.switcherKilled, in: Status(.inactive, reason: .switcher)))
            case .notificationCenter: return .notificationCenter
            case .lock: return .lock(minutes: clock(at: now))
            case .dialog, .secondDialog: return .systemDialog
            default: return .none
            }
        case .background, .suspended:
            switch status.reason {
            case .call: return .inCall(seconds: Int(max(0, now - (callAnswered ?? now)) / 1_000_000_000))
            case .lock: return .lock(minutes: clock(at: now))
            default: return .home
            }
        case .notRunning, .terminated:
            return .home
        case .active, .launching:
            guard profile.smsStyle == .banner, let lastSMS, now >= lastSMS, now - lastSMS < bannerDuration else {
                return .none
            }
            let slide = bannerSlide(age: now - lastSMS)
            return slide > 0 ? .smsBanner(slide: slide) : .none
        }
    }

    /// The lock screen's clock at `now`: 9:41 plus the minutes elapsed, wrapping at midnight.
    public static func clock(at now: Nanoseconds) -> Int {
        (clockStart + Int(max(0, now) / 60_000_000_000)) % (24 * 60)
    }

    /// How far the banner is down at `age` ns after its SMS: sliding in, staying, sliding out.
    static func bannerSlide(age: Nanoseconds) -> Double {
        if age < bannerSlide { return Double(age) / Double(bannerSlide) }
        let left = bannerDuration - age
        if left < bannerSlide { return Double(max(0, left)) / Double(bannerSlide) }
        return 1
    }

    /// A short name, for logs, test messages and file names ("smsAlert", "lock").
    public var name: String {
        switch self {
        case .none: return "none"
        case .smsBanner: return "smsBanner"
        case .smsAlert: return "smsAlert"
        case .incomingCall: return "incomingCall"
        case .inCall: return "inCall"
        case .lock: return "lock"
        case .home: return "home"
        case .switcher: return "switcher"
        case .notificationCenter: return "notificationCenter"
        case .callBanner: return "callBanner"
        case .fullScreenCall: return "fullScreenCall"
        case .controlCenter: return "controlCenter"
        case .headsUpCall: return "headsUpCall"
        case .androidCall: return "androidCall"
        case .headsUpSMS: return "headsUpSMS"
        case .notificationShade: return "notificationShade"
        case .recents: return "recents"
        case .systemDialog: return "systemDialog"
        case .modernLock: return "modernLock"
        case .navigation(let screen): return screen.name
        }
    }
}

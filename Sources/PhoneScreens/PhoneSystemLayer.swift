// PhoneSystemLayer: the phone's screens as a host's SystemLayer: which screen is up (from a runtime, or any closure)
// laid out at the frame's size and composed over it by the compositor.

import GLHost
import Lifecycle
import Runtime

/// The phone's OS over the app: what a host (offscreen or window) hands its frames to.
public final class PhoneSystemLayer: SystemLayer {
    /// The GL compositor that draws the screens.
    public let compositor: PhoneCompositor
    /// The screen up now.
    public var screen: () -> PhoneScreen

    /// A layer drawing `screen()` with `compositor`.
    public init(compositor: PhoneCompositor, screen: @escaping () -> PhoneScreen) {
        self.compositor = compositor
        self.screen = screen
    }

    /// A layer showing the screens of `runtime`'s phone (`PhoneScreen.showing(_:)`).
    public convenience init<Game: LifecycleGame>(compositor: PhoneCompositor, runtime: Runtime<Game>) {
        self.init(compositor: compositor) { [unowned runtime] in PhoneScreen.showing(runtime) }
    }

    public func compose(over frame: FrameKeeper.Image?, width: Int, height: Int) -> [UInt8]? {
        let screen = screen()
        guard screen != .none else { return nil }
        let layout = PhoneLayout(screen, width: width, height: height)
        return compositor.compose(layout.shapes, over: frame, width: width, height: height)
    }
}

extension PhoneScreen {
    /// The screen `runtime`'s phone shows now: from its status and profile, and from its transcript the times of the
    /// last `smsArrived` (iOS 5's banner) and `callAnswered` (the call's timer), looked up only when they matter.
    public static func showing<Game: LifecycleGame>(_ runtime: Runtime<Game>) -> PhoneScreen {
        let status = runtime.status
        let isActive = status.state == .active || status.state == .launching
        let wantsSMS = isActive && runtime.profile.smsStyle == .banner
        let wantsCall = (status.state == .background || status.state == .suspended) && status.reason == .call
        return showing(
            status, profile: runtime.profile, now: runtime.now,
            lastSMS: wantsSMS
                ? lastEvent(.smsArrived, in: runtime.transcript, notBefore: runtime.now - bannerDuration) : nil,
            callAnswered: wantsCall ? lastEvent(.callAnswered, in: runtime.transcript) : nil)
    }

    /// The time of the latest `event` line of `transcript` at or after `notBefore`, if it still holds one.
    static func lastEvent(_ event: Event, in transcript: Transcript, notBefore: Nanoseconds = .min) -> Nanoseconds? {
        for line in transcript.entries.reversed() {
            if line.time < notBefore { return nil }
            if case .event(let name, _) = line.entry, name == event.rawValue { return line.time }
        }
        return nil
    }
}

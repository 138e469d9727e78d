// PhoneSystemLayer: the phone's screens as a host's SystemLayer: which screen is up (from a runtime, or any closure)
// laid out at the frame's size and composed over it by the compositor.

import GLHost
import Lifecycle
import Runtime

/// The phone's OS over the app: what a host (offscreen or window) hands its frames to.
public final class PhoneSystemLayer: SystemLayer {
    /// The GL compositor that draws the screens.
    public private(set) var compositor: PhoneCompositor
    /// The host's count of GL contexts lost and made again (OffscreenDisplay's `contextRecreations`), if it
    /// recreates its context: when it changes, the compositor of the lost context is abandoned and a new one made
    /// (with the same font) in the current context before anything is drawn.
    public var contextGeneration: (() -> Int)?
    private var compositorGeneration: Int?
    /// The screen up now.
    public var screen: () -> PhoneScreen
    /// True while the phone is turned a quarter (after an odd number of `rotated`): the composite is then
    /// `height` x `width`, the app's frame turned into it and the OS's screen laid out upright over it.
    public var turned: () -> Bool

    /// A layer drawing `screen()` with `compositor`, turned while `turned()`.
    public init(
        compositor: PhoneCompositor, turned: @escaping () -> Bool = { false }, screen: @escaping () -> PhoneScreen
    ) {
        self.compositor = compositor
        self.turned = turned
        self.screen = screen
    }

    /// A layer showing the screens of `runtime`'s phone (`PhoneScreen.showing(_:)`), turned by its `rotated`s.
    public convenience init<Game: LifecycleGame>(compositor: PhoneCompositor, runtime: Runtime<Game>) {
        var rotation = PhoneRotation()  // reads each transcript line once
        self.init(
            compositor: compositor, turned: { [unowned runtime] in rotation.turned(by: runtime.transcript) },
            screen: { [unowned runtime] in PhoneScreen.showing(runtime) })
    }

    public func composedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        turned() ? (height, width) : (width, height)
    }

    public func compose(over frame: FrameKeeper.Image?, width: Int, height: Int) -> [UInt8]? {
        let screen = screen()
        if let generation = contextGeneration?() {
            if let made = compositorGeneration, made != generation,
                let fresh = try? PhoneCompositor(font: compositor.font)
            {
                compositor.abandon()
                compositor = fresh
            }
            compositorGeneration = generation
        }
        guard turned() else {
            guard screen != .none else { return nil }
            let layout = PhoneLayout(screen, width: width, height: height)
            return compositor.compose(layout.shapes, over: frame, width: width, height: height)
        }
        let picture = frame.map(PhoneSystemLayer.quarterTurn)
        if screen == .none, let picture, picture.width == height, picture.height == width { return picture.pixels }
        let layout = PhoneLayout(screen, width: height, height: width)
        return compositor.compose(layout.shapes, over: picture, width: height, height: width)
    }

    /// `image` turned a quarter clockwise (RGBA8, top row first): a `w` x `h` image becomes `h` x `w`, its left
    /// column the new top row, read bottom up. Pure and exact (no resampling).
    public static func quarterTurn(_ image: FrameKeeper.Image) -> FrameKeeper.Image {
        let (pixels, width, height) = image
        guard pixels.count == width * height * 4 else { return (pixels, width, height) }
        var turned = [UInt8](repeating: 0, count: pixels.count)
        turned.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    for x in 0..<width {
                        // Source (x, y) goes to (height - 1 - y, x) of the height-wide image.
                        let from = (y * width + x) * 4
                        let to = (x * height + (height - 1 - y)) * 4
                        out[to] = source[from]
                        out[to + 1] = source[from + 1]
                        out[to + 2] = source[from + 2]
                        out[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return (turned, height, width)
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
        let modern = PhoneFamily(runtime.profile) != .classic
        return showing(
            status, profile: runtime.profile, now: runtime.now,
            lastSMS: wantsSMS
                ? lastEvent(.smsArrived, in: runtime.transcript, notBefore: runtime.now - bannerDuration) : nil,
            callAnswered: wantsCall ? lastEvent(.callAnswered, in: runtime.transcript) : nil,
            recent: modern ? recent(in: runtime.transcript) : Recent())
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

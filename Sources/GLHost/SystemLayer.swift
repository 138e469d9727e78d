// SystemLayer: the OS's own drawing over what the app shows (on the phone: the SMS alert, the call and lock screens,
// the home screen, the app switcher), as a host asks for it. The hosts know no phone: they hand the app's frame to
// the layer and show (and hash) what it gives back. A layer draws with GL of its own, never through the app's GLGate:
// it is the system, and it draws while the app is forbidden GL.

/// The system's screens over the app's frame.
public protocol SystemLayer: AnyObject {
    /// What the user sees of a `width` x `height` screen: the system's screen over `frame` (the app's frame, or the
    /// picture kept as it left the foreground; nil when there is none), RGBA8 top row first; nil when no system
    /// screen is up and the frame is shown as it is. Called on the host's GL thread with its context current.
    func compose(over frame: FrameKeeper.Image?, width: Int, height: Int) -> [UInt8]?
    /// The size of what `compose` gives for a `width` x `height` frame: the same, or swapped while the phone is
    /// turned (after `rotated`), when `compose` never returns nil.
    func composedSize(width: Int, height: Int) -> (width: Int, height: Int)
}

extension SystemLayer {
    /// A layer that never turns: what it composes has the frame's size.
    public func composedSize(width: Int, height: Int) -> (width: Int, height: Int) { (width, height) }
}

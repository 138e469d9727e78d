// DesktopInput: what one window event asks of the runtime, as data, so the rules stay pure and testable.

import Lifecycle
import Runtime

/// One thing to do to the runtime, produced by `DesktopMapping` and carried out by `GLFWPlatform`.
public enum DesktopInput: Hashable, Sendable {
    /// Inject a life-cycle event (`Runtime.send`).
    case event(Event)
    /// Perform a player action (`Runtime.perform`).
    case action(GameAction)
    /// Hold a control down (true) or let it go (false) (`Runtime.hold`).
    case hold(Control, Bool)
    /// Write the frame on screen to an image file.
    case screenshot
    /// Let go of the captured mouse cursor, so that it can click the phone's screens and bar.
    case freeMouse
    /// Close the window and leave the loop (the app has been told whatever it must be told first).
    case quit
}

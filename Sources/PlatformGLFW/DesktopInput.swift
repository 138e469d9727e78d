// DesktopInput: what one window event asks of the runtime, as data, so the rules stay pure and testable.

import Lifecycle
import Runtime

/// One thing to do to the runtime, produced by `DesktopMapping` and carried out by `GLFWPlatform`.
public enum DesktopInput<Game: LifecycleGame>: Hashable, Sendable {
    /// Inject a life-cycle event (`Runtime.send`).
    case event(Event)
    /// Perform a player action, the game's (`Runtime.perform`).
    case action(Game.Action)
    /// Hold a control down (true) or let it go (false) (`Runtime.hold`).
    case hold(Game.Control, Bool)
    /// Write the frame on screen to an image file.
    case screenshot
    /// Let go of the captured mouse cursor, so that it can click the phone's screens and bar.
    case freeMouse
    /// Close the window and leave the loop (the app has been told whatever it must be told first).
    case quit
}

// WindowEvent: what the window system said, recorded by the GLFW callbacks and nothing more.

/// A key's transition, as GLFW reports it.
public enum KeyAction: Hashable, Sendable {
    /// The key went down.
    case pressed
    /// The key came up (GLFW also sends this for every held key when the window loses focus).
    case released
    /// The key is held and the system repeats it.
    case repeated
}

/// Something the desktop did to the window. Callbacks only append these; the loop acts on them.
public enum WindowEvent: Hashable, Sendable {
    /// Another window took the keyboard focus.
    case focusLost
    /// The window has the keyboard focus again.
    case focusGained
    /// The window was minimised.
    case iconified
    /// The window was brought back from minimised.
    case restored
    /// The user asked to close the window (close button, Alt+F4); the window stays open until the app ends.
    case closeRequested
    /// A key: its GLFW key code (`GLFW_KEY_*`), what happened to it, and whether Ctrl was held.
    case key(code: Int32, action: KeyAction, control: Bool)
    /// The left mouse button went down (`pressed`) or up, with the cursor at `x`, `y` (window coordinates, top-left
    /// origin). While the game has the cursor captured, these belong to the game (fire), not to the phone.
    case mouseButton(pressed: Bool, x: Double, y: Double)
}

/// The queue the GLFW callbacks fill through the window's user pointer. Main thread only.
final class WindowEventQueue {
    var events: [WindowEvent] = []  // oldest first, since the last `drain()`

    /// Takes every queued event, oldest first.
    func drain() -> [WindowEvent] {
        defer { events.removeAll() }
        return events
    }
}

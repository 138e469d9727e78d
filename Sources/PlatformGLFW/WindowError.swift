// WindowError: why the desktop window could not be opened, worded for the person at the terminal.

/// Why `GLFWWindowDisplay` could not open its window.
public enum WindowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `glfwInit` failed because there is no X display to connect to.
    case noDisplay
    /// `glfwInit` failed for another reason (GLFW's own description).
    case initializationFailed(String)
    /// The window or its OpenGL 3.3 core context could not be created (GLFW's own description).
    case windowCreationFailed(String)

    /// The message for the terminal.
    public var description: String {
        switch self {
        case .noDisplay:
            return "no X display: set DISPLAY or run under xvfb-run"
        case .initializationFailed(let detail):
            return "cannot initialise GLFW: \(detail)"
        case .windowCreationFailed(let detail):
            return "cannot create a window with an OpenGL 3.3 core context: \(detail)"
        }
    }
}

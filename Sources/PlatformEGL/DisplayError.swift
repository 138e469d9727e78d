// DisplayError: why an OffscreenDisplay could not be made.

/// A failure creating an OffscreenDisplay beyond the EGL context and the renderer.
public enum DisplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The framebuffer could not be created at that size.
    case noFramebuffer(width: Int, height: Int)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .noFramebuffer(let width, let height):
            return "offscreen display: cannot create a \(width)x\(height) framebuffer"
        }
    }
}

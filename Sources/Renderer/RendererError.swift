// RendererError: why a renderer could not be made.

/// A failure while creating the renderer's GL objects.
public enum RendererError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The gate forbade GL when the renderer was created.
    case glForbidden
    /// A shader stage failed to compile; `log` is the driver's message.
    case shaderCompileFailed(stage: String, log: String)
    /// A program failed to link; `log` is the driver's message.
    case programLinkFailed(program: String, log: String)
    /// A GL error code (hex) was raised while setting up `step`.
    case glError(step: String, code: UInt32)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .glForbidden: return "renderer: GL is forbidden, cannot create GL objects"
        case .shaderCompileFailed(let stage, let log): return "renderer: cannot compile \(stage): \(log)"
        case .programLinkFailed(let program, let log): return "renderer: cannot link \(program): \(log)"
        case .glError(let step, let code): return "renderer: GL error 0x\(String(code, radix: 16)) in \(step)"
        }
    }
}

// BreakoutRendererError: why the renderer could not be made.

/// A failure while creating the renderer's GL objects.
public enum BreakoutRendererError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The gate forbade GL when the renderer was created.
    case glForbidden
    /// A shader stage failed to compile; `log` is the driver's message.
    case shaderCompileFailed(stage: String, log: String)
    /// The program failed to link; `log` is the driver's message.
    case programLinkFailed(log: String)
    /// A GL error code was raised while setting up `step`.
    case glError(step: String, code: UInt32)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .glForbidden: "breakout renderer: GL is forbidden, cannot create GL objects"
        case .shaderCompileFailed(let stage, let log): "breakout renderer: cannot compile the \(stage) shader: \(log)"
        case .programLinkFailed(let log): "breakout renderer: cannot link the shader program: \(log)"
        case .glError(let step, let code): "breakout renderer: GL error 0x\(String(code, radix: 16)) in \(step)"
        }
    }
}

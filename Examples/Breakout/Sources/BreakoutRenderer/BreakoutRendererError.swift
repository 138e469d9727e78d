// BreakoutRendererError: why the renderer could not be made.

import GLHost

/// A failure while creating the renderer's GL objects.
public enum BreakoutRendererError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The gate forbade GL when the renderer was created.
    case glForbidden
    /// The shader program failed to compile or link, with the driver's message.
    case program(GLProgramError)
    /// A GL error code was raised while setting up `step`.
    case glError(step: String, code: UInt32)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .glForbidden: "breakout renderer: GL is forbidden, cannot create GL objects"
        case .program(let error): "breakout renderer: \(error)"
        case .glError(let step, let code): "breakout renderer: GL error 0x\(String(code, radix: 16)) in \(step)"
        }
    }
}

// EGLContextError: why the headless EGL context could not be made or made current.

import CEGL

/// A failed EGL step, with the EGL error code (`eglGetError`).
public struct EGLContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The EGL function that failed, e.g. "eglInitialize".
    public let step: String
    /// The EGL error code, e.g. 0x3001 (EGL_NOT_INITIALIZED).
    public let code: Int32

    /// Records `step` with the current `eglGetError()` code.
    static func last(_ step: String) -> EGLContextError { EGLContextError(step: step, code: eglGetError()) }

    /// E.g. "EGL: eglInitialize failed with 0x3001 (EGL_NOT_INITIALIZED); is Mesa's libEGL installed?".
    public var description: String {
        "EGL: \(step) failed with 0x\(String(code, radix: 16)) (\(Self.name(of: code)));"
            + " the headless renderer needs Mesa's surfaceless EGL platform (libegl1-mesa, libgl1-mesa-dri)"
    }

    private static func name(of code: Int32) -> String {
        let names: [Int32: String] = [
            EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS",
            EGL_BAD_ALLOC: "EGL_BAD_ALLOC", EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
            EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
            EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER", EGL_BAD_SURFACE: "EGL_BAD_SURFACE",
        ]
        return names[code] ?? "unknown EGL error"
    }
}

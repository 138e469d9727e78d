// EGLOffscreenContext: a headless OpenGL 3.3 core context on Mesa's surfaceless EGL platform (no window,
// no DISPLAY); the renderer draws into its own framebuffer. Current on one thread; destroyed on deinit. llvmpipe gets
// no rasteriser threads unless the user chose a count (RasterizerThreads: issue 11's hang needs them).

import CEGL
import Foundation
import GLHost

/// An OpenGL 3.3 core context with no surface, made current on the calling thread.
public final class EGLOffscreenContext {
    /// The surfaceless EGL display.
    public let display: EGLDisplay
    /// The GL context.
    public let context: EGLContext

    /// Creates the context and makes it current on the calling thread. With `softwareOnly` (the default), sets
    /// LIBGL_ALWAYS_SOFTWARE=1 unless already set, so frames are rendered by llvmpipe and hashes are comparable
    /// between machines. Sets LP_NUM_THREADS=0 unless already set (`RasterizerThreads.preferNone`).
    public init(softwareOnly: Bool = true) throws {
        if softwareOnly { setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0) }
        RasterizerThreads.preferNone()
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw EGLContextError.last("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)")
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw EGLContextError.last("eglInitialize")
        }
        let configAttributes: [EGLint] = [EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE]
        var config: EGLConfig? = nil
        var configCount: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &configCount) == EGLBoolean(EGL_TRUE),
            configCount > 0
        else { throw EGLContextError.last("eglChooseConfig") }
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
            throw EGLContextError.last("eglBindAPI(EGL_OPENGL_API)")
        }
        let contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            throw EGLContextError.last("eglCreateContext(3.3 core)")
        }
        self.display = display
        self.context = context
        try makeCurrent()
    }

    /// True when this context is current on the calling thread.
    public var isCurrent: Bool { eglGetCurrentContext() == context }

    /// Makes the context current on the calling thread (no surface); does nothing if it already is.
    public func makeCurrent() throws {
        guard !isCurrent else { return }
        guard eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw EGLContextError.last("eglMakeCurrent")
        }
    }

    deinit {
        // A context current on this thread is only marked for deletion; release it first.
        if isCurrent { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroyContext(display, context)
    }
}

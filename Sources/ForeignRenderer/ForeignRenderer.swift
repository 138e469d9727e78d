// ForeignRenderer: draws a C game's scene (`ForeignScene`) into an offscreen framebuffer (GLHost's
// OffscreenSurfaces), which a host reads back (PlatformEGL: captures, frame hashes) or blits to a window. The game
// draws itself through `interlude_draw`, with the framebuffer bound and a loader for GL functions from this process's
// libGL (the library links none: Docs/Contract.md §11); a library without `interlude_draw` gets a plain dark frame.
// Every entry point asks `gate.admit(_:)` first and issues no GL call when refused, so a GL call in the background is
// recorded, never made. Needs a GL 3.3 core context current on the calling thread (the host's one GL thread).

import ForeignGame
import GLHost
import Glibc
import Runtime

/// Draws C games' scenes into an offscreen framebuffer that can be read back or blitted to a window.
public final class ForeignRenderer: OffscreenSurfaceRenderer {
    public typealias Scene = ForeignScene
    public let gate: GLGate
    public private(set) var framesDrawn = 0
    public private(set) var surfaceCreations = 0
    /// Frames the library said it could not draw (`interlude_draw` returned nonzero).
    public private(set) var framesRefused = 0
    private var surfaces: OffscreenSurfaces?  // nil while released

    public init(gate: GLGate = GLGate()) {
        self.gate = gate
    }

    public var offscreenSurfaces: OffscreenSurfaces? { surfaces }

    public func makeSurfaces(width: Int, height: Int) {
        guard gate.admit("makeSurfaces") else { return }
        if let surfaces {
            if surfaces.width == width && surfaces.height == height { return }
            surfaces.delete()
        }
        surfaces = OffscreenSurfaces.make(width: width, height: height)
        if surfaces != nil { surfaceCreations += 1 }
    }

    public func releaseSurfaces() {
        guard gate.admit("releaseSurfaces"), let surfaces else { return }
        surfaces.delete()
        self.surfaces = nil
    }

    /// Clears the framebuffer, then lets the library draw into it; the framebuffer is bound again afterwards (a
    /// library that bound another would otherwise leave the host's reads on the wrong one).
    public func draw(_ scene: ForeignScene) {
        guard gate.admit("draw"), let surfaces else { return }
        surfaces.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0.05, 0.05, 0.08, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        if scene.draws,
            !scene.draw(width: Int32(surfaces.width), height: Int32(surfaces.height), glFunction: Self.glFunction)
        {
            framesRefused += 1
        }
        surfaces.bind()
        glBindVertexArray(0)
        glUseProgram(0)
        framesDrawn += 1
    }

    /// The GL loader a library is handed: this process's GL functions by name (libGL exports every core function).
    static let glFunction: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? = { name in
        guard let name else { return nil }
        return dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }
}

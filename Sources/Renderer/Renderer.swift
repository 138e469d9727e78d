// Renderer: draws a GameCore.Scene with OpenGL 3.3 core into an offscreen framebuffer.
//
// Owns the GL objects of the game: three shader programs (world, flat, text), the bitmap-font texture,
// the sprite box, one mesh per level name, and the framebuffer with its two renderbuffers (Surfaces).
// Backgrounding releases only the framebuffer (`releaseSurfaces`); everything else survives, and
// `statistics` proves it. Every public entry point asks `gate.admit(_:)` first and issues no GL call when
// refused, so a GL call in the background is recorded, never made.
// Imports only CGL and GameCore: no Foundation, no Glibc, no files; hosts pass shader and font text as ShaderSources.
// Needs a GL 3.3 core context current on the calling thread for its whole life; never call it across an await.
// Start reading at `draw(_:)`, then Renderer+World.swift (3D) and Renderer+Screen.swift (tint, HUD, overlay).

import CGL
import GameCore

/// Draws scenes into an offscreen framebuffer that can be read back or blitted to a window.
public final class Renderer {
    /// The guard every entry point asks before issuing GL.
    public let gate: GLGate
    /// What the renderer has compiled, built, uploaded, created and drawn so far.
    public internal(set) var statistics: RendererStatistics
    /// The GL_RENDERER string of the context the renderer was made in, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let rendererName: String

    let world: ShaderProgram  // lit level and sprite boxes
    let flat: ShaderProgram  // translucent rectangles
    let text: ShaderProgram  // font glyphs
    let fontTexture: GLuint  // R8 atlas, BitmapFont.atlasWidth x BitmapFont.atlasHeight
    let box: Mesh  // unit sprite box, base centred on the origin
    var flatBatch: Mesh  // per-frame rectangles, rebuilt every frame
    var textBatch: Mesh  // per-frame glyph quads, rebuilt every frame
    var levelMeshes: [String: Mesh] = [:]  // by level name; built on first draw, kept until the renderer dies
    var surfaces: Surfaces?  // nil while released

    /// Parses the font, compiles the shaders and builds the font texture and the sprite box. Needs a current
    /// 3.3 core context. Throws `RendererError`, or `BitmapFont.ParseError` for malformed font text.
    public init(shaders: ShaderSources, gate: GLGate = GLGate()) throws {
        guard gate.admit("init") else { throw RendererError.glForbidden }
        // Parsing first means bad font text fails before any GL object exists.
        let font = try BitmapFont(parsing: shaders.font)
        var statistics = RendererStatistics()
        world = try Self.link("world", shaders.worldVertex, shaders.worldFragment, &statistics)
        flat = try Self.link("flat", shaders.flatVertex, shaders.flatFragment, &statistics)
        text = try Self.link("text", shaders.textVertex, shaders.textFragment, &statistics)
        fontTexture = Self.uploadFontTexture(font, &statistics)
        box = Mesh(layout: GeometryBuilder.worldLayout, vertices: GeometryBuilder.box())
        statistics.meshBuilds += 1
        flatBatch = Mesh(layout: ScreenBatch.flatLayout)
        textBatch = Mesh(layout: ScreenBatch.textLayout)
        rendererName = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        self.statistics = statistics
        self.gate = gate
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw RendererError.glError(step: "init", code: error) }
    }

    /// True while the framebuffer exists (between `makeSurfaces` and `releaseSurfaces`).
    public var hasSurfaces: Bool { surfaces != nil }

    /// Creates the framebuffer (RGBA8 colour, DEPTH24 depth) at `width` x `height` pixels.
    /// Does nothing if it already exists at that size; replaces it if the size differs.
    public func makeSurfaces(width: Int, height: Int) {
        guard gate.admit("makeSurfaces") else { return }
        if let surfaces {
            if surfaces.width == width && surfaces.height == height { return }
            deleteSurfaces(surfaces)
        }
        guard width > 0, height > 0, let made = Surfaces.make(width: width, height: height) else { return }
        surfaces = made
        statistics.surfaceCreations += 1
    }

    /// Deletes the framebuffer and its renderbuffers only; shaders, textures and meshes stay.
    public func releaseSurfaces() {
        guard gate.admit("releaseSurfaces"), let surfaces else { return }
        deleteSurfaces(surfaces)
    }

    /// Renders `scene` into the framebuffer: the 3D view, then tint, HUD and overlay. Needs surfaces.
    public func draw(_ scene: Scene) {
        guard gate.admit("draw"), let surfaces else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), surfaces.framebuffer)
        glViewport(0, 0, GLsizei(surfaces.width), GLsizei(surfaces.height))
        drawWorld(scene, width: surfaces.width, height: surfaces.height)
        drawScreen(scene, width: surfaces.width, height: surfaces.height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        statistics.framesDrawn += 1
    }

    /// The framebuffer's pixels as RGBA8, top row first (width * height * 4 bytes); empty without surfaces
    /// or while GL is forbidden.
    public func readPixels() -> [UInt8] {
        guard gate.admit("readPixels"), let surfaces else { return [] }
        let rowBytes = surfaces.width * 4
        var bottomUp = [UInt8](repeating: 0, count: rowBytes * surfaces.height)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), surfaces.framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(
            0, 0, GLsizei(surfaces.width), GLsizei(surfaces.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
            &bottomUp)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        // GL's rows start at the bottom; images start at the top.
        var topDown: [UInt8] = []
        topDown.reserveCapacity(bottomUp.count)
        for row in (0..<surfaces.height).reversed() {
            topDown.append(contentsOf: bottomUp[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
        return topDown
    }

    /// Copies the framebuffer to the default framebuffer (the window), scaled to `width` x `height`.
    public func blitToWindow(width: Int, height: Int) {
        guard gate.admit("blitToWindow"), let surfaces else { return }
        let sameSize = surfaces.width == width && surfaces.height == height
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), surfaces.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(
            0, 0, GLint(surfaces.width), GLint(surfaces.height), 0, 0, GLint(width), GLint(height),
            GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(sameSize ? GL_NEAREST : GL_LINEAR))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Waits until the GPU has finished all submitted work (`glFinish`).
    public func finish() {
        guard gate.admit("finish") else { return }
        glFinish()
    }

    private func deleteSurfaces(_ surfaces: Surfaces) {
        surfaces.delete()
        self.surfaces = nil
        statistics.surfaceReleases += 1
    }
}

// BreakoutRenderer: draws a BreakoutScene with OpenGL 3.3 core into an offscreen framebuffer (GLHost's
// OffscreenSurfaces), which a host reads back (PlatformEGL: captures, frame hashes) or blits to a window
// (PlatformGLFW). One shader program, one vertex array, one streamed buffer: a frame is a clear and one draw call of
// the quads FramePainter makes (the field, the bricks, the paddle, the ball, the HUD panel in a 5 x 7 pixel font, the
// overlay band).
// Backgrounding releases only the framebuffer (`releaseSurfaces`); the program and the buffers stay. Every entry
// point asks `gate.admit(_:)` first and issues no GL call when refused, so a GL call in the background is recorded,
// never made. Imports GLHost (which re-exports GL), Runtime and Breakout: no Foundation, no files. Needs a GL 3.3
// core context current on the calling thread for its whole life (the host's one GL thread).
// Start reading at `draw(_:)`, then FramePainter.swift (what a frame is made of) and FrameLayout.swift (where).

import Breakout
import GLHost
import Runtime

/// Draws breakout scenes into an offscreen framebuffer that can be read back or blitted to a window.
public final class BreakoutRenderer {
    /// The guard every entry point asks before issuing GL.
    public let gate: GLGate
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Framebuffers created so far, and deleted so far.
    public private(set) var surfaceCreations = 0
    public private(set) var surfaceReleases = 0
    /// Shader programs linked so far: one, at init; releasing surfaces keeps it.
    public private(set) var programsLinked = 0
    /// Quads in the last frame drawn.
    public private(set) var lastQuadCount = 0
    /// The GL_RENDERER string of the context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let rendererName: String

    private let program: GLuint
    private let screenSizeLocation: GLint
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint
    private var surfaces: OffscreenSurfaces?  // nil while released
    private var vertices: [Float] = []  // kept between frames to reuse its storage

    /// Floats per vertex: position (2), colour (4), shape (2).
    static let floatsPerVertex = 8

    /// Compiles and links the shader program (the given sources, or the built-in ones) and makes the vertex array
    /// and buffer. Needs a current 3.3 core context. Throws `BreakoutRendererError` (with the driver's info log for a
    /// shader that does not compile or link).
    public init(gate: GLGate = GLGate(), vertexShader: String? = nil, fragmentShader: String? = nil) throws {
        guard gate.admit("init") else { throw BreakoutRendererError.glForbidden }
        do {
            program = try GLProgram.link(
                "breakout", vertex: vertexShader ?? Self.vertexSource, fragment: fragmentShader ?? Self.fragmentSource)
        } catch {
            throw BreakoutRendererError.program(error)
        }
        programsLinked = 1
        screenSizeLocation = glGetUniformLocation(program, "screenSize")
        var names: [GLuint] = [0]
        glGenVertexArrays(1, &names)
        vertexArray = names[0]
        glGenBuffers(1, &names)
        vertexBuffer = names[0]
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let stride = GLsizei(Self.floatsPerVertex * MemoryLayout<Float>.stride)
        for (index, size, offset) in [(0, 2, 0), (1, 4, 2), (2, 2, 6)] {
            glEnableVertexAttribArray(GLuint(index))
            glVertexAttribPointer(
                GLuint(index), GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.stride))
        }
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        rendererName = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        self.gate = gate
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw BreakoutRendererError.glError(step: "init", code: error) }
    }

    /// The framebuffer, nil while released (`OffscreenSurfaceRenderer`: read-back, blit, finish).
    public var offscreenSurfaces: OffscreenSurfaces? { surfaces }

    /// The framebuffer's size in pixels, nil while released.
    public var surfaceSize: (width: Int, height: Int)? { surfaces.map { ($0.width, $0.height) } }

    /// Creates the framebuffer at `width` x `height` pixels; nothing if it exists at that size, replaced otherwise.
    public func makeSurfaces(width: Int, height: Int) {
        guard gate.admit("makeSurfaces") else { return }
        if let surfaces {
            if surfaces.width == width && surfaces.height == height { return }
            deleteSurfaces(surfaces)
        }
        guard let made = OffscreenSurfaces.make(width: width, height: height) else { return }
        surfaces = made
        surfaceCreations += 1
    }

    /// Deletes the framebuffer and its renderbuffers only; the program, vertex array and buffer stay.
    public func releaseSurfaces() {
        guard gate.admit("releaseSurfaces"), let surfaces else { return }
        deleteSurfaces(surfaces)
    }

    /// Renders `scene` into the framebuffer: a clear, then every quad FramePainter makes, in one draw call, with
    /// alpha blending (the overlay band) that leaves the framebuffer opaque. Needs surfaces.
    public func draw(_ scene: BreakoutScene) {
        guard gate.admit("draw"), let surfaces else { return }
        let quads = FramePainter.quads(for: scene, width: surfaces.width, height: surfaces.height)
        fillVertices(quads)
        surfaces.bind()
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        let background = Palette.background
        glClearColor(background.red, background.green, background.blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        glBlendFuncSeparate(
            GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
        glUseProgram(program)
        glUniform2f(screenSizeLocation, Float(surfaces.width), Float(surfaces.height))
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        vertices.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertices.count / Self.floatsPerVertex))
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        glUseProgram(0)
        glDisable(GLenum(GL_BLEND))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        framesDrawn += 1
        lastQuadCount = quads.count
    }

    /// Two triangles per quad; a round quad's shape coordinates run -1...1, a square one's are all 0.
    private func fillVertices(_ quads: [Quad]) {
        var vertices = self.vertices
        self.vertices = []  // one owner while filling: no copy of the storage
        vertices.removeAll(keepingCapacity: true)
        vertices.reserveCapacity(quads.count * 6 * Self.floatsPerVertex)
        for quad in quads {
            let (left, top, right, bottom) = (quad.x, quad.y, quad.x + quad.width, quad.y + quad.height)
            let color = quad.color
            let edge: Float = quad.isRound ? 1 : 0
            func corner(_ x: Float, _ y: Float, _ u: Float, _ v: Float) {
                vertices.append(x)
                vertices.append(y)
                vertices.append(color.red)
                vertices.append(color.green)
                vertices.append(color.blue)
                vertices.append(color.alpha)
                vertices.append(u)
                vertices.append(v)
            }
            corner(left, top, -edge, -edge)
            corner(right, top, edge, -edge)
            corner(right, bottom, edge, edge)
            corner(left, top, -edge, -edge)
            corner(right, bottom, edge, edge)
            corner(left, bottom, -edge, edge)
        }
        self.vertices = vertices
    }

    private func deleteSurfaces(_ surfaces: OffscreenSurfaces) {
        surfaces.delete()
        self.surfaces = nil
        surfaceReleases += 1
    }
}

extension BreakoutRenderer: OffscreenSurfaceRenderer {
    public typealias Scene = BreakoutScene
}

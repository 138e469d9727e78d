// Renderer: draws a GameCore.Scene with OpenGL 3.3 core into an offscreen framebuffer.
//
// Owns the GL objects of the game: three shader programs (world, sprite, screen), the textures (TextureLibrary:
// the host's images, the font atlas, a white texel, the checker fallback), one mesh per texture per level, two
// streamed meshes (sprites, screen layer), and the framebuffer with its two renderbuffers (Surfaces).
// Backgrounding releases only the framebuffer (`releaseSurfaces`); everything else survives, and `statistics`
// proves it. Every public entry point asks `gate.admit(_:)` first and issues no GL call when refused, so a GL
// call in the background is recorded, never made.
// Conforms to GLHost's SceneRenderer (as an OffscreenSurfaceRenderer), so either GL host draws it. Imports only CGL, GLHost, GameCore and Runtime: no Foundation, no Glibc, no files; hosts pass shader and font text as
// ShaderSources and decoded textures as TextureImage. Needs a GL 3.3 core context current on the calling thread
// for its whole life; never call it across an await.
// Start reading at `draw(_:)`, then Renderer+World.swift (level and sprites), Renderer+Screen.swift (the 2D
// layer), Renderer+Weapon.swift and Renderer+StatusBar.swift.

import CGL
import GLHost
import GameCore
import Runtime

/// Draws scenes into an offscreen framebuffer that can be read back or blitted to a window.
public final class Renderer {
    /// The guard every entry point asks before issuing GL.
    public let gate: GLGate
    /// What the renderer has compiled, built, uploaded, created and drawn so far.
    public internal(set) var statistics: RendererStatistics
    /// The GL_RENDERER string of the context the renderer was made in, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let rendererName: String

    let world: ShaderProgram  // textured, lit level
    let sprite: ShaderProgram  // alpha-tested billboards
    let screen: ShaderProgram  // the 2D layer
    var textures: TextureLibrary  // by name, with the white texel and the checker fallback
    let fontTexture: GLuint  // RGBA atlas (white glyphs), BitmapFont.atlasWidth x BitmapFont.atlasHeight
    let spriteTextureNames: [SpriteKind: String]  // "sprite-enemy", ...
    var spriteMesh: Mesh  // per-frame billboards, refilled every frame
    var screenMesh: Mesh  // per-frame 2D layer, refilled every frame
    var spriteBatch = SpriteBatch()  // kept between frames to reuse its storage
    var screenBatch = ScreenBatch()  // kept between frames to reuse its storage
    var levelMeshes: [LevelKey: LevelMeshes] = [:]  // built on first draw, kept until the renderer dies
    /// Draws only the level chunks the camera can see (LevelChunk); false draws every chunk (for tests that show
    /// culling changes no pixel, and for comparison).
    public var cullsLevel = true
    var surfaces: OffscreenSurfaces?  // nil while released

    /// Parses the font, compiles the shaders and uploads the font and `textures` (RGBA images by name, e.g.
    /// "wall-metal"; a name a level or sprite asks for but missing here draws as a checker). Needs a current
    /// 3.3 core context. Throws `RendererError`, or `BitmapFont.ParseError` for malformed font text.
    public init(shaders: ShaderSources, textures images: [TextureImage] = [], gate: GLGate = GLGate()) throws {
        guard gate.admit("init") else { throw RendererError.glForbidden }
        // Parsing first means bad font text fails before any GL object exists.
        let font = try BitmapFont(parsing: shaders.font)
        var statistics = RendererStatistics()
        world = try Self.link("world", shaders.worldVertex, shaders.worldFragment, &statistics)
        sprite = try Self.link("sprite", shaders.spriteVertex, shaders.spriteFragment, &statistics)
        screen = try Self.link("screen", shaders.screenVertex, shaders.screenFragment, &statistics)
        fontTexture = Self.uploadFontTexture(font)
        textures = TextureLibrary(images)
        statistics.textureUploads += 1 + textures.uploads
        spriteTextureNames = Dictionary(uniqueKeysWithValues: SpriteKind.allCases.map { ($0, "sprite-" + $0.rawValue) })
        spriteMesh = Mesh(layout: SpriteBatch.layout)
        screenMesh = Mesh(layout: ScreenBatch.layout)
        rendererName = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        self.statistics = statistics
        self.gate = gate
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw RendererError.glError(step: "init", code: error) }
    }

    /// Texture names asked for (by a level theme, a sprite kind, the weapon) but not given at init, in the order
    /// first asked; each drew as the checker fallback.
    public var missingTextureNames: [String] { textures.missingNames }

    /// Names of images given at init that were malformed (byte count not width * height * 4) and not uploaded.
    public var rejectedTextureNames: [String] { textures.rejectedNames }

    /// True while the framebuffer exists (between `makeSurfaces` and `releaseSurfaces`).
    /// The framebuffer, nil while released (`OffscreenSurfaceRenderer`: read-back, blit, finish).
    public var offscreenSurfaces: OffscreenSurfaces? { surfaces }

    /// Creates the framebuffer (RGBA8 colour, DEPTH24 depth) at `width` x `height` pixels.
    /// Does nothing if it already exists at that size; replaces it if the size differs.
    public func makeSurfaces(width: Int, height: Int) {
        guard gate.admit("makeSurfaces") else { return }
        if let surfaces {
            if surfaces.width == width && surfaces.height == height { return }
            deleteSurfaces(surfaces)
        }
        guard let made = OffscreenSurfaces.make(width: width, height: height) else { return }
        surfaces = made
        statistics.surfaceCreations += 1
    }

    /// Deletes the framebuffer and its renderbuffers only; shaders, textures and meshes stay.
    public func releaseSurfaces() {
        guard gate.admit("releaseSurfaces"), let surfaces else { return }
        deleteSurfaces(surfaces)
    }

    /// Renders `scene` into the framebuffer: the level and sprites, then the 2D layer (weapon, damage, tint,
    /// crosshair, status bar, HUD, overlay). Needs surfaces.
    public func draw(_ scene: Scene) {
        guard gate.admit("draw"), let surfaces else { return }
        surfaces.bind()
        var drawCalls = drawWorld(scene, width: surfaces.width, height: surfaces.height)
        drawCalls += drawScreen(scene, width: surfaces.width, height: surfaces.height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        statistics.framesDrawn += 1
        statistics.drawCalls = drawCalls
        statistics.missingTextures = textures.missingNames.count
    }

    /// Sends the submitted work to the GPU without waiting (`glFlush`).
    public func flush() {
        guard gate.admit("flush") else { return }
        glFlush()
    }

    private func deleteSurfaces(_ surfaces: OffscreenSurfaces) {
        surfaces.delete()
        self.surfaces = nil
        statistics.surfaceReleases += 1
    }
}

extension Renderer: OffscreenSurfaceRenderer {
    public var framesDrawn: Int { statistics.framesDrawn }
    public var surfaceCreations: Int { statistics.surfaceCreations }
}

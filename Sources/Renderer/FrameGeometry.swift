// FrameGeometry: what one frame of `Renderer.draw` sends to GL, computed without GL: the level meshes by texture,
// the sprite and screen vertices with their draw ranges, and the uniforms. For tools that must repeat the
// renderer's exact work elsewhere (e.g. a C program drawing the same geometry with the same shaders and draw
// calls, to measure the engine's overhead) and for tests. `draw(_:)` builds its batches with the same functions.

import GameCore
import Runtime

/// The vertices, draw ranges and uniforms of one frame, in drawing order.
public struct FrameGeometry: Sendable {
    /// One `glDrawArrays(GL_TRIANGLES, first, count)` with `texture` bound to unit 0.
    public struct Draw: Hashable, Sendable {
        /// A texture name of Assets/Textures, or `<white>` (one white texel) or `<font>` (the font atlas).
        public let texture: String
        /// The first vertex.
        public let first: Int
        /// Vertices (a multiple of 3).
        public let count: Int
    }

    /// Floats per attribute of a level vertex (program `world`): position, normal, texture coordinate, shade.
    public static let levelLayout = GeometryBuilder.worldLayout
    /// Floats per attribute of a sprite vertex (program `sprite`): position, texture coordinate, tint and flash.
    public static let spriteLayout = SpriteBatch.layout
    /// Floats per attribute of a screen vertex (program `screen`): pixel position, texture coordinate, RGBA.
    public static let screenLayout = ScreenBatch.layout

    /// The level's static meshes, one per texture (built once per level, vertices laid out chunk by chunk).
    public var level: [(texture: String, vertices: [Float])]
    /// This frame's draw of each level mesh: the vertex ranges of the chunks the camera can see, for one
    /// `glMultiDrawArrays(GL_TRIANGLES, firsts, counts, n)` per mesh with any (LevelChunk).
    public var levelRanges: [[Range<Int>]]
    /// This frame's sprite vertices (depth on, no culling, no blending).
    public var spriteVertices: [Float]
    /// Draws over `spriteVertices`, one per sprite kind present.
    public var spriteDraws: [Draw]
    /// This frame's 2D vertices (depth off, blending SRC_ALPHA, ONE_MINUS_SRC_ALPHA).
    public var screenVertices: [Float]
    /// Draws over `screenVertices`, one per run of quads sharing a texture.
    public var screenDraws: [Draw]
    /// Uniform `viewProjection` of `world` and `sprite`, column-major.
    public var viewProjection: [Float]
    /// Uniform `cameraPosition`.
    public var cameraPosition: Vec3
    /// Uniforms `lightDirection`, `fogColor` (also the clear colour), `fogRange` (start, end) and `screenSize`.
    public var lightDirection: Vec3, fogColor: Color, fogRange: (start: Float, end: Float), screenSize: (Float, Float)

    /// Draw calls in the frame: the level's meshes with a visible chunk, the sprite draws, the screen draws.
    public var drawCalls: Int { levelRanges.filter { !$0.isEmpty }.count + spriteDraws.count + screenDraws.count }
}

extension Renderer {
    /// The frame `draw(scene)` would render on a `width` x `height` framebuffer, as data (`culling` as
    /// `cullsLevel`). Needs no GL context.
    public static func frameGeometry(_ scene: Scene, width: Int, height: Int, culling: Bool = true) -> FrameGeometry {
        let viewProjection = viewProjection(scene.camera, width: width, height: height)
        let (groups, chunks) = GeometryBuilder.chunkedLevel(scene.level)
        let levelRanges = LevelChunk.visibleRanges(
            chunks, groups: groups.count, eye: scene.camera.position, viewProjection: viewProjection,
            fogEnd: fogRange.end, culling: culling)
        var sprites = SpriteBatch()
        sprites.add(scene.sprites, camera: scene.camera)
        var screen = ScreenBatch()
        layOutScreen(scene, width: width, height: height, into: &screen)
        let screenDraws = screen.runs.map { run -> FrameGeometry.Draw in
            let name: String
            switch run.source {
            case .white: name = "<white>"
            case .font: name = "<font>"
            case .named(let texture): name = texture
            }
            return FrameGeometry.Draw(texture: name, first: run.first, count: run.count)
        }
        return FrameGeometry(
            level: groups, levelRanges: levelRanges,
            spriteVertices: sprites.vertices,
            spriteDraws: sprites.runs.map {
                .init(texture: "sprite-" + $0.kind.rawValue, first: $0.first, count: $0.count)
            },
            screenVertices: screen.vertices, screenDraws: screenDraws,
            viewProjection: viewProjection.elements,
            cameraPosition: scene.camera.position, lightDirection: lightDirection, fogColor: fogColor,
            fogRange: fogRange, screenSize: (Float(width), Float(height)))
    }
}

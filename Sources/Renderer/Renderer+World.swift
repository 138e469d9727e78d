// Renderer+World: the 3D view: the level (one draw per texture) and the sprites (one draw per sprite kind) from
// the first-person camera, lit by an ambient term, a directional light and a lamp at the eye that fades with
// distance, then fogged, so depth reads. Textures multiply into the light.

import CGL
import GameCore
import Runtime

extension Renderer {
    /// The colour of empty space and of the fog (dark blue-grey).
    static let fogColor = Color(0.05, 0.06, 0.09)
    /// Where fog starts and where it is total, in world units from the eye.
    static let fogRange: (start: Float, end: Float) = (2, 16)
    /// The directional light's direction of travel: down, from the north-west, so walls facing north or west are lit.
    static let lightDirection = Vec3(0.5, -0.72, 0.48)

    /// The world's projection times the camera's view on a `width` x `height` frame.
    static func viewProjection(_ camera: Camera, width: Int, height: Int) -> Matrix {
        let aspect = Float(width) / Float(max(height, 1))
        let projection = Matrix.perspective(fieldOfViewY: camera.fieldOfViewY, aspect: aspect, near: 0.05, far: 64)
        return projection * Matrix.view(camera)
    }

    /// Clears and draws the level and the sprites into the bound framebuffer; returns the draw calls issued.
    func drawWorld(_ scene: Scene, width: Int, height: Int) -> Int {
        let fog = Self.fogColor
        glClearColor(fog.r, fog.g, fog.b, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthFunc(GLenum(GL_LESS))
        glEnable(GLenum(GL_CULL_FACE))
        glCullFace(GLenum(GL_BACK))
        glFrontFace(GLenum(GL_CCW))
        glDisable(GLenum(GL_BLEND))
        let camera = scene.camera
        let viewProjection = Self.viewProjection(camera, width: width, height: height)
        var drawCalls = drawLevel(scene.level, camera: camera, viewProjection: viewProjection)
        // Billboards are seen from one side only, and corpses from above: no culling for them.
        glDisable(GLenum(GL_CULL_FACE))
        drawCalls += drawSprites(scene.sprites, camera: camera, viewProjection: viewProjection)
        glDisable(GLenum(GL_DEPTH_TEST))
        return drawCalls
    }

    private func drawLevel(_ level: Level, camera: Camera, viewProjection: Matrix) -> Int {
        let eye = camera.position
        let light = Self.lightDirection
        let fog = Self.fogColor
        world.use()
        world.set("viewProjection", viewProjection)
        world.set("cameraPosition", eye.x, eye.y, eye.z)
        world.set("lightDirection", light.x, light.y, light.z)
        world.set("fogColor", fog.r, fog.g, fog.b)
        world.set("fogRange", Self.fogRange.start, Self.fogRange.end)
        world.set("image", unit: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        let meshes = levelSurfaces(for: level)
        let visible = LevelChunk.visibleRanges(
            meshes.chunks, groups: meshes.surfaces.count, eye: eye, viewProjection: viewProjection,
            fogEnd: Self.fogRange.end, culling: cullsLevel)
        var drawCalls = 0
        for (surface, ranges) in zip(meshes.surfaces, visible) where !ranges.isEmpty {
            glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
            drawCalls += surface.mesh.draw(ranges: ranges)
        }
        return drawCalls
    }

    private func drawSprites(_ sprites: [Sprite], camera: Camera, viewProjection: Matrix) -> Int {
        guard !sprites.isEmpty else { return 0 }
        spriteBatch.removeAll()
        spriteBatch.add(sprites, camera: camera)
        let eye = camera.position
        let fog = Self.fogColor
        sprite.use()
        sprite.set("viewProjection", viewProjection)
        sprite.set("cameraPosition", eye.x, eye.y, eye.z)
        sprite.set("fogColor", fog.r, fog.g, fog.b)
        sprite.set("fogRange", Self.fogRange.start, Self.fogRange.end)
        sprite.set("image", unit: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        spriteMesh.upload(spriteBatch.vertices)
        spriteMesh.bind()
        for run in spriteBatch.runs {
            let name = spriteTextureNames[run.kind] ?? "sprite-" + run.kind.rawValue
            glBindTexture(GLenum(GL_TEXTURE_2D), textures.texture(named: name))
            spriteMesh.drawRange(first: run.first, count: run.count)
        }
        glBindVertexArray(0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        return spriteBatch.runs.count
    }
}

// Renderer+World: the 3D view: the level and the sprite boxes from the first-person camera, lit by an ambient
// term, a directional light and a lamp at the eye that fades with distance, then fogged, so depth reads.

import CGL
import GameCore

extension Renderer {
    /// The colour of empty space and of the fog (dark blue-grey).
    static let fogColor = Color(0.05, 0.06, 0.09)
    /// Where fog starts and where it is total, in world units from the eye.
    static let fogRange: (start: Float, end: Float) = (2, 16)
    /// The directional light's direction of travel: down, from the north-west, so walls facing north or west are lit.
    static let lightDirection = Vec3(0.5, -0.72, 0.48)
    /// Each sprite box is turned by this much about y, so two of its sides show their different light.
    static let spriteTurn: Float = 0.6

    /// Clears and draws the level and the sprites into the bound framebuffer.
    func drawWorld(_ scene: Scene, width: Int, height: Int) {
        let fog = Self.fogColor
        glClearColor(fog.r, fog.g, fog.b, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthFunc(GLenum(GL_LESS))
        glEnable(GLenum(GL_CULL_FACE))
        glCullFace(GLenum(GL_BACK))
        glFrontFace(GLenum(GL_CCW))
        glDisable(GLenum(GL_BLEND))
        setWorldUniforms(scene.camera, aspect: Float(width) / Float(max(height, 1)))
        world.set("model", Matrix.identity)
        world.set("baseColor", 1, 1, 1)
        world.set("detail", 1)
        levelMesh(for: scene.level).draw()
        world.set("detail", 0)
        for sprite in scene.sprites { drawSprite(sprite) }
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_DEPTH_TEST))
    }

    private func setWorldUniforms(_ camera: Camera, aspect: Float) {
        let projection = Matrix.perspective(fieldOfViewY: camera.fieldOfViewY, aspect: aspect, near: 0.05, far: 64)
        let eye = camera.position
        let light = Self.lightDirection
        let fog = Self.fogColor
        world.use()
        world.set("viewProjection", projection * Matrix.view(camera))
        world.set("cameraPosition", eye.x, eye.y, eye.z)
        world.set("lightDirection", light.x, light.y, light.z)
        world.set("fogColor", fog.r, fog.g, fog.b)
        world.set("fogRange", Self.fogRange.start, Self.fogRange.end)
    }

    private func drawSprite(_ sprite: Sprite) {
        let model =
            Matrix.translation(sprite.position) * Matrix.rotationY(Self.spriteTurn) * Matrix.scale(sprite.size)
        world.set("model", model)
        world.set("baseColor", sprite.color.r, sprite.color.g, sprite.color.b)
        box.draw()
    }
}

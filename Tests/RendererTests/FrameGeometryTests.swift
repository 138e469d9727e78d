// FrameGeometryTests: `Renderer.frameGeometry` is exactly what `draw` sends to GL: the same draw calls, and the
// same bytes in the sprite and screen buffers (read back from GL), so a tool replaying it repeats the frame.

import CGL
import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform
import XCTest

@testable import Renderer

final class FrameGeometryTests: XCTestCase {
    func testGeometryIsWhatTheRendererUploadedAndDrew() throws {
        let display = try makeDisplay()
        let scene = gameScene(hud: ["SINGLE PLAYER  level 1"], damage: 0.3, hitMarker: true)
        display.present(scene)
        let renderer = display.renderer
        let geometry = Renderer.frameGeometry(scene, width: 320, height: 180)
        XCTAssertEqual(geometry.drawCalls, renderer.statistics.drawCalls)
        XCTAssertEqual(geometry.level.map(\.texture), ["wall-metal", "floor-tiles", "ceiling-panels"])
        XCTAssertEqual(
            geometry.spriteDraws.map(\.texture), ["sprite-enemy", "sprite-corpse", "sprite-health", "sprite-ammo"])
        XCTAssertEqual(
            geometry.screenDraws.map(\.texture), ["weapon-blaster", "<white>", "<font>", "<white>", "<font>"],
            "weapon; damage, crosshair and bar rectangles; bar text; HUD backing; HUD text")
        XCTAssertEqual(
            bufferContents(renderer.spriteMesh, floats: geometry.spriteVertices.count), geometry.spriteVertices)
        XCTAssertEqual(
            bufferContents(renderer.screenMesh, floats: geometry.screenVertices.count), geometry.screenVertices)
        let levelFloats = geometry.level.reduce(0) { $0 + $1.vertices.count }
        let built = renderer.levelMeshes.values.first!.surfaces.reduce(0) { $0 + Int($1.mesh.vertexCount) }
        XCTAssertEqual(built * GeometryBuilder.floatsPerVertex, levelFloats)
        XCTAssertEqual(geometry.viewProjection.count, 16)
        let lastDraw = try XCTUnwrap(geometry.screenDraws.last)
        XCTAssertEqual((lastDraw.first + lastDraw.count) * ScreenBatch.floatsPerVertex, geometry.screenVertices.count)
    }

    private func bufferContents(_ mesh: Mesh, floats: Int) -> [Float] {
        var contents = [Float](repeating: -1, count: floats)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), mesh.buffer)
        glGetBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, floats * MemoryLayout<Float>.stride, &contents)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        return contents
    }
}

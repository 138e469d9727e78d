// ContextLossTests: after a lost EGL context (`glContextLost`, issue 29), the offscreen display makes a new context
// and in it every GL object again (shaders, textures, meshes, framebuffer), and the first frame after recovery is
// pixel-identical to the same scene drawn before the loss.

import GameCore
import PlatformEGL
import Renderer
import Runtime
import ShooterPlatform
import XCTest

final class ContextLossTests: XCTestCase {
    func testEveryObjectIsMadeAgainInANewContextAndTheFrameIsIdentical() throws {
        let display = try makeDisplay()
        let scene = gameScene(hud: ["before the loss"])
        let before = render(scene, on: display)
        let lostRenderer = display.renderer
        let lostContext = display.context
        let counts = lostRenderer.statistics

        display.recreateGLObjects()

        XCTAssertEqual(display.contextRecreations, 1)
        XCTAssertTrue(display.problems.isEmpty, "\(display.problems)")
        XCTAssertFalse(display.renderer === lostRenderer, "a new renderer: no GL name of the lost context is used")
        XCTAssertFalse(display.context === lostContext, "a new context")
        XCTAssertTrue(display.renderer.hasSurfaces)
        let after = render(scene, on: display)
        let remade = display.renderer.statistics
        XCTAssertEqual(remade.shaderCompiles, counts.shaderCompiles, "every shader compiled again")
        XCTAssertEqual(remade.textureUploads, counts.textureUploads, "every texture uploaded again")
        XCTAssertEqual(remade.meshBuilds, counts.meshBuilds, "every level mesh built again")
        XCTAssertEqual(remade.surfaceCreations, 1)
        XCTAssertEqual(after, before, "the first frame after recovery is the frame before the loss")
    }

    func testRefusedCallsOfTheLostRendererAreStillReported() throws {
        let display = try makeDisplay()
        display.forbidGL()
        display.present(gameScene())
        XCTAssertEqual(display.refusedGLCalls, ["draw"])
        display.allowGL()
        display.recreateGLObjects()
        XCTAssertEqual(display.refusedGLCalls, ["draw"], "the runtime's count of refused calls never goes back")
    }
}

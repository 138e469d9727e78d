// ContextLossTests: after a lost EGL context (`glContextLost`, issue 29), the offscreen display makes a new context
// and in it every GL object again (shaders, textures, meshes, framebuffer), and the first frame after recovery is
// pixel-identical to the same scene drawn before the loss.

import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform
import XCTest

@testable import Renderer

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

    /// The check that catches a leak: a renderer that keeps one texture from the lost context (the enemy's sprite:
    /// its name from before, not uploaded again) draws a first frame after recovery that is not the frame before the
    /// loss, so the pixel comparison above fails for it.
    func testATextureKeptFromTheLostContextIsCaughtByTheFrameComparison() throws {
        let display = try makeDisplay()
        let scene = gameScene(hud: ["before the loss"])
        let before = render(scene, on: display)
        let kept = try XCTUnwrap(display.renderer.textures.byName["sprite-enemy"])

        display.recreateGLObjects()
        try display.context.makeCurrent()
        display.renderer.textures.keepAcrossLoss("sprite-enemy", lostTexture: kept)
        let after = render(scene, on: display)

        let differing = stride(from: 0, to: before.count, by: 4).filter { before[$0..<$0 + 4] != after[$0..<$0 + 4] }
        XCTAssertNotEqual(after, before, "a texture kept across the loss must show in the recovered frame")
        XCTAssertGreaterThan(differing.count, 50, "the enemy's sprite is drawn without its texture")
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

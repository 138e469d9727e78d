// SurfaceLifecycleTests: backgrounding releases only the framebuffer; shaders, textures and level meshes
// survive (nothing is compiled, uploaded or built again), and the frame after restoring is the same as before.

import GameCore
import PlatformEGL
import Renderer
import Runtime
import ShooterPlatform
import XCTest

final class SurfaceLifecycleTests: XCTestCase {
    func testReleaseAndRestoreRebuildOnlyTheFramebuffer() throws {
        let display = try makeDisplay()
        let scene = gameScene(hud: ["before"])
        let before = render(scene, on: display)
        let counts = display.renderer.statistics
        XCTAssertEqual(counts.shaderCompiles, 6)
        let images = try assetTextures()
        XCTAssertGreaterThanOrEqual(images.count, 14)
        XCTAssertEqual(counts.textureUploads, images.count + 3, "the images, the font, a white texel, the checker")
        XCTAssertEqual(counts.meshBuilds, 3, "walls, floor, ceiling")
        XCTAssertEqual(counts.missingTextures, 0, "\(display.renderer.missingTextureNames)")
        XCTAssertEqual(counts.surfaceCreations, 1)

        display.releaseSurfaces()
        XCTAssertFalse(display.renderer.hasSurfaces)
        XCTAssertTrue(display.readPixels().isEmpty, "nothing to read without a framebuffer")
        display.present(hangarScene())
        XCTAssertEqual(display.renderer.statistics.framesDrawn, counts.framesDrawn, "no drawing without surfaces")

        display.restoreSurfaces()
        XCTAssertTrue(display.renderer.hasSurfaces)
        let after = render(scene, on: display)
        let restored = display.renderer.statistics
        XCTAssertEqual(restored.shaderCompiles, counts.shaderCompiles)
        XCTAssertEqual(restored.meshBuilds, counts.meshBuilds)
        XCTAssertEqual(restored.textureUploads, counts.textureUploads)
        XCTAssertEqual(restored.surfaceCreations, counts.surfaceCreations + 1)
        XCTAssertEqual(restored.surfaceReleases, counts.surfaceReleases + 1)
        XCTAssertEqual(restored.framesDrawn, counts.framesDrawn + 1)
        XCTAssertEqual(after, before, "the same scene renders the same after restoring")
    }

    func testRestoreWithSurfacesPresentCreatesNothing() throws {
        let display = try makeDisplay()
        display.restoreSurfaces()
        XCTAssertEqual(display.renderer.statistics.surfaceCreations, 1)
        display.renderer.makeSurfaces(width: 160, height: 90)
        XCTAssertEqual(display.renderer.statistics.surfaceCreations, 2, "a new size replaces the framebuffer")
        XCTAssertEqual(display.renderer.statistics.surfaceReleases, 1)
        XCTAssertEqual(display.readPixels().count, 160 * 90 * 4)
    }

    func testLevelMeshesAreBuiltOncePerLevelName() throws {
        let display = try makeDisplay()
        let atStart = display.renderer.statistics.meshBuilds
        display.present(hangarScene())
        display.present(hangarScene(camera: eastFromStart))
        XCTAssertEqual(display.renderer.statistics.meshBuilds, atStart + 3, "one mesh per texture")
        let corridor = try Level.parse(name: "corridor", "#####\n#P..#\n#####")
        display.present(Scene(level: corridor, camera: Camera(position: Vec3(1.5, 0.5, 1.5), yaw: -Float.pi / 2)))
        XCTAssertEqual(display.renderer.statistics.meshBuilds, atStart + 6)
        display.releaseSurfaces()
        display.restoreSurfaces()
        display.present(hangarScene())
        XCTAssertEqual(display.renderer.statistics.meshBuilds, atStart + 6)
    }

    func testSameSceneGivesTheSameHashAcrossFramesAndDisplays() throws {
        let first = try makeDisplay()
        let scene = hangarScene(hud: ["score 10"], overlay: "PAUSED")
        let one = first.capture("one", scene: scene)
        first.present(hangarScene(camera: eastFromStart))
        let two = first.capture("two", scene: scene)
        XCTAssertEqual(one.hash, two.hash)
        XCTAssertNil(one.file, "no output folder, no file")
        XCTAssertEqual(one.hash.count, 16)

        let second = try makeDisplay()
        XCTAssertEqual(second.capture("three", scene: scene).hash, one.hash)
        // The first display makes its own context current again.
        XCTAssertEqual(first.capture("four", scene: scene).hash, one.hash)
        XCTAssertNotEqual(first.capture("five", scene: hangarScene(camera: eastFromStart)).hash, one.hash)
        XCTAssertTrue(first.problems.isEmpty, "\(first.problems)")
    }
}

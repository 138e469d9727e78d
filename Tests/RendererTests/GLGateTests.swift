// GLGateTests: while GL is forbidden the renderer issues no GL call and records each attempt; the CPU copy kept
// by releaseSurfaces (the app switcher's picture) can still be written.

import GLHost
import GameCore
import InterludeTesting
import PlatformEGL
import Renderer
import Runtime
import Storage
import ShooterPlatform
import XCTest

final class GLGateTests: XCTestCase {
    func testForbiddenGateIssuesNoGL() throws {
        let display = try makeDisplay()
        let before = render(hangarScene(), on: display)
        let drawn = display.renderer.statistics.framesDrawn
        display.gate.forbid()
        let calls = display.gate.callCount

        display.present(hangarScene(hud: ["while backgrounded"], overlay: "PAUSED"))
        display.releaseSurfaces()
        display.finishGL()
        XCTAssertTrue(display.readPixels().isEmpty)
        display.renderer.blitToWindow(width: 320, height: 180)

        XCTAssertEqual(display.gate.callCount, calls, "nothing admitted")
        XCTAssertEqual(
            display.gate.violations, ["draw", "readPixels", "releaseSurfaces", "finish", "readPixels", "blitToWindow"])
        XCTAssertEqual(display.renderer.statistics.framesDrawn, drawn)
        XCTAssertTrue(display.renderer.hasSurfaces, "the refused release deleted nothing")
        XCTAssertNil(display.keptImage("kept"), "a refused releaseSurfaces keeps nothing")

        display.gate.allow()
        XCTAssertEqual(display.readPixels(), before, "the framebuffer still holds the frame drawn before")
        XCTAssertEqual(display.gate.callCount, calls + 1)
    }

    func testRendererCannotBeMadeWhileForbidden() throws {
        let display = try makeDisplay()
        let gate = GLGate(isForbidden: true)
        let shaders = ShaderSources(
            worldVertex: "", worldFragment: "", spriteVertex: "", spriteFragment: "", screenVertex: "",
            screenFragment: "", font: "")
        XCTAssertThrowsError(try Renderer(shaders: shaders, gate: gate)) { error in
            XCTAssertEqual(error as? RendererError, .glForbidden)
        }
        XCTAssertEqual(gate.violations, ["init"])
        XCTAssertTrue(display.renderer.hasSurfaces)
    }

    func testBadShaderIsReportedWithTheDriverLog() throws {
        let display = try makeDisplay()
        let broken = "#version 330 core\nvoid main() { undefinedFunction(); }\n"
        let shaders = ShaderSources(
            worldVertex: broken, worldFragment: broken, spriteVertex: broken, spriteFragment: broken,
            screenVertex: broken, screenFragment: broken, font: try fontText())
        XCTAssertThrowsError(try Renderer(shaders: shaders)) { error in
            guard case .shaderCompileFailed(let stage, let log) = error as? RendererError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(stage, "world.vert")
            XCTAssertTrue(log.contains("undefinedFunction"), log)
        }
        XCTAssertTrue(display.renderer.hasSurfaces)
    }

    func testKeptImageIsWrittenWithoutGL() throws {
        let folder = try TemporaryFolder("renderer").path
        let display = try makeDisplay(outputDirectory: folder)
        XCTAssertNil(display.keptImage("none"), "nothing kept before releaseSurfaces")
        display.present(hangarScene(hud: ["an earlier frame"]))
        let earlier = FrameHash.fnv1a64(display.readPixels())
        display.finishGL()
        XCTAssertNil(display.keptImage("none"), "finishGL only waits for the GPU: nothing kept")
        display.present(hangarScene(camera: eastFromStart))
        let expected = FrameHash.fnv1a64(display.readPixels())
        XCTAssertNotEqual(expected, earlier)
        display.releaseSurfaces()
        display.gate.forbid()
        let calls = display.gate.callCount

        let frame = try XCTUnwrap(display.keptImage("kept"))

        XCTAssertEqual(frame.hash, expected, "the last frame drawn before the framebuffer went")
        XCTAssertEqual(frame.file, "kept.png")
        XCTAssertEqual(display.gate.callCount, calls)
        XCTAssertTrue(display.gate.violations.isEmpty)
        let file = try PNGFile.read(folder + "/kept.png")
        XCTAssertEqual(FrameHash.fnv1a64(file.rgba), expected)
        XCTAssertEqual(file.width, 320)
        XCTAssertEqual(file.height, 180)
    }
}

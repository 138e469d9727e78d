// The GL gate and the surfaces: while GL is forbidden every entry point is refused and recorded with no GL call (the
// framebuffer keeps what it had); releasing and restoring the surfaces draws the same pixels for the same scene, with
// the program kept; every bundled script replays with the EGL display, its invariants holding with real GL.

import Breakout
import BreakoutRenderer
import GLHost
import PlatformEGL
import Replay
import Runtime
import Testing

extension GLTests {
    @Test func aRendererCannotBeMadeWhileGLIsForbidden() {
        #expect(throws: BreakoutRendererError.glForbidden) { try BreakoutRenderer(gate: GLGate(isForbidden: true)) }
    }

    @Test func theGateRefusesEveryEntryWhileForbidden() throws {
        let display = try makeDisplay()
        let renderer = display.renderer
        display.present(scene(level: 1))
        let before = display.readPixels()
        let calls = renderer.gate.callCount
        let drawn = renderer.framesDrawn
        display.forbidGL()
        renderer.draw(scene(level: 2, launchedFor: 30))
        renderer.makeSurfaces(width: 32, height: 32)
        #expect(renderer.readPixels().isEmpty)
        renderer.blitToWindow(width: 640, height: 360)
        renderer.finish()
        renderer.releaseSurfaces()
        display.present(scene(level: 3))  // through the host: refused once, as "draw"
        #expect(
            renderer.gate.violations == [
                "draw", "makeSurfaces", "readPixels", "blitToWindow", "finish", "releaseSurfaces", "draw",
            ])
        #expect(renderer.gate.callCount == calls)
        #expect(renderer.framesDrawn == drawn)
        #expect(renderer.hasSurfaces)
        #expect(renderer.surfaceSize?.width == 640 && renderer.surfaceSize?.height == 360)
        display.allowGL()
        // No refused draw left a trace in the framebuffer.
        #expect(display.readPixels() == before)
        #expect(display.refusedGLCalls.count == 7)
    }

    @Test func releasedAndRestoredSurfacesDrawTheSamePixels() throws {
        let display = try makeDisplay()
        let renderer = display.renderer
        let shown = scene(level: 2, launchedFor: 45)
        display.present(shown)
        let before = display.readPixels()
        display.releaseSurfaces()
        #expect(!renderer.hasSurfaces)
        #expect(display.readPixels().isEmpty)
        // The app switcher's picture: a CPU copy of the last frame.
        #expect(display.keptImage("switcher")?.hash == FrameHash.fnv1a64(before))
        display.restoreSurfaces()
        #expect(renderer.hasSurfaces)
        display.present(shown)
        #expect(display.readPixels() == before)
        #expect(renderer.surfaceCreations == 2)
        #expect(renderer.surfaceReleases == 1)
        #expect(renderer.programsLinked == 1)
        // And a new scene after the restore draws differently.
        display.present(scene(level: 2, launchedFor: 90))
        #expect(display.readPixels() != before)
    }

    @Test(arguments: scriptNames())
    func aBundledScriptPassesWithGL(name: String) throws {
        let display = try makeDisplay(width: 320, height: 180)
        let result = replay(try loadScript(named: name), on: display)
        #expect(result.ok, "\(name):\n\(result.failures.joined(separator: "\n"))")
        #expect(display.refusedGLCalls.isEmpty, "\(name): GL refused: \(display.refusedGLCalls)")
        #expect(display.problems.isEmpty, "\(name): \(display.problems)")
        #expect(display.renderer.framesDrawn > 0)
    }
}

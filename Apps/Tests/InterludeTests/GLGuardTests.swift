import GameCore
import Lifecycle
import PlatformEGL
import Replay
import Runtime
import ShooterPlatform
import XCTest

/// A component that keeps a reference to the display and draws by itself: the bug that gets iOS apps killed
/// with `gpus_ReturnNotPermittedKillClient`.
final class RogueRenderer: LifecycleObserver {
    let display: OffscreenDisplay<ShooterRenderer>
    init(display: OffscreenDisplay<ShooterRenderer>) { self.display = display }
    func runtime(_ runtime: Runtime<Game>, delivered callback: Callback) {}
    func drawBehindTheRuntimesBack(_ scene: Scene) { display.present(scene) }
}

/// The GL guard with the real renderer on EGL: no GL reaches the driver while backgrounded.
final class GLGuardTests: XCTestCase {
    func testAComponentDrawingDirectlyWhileBackgroundedIsRefusedAndTheAppKilled() throws {
        let display = try OffscreenDisplay(width: 160, height: 90)
        let runtime = Runtime(profile: .ios5, seed: 1, display: display)
        runtime.send(.launched)
        runtime.settle()
        runtime.advance(to: 100_000_000)
        XCTAssertGreaterThan(display.presentedFrames, 0)
        runtime.send(.homePressed)
        runtime.settle()
        XCTAssertTrue(display.gate.isForbidden, "the renderer's own gate follows forbidGL")
        let admitted = display.gate.callCount
        let drawn = display.renderer.statistics.framesDrawn
        RogueRenderer(display: display).drawBehindTheRuntimesBack(runtime.scene)
        XCTAssertEqual(display.gate.callCount, admitted, "the refused call issued no GL")
        XCTAssertEqual(display.renderer.statistics.framesDrawn, drawn)
        XCTAssertEqual(display.gate.violations.last, "draw")
        runtime.advance(to: 200_000_000)
        XCTAssertEqual(runtime.status, Status(.terminated, reason: .glWhileBackgrounded))
        XCTAssertEqual(runtime.violations.map(\.invariant), [1])
        XCTAssertTrue(runtime.transcript.text.contains(#""type":"violation","invariant":1"#))
    }

    func testABackgroundRoundTripKeepsMeshesShadersAndTexturesAndDrawsAgain() throws {
        let display = try OffscreenDisplay(width: 160, height: 90)
        let runtime = Runtime(profile: .ios4, seed: 1, display: display)
        runtime.send(.launched)
        runtime.settle()
        runtime.perform(.play(.singlePlayer, level: 1))
        runtime.advance(to: 500_000_000)
        let before = display.renderer.statistics
        runtime.send(.homePressed)
        runtime.settle()
        XCTAssertFalse(display.renderer.hasSurfaces, "framebuffers released in didEnterBackground")
        runtime.advance(to: 5_000_000_000)
        runtime.send(.iconTapped)
        runtime.settle()
        XCTAssertTrue(display.renderer.hasSurfaces)
        let frames = display.presentedFrames
        runtime.advance(to: 5_100_000_000)
        XCTAssertGreaterThan(display.presentedFrames, frames, "frames are drawn again after willEnterForeground")
        let after = display.renderer.statistics
        XCTAssertEqual(after.shaderCompiles, before.shaderCompiles)
        XCTAssertEqual(after.meshBuilds, before.meshBuilds)
        XCTAssertEqual(after.textureUploads, before.textureUploads)
        XCTAssertEqual(after.surfaceCreations, before.surfaceCreations + 1)
        XCTAssertTrue(runtime.violations.isEmpty, "\(runtime.violations)")
    }
}

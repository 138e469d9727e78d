// TimedDisplay: a Display that forwards to an OffscreenDisplay and times, on the frame thread, what `present` costs
// (the renderer's CPU work: batches, uploads, draw calls) and, when `finishEveryFrame` is set, the `glFinish` after
// each frame (llvmpipe rasterises only when flushed): the replay benchmark's per-frame split.

import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform

/// Forwards every call to `inner`; adds up the time spent in `present` and in the `glFinish` after it.
final class TimedDisplay: Display {
    let inner: OffscreenDisplay<ShooterRenderer>
    let finishEveryFrame: Bool
    private(set) var frames = 0
    private(set) var presenting: Duration = .zero
    private(set) var finishing: Duration = .zero
    private let clock = ContinuousClock()

    init(_ inner: OffscreenDisplay<ShooterRenderer>, finishEveryFrame: Bool) {
        self.inner = inner
        self.finishEveryFrame = finishEveryFrame
    }

    func present(_ scene: Scene) {
        let start = clock.now
        inner.present(scene)
        let drawn = clock.now
        presenting += start.duration(to: drawn)
        frames += 1
        guard finishEveryFrame else { return }
        inner.renderer.finish()
        finishing += drawn.duration(to: clock.now)
    }

    func finishGL() { inner.finishGL() }
    func releaseSurfaces() { inner.releaseSurfaces() }
    func restoreSurfaces() { inner.restoreSurfaces() }
    func capture(_ name: String, scene: Scene) -> Frame { inner.capture(name, scene: scene) }
    func keptImage(_ name: String) -> Frame? { inner.keptImage(name) }
    func forbidGL() { inner.forbidGL() }
    func allowGL() { inner.allowGL() }
    var refusedGLCalls: [String] { inner.refusedGLCalls }
}

// BenchSession: a live game session for the render benchmark. The runtime plays a level with the simulation
// running (enemies think and chase, the player turns, walks and fires on a fixed pattern), one fixed step per
// frame; the same seed and inputs give the same frames, so a GL-free pass can record the geometry that the timed
// pass will draw (FrameRecorder), for the C program to draw the same frames.

import GameCore
import Lifecycle
import Renderer
import Replay
import Runtime

/// Builds and drives the benchmark's game session.
enum BenchSession {
    /// A runtime playing `level` (1-based) of `levels` in single player, active, its frame loop running.
    static func start(levels: [Level], level: Int, display: (any Display<Scene>)?) -> Runtime<Game> {
        let runtime = Runtime(profile: .ios5, seed: 7, display: display, levels: levels)
        runtime.inject(.launched)
        runtime.inject(.play(.singlePlayer, level: level))
        return runtime
    }

    /// The player's input before step `frame`: turn and walk in turns, fire every 20 steps.
    static func act(_ runtime: Runtime<Game>, frame: Int) {
        guard runtime.game.state.isRunning else { return }
        switch frame % 120 {
        case 0: runtime.perform(.input(.turnLeft, duration: 400_000_000))
        case 30: runtime.perform(.input(.forward, duration: 500_000_000))
        case 60: runtime.perform(.input(.turnRight, duration: 600_000_000))
        case 90: runtime.perform(.input(.back, duration: 300_000_000))
        default: break
        }
        if frame % 20 == 10 { runtime.perform(.fire) }
    }

    /// Runs step `frame` (0-based): the input, then one fixed step (simulation, then the frame is presented).
    static func step(_ runtime: Runtime<Game>, frame: Int) {
        act(runtime, frame: frame)
        runtime.advance(to: stepTime(Int64(frame)))
    }
}

/// A GL-free display that keeps what `Renderer.draw` would send to GL for every presented frame.
final class FrameRecorder: Display {
    let width: Int
    let height: Int
    private(set) var frames: [FrameGeometry] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    func present(_ scene: Scene) { frames.append(Renderer.frameGeometry(scene, width: width, height: height)) }
    func finishGL() {}
    func releaseSurfaces() {}
    func restoreSurfaces() {}
    func capture(_ name: String, scene: Scene) -> Frame { Frame(file: nil, hash: "") }
    func keptImage(_ name: String) -> Frame? { nil }
}

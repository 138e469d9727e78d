// Runtime+Capture: what a host or a script runner asks of a running runtime besides events and actions: the current
// frame, and the leaderboard's transport and behaviour.

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// Captures the current frame as `name`: rendered if GL is allowed, else the image kept at the last
    /// `releaseSurfaces` (no GL), else a hash of the scene.
    public func capture(_ name: String) -> Frame {
        let scene = self.scene
        guard let display else { return Frame(file: nil, hash: scene.contentHash) }
        if isGLForbidden {
            return display.keptImage(name) ?? Frame(file: nil, hash: scene.contentHash)
        }
        var frame = Frame(file: nil, hash: scene.contentHash)
        withGL("capture") { frame = $0.capture(name, scene: scene) }
        return frame
    }

    /// Applies a script's `leaderboard` line.
    public func configureLeaderboard(_ setting: LeaderboardSetting) {
        if case .pending(let points) = setting {
            // Kept as level 1's score of a run of its own, while the process runs (a process not running has no
            // outbox in memory: its saved one comes back at launch).
            guard appState.isRunning, points <= game.maximumScore else {
                if appState.isRunning {
                    log?(
                        "interlude: leaderboard pending=\(points) is more than one game can score (\(game.maximumScore))"
                    )
                }
                return
            }
            let run = Int64(bitPattern: seed) &* 1_000_003 &+ now / 1_000_000 &+ 1
            submitScore(points, level: 1, run: run)
            return
        }
        leaderboard.configure(setting)
    }

    /// Talks to the leaderboard through `transport` from now on (an app not yet launched, before any request).
    public func useLeaderboard(_ transport: any LeaderboardTransport, pacing: LeaderboardPacing) {
        let delay = leaderboard.delay
        leaderboard = LeaderboardClient(transport: transport, pacing: pacing)
        leaderboard.delay = delay
    }
}

extension Runtime {
    /// Writes an `expect` line to the transcript (CONTRACT §8): the script line it checks, and what was found
    /// instead when it failed. A script runner's way to put its verdicts beside the run they judge.
    public func noteExpectation(line: Int, failure: String?) {
        transcript.append(now, .expect(line: line, ok: failure == nil, detail: failure))
    }

    /// Writes a `frame` line for a capture named `name`.
    public func noteFrame(name: String, _ frame: Frame) {
        transcript.append(now, .frame(name: name, file: frame.file, hash: frame.hash))
    }

    /// Writes the `end` line: the state, the simulation hash and the verdict `ok`.
    public func noteEnd(ok: Bool) {
        transcript.append(now, .end(state: appState, simulationHash: simulationHash, ok: ok))
    }
}

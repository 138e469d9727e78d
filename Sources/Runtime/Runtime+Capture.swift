// Runtime+Capture: what a host or a script runner asks of a running runtime besides events and actions: the current
// frame, and the notes a replay writes to the transcript (the leaderboard's settings: Runtime+Leaderboard.swift).

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

// ScriptRunner: replays an interruption script on a runtime with virtual time, checks its `expect` lines
// and the invariants, and ends the transcript with the verdict (CONTRACT §7, §8). The checks themselves live in
// ScriptRunner+Expectations.swift; what a replay returns in ReplayResult.swift.

import Lifecycle
import Runtime

/// Replays scripts on any game: the runner drives a runtime through its public API only.
public enum ScriptRunner {
    /// Replays `script` (which must name a known profile) on the game `makeGame` makes from the script's seed.
    /// `display` nil renders nothing; frames are then hashed from the scene. `snapshots` is the "disk". `profile`
    /// replaces the script's (a modified table under test, e.g. a bug seeded on purpose for the explorer to find).
    public static func run<Game: LifecycleGame>(
        _ script: Script<Game.Action>, profile: Profile? = nil, display: (any Display<Game.Scene>)? = nil,
        snapshots: any SnapshotStore = InMemorySnapshotStore(), presentEvery: Int64 = 1,
        game makeGame: (UInt64) -> Game, configure: (Runtime<Game>) -> Void = { _ in }
    ) -> ReplayResult where Game.Action: ScriptAction {
        guard let profile = profile ?? script.profile else {
            preconditionFailure("the parser accepts known profiles only")
        }
        let runtime = Runtime(
            profile: profile, seed: script.seed, game: makeGame(script.seed), display: display, snapshots: snapshots)
        runtime.presentEvery = presentEvery
        configure(runtime)
        var failures: [ExpectationFailure] = []
        // The line each violation broke during, by index in `runtime.violations` (nil: before the first line).
        var violationLines: [SourceLocation?] = Array(repeating: nil, count: runtime.violations.count)
        var frames: [Frame] = []
        var expectations = 0
        for line in script.lines where line.applies(under: profile.name) {
            switch line.command {
            case .event(let time, let event):
                runtime.inject(event, at: time)
            case .action(let time, let action):
                runtime.inject(action, at: time)
            case .expect(let expectation):
                expectations += 1
                let mismatch = check(expectation, on: runtime)
                if let mismatch { failures.append(mismatch.failure(of: expectation, at: line.location)) }
                runtime.noteExpectation(line: line.location.line, failure: mismatch?.detail)
            case .capture(let name):
                let frame = runtime.capture("\(script.name)-\(name)")
                frames.append(frame)
                runtime.noteFrame(name: name, frame)
            case .leaderboard(let setting):
                runtime.configureLeaderboard(setting)
            case .match(let setting):
                runtime.configureMatch(setting)
            }
            violationLines += Array(repeating: line.location, count: runtime.violations.count - violationLines.count)
        }
        let violations = zip(runtime.violations, violationLines).map { ReplayViolation(violation: $0, location: $1) }
        runtime.noteEnd(ok: failures.isEmpty && violations.isEmpty)
        return ReplayResult(
            scriptName: script.name, record: runtime.transcript, expectationFailures: failures,
            violations: violations, frames: frames, finalState: runtime.status.state,
            simulationHash: runtime.simulationHash, expectations: expectations)
    }
}

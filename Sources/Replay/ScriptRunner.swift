// ScriptRunner: replays an interruption script on a runtime with virtual time, checks its `expect` lines
// and the invariants, and ends the transcript with the verdict (CONTRACT §7, §8).

import Lifecycle
import Runtime

/// What a replay produced.
public struct ReplayResult: Sendable {
    public let scriptName: String
    /// The run's transcript as typed entries (the lines a limit let go are not in it).
    public let record: Transcript
    public let failures: [String]  // failed expectations and broken invariants, one line each
    public let frames: [Frame]
    public let finalState: AppState
    public let simulationHash: String
    public let expectations: Int  // how many expect lines ran

    /// The transcript as JSON Lines, encoded when asked: a replay that streamed it to a file never pays for it twice.
    public var transcript: String { record.text }

    /// True when every expectation held and no invariant broke.
    public var ok: Bool { failures.isEmpty }
}

/// Replays scripts on any game: the runner drives a runtime through its public API only.
public enum ScriptRunner {
    /// Replays `script` (which must name a known profile) on the game `makeGame` makes from the script's seed.
    /// `display` nil renders nothing; frames are then hashed from the scene. `snapshots` is the "disk".
    public static func run<Game: LifecycleGame>(
        _ script: Script, display: (any Display<Game.Scene>)? = nil,
        snapshots: any SnapshotStore = InMemorySnapshotStore(), presentEvery: Int64 = 1,
        game makeGame: (UInt64) -> Game, configure: (Runtime<Game>) -> Void = { _ in }
    ) -> ReplayResult {
        guard let profile = script.profile else { preconditionFailure("the parser accepts known profiles only") }
        let runtime = Runtime(
            profile: profile, seed: script.seed, game: makeGame(script.seed), display: display, snapshots: snapshots)
        runtime.presentEvery = presentEvery
        configure(runtime)
        var failures: [String] = []
        var frames: [Frame] = []
        var expectations = 0
        for line in script.lines {
            switch line.command {
            case .event(let time, let event):
                runtime.inject(event, at: time)
            case .action(let time, let action):
                runtime.inject(action, at: time)
            case .expect(let expectation):
                expectations += 1
                let failure = check(expectation, on: runtime)
                if let failure { failures.append("\(line.location): expect failed: \(failure)") }
                runtime.noteExpectation(line: line.location.line, failure: failure)
            case .capture(let name):
                let frame = runtime.capture("\(script.name)-\(name)")
                frames.append(frame)
                runtime.noteFrame(name: name, frame)
            case .leaderboard(let setting):
                runtime.configureLeaderboard(setting)
            }
        }
        failures += runtime.violations.map { "\(script.name): \($0)" }
        let ok = failures.isEmpty
        runtime.noteEnd(ok: ok)
        return ReplayResult(
            scriptName: script.name, record: runtime.transcript, failures: failures, frames: frames,
            finalState: runtime.status.state, simulationHash: runtime.simulationHash, expectations: expectations)
    }

    /// Nil when `expectation` holds, else what was found instead.
    static func check<Game: LifecycleGame>(_ expectation: Expectation, on runtime: Runtime<Game>) -> String? {
        let game = runtime.game
        switch expectation {
        case .state(let state):
            return runtime.status.state == state ? nil : "state is \(runtime.status), expected \(state.rawValue)"
        case .callbacks(let callbacks):
            return runtime.lastCallbacks == callbacks
                ? nil : "callbacks were [\(list(runtime.lastCallbacks))], expected [\(list(callbacks))]"
        case .work(let work):
            let missing = work.filter { !runtime.lastWork.contains($0) }
            return missing.isEmpty ? nil : "work [\(list(runtime.lastWork))] lacks \(list(missing))"
        case .paused:
            return game.isInSession && game.isPaused ? nil : "the game is not paused (screen \(game.screenName))"
        case .running:
            return game.isRunning && runtime.status.state == .active
                ? nil
                : "the game is not running (screen \(game.screenName), paused \(game.isPaused), \(runtime.status))"
        case .counter(let counter, let expected):
            let actual: Int
            switch counter {
            case .timers: actual = runtime.liveTimerCount
            case .requests: actual = runtime.leaderboard.inFlight.count
            case .peers: actual = runtime.peers.count
            }
            return actual == expected ? nil : "\(counter.rawValue) is \(actual), expected \(expected)"
        case .snapshot(let conditions):
            return checkSnapshot(conditions, in: runtime)
        case .screen(let name):
            return game.screenName == name ? nil : "screen is \(game.screenName), expected \(name)"
        }
    }

    private static func checkSnapshot<Game: LifecycleGame>(
        _ conditions: [SnapshotCondition], in runtime: Runtime<Game>
    ) -> String? {
        let values: [String: Int64]
        switch runtime.storedSnapshotValues() {
        case .success(let found): values = found
        case .failure(let why): return "\(why)"
        }
        for condition in conditions {
            guard let value = values[condition.key] else {
                return "the snapshot has no '\(condition.key)'; it has \(values.keys.sorted().joined(separator: ", "))"
            }
            if !condition.comparison.holds(value, condition.value) {
                return
                    "snapshot \(condition.key) is \(value), expected \(condition.comparison.rawValue)\(condition.value)"
            }
        }
        return nil
    }

    private static func list<T: RawRepresentable>(_ items: [T]) -> String where T.RawValue == String {
        items.map(\.rawValue).joined(separator: ", ")
    }
}

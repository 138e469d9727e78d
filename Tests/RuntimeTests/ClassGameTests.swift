// ClassGameTests: a game may be a class (CONTRACT §6; the `LifecycleGame` doc comment). Most engines are: here a
// counter engine as a final class, confined to the runtime's thread, replayed through InterludeTesting with its own
// values asserted by the script (`expect game`) and by the test on the final game (`ScenarioResult.game`).

import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Synchronization
import Testing

/// A game whose engine is a class. `@unchecked Sendable` is true here because of confinement, not locks: the runtime
/// calls a game from the one thread that drives it (this test's), the class starts no thread, timer or callback of
/// its own, and nothing else holds it. The runtime drops it when the process ends and takes `relaunched()`: a new
/// instance from the same configuration (`goal`), never `self`, so no state outlives a termination but the snapshot.
/// The counter's words: `play` starts a session, `resume` resumes a paused one.
enum CounterAction: String, CaseIterable, ScriptAction {
    case play, resume
}

final class CounterGame: LifecycleGame, @unchecked Sendable {
    /// How many counter instances were made, so that a test can see a relaunch make a new one.
    static let made = Atomic<Int>(0)

    let goal: Int64  // configuration: what a relaunch keeps
    private(set) var count: Int64 = 0  // one per step of play
    private(set) var steps: Int64 = 0
    private(set) var isInSession = false
    private(set) var isPaused = false
    private var reports: [GameReport] = []

    init(goal: Int64) {
        self.goal = goal
        Self.made.add(1, ordering: .relaxed)
    }

    var isRunning: Bool { isInSession && !isPaused && count < goal }
    var screenName: String { isInSession ? "singlePlayer" : "menu" }
    var stateHash: String {
        var hasher = StateHasher()
        for value in [count, steps, isInSession ? 1 : 0, isPaused ? 1 : 0] { hasher.combine(value) }
        return hasher.hex
    }
    var exportedValues: [String: Int64] { ["count": count, "left": goal - count] }

    func perform(_ action: CounterAction, context: ActionContext) -> String? {
        switch action {
        case .play where !isInSession:
            (isInSession, count, steps) = (true, 0, 0)
            reports.append(.sessionStarted(multiplayer: false))
        case .resume where isPaused: isPaused = false
        default: return "the counter cannot \(action) now"
        }
        return nil
    }
    func step() { (count, steps) = (count + 1, steps + 1) }
    func pause() { isPaused = isInSession }
    func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }
    func relaunched() -> CounterGame { CounterGame(goal: goal) }
    func scene(status: [String], leaderboard: [String]) -> ClickerScene { ClickerScene(text: "\(count)") }

    var savedState: [String: Int64] { ["count": count, "steps": steps, "inSession": isInSession ? 1 : 0] }
    /// Named integers need no codec (the default `key=integer` lines); a missing one reads as 0.
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        let values = try SnapshotText.decodeValues(bytes)
        return ["count", "steps", "inSession"].reduce(into: [:]) { $0[$1] = values[$1] ?? 0 }
    }
    func whyCannotRestore(_ state: [String: Int64]) -> String? {
        (0...goal).contains(state["count"]!) ? nil : "count outside 0...\(goal)"
    }
    func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (isInSession, isPaused, count, steps) = (true, true, state["count"]!, state["steps"]!)
        return .session(detail: "restored count \(count), paused")
    }
}

@Suite("A game may be a class confined to the runtime's thread")
struct ClassGameTests {
    static let scenario = LifecycleScenario { _ in CounterGame(goal: 500) }

    @Test("a class-based game replays a script through InterludeTesting, survives a purge, and is read at the end")
    func replaysAndRelaunches() throws {
        let before = CounterGame.made.load(ordering: .relaxed)
        let result = try Self.scenario.replay(
            """
            interlude-script 1
            at 0s      launched
            at 0.5s    play
            at +1s     homePressed
            expect game count=60 left=440
            expect snapshot count=60
            at +5s     purgedByOS
            at +1s     iconTapped
            expect paused
            expect game count=60
            at +1s     resume
            at +2s     homePressed
            expect game count>=180 count<=181 left>0
            """, name: "counter.script")
        expectPasses(result)
        let game = try #require(result.game)
        #expect(game.count == 180 && game.isPaused)
        #expect(result.exportedValues == ["count": 180, "left": 320])
        // The scenario's game and the relaunch's: the purge ended the process and a new instance went on.
        #expect(CounterGame.made.load(ordering: .relaxed) - before >= 2)
    }

    @Test("a key the game does not export fails the line, naming the keys it does export")
    func unknownKey() throws {
        let result = try Self.scenario.replay(
            "interlude-script 1\nat 0s launched\nat 0.5s play\nexpect game score>=1 count>=0\n",
            name: "counter.script")
        try #require(result.failures.count == 1)
        let failure = result.failures[0]
        #expect("\(failure.location)" == "counter.script:4:1")
        #expect(failure.detail == "the game exports no value 'score'; it exports count, left")
        #expect(failure.expected == "game score>=1 count>=0")
    }
}

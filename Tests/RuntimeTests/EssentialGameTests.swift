// EssentialGameTests: a game that writes only what every game must (Docs/Contract.md §7.2; LifecycleGame's
// essentials): its words, a step, the pause duty, save and restore, its state hash, its screen and a relaunch. No
// scene type, no reports, no `isRunning`, no snapshot values of its own: the defaults stand in, and the runtime runs
// it through an interruption and a purge with every invariant checked.

import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

private enum MeterAction: String, CaseIterable, ScriptAction { case begin, resume }

/// A meter that counts steps while a session runs.
private struct Meter: LifecycleGame {
    var steps: Int64 = 0, isInSession = false, isPaused = false
    var screenName: String { isInSession ? "metering" : "menu" }
    var stateHash: String {
        var hasher = StateHasher()
        hasher.combine(steps)
        return hasher.hex
    }
    mutating func perform(_ action: MeterAction, context: ActionContext) -> String? {
        switch action {
        case .begin where !isInSession: (isInSession, steps) = (true, 0)
        case .resume where isPaused: isPaused = false
        default: return "cannot \(action) now"
        }
        return nil
    }
    mutating func step() { steps += 1 }
    mutating func pause() { isPaused = isInSession }
    func relaunched() -> Meter { Meter() }
    var savedState: [String: Int64] { ["steps": steps, "inSession": isInSession ? 1 : 0] }
    func whyCannotRestore(_ state: [String: Int64]) -> String? { (state["steps"] ?? 0) >= 0 ? nil : "steps < 0" }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (isInSession, isPaused, steps) = (true, true, state["steps"] ?? 0)
        return .session(detail: "restored at step \(steps), paused")
    }
}

@Test func aGameWithOnlyTheEssentialsRunsUnderTheLifeCycle() throws {
    let result = try LifecycleScenario(game: { _ in Meter() }).replay(
        """
        interlude-script 1
        profile ios4
        at 0s   launched
        at 1s   begin
        at 2s   homePressed
        expect paused
        expect snapshot steps=60
        at 3s   purgedByOS
        at 4s   iconTapped
        expect screen metering
        expect paused
        at 5s   resume
        expect running
        """)
    #expect(result.ok, "\(result.failures)")
    // The default scene stands for a frame by the state hash and the screen.
    #expect(Meter().scene(status: [], leaderboard: []).contentHash.count == 16)
    #expect(Meter().isRunning == false)
}

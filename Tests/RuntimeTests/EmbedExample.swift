// EmbedExample: the README's clicker of "Embed Interlude in your game", as the runtime's tests use it (the README's
// sketch itself is compiled as printed by Tests/InterludeTestingTests/ReadmeSketchTests.swift).
// A clicker: `play` starts a session, `click` clicks, the life cycle pauses and saves it; its actions are its own
// words, spelt in scripts as they are (Replay's grammar for a `String` enum).

import Lifecycle
import Replay
import Runtime
import Saves

enum ClickerAction: String, CaseIterable, ScriptAction {
    case play, click, resume
}

struct Clicker: LifecycleGame {
    var clicks: Int64 = 0
    var steps: Int64 = 0
    var isInSession = false
    var isPaused = false
    var reports: [GameReport] = []

    var isRunning: Bool { isInSession && !isPaused }
    var screenName: String { isInSession ? "singlePlayer" : "menu" }
    var stateHash: String {
        var hasher = StateHasher()
        hasher.combine(clicks)
        return hasher.hex
    }
    /// What a script may assert (`expect game clicks>=3`) and a state mismatch names.
    var exportedValues: [String: Int64] { ["clicks": clicks] }
    var savedState: [String: Int64] { ["clicks": clicks, "inSession": isInSession ? 1 : 0] }

    mutating func perform(_ action: ClickerAction, context: ActionContext) -> String? {
        switch action {
        case .play where !isInSession:
            (isInSession, clicks) = (true, 0)
            reports.append(.sessionStarted(multiplayer: false))
        case .click where isRunning: clicks += 1
        case .resume where isPaused: isPaused = false
        default: return "the clicker cannot \(action) now"
        }
        return nil
    }
    mutating func step() { steps += 1 }
    mutating func pause() { isPaused = isInSession }
    mutating func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }
    func relaunched() -> Clicker { Clicker() }
    func scene(status: [String], leaderboard: [String]) -> ClickerScene { ClickerScene(text: "\(clicks) clicks") }

    /// Named integers need no codec (the default `key=integer` lines); a missing one reads as 0.
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        let values = try SnapshotText.decodeValues(bytes)
        return ["clicks", "inSession"].reduce(into: [:]) { $0[$1] = values[$1] ?? 0 }
    }
    func whyCannotRestore(_ state: [String: Int64]) -> String? { state["clicks"]! >= 0 ? nil : "clicks < 0" }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (isInSession, isPaused, clicks) = (true, true, state["clicks"]!)
        return .session(detail: "restored \(clicks) clicks, paused")
    }
}

struct ClickerScene: GameScene, Equatable {
    var text: String
    var contentHash: String {
        var hasher = StateHasher()
        hasher.combine(text)
        return hasher.hex
    }
}

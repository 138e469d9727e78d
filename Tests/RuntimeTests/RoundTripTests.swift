// RoundTripTests: invariant 12 (Docs/Contract.md §6, restoreRoundTrips). A save made while a session is paused is
// restored in a new game and saved again: the bytes must be the same. A falling-block game whose restore forgets its
// fall timer passes every other invariant; this one names the timer.

import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

private enum FallAction: String, CaseIterable, ScriptAction { case begin, resume }

/// A block that falls one row every `fallEvery` steps; `fallTimer` counts the steps since its last fall.
private struct Falling: LifecycleGame {
    enum Flaw: Sendable { case none, restoreForgetsFallTimer, restoreForgetsFormat, refusesItsOwnSave }
    var flaw = Flaw.none
    var steps: Int64 = 0, row: Int64 = 0, fallTimer: Int64 = 0, isInSession = false, isPaused = false
    /// The save's first byte, which no value names: `A`, or `B` once a session began.
    var format = UInt8(ascii: "A")
    static let fallEvery: Int64 = 45
    var screenName: String { isInSession ? "falling" : "menu" }
    var stateHash: String {
        var hasher = StateHasher()
        for value in [steps, row, fallTimer] { hasher.combine(value) }
        return hasher.hex
    }
    var exportedValues: [String: Int64] { savedState }
    mutating func perform(_ action: FallAction, context: ActionContext) -> String? {
        switch action {
        case .begin where !isInSession:
            (isInSession, steps, row, fallTimer, format) = (true, 0, 0, 0, UInt8(ascii: "B"))
        case .resume where isPaused: isPaused = false
        default: return "cannot \(action) now"
        }
        return nil
    }
    mutating func step() {
        steps += 1
        fallTimer += 1
        if fallTimer == Self.fallEvery { (row, fallTimer) = (row + 1, 0) }
    }
    mutating func pause() { isPaused = isInSession }
    func relaunched() -> Falling { Falling(flaw: flaw) }
    var savedState: [String: Int64] {
        ["steps": steps, "row": row, "fallTimer": fallTimer, "inSession": isInSession ? 1 : 0]
    }
    func encodeState(_ state: [String: Int64]) -> [UInt8] { [format] + SnapshotText.encodeValues(state) }
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        try SnapshotText.decodeValues(Array(bytes.dropFirst()))
    }
    func stateValues(_ state: [String: Int64]) -> [String: Int64] { state }
    func whyCannotRestore(_ state: [String: Int64]) -> String? {
        flaw == .refusesItsOwnSave && state["inSession"] == 1 ? "a session is never played from" : nil
    }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (isInSession, isPaused) = (true, true)
        (steps, row) = (state["steps"] ?? 0, state["row"] ?? 0)
        if flaw != .restoreForgetsFallTimer { fallTimer = state["fallTimer"] ?? 0 }
        if flaw != .restoreForgetsFormat { format = UInt8(ascii: "B") }
        return .session(detail: "restored at row \(row), paused")
    }
}

private let interrupted = """
    interlude-script 1
    profile ios4
    at 0s   launched
    at 1s   begin
    at 2.5s homePressed
    at 3s   purgedByOS
    at 4s   iconTapped
    at 5s   resume
    at 6s   smsArrived
    at 7s   smsDismissed
    """

private func replay(_ flaw: Falling.Flaw) throws -> ScenarioResult<Falling> {
    try LifecycleScenario(game: { _ in Falling(flaw: flaw) }).replay(interrupted)
}

@Test func aGameWhoseRestoreKeepsEverythingKeepsInvariant12() throws {
    let result = try replay(.none)
    #expect(result.ok, "\(result)")
    // The check ran: the saves of this script are made paused in a session (`pauseGame` before `saveSnapshot`).
    #expect(result.transcript.text.contains("saveSnapshot"))
}

@Test func aRestoreThatForgetsAFieldBreaksInvariant12NamingIt() throws {
    let result = try replay(.restoreForgetsFallTimer)
    let broken = result.violations.map(\.violation).filter { $0.rule == .restoreRoundTrips }
    #expect(!broken.isEmpty, "\(result)")
    // 1.5 s of play is 90 steps: the timer stood at 0 then (90 = 2 × 45), so the first save that shows the loss is
    // one where the timer is not 0. Each distinct problem is reported once.
    let first = try #require(broken.first)
    #expect(first.detail.contains("was restored and saved again, and the save differs"), "\(first.detail)")
    #expect(first.detail.contains("fallTimer "), "\(first.detail)")
    #expect(first.detail.contains("-> 0"), "\(first.detail)")
    #expect(!first.detail.contains("steps "), "only the forgotten value is named: \(first.detail)")
    // Nothing else in the run breaks: invariant 12 is the one check that sees it.
    #expect(result.violations.allSatisfy { $0.violation.rule == .restoreRoundTrips }, "\(result)")
}

@Test func aDifferenceNoValueNamesIsGivenByItsByte() throws {
    let result = try replay(.restoreForgetsFormat)
    let broken = result.violations.map(\.violation).filter { $0.rule == .restoreRoundTrips }
    let first = try #require(broken.first, "\(result)")
    #expect(first.detail.contains("at byte 0 of "), "\(first.detail)")
    #expect(
        first.detail.contains("(0x42 saved, 0x41 after the restore; no value the game names differs)"),
        "\(first.detail)")
}

@Test func aGameThatRefusesItsOwnSaveBreaksInvariant12() throws {
    let result = try replay(.refusesItsOwnSave)
    let broken = result.violations.map(\.violation).filter { $0.rule == .restoreRoundTrips }
    let first = try #require(broken.first, "\(result)")
    #expect(first.detail.contains("is refused by the game that wrote it: a session is never played from"))
    #expect(first.description.hasPrefix("invariant 12 (restoreRoundTrips): the "), "\(first)")
}

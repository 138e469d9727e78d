// ScenarioResult+StateComparison: two replays that should end in the same state (an interrupted run and the same
// inputs uninterrupted, CONTRACT §6 invariant 7; the same script twice; a relaunch from a snapshot) compared by
// their state hash, and a mismatch said with the game's exported values that differ, not only two hashes.

import Runtime
import Testing
import XCTest

extension ScenarioResult {
    /// Why this replay's end state is not `expected`'s: nil when their state hashes agree; else both hashes and the
    /// exported values that differ, `expected -> found` (`score 120 -> 95, enemiesLeft 0 -> 1`).
    public func stateDifference(from expected: ScenarioResult<Game>) -> String? {
        stateDifference(fromHash: expected.simulationHash, values: expected.exportedValues, named: expected.file)
    }

    /// Why this replay's end state is not the one of hash `hash`, whose exported values were `values` (recorded
    /// from a run you trust): nil when the hashes agree; else what differs, as `stateDifference(from:)` says it.
    public func stateDifference(
        fromHash hash: String, values: [String: Int64], named source: String = "the expected state"
    ) -> String? {
        guard simulationHash != hash else { return nil }
        return "\(file): the end state hash is \(simulationHash), expected \(hash) (\(source)); values (expected -> "
            + "found): \(ValueDifference.phrase(values, exportedValues))"
    }
}

/// Records a Swift Testing issue when `result` does not end in `expected`'s state (their state hashes differ),
/// naming the exported values that differ. Public: a game's determinism or interruption-invariance test.
public func expectSameState<Game>(
    _ result: ScenarioResult<Game>, as expected: ScenarioResult<Game>,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let difference = result.stateDifference(from: expected) {
        Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
    }
}

/// Fails the running XCTest test when `result` does not end in `expected`'s state, naming the values that differ.
public func assertSameState<Game>(
    _ result: ScenarioResult<Game>, as expected: ScenarioResult<Game>, file: StaticString = #filePath,
    line: UInt = #line
) {
    if let difference = result.stateDifference(from: expected) { XCTFail(difference, file: file, line: line) }
}

// StateComparisonTests: a state-hash mismatch between two replays names the game's exported values that differ
// (ScenarioResult.stateDifference, expectSameState), and `ScenarioResult.game` is the game the replay left.

import GameCore
import InterludeTesting
import Runtime
import Synchronization
import Testing

@Suite("Two end states compared by hash, a mismatch named by value")
struct StateComparisonTests {
    static let played = """
        interlude-script 1
        at 0s      launched
        at 0.5s    play singlePlayer level=1
        at +1s     fire
        at +1s     homePressed
        """

    @Test("the same inputs give the same state: no difference, no issue")
    func sameState() throws {
        let first = try shooter.replay(Self.played)
        let second = try shooter.replay(Self.played)
        #expect(first.stateDifference(from: second) == nil)
        expectSameState(first, as: second)
        #expect(first.game?.state.shots == 1 && first.game?.stateHash == first.simulationHash)
        #expect(first.exportedValues["shots"] == 1 && first.exportedValues["ammo"] == 29)
    }

    @Test("one more shot: the difference names shots and ammo, expected -> found")
    func differentState() throws {
        let expected = try shooter.replay(Self.played, name: "once.script")
        let twice = try shooter.replay(
            Self.played.replacingOccurrences(
                of: "at +1s     homePressed", with: "at +0.5s   fire\nat +0.5s   homePressed"),
            name: "twice.script")
        let difference = try #require(twice.stateDifference(from: expected))
        #expect(
            difference.hasPrefix(
                "twice.script: the end state hash is \(twice.simulationHash), expected "
                    + "\(expected.simulationHash) (once.script); values (expected -> found): "), "\(difference)")
        #expect(difference.contains("ammo 29 -> 28"), "\(difference)")
        #expect(difference.contains("shots 1 -> 2"), "\(difference)")
        #expect(!difference.contains("level "), "\(difference)")
        let recorded = Mutex<[String]>([])
        withKnownIssue {
            expectSameState(twice, as: expected)
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        #expect(recorded.withLock { $0 } == [difference])
    }

    @Test("against a hash recorded earlier, with its values; a script that did not run has no game")
    func againstARecordedHash() throws {
        let result = try shooter.replay(Self.played)
        var values = result.exportedValues
        values["score"] = 50
        let difference = result.stateDifference(fromHash: "0000000000000000", values: values, named: "golden")
        #expect(
            difference?.hasSuffix("(golden); values (expected -> found): score 50 -> 0") == true, "\(difference ?? "")")
        #expect(result.stateDifference(fromHash: result.simulationHash, values: [:]) == nil)
        let folder = try TemporaryFolder("comparison")
        defer { folder.remove() }
        try "interlude-script 1\nat 0s lanched\n".write(
            toFile: folder.path + "/bad.script", atomically: true, encoding: .utf8)
        let failed = try #require(try shooter.replayFolder(folder.path).first)
        #expect(failed.game == nil && failed.exportedValues.isEmpty)
    }

    @Test("ValueDifference: keys in byte order, a value on one side only, nothing to name")
    func valueDifferences() {
        let differences = ValueDifference.between(["b": 1, "a": 2, "same": 3], ["a": 5, "same": 3, "c": 7])
        #expect(differences.map(\.description) == ["a 2 -> 5", "b 1 -> (none)", "c (none) -> 7"])
        #expect(ValueDifference.phrase(["a": 1], ["a": 1]) == "no exported value differs")
        #expect(ValueDifference.phrase([:], [:]) == "the game exports no values to name")
    }
}

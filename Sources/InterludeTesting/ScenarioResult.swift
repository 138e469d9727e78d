// ScenarioResult: what one script's replay gave a test: the verdict with each failure typed (the script line, what
// it expected, what was found), the transcript, the frames and the end state.

import Lifecycle
import Replay
import Runtime

/// One script's replay, for assertions. Public: `LifecycleScenario.replay` returns it and a test reads it (or hands
/// it to `expectPasses` / `assertPasses`), the final game included. Sendable: a test may replay on one task and
/// assert on another.
public struct ScenarioResult<Game: LifecycleGame>: Sendable, CustomStringConvertible {
    /// The script's name: its file name without `.script` (`inline` for an inline script by default).
    public let name: String
    /// The file as messages name it: the path given, or the inline script's `name`.
    public let file: String
    /// Why the script did not run at all (it does not parse, or cannot be read); nil when it ran.
    public let error: ScenarioError?
    /// The `expect` lines that did not hold, in script order.
    public let failures: [ScenarioFailure]
    /// The invariants (CONTRACT §6) that broke, in the order they broke.
    public let violations: [ScenarioViolation]
    /// How many `expect` lines ran.
    public let expectations: Int
    /// The transcript (CONTRACT §8) as typed lines; `transcript.text` is the JSON Lines a replay writes. Empty when
    /// the script did not run.
    public let transcript: Transcript
    /// One frame per `capture` line, in script order: the PNG written (nil when nothing was rendered) and its hash.
    public let frames: [Frame]
    /// The capture name of each of `frames`.
    public let frameNames: [String]
    /// The app's state at the end (`notRunning` when the script did not run).
    public let finalState: AppState
    /// The game's state hash at the end (CONTRACT §8 `simulationHash`); empty when the script did not run.
    public let simulationHash: String
    /// The game as the replay left it (after the `end` line), for a test to assert on its own state; nil when the
    /// script did not run. A class-based game is the runtime's last instance: read it, the replay is over.
    public let game: Game?
    /// The game's exported values (`LifecycleGame.exportedValues`) at the end, read when the replay ended: what
    /// `stateDifference(from:)` names when two end states differ. Empty when the script did not run.
    public let exportedValues: [String: Int64]

    /// True when the script ran, every expectation held and no invariant broke.
    public var ok: Bool { error == nil && failures.isEmpty && violations.isEmpty }

    /// The frame captured as `name` (`capture "name"`), or nil.
    public func frame(named name: String) -> Frame? {
        frameNames.firstIndex(of: name).map { frames[$0] }
    }

    /// The report: what a failed test shows.
    public var description: String { report }

    /// How many transcript lines a failure shows before the line that failed.
    public static var contextLines: Int { 6 }

    init(_ replayed: ReplayResult, game: Game, of script: Script<Game.Action>, text: String, file: String)
    where Game.Action: ScriptAction {
        let lines = SourceLines(text)
        let entries = replayed.record.entries
        name = script.name
        self.file = file
        error = nil
        failures = replayed.expectationFailures.map { failure in
            let index = entries.firstIndex { entry in
                if case .expect(failure.location.line, false, _) = entry.entry { return true }
                return false
            }
            return ScenarioFailure(
                failure, text: lines[failure.location.line], context: Self.context(before: index, in: entries))
        }
        // Violations match the transcript's `violation` lines counted from the end (a transcript limit drops the
        // oldest lines, never the newest).
        let violationIndices = entries.indices.filter {
            if case .violation = entries[$0].entry { return true }
            return false
        }
        let unmatched = replayed.violations.count - violationIndices.count
        violations = replayed.violations.enumerated().map { number, broken in
            let index = number >= unmatched ? violationIndices[number - unmatched] : nil
            return ScenarioViolation(
                broken, text: broken.location.map { lines[$0.line] },
                context: Self.context(before: index, in: entries))
        }
        expectations = replayed.expectations
        transcript = replayed.record
        frames = replayed.frames
        frameNames = script.lines.compactMap {
            if case .capture(let name) = $0.command { return name }
            return nil
        }
        finalState = replayed.finalState
        simulationHash = replayed.simulationHash
        self.game = game
        exportedValues = game.exportedValues
    }

    /// A script that did not run.
    init(error: ScenarioError, file: String) {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        name = last.hasSuffix(".script") ? String(last.dropLast(".script".count)) : last
        self.file = file
        self.error = error
        failures = []
        violations = []
        expectations = 0
        transcript = Transcript()
        frames = []
        frameNames = []
        finalState = .notRunning
        simulationHash = ""
        game = nil
        exportedValues = [:]
    }

    private static func context(before index: Int?, in entries: [TranscriptLine]) -> [TranscriptLine] {
        guard let index else { return [] }
        return Array(entries[max(0, index - contextLines)..<index])
    }
}

/// An `expect` line that did not hold. Public: the elements of `ScenarioResult.failures`, which a test may read
/// field by field (the line, what it expected, what was found) rather than parse the report.
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    /// Where the line is: the file as messages name it, the line and column of `expect`.
    public let location: Replay.SourceLocation
    /// The line as written in the script, without leading or trailing blanks.
    public let text: String
    /// What the line asked, in the script's words: `callbacks willResignActive`.
    public let expected: String
    /// What was there instead, in the same words: `callbacks willResignActive, didEnterBackground`.
    public let found: String
    /// The one-line detail the transcript's `expect` line holds.
    public let detail: String
    /// The transcript lines just before the check (at most `ScenarioResult.contextLines`).
    public let context: [TranscriptLine]

    init(_ failure: ExpectationFailure, text: String, context: [TranscriptLine]) {
        location = failure.location
        self.text = text
        expected = failure.expected
        found = failure.found
        detail = failure.detail
        self.context = context
    }

    /// The line number in the script, from 1.
    public var line: Int { location.line }

    /// The failure as a test shows it: `file:line: <the line>`, `  expected: ...`, `  found: ...`, then the
    /// transcript lines before it.
    public var description: String {
        Report.block(
            "\(location.file):\(location.line): \(text)", ["expected: \(expected)", "found: \(found)"], context)
    }
}

/// A broken invariant (CONTRACT §6) and the script line replayed when it broke. Public: the elements of
/// `ScenarioResult.violations`.
public struct ScenarioViolation: Hashable, Sendable, CustomStringConvertible {
    /// The invariant's number in CONTRACT §6 and what was seen.
    public let violation: Violation
    /// The line being replayed when it broke (time advancing to it, its event or action, its work); nil before the
    /// first line.
    public let location: Replay.SourceLocation?
    /// That line as written, without leading or trailing blanks; nil with `location`.
    public let text: String?
    /// The transcript lines just before the violation (at most `ScenarioResult.contextLines`).
    public let context: [TranscriptLine]

    init(_ violation: ReplayViolation, text: String?, context: [TranscriptLine]) {
        self.violation = violation.violation
        location = violation.location
        self.text = text
        self.context = context
    }

    /// The invariant's number in CONTRACT §6.
    public var invariant: Int { violation.invariant }

    /// The violation as a test shows it: `file:line: <the line>`, `  broke invariant N (name): ...`, then the
    /// transcript lines before it.
    public var description: String {
        let heading = location.map { "\($0.file):\($0.line): \(text ?? "")" } ?? "before the script's first line"
        return Report.block(heading, ["broke \(violation)"], context)
    }
}

/// The lines of a script's text, numbered from 1 as the parser numbers them (`ScriptParser.lines(of:)`).
struct SourceLines {
    private let lines: [String]

    init(_ text: String) { lines = ScriptParser.lines(of: text) }

    /// Line `number`, without leading or trailing blanks; empty past the end.
    subscript(number: Int) -> String {
        guard number >= 1, number <= lines.count else { return "" }
        let line = lines[number - 1]
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(line[first...last])
    }
}

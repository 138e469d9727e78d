// ReplayResult: what a replay produced (CONTRACT §8): the transcript, frames, the end state, and the verdict as
// one line per failure (what `interlude replay` prints) and as typed values (what a test library reads).

import Lifecycle
import Runtime

/// What a replay produced.
public struct ReplayResult: Sendable {
    public let scriptName: String
    /// The run's transcript as typed entries (the lines a limit let go are not in it).
    public let record: Transcript
    /// The `expect` lines that did not hold, in script order.
    public let expectationFailures: [ExpectationFailure]
    /// The invariants that broke, in the order they broke.
    public let violations: [ReplayViolation]
    public let frames: [Frame]  // one per `capture` line, in script order
    public let finalState: AppState
    public let simulationHash: String
    public let expectations: Int  // how many expect lines ran

    /// Failed expectations, then broken invariants, one line each: `file:line:column: expect failed: ...` and
    /// `script: invariant N: ...`.
    public var failures: [String] {
        expectationFailures.map(\.description) + violations.map { "\(scriptName): \($0.violation)" }
    }

    /// The transcript as JSON Lines, encoded when asked: a replay that streamed it to a file never pays for it twice.
    public var transcript: String { record.text }

    /// True when every expectation held and no invariant broke.
    public var ok: Bool { expectationFailures.isEmpty && violations.isEmpty }
}

/// An `expect` line that did not hold: where it is, what it asked and what the runtime showed instead. Public so that
/// a test can say "expected X, found Y" about a line without reading the one-line message apart.
public struct ExpectationFailure: Hashable, Sendable, CustomStringConvertible {
    public let location: SourceLocation  // the `expect` line
    public let expectation: Expectation
    /// What the line asked, in the script's words: `callbacks willResignActive`, `state background`.
    public let expected: String
    /// What was there instead, in the same words: `callbacks willResignActive, didEnterBackground`.
    public let found: String
    /// The transcript's `detail` for the line (CONTRACT §8), one line.
    public let detail: String

    public init(location: SourceLocation, expectation: Expectation, expected: String, found: String, detail: String) {
        self.location = location
        self.expectation = expectation
        self.expected = expected
        self.found = found
        self.detail = detail
    }

    /// `file:line:column: expect failed: detail`, as `interlude replay` prints it.
    public var description: String { "\(location): expect failed: \(detail)" }
}

/// A broken invariant and the script line that was being replayed when it broke. Public so that a test can point at
/// the line: a violation itself knows only its invariant and what was seen.
public struct ReplayViolation: Hashable, Sendable {
    public let violation: Violation
    /// The line being replayed (virtual time advancing to it, its event or action, its work); nil when it broke
    /// before the first line (in a runner's `configure`).
    public let location: SourceLocation?

    public init(violation: Violation, location: SourceLocation?) {
        self.violation = violation
        self.location = location
    }
}

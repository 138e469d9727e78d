// ScriptAction: the game's grammar for its action lines (Docs/Contract.md §7). The engine reads every line of a
// script but one part: after `at <t>`, a word that is not an event starts the game's action, and the game's action
// type reads the rest of that line's words (`read`) and writes an action back as text (`scriptText`, for
// recordings and the writer). Errors point at a word as the engine's own do: `file:line:column: error: message`.

import InterludeNetwork
import Lifecycle
import Runtime

/// A game's action type as a script spells it.
public protocol ScriptAction: PlayerAction {
    /// The words an action line may start with, in the order a message lists them. A word after `at <t>` that is
    /// neither an event nor one of these is refused by the engine (`unknownEvent` or `unknownAction`, with a
    /// suggestion among the events and these names).
    static var scriptNames: [String] { get }
    /// Reads the action whose name is `words.name` (one of `scriptNames`) from the words after it; throws the first
    /// error, made with `words.error`. Words left unread are refused by the engine (`unexpectedToken`).
    static func read(_ words: inout ActionWords) throws(ScriptError) -> Self
    /// The action as the words after `at <t>`, which `read` reads back to the same action.
    var scriptText: String { get }
    /// The words a scripted peer's line `peer WORD NAME` may use besides the engine's `join` and `leave`: the
    /// messages of the game's (`LifecycleGame.Message`) that a script can make a peer send, each turned into its
    /// message by the game's `MatchPilot.says` (the shooter's: `fire`). Default: none.
    static var peerWords: [String] { get }
}

extension ScriptAction {
    public static var peerWords: [String] { [] }
}

/// The words of one action line after its time, read from the left, and errors that point at them.
public struct ActionWords {
    var cursor: LineCursor
    /// The action's name: the first word after the time.
    public let name: Token

    init(cursor: LineCursor) {
        self.cursor = cursor
        self.name = cursor.tokens[cursor.index - 1]
    }

    /// The next word, consumed, or nil at the end of the line.
    public mutating func next() -> Token? { cursor.next() }

    /// The next word, consumed; at the end of the line, a `missingArgument` error: "expected `expected` after
    /// `context`".
    public mutating func require(_ expected: String, after context: String) throws(ScriptError) -> Token {
        try cursor.require(expected, after: context)
    }

    /// An error of `kind` pointing at `word` (plus `offset` scalars), with a one-line `message`.
    public func error(_ kind: ScriptError.Kind, at word: Token, offset: Int = 0, _ message: String) -> ScriptError {
        cursor.error(kind, at: word, offset: offset, message)
    }

    /// The duration `word` spells (`500ms`, `1.5s`), at most `limit`; a longer one is a `badTime` error saying
    /// `tooLong`, a malformed one the engine's own error for a time.
    public func duration(
        _ word: Token, atMost limit: Nanoseconds, else tooLong: @autoclosure () -> String
    ) throws(ScriptError) -> Nanoseconds {
        try ScriptSyntax.duration(word, atMost: limit, else: tooLong(), in: cursor)
    }

    /// ` (did you mean X?)` when `word` is close to one of `candidates`, else empty: for an error message.
    public static func suggestion(for word: String, among candidates: [String]) -> String {
        Suggestion.phrase(for: word, among: candidates)
    }

    /// `text` as ASCII digits only, or nil when it is not that or does not fit.
    public static func unsigned<Number: FixedWidthInteger>(_ text: Substring) -> Number? {
        NumberText.unsigned(text)
    }

    /// `text` as an error message quotes it: unprintable scalars escaped, at most 40 of them.
    public static func quoted<Text: StringProtocol>(_ text: Text) -> String { Quoted.text(text) }
}

/// A game whose actions are words without arguments (`enum CardAction: String, CaseIterable { case draw, stand }`)
/// gets its grammar from its raw values: each case is the line `at <t> <case>`.
extension ScriptAction where Self: RawRepresentable & CaseIterable, RawValue == String {
    public static var scriptNames: [String] { allCases.map(\.rawValue) }
    public static func read(_ words: inout ActionWords) throws(ScriptError) -> Self {
        guard let action = Self(rawValue: words.name.text) else {
            throw words.error(.unknownAction, at: words.name, "unknown action '\(words.name.shown)'")
        }
        return action
    }
    public var scriptText: String { rawValue }
}

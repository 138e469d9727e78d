// ScriptError: why a `.script` file was refused, with the place to look (CONTRACT §7).

import Runtime

/// The first thing wrong with a script: where it is, what kind of mistake it is, and a one-line message.
///
/// `description` reads like a compiler diagnostic: `file:line:column: error: message`.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of mistake; tests compare these rather than messages.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The first meaningful line is not `interlude-script ...`.
        case missingVersion
        /// The version line names another version, or is malformed.
        case badVersion
        /// A line starts with a word that is not a keyword.
        case unknownKeyword
        /// `at <t>` is followed by a word that is neither an event nor a game action (closest to an event).
        case unknownEvent
        /// `at <t>` is followed by a word that is neither an event nor a game action (closest to an action).
        case unknownAction
        /// `play` names no game mode we know.
        case unknownMode
        /// `input` names no control we know.
        case unknownKey
        /// `expect` is followed by something it cannot check.
        case unknownExpectation
        /// `expect state` names no state we know.
        case unknownState
        /// `expect callbacks` names no callback we know.
        case unknownCallback
        /// `expect work` names no work we know.
        case unknownWork
        /// `profile` names no profile we know.
        case unknownProfile
        /// `smsStyle=` names no SMS style we know.
        case unknownSMSStyle
        /// `callStyle=` names no call style we know.
        case unknownCallStyle
        /// `targetSdk=` is no API level Interlude knows (CONTRACT §5).
        case badTargetSdk
        /// `leaderboard` is followed by something other than `delay=`, `down` or `up`.
        case unknownLeaderboardSetting
        /// `peer` is followed by something other than `join`, `leave` or one of the game's `peerWords`, or `match` by
        /// other than `down` or `up`.
        case unknownMatchSetting
        /// `at <t> fault` names no fault point we know (`interlude simulate --list`).
        case unknownFault
        /// `engines` or `expect engine[NAME]` names no engine we know (`Engine`).
        case unknownEngine
        /// `expect engine[NAME]` lists an event that engine's view never writes.
        case unknownEngineEvent
        /// A time or duration is not a number followed by a unit.
        case badTime
        /// A time or duration has no unit, or one other than `ms` and `s`.
        case badUnit
        /// A time is earlier than the timed line before it.
        case timeWentBackwards
        /// A count, level, seed or similar is not a number in range.
        case badNumber
        /// A capture or screen name is missing its quotes, empty, or has a character not allowed.
        case badName
        /// An `expect snapshot` condition is not `key<op>value`.
        case badCondition
        /// A quoted name has no closing quote.
        case unterminatedQuote
        /// A word where the line should have ended, or where it fits nothing.
        case unexpectedToken
        /// The line ends where a word is needed.
        case missingArgument
        /// An `expect` line comes before any timed line.
        case expectBeforeTimedLine
        /// `profile`, `seed` or the version line appears twice.
        case duplicateHeader
        /// `profile` or `seed` appears after the first timed line.
        case headerAfterTimedLine
    }

    public var location: SourceLocation  // where the offending word starts
    public var kind: Kind
    public var message: String  // one line, no location

    /// An error of `kind` at `location`.
    public init(_ kind: Kind, at location: SourceLocation, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`, on one line.
    public var description: String {
        "\(location.file):\(location.line):\(location.column): error: \(message)"
    }
}

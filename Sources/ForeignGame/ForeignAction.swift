// ForeignAction: a C game's action as a script spells it: one of the library's words (`interlude_action_name`), or
// the host's `resume`, followed by the rest of the line's words, handed to `interlude_perform` as they are. The
// words are the loaded library's, so the grammar is set when a library is installed (`ForeignAction.install`): a
// process replays one game.

import Replay
import Runtime
import Synchronization

/// A C game's action: a word and its arguments.
public struct ForeignAction: Hashable, Sendable {
    /// One of the library's words, or `resume`.
    public let word: String
    /// The words after it, joined by one space; empty for none.
    public let arguments: String

    public init(_ word: String, arguments: String = "") {
        self.word = word
        self.arguments = arguments
    }

    private static let installed = Mutex<(words: [String], arguments: [String])>(([], []))

    /// Makes `library`'s words the grammar of every script parsed from now on.
    public static func install(_ library: GameLibrary) {
        installed.withLock { $0 = (library.actionWords, library.explorationArguments) }
    }

    /// The library's words as installed (without `resume`).
    public static var libraryWords: [String] { installed.withLock { $0.words } }

    /// What the explorer tries: each word with its arguments (`interlude_action_arguments`), then `resume`.
    public static var explorationActions: [ForeignAction] {
        installed.withLock { zip($0.words, $0.arguments).map { ForeignAction($0, arguments: $1) } }
            + [ForeignAction(GameLibrary.resumeWord)]
    }
}

extension ForeignAction: PlayerAction {
    public var transcriptName: String { word }
    public var transcriptArgs: String? { arguments.isEmpty ? nil : arguments }

    /// `resume` is the host's; `menu`, `openLeaderboard` and `closeLeaderboard` when the library lists them.
    public static func shell(_ action: ShellAction) -> ForeignAction? {
        if action == .resume { return ForeignAction(GameLibrary.resumeWord) }
        return libraryWords.contains(action.rawValue) ? ForeignAction(action.rawValue) : nil
    }
}

extension ForeignAction: ScriptAction {
    public static var scriptNames: [String] { libraryWords + [GameLibrary.resumeWord] }

    public static func read(_ words: inout ActionWords) throws(ScriptError) -> ForeignAction {
        let word = words.name.text
        var tokens: [Token] = []
        while let next = words.next() { tokens.append(next) }
        if word == GameLibrary.resumeWord, let first = tokens.first {
            throw words.error(.unexpectedToken, at: first, "resume takes no arguments")
        }
        let arguments = tokens.map(\.text).joined(separator: " ")
        if arguments.utf8.count > argumentLimit, let first = tokens.first {
            throw words.error(
                .unexpectedToken, at: first, "\(arguments.utf8.count) bytes of arguments; at most \(argumentLimit)")
        }
        return ForeignAction(word, arguments: arguments)
    }

    /// The most bytes of arguments one action line may hand a library.
    public static let argumentLimit = 1024

    public var scriptText: String { arguments.isEmpty ? word : "\(word) \(arguments)" }
}

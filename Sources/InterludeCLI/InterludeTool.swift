// InterludeTool: a game's own command line. A game's `main.swift` describes its tool (its name, how to make its game,
// its own subcommands) and calls `main()`; the tool then gives that game `replay`, `simulate`, `explore` and
// `diagram`, and `play` in a desktop window when the game's entry draws in one (GameEntry.makeWindowRenderer).
// The shooter's `interlude` is one such tool, with the leaderboard, the match server and the soak test of its own.

import ArgumentParser
import Foundation

/// A game's command line: the engine's subcommands for the game `makeGame` gives, plus the game's own.
///
/// ```swift
/// // Sources/mygame/main.swift
/// import InterludeCLI
/// InterludeTool(name: "mygame", abstract: "My game under Interlude.") { _ in MyGameEntry() }.main()
/// ```
public struct InterludeTool {
    /// The command's name, as the user types it (`mygame`); help and messages name it.
    public var name: String
    /// One line under the name in `--help`.
    public var abstract: String
    /// Paragraphs after it in `--help` (examples of the game's own).
    public var discussion: String
    /// What `--assets DIR` means for this game (the folder its data is read from); nil: the game reads none, and
    /// the option is hidden.
    public var dataFolderHelp: String?
    /// The game's own subcommands, listed after the engine's.
    public var subcommands: [any ParsableCommand.Type]
    /// The game the commands run, given `--assets` (nil when not given). Throw `GameEntryError` for bad data.
    public var makeGame: @Sendable (_ dataFolder: String?) throws -> any GameEntry

    public init(
        name: String, abstract: String, discussion: String = "", dataFolderHelp: String? = nil,
        subcommands: [any ParsableCommand.Type] = [],
        makeGame: @escaping @Sendable (_ dataFolder: String?) throws -> any GameEntry
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.dataFolderHelp = dataFolderHelp
        self.subcommands = subcommands
        self.makeGame = makeGame
    }

    /// Parses the process's arguments, runs the subcommand asked for and exits: 0 passed, 1 failed, 2 invalid input
    /// (Docs/Contract.md §9).
    public func main() -> Never {
        Tool.current = self
        do {
            var command = try ToolCommand.parseAsRoot()
            try command.run()
            exit(0)
        } catch {
            // An invalid option exits 2 (ArgumentParser's own usage errors would exit 64).
            if ToolCommand.exitCode(for: error) == .validationFailure {
                // The error's line names what the user typed: escaped (TerminalText); the usage after it is ours.
                let message = "Error: " + ToolCommand.message(for: error)
                let full = ToolCommand.fullMessage(for: error)
                sayError(message)
                if full.hasPrefix(message) {
                    FileHandle.standardError.write(Data((full.dropFirst(message.count) + "\n").utf8))
                }
                exit(2)
            }
            ToolCommand.exit(withError: error)
        }
    }
}

/// The tool this process runs, set once by `InterludeTool.main()` before any argument is parsed or any thread starts,
/// and only read after.
enum Tool {
    nonisolated(unsafe) static var current = InterludeTool(name: "interlude", abstract: "") { _ in
        throw GameEntryError.other("no game: call InterludeTool(...).main() first")
    }

    /// The command's name in help and messages.
    static var name: String { current.name }
}

/// The root command: the engine's subcommands, then the game's own.
struct ToolCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = Tool.current
        // The game's own `play` (the shooter's, with its servers) stands in for the window play of any game.
        let ownPlay = tool.subcommands.contains { $0.configuration.commandName == "play" }
        let engine: [any ParsableCommand.Type] = [
            ReplayCommand.self, SimulateCommand.self, ExploreCommand.self, DiagramCommand.self,
        ]
        return CommandConfiguration(
            commandName: tool.name, abstract: tool.abstract, discussion: tool.discussion,
            subcommands: engine + (ownPlay ? [] : [PlayCommand.self]) + tool.subcommands)
    }
}

/// Exit codes (Docs/Contract.md §9), for a game's own subcommands too.
public enum Exit {
    /// Every check passed.
    public static let ok = ExitCode(0)
    /// A check failed (an expectation, an invariant, a hang or a crash).
    public static let failed = ExitCode(1)
    /// The input was invalid (an option, a script, a data file): nothing ran.
    public static let invalid = ExitCode(2)
}

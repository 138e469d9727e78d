// GameOptions: the options shared by `replay`, `simulate`, `explore` and `diagram` that pick the game they run:
// `--game PATH` (a game built as a shared library, ForeignEntry) or the tool's own game (InterludeTool.makeGame),
// given `--assets DIR` when the tool's game reads a data folder.

import ArgumentParser

/// The options that pick the game a command runs.
struct GameOptions: ParsableArguments {
    @Option(
        name: .customLong("game"),
        help: ArgumentHelp(
            "A game built as a shared library (default: \(Tool.name)'s own game).",
            discussion: "Built against Sources/CInterludeGame/interlude_game.h (Docs/Contract.md §11).",
            valueName: "path"))
    var path: String?

    @Option(
        name: .customLong("assets"),
        help: ArgumentHelp(
            Tool.current.dataFolderHelp ?? "The game's data folder.", valueName: "dir",
            visibility: Tool.current.dataFolderHelp == nil ? .hidden : .default))
    var data: String?

    /// The paragraph each command's --help gives `--game` (flowing text: the parser wraps it).
    static var discussion: String {
        """
        Any game: --game PATH runs a game built as a shared library against Sources/CInterludeGame/interlude_game.h \
        (Docs/Contract.md §11) instead of \(Tool.name)'s own game, the default.
        """
    }

    /// These options again, for a child process that must build the same game (`replay`'s and `simulate`'s jobs).
    var childArguments: [String] {
        (data.map { ["--assets", $0] } ?? []) + (path.map { ["--game", $0] } ?? [])
    }

    /// The entry of the game chosen: the tool's own game (with the data of `--assets`), or the library's. Throws
    /// `GameEntryError` when the game's data cannot be read, and a `ValidationError` for a library that cannot be
    /// loaded.
    func entry() throws -> any GameEntry {
        if let path { return try loadForeignEntry(path: path) }
        return try Tool.current.makeGame(data)
    }

    /// `entry()` for `explore`, `simulate` and `diagram`: a `GameEntryError` is said on one line and exits 2
    /// (Docs/Contract.md §9).
    func entryOrExit() throws -> any GameEntry {
        do { return try entry() } catch let error as GameEntryError {
            sayError("error: \(error)")
            throw Exit.invalid
        }
    }
}

// GameOptions: `--game PATH`, shared by `replay`, `simulate`, `explore` and `diagram`: which game they run. Without it
// the bundled shooter (ShooterEntry); with it a game built as a shared library (ForeignEntry).

import ArgumentParser

/// The option that picks the game a command runs.
struct GameOptions: ParsableArguments {
    @Option(
        name: .customLong("game"),
        help: ArgumentHelp(
            "A game built as a shared library (default: the bundled shooter).",
            discussion: "Built against Sources/CInterludeGame/interlude_game.h (Docs/Contract.md §11).",
            valueName: "path"))
    var path: String?

    /// The paragraph each command's --help gives `--game` (flowing text: the parser wraps it).
    static let discussion = """
        Any game: --game PATH runs a game built as a shared library against Sources/CInterludeGame/interlude_game.h \
        (Docs/Contract.md §11) instead of the bundled shooter, the default.
        """

    /// The entry of the game chosen: the shooter with its levels and assets from `assets` (`--assets`), or the
    /// library's. Throws `GameEntryError` when the shooter's data cannot be read, and a `ValidationError` for a
    /// library that cannot be loaded.
    func entry(assets: String?) throws -> any GameEntry {
        if let path { return try loadForeignEntry(path: path) }
        return try ShooterEntry.load(assets: assets)
    }

    /// `entry(assets:)` for `explore`, `simulate` and `diagram`: a `GameEntryError` is said on one line and exits 2
    /// (CONTRACT §9).
    func entryOrExit(assets: String?) throws -> any GameEntry {
        do { return try entry(assets: assets) } catch let error as GameEntryError {
            sayError("error: \(error)")
            throw Exit.invalid
        }
    }
}

// ForeignEntry: a game loaded at run time from a shared library (`--game ./libmygame.so`), built against
// Sources/CInterludeGame/interlude_game.h. Not built yet: the loader and its `ForeignGame` come in their own module.

import ArgumentParser

/// The entry of the game in the shared library at `path`.
func loadForeignEntry(path: String) throws -> any GameEntry {
    throw ValidationError("--game: loading a game library is not built yet")
}

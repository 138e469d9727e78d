// breakout: Breakout's own command line, Interlude's tool (InterludeCLI) given Breakout (BreakoutEntry.swift):
// replay its scripts, simulate, explore, draw diagrams, and play in a window that behaves like a phone.

import InterludeCLI

InterludeTool(
    name: "breakout",
    abstract: "Breakout under Interlude's phone life cycle: replay, simulate, explore, play.",
    discussion: """
        Examples:
          breakout play --profile ios4              # a window that is a phone (Ctrl+S: an SMS)
          breakout replay --profile all             # every script in Scripts/, under every profile
          breakout simulate --seeds 20 --profile all
          breakout explore --profile all --depth 8
        """,
    dataFolderHelp: "The folder of Breakout's scripts (default: ./Scripts, or this package's)."
) { folder in try BreakoutEntry(scriptFolder: folder) }
.main()

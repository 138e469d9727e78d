// ShooterTool: the shooter's command line as a value. Interlude's own tool (InterludeCLI) gives it replay, simulate,
// explore and diagram; the shooter adds its window (play), the crash harness (soak) and its servers (leaderboard,
// match). `interlude` runs it (interlude/main.swift); the tests' doubles run it with a misbehaving game.

import InterludeCLI

/// The shooter's tool.
public enum ShooterTool {
    /// `interlude`, its subcommands, and the shooter of `--assets` as its game.
    public static var tool: InterludeTool {
        InterludeTool(
            name: "interlude",
            abstract: "An FPS game core that lives through iOS-style interruptions: replay them, play them, draw them.",
            discussion: """
                Interlude runs a small first-person shooter under an explicit app life cycle (notRunning, launching, active, inactive, background, suspended, terminated) and injects the phone's interruptions: an SMS, a call answered or declined, the home and lock buttons, the app switcher, a memory warning, the OS purging the app. Each transition pauses the frame loop, invalidates timers, cancels leaderboard requests, drops multiplayer peers and saves snapshots, as a well-behaved iOS OpenGL game must.

                Examples:
                  interlude replay                         # every bundled script
                  interlude replay my.script --out results # transcripts, PNGs in results/
                  interlude replay --no-render Assets/Interruptions/*.script
                  interlude play --profile ios4            # a window that is a phone
                  interlude diagram --out Diagrams
                  interlude leaderboard serve --port 8080  # the leaderboard service
                  interlude match serve --port 7070        # the multiplayer match server
                """,
            dataFolderHelp: "The Assets folder (default: ./Assets, or the checkout this binary was built from).",
            subcommands: [PlayCommand.self, SoakCommand.self, LeaderboardCommand.self, MatchCommand.self]
        ) { assets in try ShooterEntry.load(assets: assets) }
    }
}

import ArgumentParser

/// The root command.
struct InterludeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interlude",
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
        subcommands: [
            ReplayCommand.self, PlayCommand.self, DiagramCommand.self, SoakCommand.self, LeaderboardCommand.self,
            ExploreCommand.self, MatchCommand.self, SimulateCommand.self,
        ])
}

/// Exit codes (CONTRACT §9).
enum Exit {
    static let ok = ExitCode(0)
    static let failed = ExitCode(1)
    static let invalid = ExitCode(2)
}

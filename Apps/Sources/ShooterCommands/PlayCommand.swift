import ArgumentParser
import Foundation
import GameCore
import InterludeCLI
import Lifecycle
import PhoneScreens
import PlatformGLFW
import Replay
import Runtime
import Saves
import ShooterPlatform
import Storage

/// `interlude play`: the game in a desktop window, with the phone's interruptions on the keyboard.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play in a desktop window that behaves like the phone, and interrupt the game.",
        discussion: """
            The window is a small phone. The game runs on its screen; when the phone interrupts it, the phone's own screens are drawn over the frozen game by the OS, never by the app: the SMS alert (iOS 4) or banner (iOS 5), the incoming-call and in-call screens, the lock screen, the home screen with the Interlude icon, the app switcher with the app's picture and Notification Center (iOS 5). Click their buttons as on the phone.

            The phone bar under the game view does what a person does to a phone: Home, Switcher (a double press of Home), Lock, SMS, Call, Notifications (iOS 5), and what the OS does by itself: Memory warning, Purge. While a game runs the mouse is captured for looking around: press Tab to free it, click the game to capture it again. A click on the phone's screens or bar never reaches the game.

            The window itself: losing focus opens the app switcher, minimising presses Home, restoring taps the icon, and closing terminates the app through willResignActive, didEnterBackground and willTerminate.

            Controls:
            \(DesktopMapping.keyHelp(DesktopControls<Game>.shooter).map { "  \($0.keys.padding(toLength: 20, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))

            The game is saved in --data-dir (default $XDG_DATA_HOME/interlude or ~/.local/share/interlude) and a game left there is restored, paused, at the next launch.

            With --record FILE the session starts from a fresh install (no saved game) and is written to FILE as it happens, one line per event, each on disk at once: a session cut short (a crash, SIGTERM, Ctrl+C, the window destroyed) leaves a script of everything up to its last event. `interlude replay FILE` replays it to the same transcript (the leaderboard then answers after the replay's fixed latency, from a fresh in-memory database).

            The leaderboard: an embedded server on 127.0.0.1 (scores in --data-dir), or --leaderboard URL (e.g. one started with `interlude leaderboard serve`).

            Multiplayer (2 on the menu, or --multiplayer at launch) joins a match for the level on a match server: --match URL (e.g. ws://HOST:PORT/match from `interlude match serve`), by default the one on 127.0.0.1:\(MatchWindow.defaultPort), started inside the first window that finds none there, so that two windows on the same machine meet. Other players are sprites that move and fire; the HUD lists them. An interruption closes the connection: the others see you leave, and you join again from the menu.
            """)

    @OptionGroup var phone: PhoneOptions

    @Option(help: "Level to start on when playing (N = the N-th file of Assets/Levels; 1 = the hangar).")
    var level: Int = 1

    @Option(help: "Simulation seed.")
    var seed: UInt64 = 1

    @Option(help: "Write what happens to this file as an interruption script, line by line.")
    var record: String?

    @Option(help: "Folder for the saved game.")
    var dataDir: String?

    @Option(help: "Window width in pixels.")
    var width: Int = 1280

    @Option(help: "Window height in pixels.")
    var height: Int = 720

    @Option(help: "Stop after this many loop iterations (for tests and demos).")
    var frames: Int?

    @Option(help: "The Assets folder (default: ./Assets, or the checkout this binary was built from).")
    var assets: String?

    @Option(help: "Leaderboard server URL (default: an embedded server on loopback, scores in the data folder).")
    var leaderboard: String?

    @Option(
        help: "Match server URL (default: ws://127.0.0.1:\(MatchWindow.defaultPort)/match, started here if none runs).")
    var match: String?

    @Option(help: "Your name in a match (default: player-PID).")
    var name: String?

    @Flag(help: "Start in a multiplayer session on --level (instead of the menu).")
    var multiplayer = false

    @Option(
        help: ArgumentHelp(
            "Play a game built as a shared library instead (its options: --do, --demo, --screenshot, --interrupt; "
                + "not the shooter's --level, --leaderboard, --match, --name, --multiplayer).", valueName: "path"))
    var game: String?

    /// With --game, the engine's play's own options (--do, --demo, ...), which it parses; without, none may be left.
    @Argument(parsing: .allUnrecognized, help: .hidden) var engineOptions: [String] = []

    func validate() throws {
        if game != nil { return }  // the engine's play checks its own options
        if let unknown = engineOptions.first {
            throw ValidationError(
                "Unknown option '\(unknown)' (--do, --demo, --interrupt and --screenshot go with --game)")
        }
        guard level >= 1 else { throw ValidationError("--level must be 1 or more") }
        if let leaderboard {
            do { _ = try LeaderboardConnection.baseURL(leaderboard) } catch { throw ValidationError("\(error)") }
        }
    }

    /// `--data-dir` (created if needed) and `--record` checked before the window opens: a path of the wrong kind is
    /// an invalid option (exit 2), not a failure after the session (a recording lost at the end).
    private func preparePaths() throws {
        var option = "--data-dir"
        do {
            if let dataDir { try HostPaths.prepareFolder(dataDir) }
            if record == nil, dataDir == nil { try HostPaths.prepareFolder(FileSnapshotStore.defaultFolder()) }
            option = "--record"
            if let record { try HostPaths.checkOutputFile(record) }
        } catch {
            sayError("interlude play: \(option): \(error)")
            throw Exit.invalid
        }
    }

    func run() throws {
        if game != nil {
            // A library's window is the engine's play: the arguments after `play`, as given.
            let arguments = CommandLine.arguments.drop { $0 != "play" }.dropFirst()
            return try EnginePlay.run(Array(arguments))
        }
        try preparePaths()
        let chosen = phone.chosen
        let store: any SnapshotStore =
            record == nil
            ? BackgroundSnapshotStore(
                wrapping: try FileSnapshotStore(folder: dataDir ?? FileSnapshotStore.defaultFolder()))
            : InMemorySnapshotStore()
        let display: GLFWWindowDisplay<ShooterRenderer>
        let levels: [Level]
        do {
            let directory = try AssetDirectory.locate(assets)
            levels = try LevelFiles.load(from: directory)
            guard level <= levels.count else {
                throw ValidationError(
                    "--level \(level): there are \(levels.count) levels in \(directory.path("Levels"))")
            }
            display = try GLFWWindowDisplay(width: width, height: height, assets: directory)
            try display.attachPhone(profile: chosen, font: PhoneFont.load(from: directory))
        } catch {
            sayError("interlude play: \(error)")
            throw Exit.invalid
        }
        let runtime = Runtime(profile: chosen, seed: seed, display: display, snapshots: store, levels: levels)
        runtime.log = { sayError($0) }
        runtime.transcriptLimit = Transcript.sessionLimit  // never written: memory stays flat however long the game
        let folder = record == nil ? (dataDir ?? FileSnapshotStore.defaultFolder()) : nil
        let connection = try LeaderboardConnection(
            url: leaderboard, databasePath: folder.map { $0 + "/leaderboard.sqlite" }, identityFolder: folder,
            levels: levels)
        defer { connection.close() }
        // Answers are taken as they arrive; when recording, at send time + the replay's default latency
        // instead, so that the recorded script replays to the same transcript.
        runtime.useLeaderboard(connection.transport, pacing: record == nil ? .realTime : .virtual)
        let matchWindow = try MatchWindow(url: match)
        defer { matchWindow.close() }
        runtime.useMatch(matchWindow.transport)
        runtime.playerName = name ?? "player-\(getpid())"
        // The match's events on standard output as they happen (who joined, left, fired; a match lost).
        runtime.transcriptSink = { line in
            for event in ["peerJoined", "peerLeft", "matchLost"] where line.contains("\"name\":\"\(event)\"") {
                FileHandle.standardOutput.write(Data(("match: " + line + "\n").utf8))
            }
        }
        runtime.hostStatus = ["Tab frees the mouse: click the phone bar below, or Ctrl+S sms  Ctrl+H home (--help)"]
        let recorder = try record.map { try SessionRecorder(path: $0, runtime: runtime, profile: chosen, seed: seed) }
        let platform = GLFWPlatform(display: display, runtime: runtime, controls: .shooter)
        WindowSystemErrors.catchTerminationSignals()
        runtime.inject(.launched)
        if multiplayer {
            runtime.perform(.play(.multiplayer, level: level))
        } else if level != 1 {
            runtime.perform(.play(.singlePlayer, level: level))
        }
        // Every event is on disk before the next loop iteration: an abrupt end loses nothing recorded.
        recorder?.write()
        platform.run(maxFrames: frames) { _ in recorder?.write() }
        recorder?.write()
        if let recorder { say(try recorder.finish()) }
        try store.flush()
        say("final state \(runtime.status), simulation hash \(runtime.simulationHash)")
    }
}

// `play`: the tool's game in a desktop window that behaves like the phone (PlatformGLFW), for a game whose entry
// draws in one (GameEntry.windowDrawing). The phone's screens and bar surround the game; its keys are the game's
// (DesktopControls) and the phone's (Ctrl + letter). Saves are durable in --data-dir; --record writes the session as
// a script, line by line, that `replay` replays to the same transcript.

import ArgumentParser
import Foundation
import Lifecycle
import PlatformGLFW
import Replay
import Runtime
import Saves
import Storage

/// `play` for any game that draws in a window (the shooter has a play of its own, with its servers).
struct PlayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "play",
            abstract: "Play in a desktop window that behaves like the phone, and interrupt the game.",
            discussion: """
                The window is a small phone: the game runs on its screen, and the phone's own screens are drawn over it by the OS when it interrupts the game (an SMS alert or banner, a call, the lock screen, the home screen, the app switcher). The phone bar under the game does what a person does to a phone (Home, Switcher, Lock, SMS, Call, Notifications) and what the OS does by itself (Memory warning, Purge); the window too: losing focus opens the switcher, minimising presses Home, closing terminates the app.

                The phone's keys: Ctrl+S an SMS, Ctrl+C a call, Ctrl+H home, Ctrl+L lock, Ctrl+M a memory warning, Ctrl+R purge (the game's own keys are listed when the window opens).

                The game is saved in --data-dir (default $XDG_DATA_HOME/\(Tool.name) or ~/.local/share/\(Tool.name)) and a game left there is restored, paused, at the next launch. With --record FILE the session starts from a fresh install and is written to FILE as it happens, one line per event, each on disk at once: `\(Tool.name) replay FILE` replays it.

                Examples:
                  \(Tool.name) play --profile ios4
                  \(Tool.name) play --do "start level=2" --record session.script
                """)
    }

    @OptionGroup var phone: PhoneOptions

    @Option(help: "The game's seed.")
    var seed: UInt64 = 1

    @Option(
        name: .customLong("do"),
        help: ArgumentHelp(
            "A player's action, in the game's script words, performed once the app is launched (repeatable).",
            valueName: "action"))
    var actions: [String] = []

    @Flag(help: "Let the game play itself, if it has a demo (after the --do actions).")
    var demo = false

    @Option(help: "Write what happens to this file as an interruption script, line by line.")
    var record: String?

    @Option(help: "Folder for the saved game.")
    var dataDir: String?

    @Option(help: "Window width in pixels.")
    var width: Int = 960

    @Option(help: "Window height in pixels.")
    var height: Int = 640

    @Option(help: "Stop after this many loop iterations (for tests and demos).")
    var frames: Int?

    @Option(
        help: ArgumentHelp(
            "Before exiting, write what the window shows to this PNG file (for tests and demos).", valueName: "path.png"
        ))
    var screenshot: String?

    @Option(
        help: ArgumentHelp(
            "Send an OS event at a loop iteration, e.g. 60:smsArrived (repeatable; for tests and demos).",
            valueName: "frame:event"))
    var interrupt: [String] = []

    @OptionGroup var game: GameOptions

    func validate() throws {
        guard (64...8192).contains(width), (64...8192).contains(height) else {
            throw ValidationError("--width and --height must be within 64...8192")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more") }
        if let screenshot, !screenshot.hasSuffix(".png") || screenshot.hasSuffix("/.png") {
            throw ValidationError("--screenshot must name a .png file, not '\(TerminalText.escaped(screenshot))'")
        }
        _ = try plannedInterruptions()
    }

    /// `--interrupt FRAME:EVENT` as (loop iteration, event), in the order given.
    private func plannedInterruptions() throws -> [(frame: Int, event: Event)] {
        try interrupt.map { text in
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let frame = Int(parts[0]), frame >= 1 else {
                throw ValidationError(
                    "--interrupt '\(TerminalText.escaped(text))': expected FRAME:EVENT, e.g. 60:smsArrived")
            }
            guard let event = Event(rawValue: parts[1]) else {
                throw ValidationError(
                    "--interrupt '\(TerminalText.escaped(text))': unknown event '\(TerminalText.escaped(parts[1]))'")
            }
            return (frame, event)
        }
    }

    func run() throws {
        let entry = try game.entryOrExit()
        try play(entry)
    }

    private func play<Entry: GameEntry>(_ entry: Entry) throws {
        let drawing = try drawingOrExit(entry)
        let planned = try plannedActions(Entry.Game.Action.self)
        let folder = dataDir ?? FileSnapshotStore.defaultFolder(app: Tool.name)
        try checkOutputs(folder: folder)
        let chosen = phone.chosen
        let window = try open(drawing, phone: chosen)
        let store: any SnapshotStore =
            record == nil
            ? BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: folder)) : InMemorySnapshotStore()
        let runtime = Runtime(
            profile: chosen, seed: seed, game: entry.makeGame(seed: seed), display: window.display, snapshots: store)
        runtime.log = { sayError($0) }
        runtime.transcriptLimit = Transcript.sessionLimit  // never written: memory stays flat however long the game
        let recorder = try record.map { try SessionRecorder(path: $0, runtime: runtime, profile: chosen, seed: seed) }
        say("\(entry.name) under Interlude (\(chosen.name)). Keys:")
        for help in DesktopMapping.keyHelp(drawing.controls) {
            say("  " + help.keys + String(repeating: " ", count: max(1, 22 - help.keys.count)) + help.meaning)
        }
        WindowSystemErrors.catchTerminationSignals()
        runtime.inject(.launched)
        runtime.settle()
        for action in planned + (demo ? drawing.demo?.actions ?? [] : []) {
            runtime.perform(action)
            runtime.settle()
        }
        // Every event is on disk before the next loop iteration: an abrupt end loses nothing recorded.
        recorder?.write()
        try loop(window, runtime, drawing, recorder: recorder)
        if let screenshot {
            do { say(try window.screenshot(runtime, screenshot)) } catch { sayError("\(Tool.name) play: \(error)") }
        }
        if let recorder { say(try recorder.finish()) }
        try store.flush()
        say("final state \(runtime.status), simulation hash \(runtime.simulationHash)")
    }

    /// The game's window drawing; a game without one, or `--demo` for a game without a demo, is an invalid option.
    private func drawingOrExit<Entry: GameEntry>(_ entry: Entry) throws -> WindowDrawing<Entry.Game> {
        guard let drawing = entry.windowDrawing else {
            sayError("\(Tool.name) play: \(entry.name) draws in no window (replay, simulate and explore run it)")
            throw Exit.invalid
        }
        if demo, drawing.demo == nil {
            sayError("\(Tool.name) play: --demo: \(entry.name) has no demo")
            throw Exit.invalid
        }
        return drawing
    }

    /// `--data-dir` (when the play is not recorded) and `--record`: usable before a window opens.
    private func checkOutputs(folder: String) throws {
        var option = "--data-dir"
        do {
            if record == nil { try HostPaths.prepareFolder(folder) }
            option = "--record"
            if let record { try HostPaths.checkOutputFile(record) }
        } catch {
            sayError("\(Tool.name) play: \(option): \(error)")
            throw Exit.invalid
        }
    }

    /// The window, with the phone of `profile` drawn around the game.
    private func open<Game: LifecycleGame>(
        _ drawing: WindowDrawing<Game>, phone profile: Profile
    ) throws -> OpenWindow<Game> {
        do {
            let window = try drawing.open(width, height, drawing.title)
            try window.attachPhone(profile)
            return window
        } catch {
            sayError("\(Tool.name) play: \(error)")
            throw Exit.invalid
        }
    }

    /// The window's frame loop until it closes (or `--frames`): the demo's pilot, `--interrupt`'s events at their
    /// frames, and the recording written after each frame.
    private func loop<Game: LifecycleGame>(
        _ window: OpenWindow<Game>, _ runtime: Runtime<Game>, _ drawing: WindowDrawing<Game>,
        recorder: SessionRecorder<Game>?
    ) throws where Game.Action: ScriptAction {
        let pilot = demo ? drawing.demo?.makePilot() : nil
        let interruptions = try plannedInterruptions()
        var frame = 0
        window.run(runtime, drawing.controls, frames) {
            frame += 1
            pilot?(runtime)
            for planned in interruptions where planned.frame == frame {
                runtime.send(planned.event)
                runtime.settle()
            }
            recorder?.write()
        }
        recorder?.write()
    }

    /// `--do` as the game's actions, read by its script grammar; a word it does not know is an invalid option.
    private func plannedActions<Action: ScriptAction>(_: Action.Type) throws -> [Action] {
        try actions.map { text in
            let script: Replay.Script<Action>
            do {
                script = try ScriptParser.parse("interlude-script 1\nat 0s \(text)\n", file: "--do", as: Action.self)
            } catch {
                throw ValidationError(
                    "--do '\(TerminalText.escaped(text))': \((error as? ScriptError)?.message ?? "\(error)")")
            }
            guard script.lines.count == 1, case .action(_, let action) = script.lines[0].command else {
                throw ValidationError(
                    "--do '\(TerminalText.escaped(text))': not one of the game's actions "
                        + "(\(Action.scriptNames.joined(separator: ", ")))")
            }
            return action
        }
    }
}

/// The engine's `play` for a tool whose own `play` is its game's (the shooter's): that command hands a `--game`
/// library's window here, with the arguments after `play`.
public enum EnginePlay {
    /// Parses `arguments` as the engine's `play` (every option of Docs/Contract.md §9's generic play) and runs it.
    public static func run(_ arguments: [String]) throws {
        let command = try PlayCommand.parse(arguments)
        try command.run()
    }
}

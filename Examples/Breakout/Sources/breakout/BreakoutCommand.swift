// breakout: the game in a desktop window. Interlude's window host (PlatformGLFW) gives the window, its Display and
// the real-time loop; BreakoutRenderer draws; the runtime runs Breakout under the chosen phone's life cycle. The
// keys are Interlude's desktop mapping (KeyHelp.swift). Everything runs on the main thread, where the window's GL
// context is current. Saves go to disk through Interlude's Storage (`--data-dir`, else the user's data folder),
// written off the frame loop and durable: a relaunch after Ctrl+R (purged) or after quitting restores the session,
// paused. Captures and screenshots are PNG files written by Storage too.

import Breakout
import BreakoutRenderer
import Foundation
import GLHost
import Lifecycle
import PlatformGLFW
import Runtime
import Storage

@main
enum BreakoutCommand {
    static func main() {
        let options: Options
        do {
            options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("breakout: \(error) (breakout --help lists the options)")
            exit(2)
        }
        if options.showsHelp {
            print(Options.usage + "\n\nKeys:\n" + KeyHelp.text)
            return
        }
        do {
            try play(options)
        } catch {
            printError("breakout: \(error)")
            exit(1)
        }
    }

    static func play(_ options: Options) throws {
        let display = try GLFWWindowDisplay(width: options.width, height: options.height, title: "Breakout") {
            try BreakoutRenderer()
        }
        display.imageWriter = writePNG
        let folder = options.dataDirectory ?? FileSnapshotStore.defaultFolder(app: "breakout")
        let saves = BackgroundSnapshotStore(
            wrapping: try FileSnapshotStore(folder: folder, maximumBytes: BreakoutSnapshot.maximumBytes))
        defer { try? saves.flush() }
        let runtime = Runtime(
            profile: options.profile, seed: options.seed, game: Breakout(seed: options.seed), display: display,
            snapshots: saves)
        runtime.log = { printError($0) }
        runtime.transcriptLimit = Transcript.sessionLimit  // memory stays flat however long the game
        runtime.hostStatus = KeyHelp.hud
        let platform = GLFWPlatform(display: display, runtime: runtime, controls: KeyHelp.controls)
        if options.verbose {
            platform.onInputs = { event, inputs in print("window: \(event) -> \(inputs)") }
        }
        print(
            "Breakout under Interlude (\(options.profile.name)), \(display.renderer.rendererName). Keys:\n"
                + KeyHelp.text)
        runtime.send(.launched)
        runtime.settle()
        if let level = options.level { act(.start(level: level), on: runtime) }
        var autopilot = options.demo ? Autopilot() : nil
        if autopilot != nil {
            act(.start(level: 1), on: runtime)
            act(.serve, on: runtime)
        }
        var frame = 0
        platform.run(maxFrames: options.frames) { platform in
            frame += 1
            autopilot?.steer(platform.runtime)
            if frame == options.smsAt {
                platform.runtime.send(.smsArrived)
                platform.runtime.settle()
            }
        }
        if let path = options.screenshot { try screenshot(display, runtime, to: path) }
        print("final state \(runtime.status), simulation hash \(runtime.simulationHash)")
    }

    private static func act(_ action: BreakoutAction, on runtime: Runtime<Breakout>) {
        runtime.perform(action)
        runtime.settle()
    }

    /// Writes what the window shows to `path`: the scene drawn afresh while GL is allowed, else the frame kept
    /// when the app left the foreground.
    private static func screenshot(
        _ display: GLFWWindowDisplay<BreakoutRenderer>, _ runtime: Runtime<Breakout>, to path: String
    ) throws {
        let url = URL(fileURLWithPath: path)
        if !display.renderer.gate.isForbidden, display.renderer.hasSurfaces {
            display.outputDirectory = url.deletingLastPathComponent().path
            let frame = display.capture(url.deletingPathExtension().lastPathComponent, scene: runtime.scene)
            if frame.file != nil {
                print("screenshot: \(path) (frame \(frame.hash))")
                return
            }
        }
        guard let kept = display.keptFrame else {
            throw ScreenshotError(
                description: "no frame to write to \(path): \(display.problems.joined(separator: "; "))")
        }
        try writePNG(kept.pixels, kept.width, kept.height, path)
        print("screenshot: \(path) (the frame kept when the app left the foreground)")
    }
}

/// A screenshot that could not be written.
struct ScreenshotError: Error, CustomStringConvertible {
    let description: String
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

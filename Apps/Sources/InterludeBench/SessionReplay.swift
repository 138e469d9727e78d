// SessionReplay: the `replay` mode's rendered session. A generated `minutes`-long game (ScenarioScripts.session),
// written as .script text beside the mode's JSON and parsed back, replayed through ScriptRunner in one process:
// without display (the simulation, frame loop and transcript alone), then at 320x180 presenting every fixed step
// (as `interlude replay --present-every 1` does) with `glFinish` after every frame, so that every frame is rasterised
// before the next: the figure held to the goal. With `--unfinished yes`, also through `OffscreenDisplay.present`
// alone (which since issue 11 waits for each frame too). Every frame is drawn, even a scene equal to the frame before
// (`redrawsUnchangedScenes`), so the figure measures drawing. Each run must pass; transcripts must be identical.

import Foundation
import GameCore
import PlatformEGL
import Replay
import Runtime
import Saves
import ShooterPlatform

enum SessionReplay {
    /// One replay of the session: wall milliseconds, the display (nil without), the transcript.
    struct Run {
        let wallMs: Double
        let display: TimedDisplay?
        let transcript: String
    }

    /// Writes the session's script into `folder` and replays it without display, then with every frame finished,
    /// then (when `unfinished`) as `interlude replay` does.
    static func measure(minutes: Int, width: Int, height: Int, unfinished: Bool, levels: [Level], folder: String)
        throws -> (
            figures: [Figure], extra: [String: Any]
        )
    {
        let size = "\(width)x\(height)"
        let text = ScriptWriter.render(ScenarioScripts.session(minutes: minutes))
        let file = "\(folder)/session-\(minutes)min.script"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
            throw BenchmarkError("could not write \(file)")
        }
        let script = try ScriptParser.parse(text, file: file)
        let virtualSeconds = Double(script.lines.compactMap(\.command.time).max() ?? 0) / 1e9
        print("\nsession: \(file), \(script.lines.count) lines, \(virtualSeconds) s of virtual time, \(size)")
        let bare = try replay(script, levels: levels, display: nil)
        let finished = try replay(script, levels: levels, display: try display(width, height, finishing: true))
        let presented =
            unfinished ? try replay(script, levels: levels, display: try display(width, height, finishing: false)) : nil
        guard bare.transcript == finished.transcript, presented.map({ $0.transcript == bare.transcript }) ?? true else {
            throw BenchmarkError("the session's transcripts differ between runs: the replay is not deterministic")
        }
        let frames = finished.display!.frames
        let perFrame = finished.wallMs / Double(frames)
        let draw = milliseconds(finished.display!.presenting) / Double(frames)
        let finish = milliseconds(finished.display!.finishing) / Double(frames)
        let rest = perFrame - draw - finish
        let ratio = virtualSeconds * 1000 / finished.wallMs
        var figures = [
            Figure(
                name: "\(minutes)-minute session at \(size), every frame finished: virtual / wall", value: ratio,
                unit: "x",
                goal: 20, better: .higher,
                note: "\(frames) frames presented (each followed by glFinish), wall \(Int(finished.wallMs)) ms"),
            Figure(name: "session wall time, every frame finished", value: finished.wallMs / 1000, unit: "s"),
            Figure(name: "session frames presented", value: Double(frames), unit: "frames"),
            Figure(name: "session ms per frame (all in)", value: perFrame, unit: "ms"),
            Figure(name: "  of which present (draw calls, uploads)", value: draw, unit: "ms"),
            Figure(name: "  of which glFinish (rasterising)", value: finish, unit: "ms"),
            Figure(name: "  of which simulation, scene, runtime", value: rest, unit: "ms"),
            Figure(
                name: "session without display: virtual / wall", value: virtualSeconds * 1000 / bare.wallMs, unit: "x"),
        ]
        if let presented {
            figures.append(
                Figure(
                    name: "session as interlude replay (no glFinish per frame): virtual / wall",
                    value: virtualSeconds * 1000 / presented.wallMs, unit: "x",
                    note: "llvmpipe keeps unflushed frames' data until the next glFinish: see the README"))
        }
        let extra: [String: Any] = [
            "script": file, "virtualSeconds": virtualSeconds, "frames": frames, "wallMsFinished": finished.wallMs,
            "wallMsPresented": presented?.wallMs ?? NSNull(), "wallMsNoDisplay": bare.wallMs, "size": size,
            "transcriptLines":
                finished.transcript.split(separator: "\n").count, "transcriptsIdentical": true,
        ]
        return (figures, extra)
    }

    private static func display(_ width: Int, _ height: Int, finishing: Bool) throws -> TimedDisplay {
        let display = try OffscreenDisplay(width: width, height: height)
        display.redrawsUnchangedScenes = true  // time every frame's drawing, as before unchanged frames were skipped
        return TimedDisplay(display, finishEveryFrame: finishing)
    }

    /// Replays `script` (timed: the run and its transcript; the display is made before).
    private static func replay(_ script: Script, levels: [Level], display: TimedDisplay?) throws -> Run {
        let clock = ContinuousClock()
        let start = clock.now
        let result = ScriptRunner.run(
            script, display: display, snapshots: InMemorySnapshotStore(), presentEvery: 1,
            game: { Game(seed: $0, levels: levels) })
        display?.inner.renderer.finish()
        let transcript = result.transcript
        let wall = milliseconds(start.duration(to: clock.now))
        guard result.ok else {
            throw BenchmarkError("the session failed: \(result.failures.prefix(3).joined(separator: "; "))")
        }
        let label =
            display.map {
                "\($0.inner.width)x\($0.inner.height)" + ($0.finishEveryFrame ? ", glFinish every frame" : "")
            } ?? "no display"
        print("  \(label): \(Int(wall)) ms wall, \(display?.frames ?? 0) frames, RSS now \(residentBytes() >> 20) MiB")
        return Run(wallMs: wall, display: display, transcript: transcript)
    }
}

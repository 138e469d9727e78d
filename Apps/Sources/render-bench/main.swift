// render-bench: the engine's frame time offscreen (EGL, llvmpipe). Two kinds of run:
//   fixed (default): one fixed frame, the hangar (or --level FILE) with one sprite of every kind, the weapon firing,
//     the status bar, the crosshair and two HUD lines; each frame is `OffscreenDisplay.present` then `glFinish`.
//   --session N: level N of Assets/Levels played live through the Runtime (BenchSession): each frame is one fixed
//     step (input, timers, simulation, enemies, invariants) and its present, then `glFinish`.
// With --dump it also writes the frames' geometry and textures for Benchmarks/render-compare/replay-frame.c, which
// draws the same frames in C, and it prints the last frame's hash so the two can be checked to draw the same
// pixels. Command: see Benchmarks/README.md (`make bench-render`, `make bench`).

import Foundation
import GLHost
import GameCore
import PlatformEGL
import Renderer
import Runtime
import ShooterPlatform

let flags = ["--width", "--height", "--frames", "--warmup", "--dump", "--level", "--session"]
var options = ["--width": "640", "--height": "360", "--frames": "300", "--warmup": "30"]
var arguments = Array(CommandLine.arguments.dropFirst())
while let option = arguments.first {
    guard arguments.count >= 2, flags.contains(option) else {
        FileHandle.standardError.write(
            Data(
                ("usage: render-bench [--width W] [--height H] [--frames N] [--warmup N] [--level FILE | --session N]"
                    + " [--dump FILE]\n").utf8))
        exit(2)
    }
    options[option] = arguments[1]
    arguments.removeFirst(2)
}
guard let width = Int(options["--width"]!), let height = Int(options["--height"]!),
    let frames = Int(options["--frames"]!), let warmup = Int(options["--warmup"]!), width > 0, height > 0, frames > 0,
    warmup >= 0
else {
    FileHandle.standardError.write(Data("render-bench: sizes and counts must be positive integers\n".utf8))
    exit(2)
}

/// Times `frames` frames after `warmup`: `draw(i)` draws frame i (0-based, warm-up included), then `glFinish`.
func timeFrames(_ display: OffscreenDisplay<ShooterRenderer>, _ draw: (Int) -> Void) -> [Double] {
    for index in 0..<warmup {
        draw(index)
        display.renderer.finish()
    }
    var times: [Double] = []
    times.reserveCapacity(frames)
    let clock = ContinuousClock()
    for index in warmup..<(warmup + frames) {
        let start = clock.now
        draw(index)
        display.renderer.finish()
        let elapsed = start.duration(to: clock.now).components
        times.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
    }
    return times
}

do {
    let assets = try AssetDirectory.locate()
    let display = try OffscreenDisplay(width: width, height: height, outputDirectory: nil, assets: assets)
    display.redrawsUnchangedScenes = true  // benchmarks time every frame
    let times: [Double]
    var recorded: [FrameGeometry] = []
    var what = "fixed frame"
    if let text = options["--session"] {
        let levels = try LevelFiles.load(from: assets)
        guard let number = Int(text), (1...levels.count).contains(number) else {
            throw BenchError.badOption("--session takes a level number within 1...\(levels.count)")
        }
        what = "session \(levels[number - 1].name), simulation running"
        if options["--dump"] != nil {
            let recorder = FrameRecorder(width: width, height: height)
            let runtime = BenchSession.start(levels: levels, level: number, display: recorder)
            for index in 0..<(warmup + frames) { BenchSession.step(runtime, frame: index) }
            guard recorder.frames.count == warmup + frames else {
                throw BenchError.badOption(
                    "the session presented \(recorder.frames.count) frames in \(warmup + frames) steps")
            }
            recorded = recorder.frames
        }
        let runtime = BenchSession.start(levels: levels, level: number, display: display)
        times = timeFrames(display) { BenchSession.step(runtime, frame: $0) }
        guard runtime.violations.isEmpty, runtime.game.state.isRunning else {
            throw BenchError.badOption("the session did not stay in play: \(runtime.violations)")
        }
    } else {
        var level = Level.hangar
        if let path = options["--level"] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            do {
                level = try Level.parse(name: name, text)
            } catch {
                throw BenchError.badOption("\(path):\(error)")
            }
        }
        let scene = BenchScene.make(level: level)
        times = timeFrames(display) { _ in display.present(scene) }
        recorded = [Renderer.frameGeometry(scene, width: width, height: height)]
    }
    let hash = FrameHash.fnv1a64(display.readPixels())
    let statistics = display.renderer.statistics
    print(BenchReport.line("swift", width: width, height: height, times: times, drawCalls: statistics.drawCalls))
    print("swift frame hash \(hash)  (renderer: \(display.renderer.rendererName); \(what))")
    if let path = options["--dump"] {
        var images: [String: TextureImage] = [:]
        for image in try TextureImage.load(from: assets) { images[image.name] = image }
        images["<font>"] = try Renderer.fontAtlasImage(fontText: assets.text("Fonts/interlude-8x8.font"))
        images["<white>"] = TextureImage(name: "<white>", width: 1, height: 1, rgba: [255, 255, 255, 255])
        let bytes = try FrameDump.encode(
            recorded, width: width, height: height, warmup: warmup, timed: frames, images: images)
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(path): \(bytes.count) bytes, \(recorded.count) frames")
    }
} catch {
    FileHandle.standardError.write(Data("render-bench: \(error)\n".utf8))
    exit(1)
}

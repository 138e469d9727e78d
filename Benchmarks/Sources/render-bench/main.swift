// render-bench: the engine's frame time offscreen (EGL, llvmpipe), for one fixed game frame: the hangar (or a
// level file) with one sprite of every kind, the weapon firing, the status bar, the crosshair and two HUD
// lines. Each frame is `OffscreenDisplay.present` (building the sprite and 2D batches, uploading them, drawing)
// then `glFinish`. With --dump it also writes the frame's geometry and textures for
// Benchmarks/render-compare/replay-frame.c, which draws the same frame in C, and prints the last frame's hash
// so the two can be checked to draw the same pixels. Command: see Benchmarks/README.md.

import Foundation
import GameCore
import PlatformEGL
import Renderer
import Services

var options = ["--width": "640", "--height": "360", "--frames": "300", "--warmup": "30"]
var arguments = Array(CommandLine.arguments.dropFirst())
while let option = arguments.first {
    guard arguments.count >= 2, ["--width", "--height", "--frames", "--warmup", "--dump", "--level"].contains(option)
    else {
        FileHandle.standardError.write(
            Data(
                ("usage: render-bench [--width W] [--height H] [--frames N] [--warmup N] [--level FILE]"
                    + " [--dump FILE]\n").utf8))
        exit(2)
    }
    options[option] = arguments[1]
    arguments.removeFirst(2)
}
guard let width = Int(options["--width"]!), let height = Int(options["--height"]!),
    let frames = Int(options["--frames"]!), let warmup = Int(options["--warmup"]!), width > 0, height > 0, frames > 0
else {
    FileHandle.standardError.write(Data("render-bench: sizes and counts must be positive integers\n".utf8))
    exit(2)
}

do {
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
    let assets = try AssetDirectory.locate()
    let display = try OffscreenDisplay(width: width, height: height, outputDirectory: nil, assets: assets)
    for _ in 0..<warmup {
        display.present(scene)
        display.renderer.finish()
    }
    var times: [Double] = []
    times.reserveCapacity(frames)
    let clock = ContinuousClock()
    for _ in 0..<frames {
        let start = clock.now
        display.present(scene)
        display.renderer.finish()
        let elapsed = start.duration(to: clock.now).components
        times.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
    }
    let hash = FrameHash.fnv1a64(display.readPixels())
    let statistics = display.renderer.statistics
    print(BenchReport.line("swift", width: width, height: height, times: times, drawCalls: statistics.drawCalls))
    print("swift frame hash \(hash)  (renderer: \(display.renderer.rendererName))")
    if let path = options["--dump"] {
        var images: [String: TextureImage] = [:]
        for image in try TextureImage.load(from: assets) { images[image.name] = image }
        images["<font>"] = try Renderer.fontAtlasImage(fontText: assets.text("Fonts/interlude-8x8.font"))
        images["<white>"] = TextureImage(name: "<white>", width: 1, height: 1, rgba: [255, 255, 255, 255])
        let geometry = Renderer.frameGeometry(scene, width: width, height: height)
        let bytes = try FrameDump.encode(geometry, width: width, height: height, images: images)
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(path): \(bytes.count) bytes, \(geometry.drawCalls) draw calls")
    }
} catch {
    FileHandle.standardError.write(Data("render-bench: \(error)\n".utf8))
    exit(1)
}

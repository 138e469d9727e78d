// Support: offscreen displays, scripts and pixel arithmetic shared by the renderer tests. Every GL test makes its own
// OffscreenDisplay (an EGL context current on the test's thread) and never awaits; the GL tests are one serialized
// suite, `GLTests`, so that no two contexts render at once on the shared cores.

import Breakout
import BreakoutRenderer
import Foundation
import GLHost
import PlatformEGL
import Replay
import Runtime
import Testing

/// The GL tests (offscreen through EGL, llvmpipe), one at a time; their cases are in the GL*Tests.swift files.
@Suite(.serialized) struct GLTests {}

/// What an in-memory image writer received: the last image per file name.
final class WrittenImages {
    var images: [String: (pixels: [UInt8], width: Int, height: Int)] = [:]

    /// An image writer that keeps the pixels here instead of writing a file.
    var writer: ImageWriter {
        { pixels, width, height, path in
            self.images[URL(fileURLWithPath: path).lastPathComponent] = (pixels, width, height)
        }
    }
}

/// An offscreen breakout display (640 x 360 unless told), its captures kept in `images` when given.
func makeDisplay(width: Int = 640, height: Int = 360, images: WrittenImages? = nil) throws -> OffscreenDisplay<
    BreakoutRenderer
> {
    try OffscreenDisplay(
        width: width, height: height,
        outputDirectory: images == nil ? nil : FileManager.default.temporaryDirectory.path,
        imageWriter: images?.writer
    ) { try BreakoutRenderer() }
}

/// Examples/Breakout, found from this file's place.
let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The names of the bundled scripts (`Scripts/NAME.script`), sorted.
func scriptNames() -> [String] {
    let folder = packageFolder.appendingPathComponent("Scripts").path
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return files.filter { $0.hasSuffix(".script") }.map { String($0.dropLast(".script".count)) }.sorted()
}

/// `Scripts/NAME.script`, parsed.
func loadScript(named name: String) throws -> Script {
    let path = packageFolder.appendingPathComponent("Scripts/\(name).script").path
    return try ScriptParser.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
}

/// Replays `script` on breakout, drawing every frame on `display`.
func replay(_ script: Script, on display: OffscreenDisplay<BreakoutRenderer>) -> ReplayResult {
    ScriptRunner.run(script, display: display, game: { Breakout(seed: $0) })
}

/// A scene from a fresh game: the menu, or level `level` just started (ball on the paddle), or after `steps` steps
/// of play with the ball launched.
func scene(level: Int? = nil, launchedFor steps: Int = 0, status: [String] = ["state active  profile ios5"])
    -> BreakoutScene
{
    var game = Breakout(seed: 5)
    let context = ActionContext(run: 1)
    if let level {
        _ = game.perform(.start(level: level), context: context)
        if steps > 0 {
            _ = game.perform(.serve, context: context)
            for _ in 0..<steps { game.step() }
        }
    }
    return game.scene(status: status, leaderboard: [])
}

/// The RGBA pixel at (`x`, `y`) of a `width`-wide image, top row first.
func pixel(_ pixels: [UInt8], width: Int, _ x: Int, _ y: Int) -> [UInt8] {
    let start = (y * width + x) * 4
    return Array(pixels[start..<start + 4])
}

/// A colour as the framebuffer stores it (each channel rounded to 8 bits, opaque).
func stored(_ color: Color) -> [UInt8] {
    [color.red, color.green, color.blue].map { UInt8(($0 * 255).rounded()) } + [255]
}

/// True when `a` and `b` differ by at most `tolerance` in every channel.
func close(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

/// The number of different colours in an RGBA image.
func colorCount(_ pixels: [UInt8]) -> Int {
    var colors = Set<UInt32>()
    var index = 0
    while index + 3 < pixels.count {
        colors.insert(
            UInt32(pixels[index]) << 24 | UInt32(pixels[index + 1]) << 16 | UInt32(pixels[index + 2]) << 8
                | UInt32(pixels[index + 3]))
        index += 4
    }
    return colors.count
}

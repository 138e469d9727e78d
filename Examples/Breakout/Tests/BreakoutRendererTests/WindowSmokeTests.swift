// The `breakout` executable in a real window: it opens, plays a demo for 120 loop iterations, writes its last frame
// as a PNG and exits cleanly. Needs an X display (run the tests under `xvfb-run -a`, or
// ../../Tests/PlatformGLFWTests/run-under-xvfb.sh, which adds a window manager). Without DISPLAY the test is skipped,
// unless the CI variable is set: CI must run it.

import BreakoutRenderer
import Foundation
import Testing

/// The `breakout` binary built beside this test bundle.
let breakoutBinary: URL = {
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("breakout")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return packageFolder.appendingPathComponent(".build/debug/breakout")
}()

private let environment = ProcessInfo.processInfo.environment
private let canOpenWindows = !environment["DISPLAY", default: ""].isEmpty || environment["CI"] != nil

extension GLTests {
    @Test(.enabled(if: canOpenWindows, "needs DISPLAY (xvfb-run -a swift test); always runs when CI is set"))
    func theWindowPlaysAndWritesAScreenshot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("window.png").path
        let process = Process()
        process.executableURL = breakoutBinary
        process.arguments = [
            "--demo", "--frames", "120", "--width", "480", "--height", "270", "--screenshot", path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(printed)")
        #expect(printed.contains("Ctrl+S") && printed.contains("smsArrived"), "the key help: \(printed)")
        #expect(printed.contains("screenshot: \(path)"), "\(printed)")
        #expect(printed.contains("final state"), "\(printed)")
        let file = try #require(FileManager.default.contents(atPath: path), "no screenshot: \(printed)")
        let image = try #require(decodeStoredPNG(Array(file)))
        // A window manager may shrink the window to fit its screen; without one it has the size asked for.
        #expect(image.width > 200 && image.width <= 480 && image.height > 100 && image.height <= 270)
        #expect(colorCount(image.pixels) > 20)
    }
}

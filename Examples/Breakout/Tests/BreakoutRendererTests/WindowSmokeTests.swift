// `breakout play --demo` in a real window: it opens, plays the demo for 120 loop iterations, writes its last frame
// as a PNG (Storage), keeps its save on disk after an SMS alert (iOS 4) and exits cleanly. Needs an X display (run the tests under `xvfb-run -a`, or
// ../../Tests/PlatformGLFWTests/run-under-xvfb.sh, which adds a window manager). Without DISPLAY the test is skipped,
// unless the CI variable is set: CI must run it.

import BreakoutRenderer
import Foundation
import Storage
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
            "play", "--demo", "--frames", "120", "--width", "480", "--height", "270", "--screenshot", path,
            "--data-dir", folder.appendingPathComponent("saves").path, "--profile", "ios4", "--interrupt",
            "60:smsArrived",
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
        let image = try PNGFile.read(path)
        // A window manager may shrink the window to fit its screen; without one it has the size asked for.
        #expect(image.width > 200 && image.width <= 480 && image.height > 100 && image.height <= 270)
        #expect(colorCount(image.rgba) > 20)
        // The SMS alert (iOS 4: modal) paused the demo's session and saved it, on disk through Storage's store.
        let saves = try FileSnapshotStore(folder: folder.appendingPathComponent("saves").path)
        #expect(try saves.load() != nil, "no save in --data-dir: \(printed)")
    }
}

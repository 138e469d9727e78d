// `interlude play` cut short, under Xvfb: the recording is on disk line by line while the window runs, and a session
// ended by SIGTERM, SIGINT or an X error (the window destroyed through the X server, BadDrawable) walks the app out,
// keeps its snapshot and leaves a script that replays, ending with its last event.

import Foundation
import InterludeTesting
import TestSupport
import XCTest

final class PlayAbruptEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty else { return }
        let message = "needs DISPLAY (Tests/PlatformGLFWTests/run-under-xvfb.sh swift test)"
        if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(message) }
        throw XCTSkip(message)
    }

    /// Runs `/usr/bin/xdotool arguments`; its output.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try Program.run(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments, deadline: 30).outputText
    }

    /// Starts `interlude play` (iOS 4, 320 x 180) with `arguments`; waits for its window; returns it and its id.
    func play(_ arguments: [String], folder: URL) throws -> (process: Process, window: String, errors: URL) {
        let process = Process()
        process.executableURL = Interlude.binary
        process.arguments = ["play", "--profile", "ios4", "--width", "320", "--height", "180"] + arguments
        process.currentDirectoryURL = Interlude.root
        let errors = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var window = ""
        let deadline = Date().addingTimeInterval(20)
        while window.isEmpty, Date() < deadline, process.isRunning {
            window =
                try xdotool(["search", "--pid", "\(process.processIdentifier)", "--name", "Interlude"])
                .split(separator: "\n").first.map(String.init) ?? ""
            if window.isEmpty { Thread.sleep(forTimeInterval: 0.2) }
        }
        XCTAssertFalse(window.isEmpty, "the window appeared")
        Thread.sleep(forTimeInterval: 1)
        return (process, window, errors)
    }

    /// Waits up to `seconds` for `process` to end; false if it did not.
    func wait(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !process.isRunning
    }

    /// Waits up to `seconds` for the file at `path` to contain `text`.
    func waitForText(_ text: String, in path: String, seconds: Double = 10) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var contents = ""
        repeat {
            contents = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if contents.contains(text) { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return contents
    }

    /// A session with an SMS (Ctrl+S) and its Close, ended by `end`: the recording holds both events before the end,
    /// the process ends by itself, the script replays and closes with the app walked out. `keys`: more phone events
    /// (Ctrl + letter, the event recorded) pressed after those, so that the end comes with an OS screen up.
    func checkRecording(
        endedBy end: (Process, String) throws -> Void, name: String, keys: [(key: String, event: String)] = [],
        walkedOutBy closings: [[String]] = [["homePressed", "terminatedByOS"]]
    ) throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("\(name).script").path
        let (process, window, errors) = try play(["--record", script], folder: folder)
        defer { if process.isRunning { process.terminate() } }
        try xdotool(["key", "--window", window, "ctrl+s"])
        // Written as it happens: the line is on disk while the window still runs.
        XCTAssertTrue(waitForText("smsArrived", in: script).contains("smsArrived"), "recorded while running")
        XCTAssertTrue(process.isRunning)
        try xdotool(["key", "--window", window, "ctrl+x"])
        _ = waitForText("smsDismissed", in: script)
        for (key, event) in keys {
            try xdotool(["key", "--window", window, key])
            XCTAssertTrue(waitForText(event, in: script).contains(event), "\(name): \(event) recorded while running")
        }
        try end(process, window)
        XCTAssertTrue(wait(process, seconds: 10), "\(name): the process ended by itself")
        XCTAssertEqual(process.terminationStatus, 0, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let events = text.split(separator: "\n").filter { $0.hasPrefix("at ") }.map {
            String($0.split(separator: " ").last!)
        }
        let pressed = ["launched", "smsArrived", "smsDismissed"] + keys.map(\.event)
        XCTAssertEqual(Array(events.prefix(pressed.count)), pressed, "\(name): every event up to the end: \(text)")
        let walkedOut = Array(events.dropFirst(pressed.count))
        XCTAssertTrue(closings.contains(walkedOut), "\(name): then the app walked out, nothing else: \(text)")
        let replay = try Interlude.run(["replay", "--no-render", "--out", folder.path + "/out", script])
        XCTAssertEqual(replay.status, 0, replay.output + replay.errors)
    }

    /// `play --game`: a C game that draws plays in the window (the engine's play), with the phone over it: an SMS
    /// alert on iOS 4 pauses it, its save is on disk, and the screenshot is the window's.
    func testAGameLibraryPlaysInTheWindow() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("window.png").path
        let result = try Interlude.run(
            [
                "play", "--game", try CounterLibrary.build("DRAWS"), "--profile", "ios4", "--width", "320",
                "--height", "180", "--do", "start", "--frames", "40", "--interrupt", "20:smsArrived", "--screenshot",
                shot, "--data-dir", folder.appendingPathComponent("data").path,
            ], environment: [:], deadline: 120)
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertTrue(result.output.contains("under Interlude (ios4). Keys:"), result.output)
        XCTAssertTrue(result.output.contains("Ctrl+S"), "the phone's keys are listed: \(result.output)")
        XCTAssertTrue(result.output.contains("screenshot: \(shot)"), result.output)
        XCTAssertTrue(result.output.contains("final state inactive(alert)"), result.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot))
        let saves = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data").path)
        XCTAssertTrue(saves.contains("snapshot.txt"), "the alert's save is on disk: \(saves)")
    }

    func testSIGTERMEndsTheSessionWithTheRecordingComplete() throws {
        try checkRecording(endedBy: { process, _ in process.terminate() }, name: "sigterm")
    }

    func testSIGINTEndsTheSessionWithTheRecordingComplete() throws {
        try checkRecording(endedBy: { process, _ in kill(process.processIdentifier, SIGINT) }, name: "sigint")
    }

    func testTheWindowDestroyedThroughTheXServerEndsTheSessionInOrder() throws {
        // The window manager may see the window lose its focus and get it back as it goes (one time in three here):
        // the app switcher opened and dismissed at the same instant, then the walk out.
        try checkRecording(
            endedBy: { _, window in try self.xdotool(["windowclose", window]) }, name: "x-error",
            walkedOutBy: [
                ["homePressed", "terminatedByOS"],
                ["homeDoubleTapped", "switcherDismissed", "homePressed", "terminatedByOS"],
            ])
    }

    func testSIGTERMWithTheAlertUpEndsTheSessionWithTheRecordingComplete() throws {
        // The OS's alert is up (inactive): the walk out dismisses nothing, it presses Home and ends the app.
        try checkRecording(
            endedBy: { process, _ in process.terminate() }, name: "sigterm-alert", keys: [("ctrl+s", "smsArrived")])
    }

    func testSIGINTOnTheHomeScreenEndsTheSessionWithTheRecordingComplete() throws {
        // The app is in the background (the OS ends it) or already suspended (the OS purges it): no GL, no Home.
        try checkRecording(
            endedBy: { process, _ in kill(process.processIdentifier, SIGINT) }, name: "sigint-home",
            keys: [("ctrl+h", "homePressed")], walkedOutBy: [["terminatedByOS"], ["purgedByOS"]])
    }

    func testTheSnapshotSurvivesAnXErrorAndLoadsAtTheNextLaunch() throws {
        try checkSnapshot(endedBy: { _, window in try self.xdotool(["windowclose", window]) }, name: "x-error")
    }

    func testTheSnapshotSurvivesSIGTERMAndLoadsAtTheNextLaunch() throws {
        try checkSnapshot(endedBy: { process, _ in process.terminate() }, name: "sigterm")
    }

    func testTheSnapshotSurvivesSIGINTAndLoadsAtTheNextLaunch() throws {
        try checkSnapshot(endedBy: { process, _ in kill(process.processIdentifier, SIGINT) }, name: "sigint")
    }

    /// A single-player game ended by `end`: the process ends by itself, the snapshot on disk is whole (its end line
    /// and checksum) and holds the game in progress, and the next launch loads it without falling back.
    func checkSnapshot(endedBy end: (Process, String) throws -> Void, name: String) throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data").path
        let (process, window, errors) = try play(["--data-dir", data], folder: folder)
        defer { if process.isRunning { process.terminate() } }
        try xdotool(["key", "--window", window, "1"])  // a single-player game
        Thread.sleep(forTimeInterval: 1)
        try end(process, window)
        XCTAssertTrue(wait(process, seconds: 10), "\(name): the process ended by itself")
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, said)
        let files = try FileManager.default.contentsOfDirectory(atPath: data)
        XCTAssertTrue(files.contains("snapshot.txt"), "\(name): \(files)")
        let snapshot = (try? String(contentsOfFile: data + "/snapshot.txt", encoding: .utf8)) ?? ""
        let lines = snapshot.split(separator: "\n")
        XCTAssertEqual(lines.first, "interlude-save 1", name)
        XCTAssertEqual(lines.last, "end", "\(name): the snapshot is whole")
        XCTAssertTrue(lines.contains { $0.hasPrefix("checksum=") }, name)
        XCTAssertTrue(lines.contains("inSession=1"), "\(name): the game in progress was saved: \(snapshot)")
        // The next launch restores it: no fallback, no damage reported.
        let again = try Interlude.run([
            "play", "--data-dir", data, "--width", "320", "--height", "180", "--frames", "20",
        ])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertFalse(again.errors.lowercased().contains("damaged"), again.errors)
        XCTAssertFalse(again.errors.lowercased().contains("fall"), again.errors)
    }
}

import Foundation
import InterludeTesting
import XCTest

/// Issue 30, end to end: the scripts `interlude simulate --shrink` made of the seeded bugs behind a switch
/// (Tests/Fixtures/simulate/bug-*.script, at most 10 timed lines each) make `interlude replay` fail with the invariant
/// each names, as a user would replay them; the same script with its `fault bug.*` lines taken out passes, so the
/// runtime itself keeps the invariant (a regression test of both the detector and the code). The fifth, an fsync
/// skipped, is a double of the file system in the engine's tests (Tests/SimulationTests/BrokenFileSystemTests.swift),
/// which no command can load.
final class ShrunkScriptTests: XCTestCase {
    static let cases: [(bug: String, invariant: Int, render: Bool)] = [
        ("scoreCountedTwice", 11, false), ("timerFullTime", 10, false), ("quickSaveSkipped", 5, false),
        ("drawAfterForbidGL", 1, true),  // a frame drawn needs a display
    ]

    func testEachShrunkBugFailsAsItSaysAndPassesWithoutItsBug() throws {
        for (bug, invariant, render) in Self.cases {
            let path = "Tests/Fixtures/simulate/bug-\(bug).script"
            let text = try String(contentsOf: Interlude.root.appendingPathComponent(path), encoding: .utf8)
            let timed = text.split(separator: "\n").filter { $0.hasPrefix("at ") }
            XCTAssertLessThanOrEqual(timed.count, 10, path)
            XCTAssertTrue(text.contains("fault bug.\(bug)"), path)

            let failing = try replay(path, render: render)
            XCTAssertEqual(failing.status, 1, "\(path): \(failing.output)")
            XCTAssertTrue(
                failing.transcript.contains("\"type\":\"violation\",\"invariant\":\(invariant),"),
                "\(path): \(failing.transcript.suffix(600))")

            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let fixed = folder.appendingPathComponent("bug-\(bug).script")
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("fault bug.\(bug)") }
            try Data(kept.joined(separator: "\n").utf8).write(to: fixed)
            let passing = try replay(fixed.path, render: render)
            XCTAssertEqual(passing.status, 0, "\(path) without its bug: \(passing.output)")
            XCTAssertFalse(passing.transcript.contains("\"type\":\"violation\""), path)
        }
    }

    /// Replays `path` (a process of its own, as a user would) and reads its transcript.
    private func replay(_ path: String, render: Bool) throws -> (status: Int32, output: String, transcript: String) {
        let out = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Interlude.run(
            ["replay"] + (render ? [] : ["--no-render"]) + ["--jobs", "1", "--out", out.path, path])
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let transcript =
            (try? String(
                contentsOf: out.appendingPathComponent("\(name).transcript.jsonl"), encoding: .utf8)) ?? ""
        return (result.status, result.output + result.errors, transcript)
    }
}

// The crash guard through the real command (issue 12): a replay process that traps right after restoring a saved
// game leaves the guard's mark with `crashed`; the next launch on the same data folder sets the saves aside (kept),
// starts a new game and says so, instead of crashing again.

import Foundation
import InterludeTesting
import XCTest

final class CrashGuardCommandTests: XCTestCase {
    static let script = """
        interlude-script 1
        at 0s launched
        at 0.5s play singlePlayer level=1
        at +1s input forward 500ms
        at +1s homePressed
        at +1s purgedByOS
        at +1s iconTapped
        expect paused
        at +0.5s resume
        at +1s homePressed
        """

    func testATrapJustAfterARestoreIsNotRepeatedAtTheNextLaunch() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("relaunch.script")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("data").path
        let out = folder.appendingPathComponent("out").path
        let arguments = ["replay", "--no-render", "--data-dir", data, "--out", out, script.path]

        let crashed = try Interlude.runDoubles(arguments, hooks: ["CRASH_AFTER_RESTORE": "relaunch"])
        XCTAssertEqual(crashed.status, 1, crashed.output + crashed.errors)
        XCTAssertTrue(crashed.output.contains("CRASH  relaunch"), crashed.output)
        XCTAssertTrue(crashed.output.contains("SIGILL"), crashed.output)
        let saves = data + "/relaunch"
        let mark = try String(contentsOfFile: saves + "/restoring.txt", encoding: .utf8)
        XCTAssertEqual(mark, "interlude-restore-mark 1\ngeneration=2\ncrashed signal=4\n")
        // The generations on disk: the background writer may let the full save supersede the quick one, so there
        // may be one or two.
        let names = ["snapshot.txt", "snapshot.previous.txt"].filter {
            FileManager.default.fileExists(atPath: saves + "/" + $0)
        }
        XCTAssertEqual(names.first, "snapshot.txt")
        let before = try names.map { try Data(contentsOf: URL(fileURLWithPath: saves + "/" + $0)) }

        let next = try Interlude.run(arguments)
        XCTAssertEqual(next.status, 0, next.output + next.errors)
        let transcript = try String(contentsOfFile: out + "/relaunch.transcript.jsonl", encoding: .utf8)
        let load = transcript.split(separator: "\n").first { $0.contains(#""loadSnapshot""#) } ?? ""
        XCTAssertTrue(load.contains("the app crashed (signal=4)"), String(load))
        XCTAssertTrue(load.contains("starting fresh"), String(load))
        XCTAssertTrue(
            next.errors.contains("crashed just after restoring") || next.errors.contains("crashed"), next.errors)
        // Every save is kept aside byte for byte; nothing was deleted.
        let kept = try (1...before.count).map {
            try Data(contentsOf: URL(fileURLWithPath: saves + "/snapshot.damaged-\($0).txt"))
        }
        XCTAssertEqual(kept, before)
    }
}

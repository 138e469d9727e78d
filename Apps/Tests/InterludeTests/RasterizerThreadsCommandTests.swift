// RasterizerThreadsCommandTests: issue 11's llvmpipe race needs rasteriser threads, so `interlude replay` either
// gives a script none or, when it gave some (fewer jobs than cores), replays a script that hung with them once more
// without them. The test doubles' INTERLUDE_TEST_RACE=NAME hangs a script at frame 30 as the race would: only while its process has
// rasteriser threads (LP_NUM_THREADS not 0).

import Foundation
import InterludeTesting
import TestSupport
import XCTest

final class RasterizerThreadsCommandTests: XCTestCase {
    private let scripts = Interlude.root.appendingPathComponent("Assets/Interruptions").path
    private let cores = ProcessInfo.processInfo.activeProcessorCount

    /// `--jobs 1` on two or more cores gives the child a core's share of rasteriser threads: a hang with them is
    /// killed, said, and replayed again without them, where it passes with the golden transcript's bytes. A script
    /// that was replayed once has no `firstReplay` (ReplayIsolationTests' other runs).
    func testAHangWithRasterizerThreadsIsReplayedAgainWithoutThem() throws {
        try XCTSkipIf(cores < 2, "on one core a single job already gets no rasteriser threads")
        let out = try TemporaryFolder().url
        // The deadline leaves the second replay time to finish on a busy machine (a debug build).
        let result = try Interlude.runDoubles(
            [
                "replay", "--out", out.path, "--jobs", "1", "--timeout", "20", "\(scripts)/sms-ios4-opened.script",
            ], hooks: ["RACE": "sms-ios4-opened"], environment: ["LP_NUM_THREADS": nil])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        // The place: the frame, what it was doing, and the script's line being replayed.
        let place = "hung in frame 30 during draw (present) at \(scripts)/sms-ios4-opened.script:"
        let first =
            " with \(cores) llvmpipe rasteriser threads; killed by the watchdog "
            + "after 20 s (--timeout to change it); replayed again without rasteriser threads (LP_NUM_THREADS=0)"
        XCTAssertTrue(result.output.contains("RETRY  sms-ios4-opened  "), result.output)
        XCTAssertTrue(result.output.contains(place), result.output)
        XCTAssertTrue(result.output.contains(first), result.output)
        XCTAssertTrue(result.output.contains("PASS  sms-ios4-opened"), result.output)
        XCTAssertTrue(result.output.contains("    first replay: "), result.output)
        XCTAssertTrue(
            result.output.contains("1 passed, 0 failed (1 replayed again without rasteriser threads after a hang)"),
            result.output)
        let entry = try indexEntries(out)["sms-ios4-opened"]
        XCTAssertEqual(entry?["verdict"] as? String, "pass")
        XCTAssertTrue((entry?["firstReplay"] as? String ?? "").hasSuffix(first), "\(String(describing: entry))")
        let markdown = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("## Replayed again without rasteriser threads"), markdown)
        // The second replay's transcript, with its captured frame's hash, is the golden one.
        let golden = Interlude.root.appendingPathComponent(
            "Tests/Fixtures/golden/rendered/sms-ios4-opened.transcript.jsonl")
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("sms-ios4-opened.transcript.jsonl")),
            try Data(contentsOf: golden), "the second replay's transcript is the golden one")
    }

    /// A user's LP_NUM_THREADS is theirs: a hang with it is reported (the watchdog bounds it), not replayed again.
    func testTheUsersRasterizerThreadsAreKeptAndAHangWithThemIsReported() throws {
        let out = try TemporaryFolder().url
        let result = try Interlude.runDoubles(
            [
                "replay", "--out", out.path, "--jobs", "1", "--timeout", "6", "\(scripts)/home-single-player.script",
            ], hooks: ["RACE": "home-single-player"], environment: ["LP_NUM_THREADS": "2"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(
            result.output.contains(
                "HUNG  home-single-player  \(scripts)/home-single-player.script: hung in frame 30 during draw (present) "
                    + "at \(scripts)/home-single-player.script:"),
            result.output)
        XCTAssertTrue(
            result.output.contains(
                "; killed by the watchdog after 6 s (--timeout to change it); transcript so far kept"),
            result.output)
        XCTAssertFalse(result.output.contains("RETRY"), result.output)
        XCTAssertEqual(try indexEntries(out)["home-single-player"]?["verdict"] as? String, "hung")
    }

    /// As many jobs as cores (the default): no rasteriser threads, so the race cannot happen and nothing is retried.
    func testJobsFillingTheCoresGiveNoRasterizerThreads() throws {
        let out = try TemporaryFolder().url
        let result = try Interlude.runDoubles(
            [
                "replay", "--out", out.path, "--timeout", "60", "\(scripts)/home-single-player.script",
                "\(scripts)/purge-relaunch.script",
            ] + (cores > 2 ? ["--jobs", "\(cores)"] : []), hooks: ["RACE": "home-single-player"],
            environment: ["LP_NUM_THREADS": nil])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertTrue(result.output.contains("PASS  home-single-player"), result.output)
        XCTAssertFalse(result.output.contains("RETRY"), result.output)
    }

    /// `--in-process` has no child and no watchdog: the offscreen display asks for no rasteriser threads when the
    /// user has not set LP_NUM_THREADS, so the race cannot happen; a user's count is kept, with a note that nothing
    /// would end a hang (and the simulated race then hangs until this test's deadline kills it).
    func testInProcessReplayHasNoRasterizerThreadsUnlessTheUserAsks() throws {
        let out = try TemporaryFolder().url
        let arguments = ["replay", "--in-process", "--out", out.path, "\(scripts)/home-single-player.script"]
        let unset = try Interlude.runDoubles(
            arguments, hooks: ["RACE": "home-single-player"], environment: ["LP_NUM_THREADS": nil], deadline: 300)
        XCTAssertEqual(unset.status, 0, unset.output + unset.errors)
        XCTAssertTrue(unset.output.contains("PASS  home-single-player"), unset.output)
        XCTAssertFalse(unset.errors.contains("LP_NUM_THREADS"), unset.errors)

        let noted = try Interlude.runDoubles(
            Array(arguments.dropLast()) + ["\(scripts)/purge-relaunch.script"], hooks: ["RACE": "home-single-player"],
            environment: ["LP_NUM_THREADS": "2"])
        XCTAssertEqual(noted.status, 0, noted.output + noted.errors)
        XCTAssertTrue(
            noted.errors.contains(
                "note: LP_NUM_THREADS=2: with llvmpipe's rasteriser threads a frame can hang for ever (issue 11, "
                    + "Docs/Replaying.md), and --in-process has no watchdog"), noted.errors)

        XCTAssertThrowsError(
            try Interlude.runDoubles(
                arguments, hooks: ["RACE": "home-single-player"], environment: ["LP_NUM_THREADS": "2"], deadline: 30)
        ) {
            XCTAssertTrue($0 is ProgramDeadlinePassed, "\($0)")
        }
    }

    private func indexEntries(_ folder: URL) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("index.json"))
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: entries.map { ($0["script"] as! String, $0) })
    }
}

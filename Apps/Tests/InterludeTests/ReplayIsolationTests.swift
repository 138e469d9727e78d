import Foundation
import InterludeTesting
import XCTest

/// `interlude replay` runs each script in a child process under a watchdog: a script that hangs or crashes fails
/// alone, with where it was, its transcript so far kept, and the next script still runs. Shards merge into the index
/// of the whole run.
final class ReplayIsolationTests: XCTestCase {
    private let scripts = Interlude.root.appendingPathComponent("Assets/Interruptions").path

    /// A hang of our own hangs with or without rasteriser threads: under `--jobs 1` on two or more cores it is
    /// replayed again without them (RasterizerThreadsCommandTests), hangs again and stays `hung`.
    func testAHangingScriptIsKilledByTheWatchdogAndTheNextOneRuns() throws {
        let out = try TemporaryFolder().url
        let started = Date()
        // Without LP_NUM_THREADS (a display made in this process sets it): the child's count is the scheduler's.
        let result = try Interlude.runDoubles(
            [
                "replay", "--out", out.path, "--jobs", "1", "--timeout", "6",
                "\(scripts)/home-single-player.script", "\(scripts)/purge-relaunch.script",
            ], hooks: ["HANG": "home-single-player"], environment: ["LP_NUM_THREADS": nil])
        XCTAssertLessThan(Date().timeIntervalSince(started), 90, "the watchdog must end the hung script")
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(result.output.contains("HUNG  home-single-player"), result.output)
        XCTAssertTrue(
            result.output.contains(
                "hung in frame 30 during draw (present) at \(scripts)/home-single-player.script:"), result.output)
        XCTAssertTrue(result.output.contains("; killed by the watchdog after 6 s"), result.output)
        XCTAssertTrue(result.output.contains("PASS  purge-relaunch"), "the next script still runs: \(result.output)")
        XCTAssertTrue(result.output.contains("1 passed, 1 failed"), result.output)
        if ProcessInfo.processInfo.activeProcessorCount >= 2 {
            XCTAssertTrue(result.output.contains("RETRY  home-single-player"), result.output)
            XCTAssertTrue(result.output.contains("    first replay: "), result.output)
            XCTAssertTrue(result.output.contains("(1 replayed again without rasteriser threads after a hang)"))
        }
        let transcript = try String(
            contentsOf: out.appendingPathComponent("home-single-player.transcript.jsonl"), encoding: .utf8)
        XCTAssertTrue(transcript.contains(#""name":"didBecomeActive""#), "the transcript so far is kept: \(transcript)")
        XCTAssertFalse(transcript.contains(#""type":"end""#), "a hung replay has no end line")
        let index = try indexEntries(out)
        XCTAssertEqual(index["home-single-player"]?["verdict"] as? String, "hung")
        XCTAssertEqual(index["purge-relaunch"]?["verdict"] as? String, "pass")
    }

    func testACrashingScriptFailsAloneAndTheNextOneRuns() throws {
        let out = try TemporaryFolder().url
        let result = try Interlude.runDoubles(
            [
                "replay", "--out", out.path, "--jobs", "1", "--no-render", "\(scripts)/sms-ios4-opened.script",
                "\(scripts)/purge-relaunch.script",
            ], hooks: ["CRASH": "sms-ios4-opened"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(result.output.contains("CRASH  sms-ios4-opened"), result.output)
        XCTAssertTrue(result.output.contains("crashed (killed by signal 4 (SIGILL"), result.output)
        XCTAssertTrue(result.output.contains("in frame 30 during simulation"), result.output)
        XCTAssertTrue(result.output.contains("test double: sms-ios4-opened: crashing on purpose"), result.output)
        XCTAssertTrue(result.output.contains("PASS  purge-relaunch"), result.output)
        XCTAssertEqual(try indexEntries(out)["sms-ios4-opened"]?["verdict"] as? String, "crashed")
    }

    /// The whole run's bytes are the committed no-render transcripts (ReplayCommandTests
    /// .testTranscriptsAreTheCommittedOnes replays the whole suite against them): the shards, merged, are those bytes.
    func testShardsMergeIntoTheIndexOfTheWholeRun() throws {
        let golden = Interlude.root.appendingPathComponent("Tests/Fixtures/golden/no-render")
        var parts: [String] = []
        var seen: [String] = []
        for shard in 1...3 {
            let part = try TemporaryFolder().url
            let run = try Interlude.run(["replay", "--no-render", "--shard", "\(shard)/3", "--out", part.path])
            XCTAssertEqual(run.status, 0, run.output + run.errors)
            seen += try indexEntries(part).keys
            parts.append(part.path)
        }
        XCTAssertEqual(seen.sorted(), Interlude.bundledReplayNames.sorted(), "the shards cover the suite once")
        let merged = try TemporaryFolder().url
        let merge = try Interlude.run(["replay", "--merge"] + parts + ["--out", merged.path])
        XCTAssertEqual(merge.status, 0, merge.output + merge.errors)
        XCTAssertTrue(merge.output.contains("merged 3 folders: \(seen.count) passed, 0 failed"), merge.output)
        let entries = try indexEntries(merged)
        XCTAssertEqual(entries.count, seen.count)
        for (name, entry) in entries {
            let a = try Data(contentsOf: golden.appendingPathComponent("\(name).transcript.jsonl"))
            let b = try Data(contentsOf: merged.appendingPathComponent("\(name).transcript.jsonl"))
            XCTAssertEqual(a, b, "\(name): the merged transcript is the whole run's")
            // The index's hash is the one the transcript ends with.
            let end = String(decoding: a, as: UTF8.self).split(separator: "\n").last ?? ""
            let hash = try XCTUnwrap(entry["simulationHash"] as? String, name)
            XCTAssertTrue(end.contains("\"simulationHash\":\"\(hash)\""), "\(name): \(hash) vs \(end)")
        }
        // The same script in two folders is refused.
        let twice = try Interlude.run(["replay", "--merge", parts[0], parts[0], "--out", merged.path])
        XCTAssertEqual(twice.status, 2, twice.output + twice.errors)
        XCTAssertTrue(twice.errors.contains("is in both"), twice.errors)
    }

    func testInvalidIsolationOptionsExitTwo() throws {
        let out = try TemporaryFolder().url
        for (arguments, message) in [
            (["--shard", "4/3"], "--shard must be K/N"), (["--shard", "x"], "--shard must be K/N"),
            (["--jobs", "0"], "--jobs must be at least 1"), (["--timeout=0"], "--timeout must be"),
        ] {
            let result = try Interlude.run(["replay", "--no-render", "--out", out.path] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.output)\(result.errors)")
            XCTAssertTrue(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
    }

    /// Not drawing a scene equal to the framebuffer's changes no byte of the transcripts or captures.
    func testSkippingUnchangedFramesChangesNoPixel() throws {
        let names = ["sms-ios4-dismissed", "home-single-player", "lock-menu-ios5"]
        let files = names.map { "\(scripts)/\($0).script" }
        let skipping = try TemporaryFolder().url
        let drawing = try TemporaryFolder().url
        // At 160 x 90 (llvmpipe's time is mostly fill): which frames are skipped does not depend on the size.
        let size = ["--width", "160", "--height", "90"]
        let first = try Interlude.run(["replay", "--out", skipping.path] + size + files)
        XCTAssertEqual(first.status, 0, first.output + first.errors)
        let second = try Interlude.run(["replay", "--redraw-unchanged-frames", "--out", drawing.path] + size + files)
        XCTAssertEqual(second.status, 0, second.output + second.errors)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: skipping.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jsonl") }
        XCTAssertGreaterThanOrEqual(outputs.filter { $0.hasSuffix(".png") }.count, 4)
        for file in outputs {
            XCTAssertEqual(
                try Data(contentsOf: skipping.appendingPathComponent(file)),
                try Data(contentsOf: drawing.appendingPathComponent(file)), file)
        }
    }

    private func indexEntries(_ folder: URL) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("index.json"))
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: entries.map { ($0["script"] as! String, $0) })
    }
}

/// CONTRACT §9: an invalid option exits 2, whoever finds it (ArgumentParser or the command).
final class OptionErrorTests: XCTestCase {
    func testUsageErrorsExitTwo() throws {
        for arguments in [["replay", "--no-such-option"], ["replay", "--width", "3"], ["replay", "--jobs", "many"]] {
            let result = try Interlude.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.output)\(result.errors)")
            XCTAssertTrue(result.errors.contains("Error:") || result.errors.contains("error:"), result.errors)
        }
        // A kind that would enable nothing is refused, not silently run without faults.
        let bug = try Interlude.run(["simulate", "--faults", "bug", "--seeds", "1", "--out", "/tmp/never"])
        XCTAssertEqual(bug.status, 2, bug.output + bug.errors)
        XCTAssertTrue(bug.errors.contains("seeded bugs are test doubles"), bug.errors)
        let named = try Interlude.run([
            "simulate", "--faults", "bug.fsyncSkipped", "--seeds", "1", "--out", "/tmp/never",
        ])
        XCTAssertEqual(named.status, 2, "no seeded bug is compiled into the command: " + named.output + named.errors)
        let timeout = try Interlude.run(["simulate", "--timeout", "0", "--seeds", "1", "--out", "/tmp/never"])
        XCTAssertEqual(timeout.status, 2, timeout.output + timeout.errors)
        XCTAssertTrue(timeout.errors.contains("--timeout must be more than 0"), timeout.errors)
    }
}

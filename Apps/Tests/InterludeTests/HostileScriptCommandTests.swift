import Foundation
import InterludeTesting
import XCTest

/// Issue 12, end to end: every script of the hostile corpus (Tests/Fixtures/hostile-scripts), replayed as a user would
/// (`interlude replay --no-render`, a process of its own), ends by itself (the replay's own watchdog finds no hang),
/// with the right exit status and, for an invalid script, one short printable line naming file:line:column. Then a
/// short run of the mutation fuzz. How fast each ends is a benchmark's figure (`interlude-bench fuzz-scripts`), not a
/// wall-clock limit here: a loaded machine made a 5 s limit fail with nothing wrong.
final class HostileScriptCommandTests: XCTestCase {
    static let corpus = Interlude.root.appendingPathComponent("Tests/Fixtures/hostile-scripts")

    /// What each named script of the corpus must give: exit status, and for exit 2 the place and words of the error.
    /// Scripts not named here (mutations the fuzz found and saved) must only end within the limit with 0, 1 or 2.
    static let expected: [String: (status: Int32, place: String?, words: String?)] = [
        "input-forward-overflow": (2, "5:24", "an input lasts 3600s (1 h) at most"),
        "leaderboard-delay-overflow": (2, "3:19", "the delay is 3600s (1 h) at most"),
        "launched-at-int64-max": (2, "3:4", "timed lines run to 86400s (24 h) at most"),
        "running-game-200000000s": (2, "5:4", "timed lines run to 86400s (24 h) at most"),
        "relative-time-past-the-timeline": (2, "4:4", "timed lines run to 86400s (24 h) at most"),
        "nul-bytes": (2, "2:7", "unknown event 'launch\\u{0}ed'"),
        "escape-sequence": (2, "2:1", "unknown keyword '\\u{1B}[2J\\u{1B}[31mat'"),
        "cr-only-error": (2, "4:7", "unknown event 'smsArived' (did you mean smsArrived?)"),
        "expect-callbacks-commas": (2, "3:18", "unexpected ',' with no callback name before it"),
        "expect-work-trailing-comma": (2, "3:25", "unexpected ',' at the end of the work list"),
        "capture-name-too-long": (2, "3:9", "100 characters at most"),
        "seed-overflow": (2, "2:6", "bad seed"),
        "invalid-utf8": (2, "1:1", "not UTF-8 text"),
        "empty": (2, "1:1", "missing version line"),
        "cr-only-valid": (0, nil, nil),
        "suspended-23h": (0, nil, nil),
        "inactive-23h-under-a-call": (0, nil, nil),
        "not-running-until-the-last-second": (0, nil, nil),
        "terminated-for-a-day": (0, nil, nil),
        "numbers-at-their-limits": (0, nil, nil),
        // Issue 29: the newer profiles' words and settings.
        "call-style-on-ios13": (2, "2:15", "unexpected 'callStyle=banner' after the profile"),
        "pending-score-overflow": (2, "5:21", "expected a whole number of points from 1 to 1000000000"),
        "rotation-storm-android34": (0, nil, nil),
        "context-loss-storm-android28": (0, nil, nil),
        "background-task-held-23h-ios4": (0, nil, nil),
        "pending-score-above-the-game": (0, nil, nil),
    ]

    func testEveryHostileScriptEndsFastWithTheRightStatus() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".script") }.sorted()
        XCTAssertEqual(Set(Self.expected.keys).subtracting(names.map { String($0.dropLast(7)) }), [])
        for name in names {
            let path = "Tests/Fixtures/hostile-scripts/" + name
            let expected = Self.expected[String(name.dropLast(".script".count))]
            try check(path, status: expected?.status, place: expected?.place, words: expected?.words)
        }
    }

    func testAMegabyteUnknownNameIsRefusedFast() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("megabyte.script").path
        let word = String(repeating: "smsArrived", count: 100_000)
        try Data("interlude-script 1\nat 0s \(word)\n".utf8).write(to: URL(fileURLWithPath: path))
        try check(path, status: 2, place: "2:7", words: "unknown event 'smsArrivedsmsArrivedsmsArrivedsmsArrived...'")
    }

    /// 100 mutations of the bundled scripts (`make fuzz-scripts` runs 2,000): none crashes, none runs out of time.
    /// The limit per script is 60 s: a mutation may add a day of virtual time (`at +82800s`), which a debug build
    /// replays in 12-18 s on this machine (about 3 us a step); a hang still shows as over the limit.
    func testAShortFuzzRunFindsNothing() throws {
        let bench = Interlude.binary.deletingLastPathComponent().appendingPathComponent("interlude-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            throw XCTSkip("interlude-bench is not built beside interlude")
        }
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LimitedRun.run(
            bench,
            [
                "fuzz-scripts", "--count", "100", "--seed", "12", "--limit", "60", "--jobs", "2", "--interlude",
                Interlude.binary.path, "--out", folder.path,
            ], limit: 300)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("fuzz.json")))
                as? [String: Any])
        XCTAssertEqual(json["mutations"] as? Int, 100)
        XCTAssertEqual(json["crashes"] as? Int, 0, run.output)
        XCTAssertEqual(json["overLimit"] as? Int, 0, run.output)
        XCTAssertLessThan(json["maxSeconds"] as? Double ?? 999, 60)
    }

    /// Replays `path` and checks how it ended; `status` nil: any of 0, 1, 2.
    private func check(_ path: String, status: Int32?, place: String?, words: String?) throws {
        let out = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try LimitedRun.run(
            Interlude.binary, ["replay", "--no-render", "--jobs", "1", "--timeout", "30", "--out", out.path, path],
            limit: 60)
        XCTAssertFalse(run.killed, "\(path): still running after 60 s")
        XCTAssertFalse(run.output.contains("HUNG ") || run.output.contains("CRASH "), "\(path): \(run.output)")
        if let status {
            XCTAssertEqual(run.status, status, "\(path): \(run.output)\(run.errors)")
        } else {
            XCTAssertTrue([0, 1, 2].contains(run.status), "\(path): exit \(run.status)")
        }
        guard run.status == 2 else { return }
        let first = String(run.errors.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        if let place { XCTAssertTrue(first.hasPrefix("\(path):\(place): error: "), "\(path): \(first)") }
        if let words { XCTAssertTrue(first.contains(words), "\(path): \(first)") }
        XCTAssertLessThan(first.count, path.count + 700, "\(path): \(first.prefix(300))")
        XCTAssertFalse(first.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(path): \(first)")
        XCTAssertTrue(run.errors.hasSuffix("nothing was replayed.\n"), "\(path): \(run.errors.suffix(200))")
    }
}

/// A process run with its output collected, killed past a time limit.
struct LimitedRun {
    let status: Int32
    let output: String
    let errors: String
    let seconds: Double
    let killed: Bool

    static func run(_ binary: URL, _ arguments: [String], limit: Double) throws -> LimitedRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = Interlude.root
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout")
        let errorsURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        let start = Date()
        try process.run()
        var killed = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > limit, !killed {
                process.terminate()
                killed = true
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        return LimitedRun(
            status: process.terminationStatus,
            output: String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self),
            errors: String(decoding: (try? Data(contentsOf: errorsURL)) ?? Data(), as: UTF8.self),
            seconds: Date().timeIntervalSince(start), killed: killed)
    }
}

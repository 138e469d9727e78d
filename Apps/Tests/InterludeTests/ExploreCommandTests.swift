import Foundation
import InterludeTesting
import XCTest

/// `interlude explore` over several profiles: each in a child process (Docs/Contract.md §9), the same reports and
/// witnesses whatever --jobs, and a game that crashes or hangs failing its profile alone.
final class ExploreCommandTests: XCTestCase {
    /// One child at a time and two at a time write the same witnesses and the same reports, each profile's once.
    func testProfilesInChildrenGiveTheSameWitnessesAndReportsWhateverJobs() throws {
        let library = try CounterLibrary.build("")
        var runs: [(output: String, out: URL)] = []
        for jobs in ["1", "2"] {
            let out = try TemporaryFolder().url
            let result = try Interlude.run(
                [
                    "explore", "--game", library, "--profile", "all", "--depth", "8", "--jobs", jobs, "--out",
                    out.path, "--write-witnesses", out.appendingPathComponent("witnesses").path,
                ], environment: [:], deadline: 300)
            XCTAssertEqual(result.status, 0, result.output + result.errors)
            for profile in ["ios4", "ios5", "ios13", "ios26", "android28", "android34"] {
                let headers = ("\n" + result.output).components(separatedBy: "\n## \(profile): depth 8").count - 1
                XCTAssertEqual(headers, 1, "\(profile)'s report once (--jobs \(jobs)): \(result.output)")
            }
            XCTAssertTrue(result.output.contains("explored all to depth 8 in "), result.output)
            runs.append((result.output, out))
        }
        let witnesses = try files(in: runs[0].out.appendingPathComponent("witnesses"))
        XCTAssertGreaterThan(witnesses.count, 6, "witnesses of every profile")
        XCTAssertEqual(witnesses, try files(in: runs[1].out.appendingPathComponent("witnesses")))
        // The summaries differ only by the lines that time the work.
        let summaries = try runs.map { run in
            try String(contentsOf: run.out.appendingPathComponent("summary-all.md"), encoding: .utf8)
                .split(separator: "\n").filter { !$0.contains(" ms (") }
        }
        XCTAssertEqual(summaries[0], summaries[1])
        XCTAssertEqual(summaries[0].filter { $0.hasPrefix("## ") }.count, 6, summaries[0].joined(separator: "\n"))
    }

    /// A game that crashes (or hangs) in every profile: each profile fails alone, named with how it died, the
    /// run exits 1 and its summary is still written.
    func testAProfileWhoseGameCrashesOrHangsFailsAloneNamed() throws {
        // A crash is given time for the runtime's backtrace (seconds on a loaded machine), a hang 5 s.
        for (variant, verdict, text, timeout) in [
            ("CRASH_IN_STEP", "CRASH", "interlude_step: crashed (signal 11)", "120"),
            ("HANG_IN_RESTORE", "HUNG", "killed by the watchdog after 5 s", "5"),
        ] {
            let out = try TemporaryFolder().url
            let result = try Interlude.run(
                [
                    "explore", "--game", try CounterLibrary.build(variant), "--profile", "both", "--depth", "8",
                    "--jobs", "2", "--timeout", timeout, "--out", out.path,
                ], environment: [:], deadline: 300)
            XCTAssertEqual(result.status, 1, "\(variant): \(result.output)\(result.errors)")
            for profile in ["ios4", "ios5"] {
                let died = result.output.split(separator: "\n").filter { $0.hasPrefix("- \(verdict) \(profile):") }
                XCTAssertEqual(died.count, 1, "\(variant): \(profile) named once: \(result.output)")
                XCTAssertTrue(died.allSatisfy { $0.contains(text) }, "\(variant): \(result.output)")
            }
            let summary = try String(contentsOf: out.appendingPathComponent("summary-both.md"), encoding: .utf8)
            XCTAssertTrue(summary.contains("- \(verdict) ios4:") && summary.contains("- \(verdict) ios5:"), summary)
        }
    }

    /// Every file's name and bytes under `folder`.
    private func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
}

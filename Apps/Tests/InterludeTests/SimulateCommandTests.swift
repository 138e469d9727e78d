// SimulateCommandTests: `interlude simulate` as a user runs it, on short runs (a few seeds of 0.02 simulated hours).
// The same seeds give byte-identical folders (all but timing.json) with --jobs 1 and --jobs 2;
// shards 1/2 and 2/2 split the runs with no overlap and their union is the unsharded run's transcripts, byte for
// byte, and --merge of the two reports as the unsharded run did; a --sometimes line that names a cell no seed reached
// fails the run (exit 1, NEVER REACHED, in the reports), a bad line is exit 2 at file:line:column; report.html is
// self-contained, escapes, and draws a heatmap per profile; --background-store is recorded, and not merged with runs
// without it.

import Foundation
import InterludeTesting
import XCTest

@testable import InterludeCLI

final class SimulateCommandTests: XCTestCase {
    /// The short run every test starts from: two seeds of every profile.
    static let run = ["simulate", "--seeds", "2", "--profile", "all", "--hours", "0.02"]

    private func simulate(_ arguments: [String], into out: URL) throws -> CommandResult {
        try Interlude.run(Self.run + arguments + ["--out", out.path])
    }

    /// Every file of `folder` by name and bytes, but timing.json (the only file that differs between two runs of the
    /// same seeds), which is checked to hold the run's times.
    private func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "timing.json" {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        let timing = try Data(contentsOf: folder.appendingPathComponent("timing.json"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: timing) as? [String: Any])
        XCTAssertTrue(object["wallSeconds"] is Double && object["realTimeFactor"] is Double, "\(object)")
        let runs = try XCTUnwrap(object["runs"] as? [String: Double])
        let transcripts = files.keys.filter { $0.hasSuffix(".transcript.jsonl") }
        XCTAssertEqual(Set(runs.keys), Set(transcripts.map { String($0.dropLast(".transcript.jsonl".count)) }))
        return files
    }

    private func transcripts(_ files: [String: Data]) -> [String: Data] {
        files.filter { $0.key.hasSuffix(".transcript.jsonl") }
    }

    func testJobsAndShardsGiveTheSameBytes() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("jobs1")
        let two = folder.appendingPathComponent("jobs2")
        let first = try simulate(["--jobs", "1"], into: one)
        XCTAssertEqual(first.status, 0, first.output + first.errors)
        let second = try simulate(["--jobs", "2"], into: two)
        XCTAssertEqual(second.status, 0, second.output + second.errors)
        let reference = try files(one)
        XCTAssertEqual(transcripts(reference).count, 12, "\(reference.keys.sorted())")
        // One index format with `replay`: an entry per run, in run order.
        let index = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: XCTUnwrap(reference["index.json"])) as? [[String: Any]])
        XCTAssertEqual(index.map { $0["script"] as? String }.first, "ios4-seed-1")
        XCTAssertEqual(index.count, 12)
        XCTAssertTrue(index.allSatisfy { $0["verdict"] as? String == "pass" && $0["profile"] != nil })
        XCTAssertEqual(Set(reference.keys), Set(try files(two).keys))
        for (name, data) in try files(two) { XCTAssertEqual(data, reference[name], "\(name) differs with --jobs 2") }

        let shards = (1...2).map { folder.appendingPathComponent("shard\($0)") }
        var union: [String: Data] = [:]
        for (index, shard) in shards.enumerated() {
            let result = try simulate(["--shard", "\(index + 1)/2"], into: shard)
            XCTAssertEqual(result.status, 0, result.output + result.errors)
            let part = transcripts(try files(shard))
            XCTAssertEqual(part.count, 6, "shard \(index + 1)/2: \(part.keys.sorted())")
            XCTAssertTrue(Set(part.keys).isDisjoint(with: union.keys), "a run in both shards")
            union.merge(part) { old, _ in old }
        }
        XCTAssertEqual(union, transcripts(reference), "the shards' union is not the unsharded run")

        let merged = folder.appendingPathComponent("merged")
        let merge = try Interlude.run(["simulate", "--merge"] + shards.map(\.path) + ["--out", merged.path])
        XCTAssertEqual(merge.status, 0, merge.output + merge.errors)
        let gathered = try files(merged)
        XCTAssertEqual(Set(gathered.keys), Set(reference.keys))
        for (name, data) in gathered { XCTAssertEqual(data, reference[name], "\(name) differs after --merge") }
    }

    /// `--background-store` (Docs/Simulation.md, "The background store"): the runs pass, their children were given
    /// the flag (the writer's moves change the transcripts), simulate.json and the reproduce lines say so, and a merge
    /// with a folder run without it is refused (exit 2).
    func testTheBackgroundStoreIsRecordedAndNotMergedWithTheSynchronousStore() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let background = folder.appendingPathComponent("background")
        let plain = folder.appendingPathComponent("plain")
        let arguments = ["--profile", "ios26", "--hours", "0.05"]
        let first = try Interlude.run(
            ["simulate", "--seeds", "2", "--background-store", "--out", background.path] + arguments)
        XCTAssertEqual(first.status, 0, first.output + first.errors)
        let second = try Interlude.run(["simulate", "--seeds", "2", "--out", plain.path] + arguments)
        XCTAssertEqual(second.status, 0, second.output + second.errors)
        let json = { (url: URL) throws -> [String: Any] in
            let data = try Data(contentsOf: url.appendingPathComponent("simulate.json"))
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        XCTAssertEqual(try json(background)["backgroundStore"] as? Bool, true)
        XCTAssertNil(try json(plain)["backgroundStore"], "left out for the synchronous store")
        XCTAssertTrue(
            try String(contentsOf: background.appendingPathComponent("report.md"), encoding: .utf8)
                .contains("saved through a background store"))
        let name = "ios26-seed-1.transcript.jsonl"
        XCTAssertNotEqual(
            try Data(contentsOf: background.appendingPathComponent(name)),
            try Data(contentsOf: plain.appendingPathComponent(name)), "the children ran the synchronous store")
        let merge = try Interlude.run(
            ["simulate", "--merge", background.path, plain.path, "--out", folder.appendingPathComponent("m").path])
        XCTAssertEqual(merge.status, 2, merge.output + merge.errors)
        XCTAssertTrue(merge.errors.contains("--background-store against"), merge.errors)
    }

    func testSometimesCellsNeverReachedFailTheRun() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        // A cell every profile reached in a first run of the same seeds (whatever the schedule draws today).
        let first = folder.appendingPathComponent("first")
        XCTAssertEqual(try simulate([], into: first).status, 0)
        let json = try Data(contentsOf: first.appendingPathComponent("simulate.json"))
        let tally = try JSONDecoder().decode(SimulateTally.self, from: json)
        var everywhere = Set(tally.cells[tally.profiles[0]]?.keys.map { $0 } ?? [])
        for name in tally.profiles { everywhere.formIntersection(tally.cells[name]?.keys.map { $0 } ?? []) }
        let reached = try XCTUnwrap(everywhere.filter { $0.split(separator: " ").count == 2 }.sorted().first)
        let list = folder.appendingPathComponent("sometimes.txt")
        try """
        # reached on every profile
        *     \(reached)
        ios26 terminated glContextLost storage.kill.beforeRename   # never: not a legal move, no save
        """.write(to: list, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let result = try simulate(["--sometimes", list.path], into: out)
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(
            result.output.contains(
                "NEVER REACHED ios26 terminated glContextLost storage.kill.beforeRename  (\(list.path):3)"),
            result.output)
        XCTAssertFalse(result.output.contains("NEVER REACHED ios4"), result.output)
        XCTAssertTrue(result.output.contains("sometimes: 2 lines checked, 1 cells never reached"), result.output)
        let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("NEVER REACHED `ios26 terminated glContextLost storage.kill.beforeRename`"))
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<li>NEVER REACHED ios26 terminated glContextLost storage.kill.beforeRename</li>"))

        try "ios26 active homePresed\n".write(to: list, atomically: true, encoding: .utf8)
        let bad = try simulate(["--sometimes", list.path], into: out)
        XCTAssertEqual(bad.status, 2, bad.output + bad.errors)
        XCTAssertTrue(
            bad.errors.contains("\(list.path):1:14: unknown event 'homePresed'; did you mean homePressed?"), bad.errors)
        XCTAssertEqual(bad.output, "", "nothing runs after a bad list")
    }

    func testTheReportIsSelfContainedAndDrawsEachProfile() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Interlude.run([
            "simulate", "--seeds", "1", "--profile", "ios26", "--hours", "0.02", "--out", folder.path,
        ])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertFalse(html.contains("<script"), "no script")
        XCTAssertFalse(html.contains("src="), "no external asset")
        XCTAssertFalse(html.contains("href=\"http"), "no external link")
        XCTAssertEqual(html.components(separatedBy: "<svg ").count - 1, 1, "one heatmap, for ios26")
        XCTAssertTrue(html.contains("id=\"profile-ios26\""))
        XCTAssertTrue(html.contains("data-from=\"active\" data-to=\"background\" data-event=\"homePressed\""))
        XCTAssertTrue(html.contains("stroke-dasharray"), "a short run leaves some row never taken, drawn dashed")
    }

    func testHeatmapAndTableEscapeWhatTheyShow() {
        var tally = SimulateTally(
            runs: [], build: "b<1>", hours: 0.1, faults: "all&<x>", enabled: [], rate: 50, shard: nil,
            wallSeconds: 0)
        tally.profiles = ["ios26"]
        tally.cells = ["ios26": ["active homePressed": 3, "active kill os.kill.anyInstant": 1]]
        tally.neverReached = ["ios26 active <b>"]
        let html = SimulateReport.html(tally)
        XCTAssertFalse(html.contains("<b>"), "a name is shown as text")
        XCTAssertTrue(html.contains("ios26 active &lt;b&gt;"))
        XCTAssertTrue(html.contains("all&amp;&lt;x&gt;"))
        XCTAssertEqual(html, SimulateReport.html(tally), "the same tally gives the same bytes")
        XCTAssertEqual(SimulateReport.heatLevel(0, peak: 10), 0)
        XCTAssertEqual(SimulateReport.heatLevel(1, peak: 1), 5)
        XCTAssertEqual(SimulateReport.heatLevel(10, peak: 10), 5)
        XCTAssertTrue((1...4).contains(SimulateReport.heatLevel(1, peak: 1000)))
    }
}

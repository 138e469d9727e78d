// The benchmark runner still runs and writes its JSON (no timing is asserted here: speed is measured by
// `interlude-bench` itself, Benchmarks/README.md).

import Foundation
import InterludeTesting
import TestSupport
import Testing

@Suite("interlude-bench snapshots runs and writes its JSON")
struct BenchmarkSmokeTests {
    @Test("a short run reports every row with p50 <= p99 <= max")
    func shortRun() throws {
        let folder = try TemporaryFolder("bench").path
        let json = try runBench(
            ["snapshots", "--runs", "5", "--warmup", "1", "--folder", folder], json: folder + "/r.json")
        let rows = try #require(json["measurements"] as? [[String: Any]])
        #expect(rows.count == 7)  // reference, encode, decode, store, quick, quick synchronous, full
        for row in rows {
            let (p50, p99, max) = (
                row["p50Ms"] as? Double ?? -1, row["p99Ms"] as? Double ?? -1, row["maxMs"] as? Double ?? -1
            )
            #expect(0 <= p50 && p50 <= p99 && p99 <= max, "\(row)")
            #expect(row["runs"] as? Int == 5)
        }
        #expect(json["quickWithinFrame"] is Bool)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

@Suite("interlude-bench replay runs and writes its JSON")
struct ReplayBenchmarkSmokeTests {
    @Test("a short run reports both goal figures, and the session's transcripts agree with and without rendering")
    func shortRun() throws {
        let folder = try TemporaryFolder("bench-replay").path
        // Exits 1 also when a scenario fails or the session's transcripts differ between runs (not deterministic).
        let json = try runBench(
            [
                "replay", "--scenarios", "20", "--events", "6", "--rounds", "1", "--cli-runs", "1", "--minutes", "1",
                "--suite", "no", "--interlude", BuiltProducts.interlude.path,
            ], json: folder + "/replay.json")
        let figures = try #require(json["figures"] as? [[String: Any]])
        let goals = figures.filter { $0["goal"] != nil }
        #expect(goals.count == 2, "scenarios per second and the session's ratio")
        for figure in goals {
            #expect((figure["value"] as? Double ?? 0) > 0, "\(figure)")
            #expect(figure["met"] is Bool)
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/session-1min.script"))
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Runs `interlude-bench` (built beside `interlude`) with `arguments` and `--json file`, expects exit 0, and returns
/// the JSON it wrote.
func runBench(_ arguments: [String], json file: String) throws -> [String: Any] {
    let result = try Program.run(BuiltProducts.executable("interlude-bench"), arguments + ["--json", file])
    #expect(result.status == 0, "interlude-bench \(arguments.joined(separator: " ")): \(result.errorText)")
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

@Suite("interlude-bench --help teaches every mode")
struct BenchHelpTests {
    @Test("--help has a section for every mode the usage line names, within 80 columns; MODE --help prints it")
    func everyModeExplained() throws {
        let bench = BuiltProducts.executable("interlude-bench")
        let bare = try Program.run(bench, [], deadline: 60)
        #expect(bare.status == 2)
        #expect(bare.errorText.contains("interlude-bench --help"), "\(bare.errorText)")
        let modesLine = try #require(bare.errorText.split(separator: "\n").first { $0.contains("modes: ") })
        let modes = modesLine.split(separator: "modes: ")[1].split(separator: ", ").map(String.init)
            .filter { !["relaunch-child", "memory-cycles"].contains($0) }
        #expect(modes.count >= 9, "\(modesLine)")

        let help = try Program.run(bench, ["--help"], deadline: 60)
        #expect(help.status == 0)
        for line in help.outputText.split(separator: "\n") {
            #expect(line.count <= 80, "longer than 80 columns: \(line)")
        }
        #expect(help.outputText.contains("relaunch-child"), "the child modes are named as such")
        for mode in modes {
            #expect(help.outputText.contains("\n  \(mode) "), "no section for \(mode)")
            let section = try Program.run(bench, [mode, "--help"], deadline: 60)
            #expect(section.status == 0, "\(mode) --help: \(section.errorText)")
            #expect(section.outputText.hasPrefix("USAGE: interlude-bench \(mode) "), "\(section.outputText)")
            #expect(section.outputText.contains("--"), "\(mode) --help names its options")
        }
    }
}

@Suite("interlude-bench simulate runs and writes its JSON")
struct SimulateBenchmarkSmokeTests {
    @Test("a short run reports the goal figure, the reference and where the time goes")
    func shortRun() throws {
        let folder = try TemporaryFolder("bench-simulate").path
        let json = try runBench(
            ["simulate", "--seeds", "1", "--hours", "0.02", "--rounds", "1"], json: folder + "/simulate.json")
        let figures = try #require(json["figures"] as? [[String: Any]])
        let goal = try #require(figures.first { $0["goal"] != nil })
        #expect((goal["value"] as? Double ?? 0) > 0, "\(goal)")
        #expect(figures.contains { ($0["name"] as? String ?? "").hasPrefix("reference: bundled scripts") })
        let split = try #require(json["timeSplit"] as? [[String: Any]])
        let total = split.compactMap { $0["share"] as? Double }.reduce(0, +)
        #expect(abs(total - 1) < 0.01, "the shares add up to the whole: \(split)")
        try? FileManager.default.removeItem(atPath: folder)
    }
}

@Suite("interlude-bench abi runs and writes its JSON")
struct ABIBenchmarkSmokeTests {
    @Test("a short run reports the crossing's cost beside the shooter's and both simulation speeds")
    func shortRun() throws {
        let lander = BuiltProducts.root.appendingPathComponent("Examples/Lander")
        let make = try Program.run(
            URL(fileURLWithPath: "/usr/bin/make"), ["-s", "-C", lander.path, "all"], deadline: 120)
        #expect(make.status == 0, "\(make.errorText)")
        let folder = try TemporaryFolder("bench-abi").path
        let json = try runBench(
            [
                "abi", "--game", lander.appendingPathComponent("liblander.so").path, "--calls", "2000", "--seeds", "1",
                "--hours", "0.01",
            ], json: folder + "/abi.json")
        let figures = try #require(json["figures"] as? [[String: Any]])
        let names = figures.compactMap { $0["name"] as? String }
        for name in [
            "ABI: ns per call, interlude_status", "reference: ns per call, the shooter's status",
            "simulate: C game / the shooter",
        ] {
            let value = figures.first { $0["name"] as? String == name }?["value"] as? Double
            #expect((value ?? 0) > 0, "\(name) in \(names)")
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

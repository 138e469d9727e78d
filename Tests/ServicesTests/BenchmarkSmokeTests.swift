// The benchmark runner still runs and writes its JSON (no timing is asserted here: speed is measured by
// `interlude-bench` itself, Benchmarks/README.md).

import Foundation
import Testing

@Suite("interlude-bench snapshots runs and writes its JSON")
struct BenchmarkSmokeTests {
    @Test("a short run reports every row with p50 <= p99 <= max")
    func shortRun() throws {
        let folder = try temporaryFolder("bench")
        let process = Process()
        process.executableURL = interludeBinary.deletingLastPathComponent().appendingPathComponent("interlude-bench")
        process.arguments = [
            "snapshots", "--runs", "5", "--warmup", "1", "--folder", folder, "--json", folder + "/r.json",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/r.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
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

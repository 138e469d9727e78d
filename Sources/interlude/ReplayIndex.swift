import Foundation
import Runtime

/// Writes `index.md` (for people) and `index.json` (for tools) summarising a replay run.
enum ReplayIndex {
    static func write(_ results: [(ReplayResult, Double)], to folder: String) throws {
        var markdown = "# Interlude replay results\n\n"
        markdown += "| script | verdict | expectations | frames | final state | simulation hash | transcript |\n"
        markdown += "|---|---|---|---|---|---|---|\n"
        var json: [[String: Any]] = []
        for (result, seconds) in results {
            let transcript = "\(result.scriptName).transcript.jsonl"
            markdown += "| \(result.scriptName) | \(result.ok ? "pass" : "**FAIL**") | \(result.expectations) | "
            markdown += result.frames.map { $0.file.map { "[\($0)](\($0))" } ?? $0.hash }.joined(separator: "<br>")
            markdown +=
                " | \(result.finalState.rawValue) | `\(result.simulationHash)` | [\(transcript)](\(transcript)) |\n"
            json.append([
                "script": result.scriptName, "ok": result.ok, "expectations": result.expectations,
                "failures": result.failures,
                "frames": result.frames.map { ["file": $0.file.map { $0 as Any } ?? NSNull(), "hash": $0.hash] },
                "finalState": result.finalState.rawValue, "simulationHash": result.simulationHash,
                "transcript": transcript, "seconds": (seconds * 1000).rounded() / 1000,
            ])
        }
        let failures = results.flatMap(\.0.failures)
        if !failures.isEmpty { markdown += "\n## Failures\n\n" + failures.map { "- \($0)\n" }.joined() }
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: folder + "/index.md"))
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: folder + "/index.json"))
    }
}

import Foundation
import Replay
import Runtime
import Storage

/// One job's verdict as an index records it (`replay`'s scripts, `simulate`'s runs: one index format): from the job
/// itself, or from the watchdog that ended it.
struct ReplayOutcome: Codable, Sendable {
    /// How the script ended: its expectations held (pass) or not (fail), or it never finished (hung, crashed).
    enum Verdict: String, Codable, Sendable {
        case pass, fail, hung, crashed
    }

    /// A captured frame: its PNG (nil when none was written) and its hash.
    struct FrameEntry: Codable, Sendable, Equatable {
        var file: String?
        var hash: String
    }

    var script: String
    let verdict: Verdict
    var expectations: Int
    var failures: [String]
    var frames: [FrameEntry]
    var finalState: String?  // nil when the replay never ended
    var simulationHash: String?  // nil when the replay never ended
    var transcript: String  // file name, beside the index
    var scriptFile: String?  // the script's path as given (nil in an index written before it was recorded)
    var profile: String?  // the profile replayed under (nil in an index written before it was recorded)
    var matrix: String?  // the script's own name when this is one of its replays under several profiles
    var seconds: Double  // wall time, rounded to the millisecond (both replays' when replayed again)
    /// Why the script was replayed a second time: its first replay's failure (it hung with llvmpipe rasteriser
    /// threads, issue 11's race); nil when it was replayed once. The verdict and the outputs are the second's.
    var firstReplay: String?
    var ok: Bool  // verdict pass (kept in index.json as before the verdicts)

    init(_ result: ReplayResult, seconds: Double) {
        script = result.scriptName
        verdict = result.ok ? .pass : .fail
        ok = result.ok
        expectations = result.expectations
        failures = result.failures
        frames = result.frames.map { FrameEntry(file: $0.file, hash: $0.hash) }
        finalState = result.finalState.rawValue
        simulationHash = result.simulationHash
        transcript = "\(result.scriptName).transcript.jsonl"
        self.seconds = Self.rounded(seconds)
    }

    /// A replay that did not finish: hung (ended by the watchdog) or crashed; `failure` says where and how.
    init(unfinished script: String, verdict: Verdict, failure: String, seconds: Double) {
        self.script = script
        self.verdict = verdict
        ok = false
        expectations = 0
        failures = [failure]
        frames = []
        finalState = nil
        simulationHash = nil
        transcript = "\(script).transcript.jsonl"
        self.seconds = Self.rounded(seconds)
    }

    /// A job that finished without a replay's facts (a simulated run): its verdict and failures only.
    init(finished name: String, ok: Bool, failures: [String], seconds: Double) {
        self.init(unfinished: name, verdict: ok ? .pass : .fail, failure: "", seconds: seconds)
        self.ok = ok
        self.failures = failures
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Prints the verdict line, then each failure indented: what a run says as each script ends.
    func report() {
        say(verdictLine)
        for failure in failures { say("    " + failure) }
        if let firstReplay { say("    first replay: " + firstReplay) }
    }

    /// "PASS  name  3 expectations, 2 frames, ends active, hash …  (0.41 s)", the line printed per script.
    var verdictLine: String {
        let time = "(\(String(format: "%.2f", seconds)) s)"
        switch verdict {
        case .pass, .fail:
            return
                "\(verdict == .pass ? "PASS" : "FAIL")  \(script)  \(expectations) expectations, \(frames.count) frames, "
                + "ends \(finalState ?? "?"), hash \(simulationHash ?? "?")  \(time)"
        case .hung, .crashed:
            return "\(verdict == .hung ? "HUNG" : "CRASH")  \(script)  \(failures.first ?? "")  \(time)"
        }
    }
}

/// Writes `index.md` (for people), `index.json` (for tools) and `index.html` (ReplayReport) summarising a replay run, and reads `index.json` back
/// (to merge the indexes of shards).
enum ReplayIndex {
    /// `command` names the page (`replay`, `simulate`); `timelines` false draws none (a simulated run's transcript
    /// is hours long).
    static func write(
        _ outcomes: [ReplayOutcome], to folder: String, command: String = "replay", timelines: Bool = true
    ) throws {
        var markdown = "# Interlude \(command) results\n\n"
        let passed = outcomes.filter(\.ok).count
        markdown += "\(passed) passed, \(outcomes.count - passed) failed.\n\n"
        markdown += "| script | verdict | expectations | frames | final state | simulation hash | transcript |\n"
        markdown += "|---|---|---|---|---|---|---|\n"
        // Names come from outside (script files, their captures): shown as text, linked as relative paths only.
        func text(_ name: String) -> String { TerminalText.markdownText(name) }
        func link(_ name: String) -> String { "[\(text(name))](\(TerminalText.linkTarget(name)))" }
        for outcome in outcomes {
            let verdict = outcome.ok ? "pass" : "**\(outcome.verdict.rawValue.uppercased())**"
            markdown += "| \(text(outcome.script)) | \(verdict) | \(outcome.expectations) | "
            markdown += outcome.frames.map { $0.file.map(link) ?? text($0.hash) }.joined(separator: "<br>")
            markdown += " | \(text(outcome.finalState ?? "—")) | \(text(outcome.simulationHash ?? "—")) | "
            markdown += link(outcome.transcript) + " |\n"
        }
        let failures = outcomes.flatMap(\.failures)
        if !failures.isEmpty { markdown += "\n## Failures\n\n" + failures.map { "- \(text($0))\n" }.joined() }
        let replayedAgain = outcomes.compactMap(\.firstReplay)
        if !replayedAgain.isEmpty {
            markdown += "\n## Replayed again without rasteriser threads\n\n"
            markdown += replayedAgain.map { "- \(text($0))\n" }.joined()
        }
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: folder + "/index.md"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(outcomes).write(to: URL(fileURLWithPath: folder + "/index.json"))
        try ReplayReport.write(outcomes, to: folder, command: command, timelines: timelines)
    }

    /// The outcomes listed in `folder/index.json`.
    static func read(from folder: String) throws -> [ReplayOutcome] {
        let path = folder + "/index.json"
        let bytes: [UInt8]
        do {
            bytes = try HostPaths.readFile(path, limit: 256 << 20)
        } catch {
            let reason = (error as? FileStoreError)?.reason ?? "\(error)"
            throw ReplayInputError.other(
                "\(path): cannot read the file: \(reason) (is \(folder) the --out of a replay?)")
        }
        do {
            return try JSONDecoder().decode([ReplayOutcome].self, from: Data(bytes))
        } catch {
            throw ReplayInputError.other("\(path): not an index written by `\(Tool.name) replay`: \(error)")
        }
    }
}

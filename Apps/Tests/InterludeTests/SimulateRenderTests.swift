import Foundation
import InterludeTesting
import TestSupport
import XCTest

/// Issue 30: `interlude simulate --render` (EGL offscreen, Mesa llvmpipe) gives byte-identical transcripts and
/// frames at 1 and 2 rasteriser threads (`LP_NUM_THREADS`), and its transcripts carry the frames' hashes. Each seed
/// renders in a child process under simulate's watchdog (`--timeout`), and the command under the test's deadline: a
/// hang with rasteriser threads (issue 11's race) fails the test in minutes, named, and never blocks the run.
final class SimulateRenderTests: XCTestCase {
    func testRenderedRunsAreTheSameBytesAtOneAndTwoRasteriserThreads() throws {
        var outputs: [URL] = []
        defer { for folder in outputs { try? FileManager.default.removeItem(at: folder) } }
        for threads in ["1", "2"] {
            let out = try TemporaryFolder().url
            outputs.append(out)
            let result = try Program.run(
                Interlude.binary,
                [
                    "simulate", "--render", "--seeds", "2", "--profile", "android34", "--hours", "0.03",
                    "--timeout", "120", "--out", out.path,
                ],
                in: Interlude.root,
                environment: ProcessInfo.processInfo.environment.merging(["LP_NUM_THREADS": threads]) { $1 },
                deadline: 400)
            XCTAssertEqual(result.status, 0, result.outputText + result.errorText)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: outputs[0].path)
            .filter { $0.hasSuffix(".transcript.jsonl") || $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.filter { $0.hasSuffix(".transcript.jsonl") }.count, 2)
        XCTAssertGreaterThanOrEqual(names.filter { $0.hasSuffix(".png") }.count, 2, "\(names)")
        for name in names {
            let first = try Data(contentsOf: outputs[0].appendingPathComponent(name))
            let second = try Data(contentsOf: outputs[1].appendingPathComponent(name))
            XCTAssertEqual(first, second, "\(name) differs between 1 and 2 rasteriser threads")
        }
        let transcript = try String(
            contentsOf: outputs[0].appendingPathComponent("android34-seed-1.transcript.jsonl"), encoding: .utf8)
        XCTAssertTrue(transcript.contains("\"type\":\"frame\",\"name\":\"end\""), String(transcript.suffix(400)))
    }
}

import Foundation
import InterludeTesting
import XCTest

/// `interlude replay` end to end: the bundled scripts, determinism, and refusal of invalid scripts.
final class ReplayCommandTests: XCTestCase {
    /// One script at a time and two at a time give the same bytes: transcripts and captured frames. Rendered at
    /// 160 x 90, a sixteenth of the default's pixels (llvmpipe's time is mostly fill): the bytes are compared between
    /// the two runs at one size; CI's main job (`make replay`) replays every script again at the default size.
    func testEveryBundledScriptPassesAndReplaysByteIdentically() throws {
        let scripts = Interlude.bundledScripts
        XCTAssertGreaterThanOrEqual(scripts.count, 10)
        let first = try TemporaryFolder().url
        let second = try TemporaryFolder().url
        let size = ["--width", "160", "--height", "90"]
        let run1 = try Interlude.run(["replay", "--jobs", "1", "--out", first.path] + size + scripts)
        XCTAssertEqual(run1.status, 0, run1.output + run1.errors)
        let replays = Interlude.bundledReplayNames  // a matrix script replays once per profile
        XCTAssertTrue(run1.output.contains("\(replays.count) passed, 0 failed"), run1.output)
        let run2 = try Interlude.run(["replay", "--jobs", "2", "--out", second.path] + size + scripts)
        XCTAssertEqual(run2.status, 0, run2.output + run2.errors)
        for name in replays {
            let a = try Data(contentsOf: first.appendingPathComponent("\(name).transcript.jsonl"))
            let b = try Data(contentsOf: second.appendingPathComponent("\(name).transcript.jsonl"))
            XCTAssertFalse(a.isEmpty)
            XCTAssertEqual(a, b, "\(name): transcripts differ between two runs")
            let lastLine = String(decoding: a, as: UTF8.self).split(separator: "\n").last ?? ""
            XCTAssertTrue(lastLine.contains(#""type":"end""#) && lastLine.contains(#""ok":true"#), String(lastLine))
        }
        let pngs = try FileManager.default.contentsOfDirectory(atPath: first.path).filter { $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(pngs.count, 8, "captured frames are written as PNG")
        for png in pngs {
            XCTAssertEqual(
                try Data(contentsOf: first.appendingPathComponent(png)),
                try Data(contentsOf: second.appendingPathComponent(png)), "\(png): frames differ between --jobs 1 and 2"
            )
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.appendingPathComponent("index.md").path))
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: first.appendingPathComponent("index.json")))
        XCTAssertEqual((index as? [Any])?.count, replays.count)
    }

    /// The README's counts of the bundled scripts and of their replays are the repository's.
    func testTheReadmeCountsTheBundledScriptsAndReplays() throws {
        let readme = try String(contentsOf: Interlude.root.appendingPathComponent("README.md"), encoding: .utf8)
        let expected =
            "replays the \(Interlude.bundledScripts.count) scripts of `Assets/Interruptions` "
            + "(\(Interlude.bundledReplayNames.count) replays:"
        XCTAssertTrue(
            readme.replacingOccurrences(of: "\n", with: " ").contains(expected),
            "README.md should say \"\(expected)\"")
    }

    /// The transcripts of the bundled scripts are the committed ones, byte for byte (Tests/Fixtures/golden/no-render:
    /// scene hashes, the same on every machine): a refactor that changes no behaviour must keep them. Regenerate with
    /// `make golden` only for a change meant to alter them, and say so in the commit.
    func testTranscriptsAreTheCommittedOnes() throws {
        let out = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try Interlude.run(["replay", "--no-render", "--out", out.path] + Interlude.bundledScripts)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        let golden = Interlude.root.appendingPathComponent("Tests/Fixtures/golden/no-render")
        let names = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter {
            $0.hasSuffix(".transcript.jsonl")
        }
        XCTAssertEqual(
            names.count, Interlude.bundledReplayNames.count, "one committed transcript per bundled script and profile")
        for name in names.sorted() {
            let expected = try String(contentsOf: golden.appendingPathComponent(name), encoding: .utf8)
            let actual = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            guard actual != expected else { continue }
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            XCTFail(
                "\(name): differs from the committed transcript at line \(first + 1):\n  committed: "
                    + "\(first < expectedLines.count ? expectedLines[first] : "(end)")\n  now:       "
                    + "\(first < actualLines.count ? actualLines[first] : "(end)")")
        }
    }

    func testAFailedExpectationExitsOne() throws {
        let folder = try TemporaryFolder().url
        let script = folder.appendingPathComponent("wrong.script")
        try "interlude-script 1\nat 0s launched\nexpect state background\n".write(
            to: script, atomically: true, encoding: .utf8)
        let result = try Interlude.run(["replay", "--no-render", "--out", folder.path, script.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.output.contains("wrong.script:3:1: expect failed: state is active, expected background"),
            result.output)
        let transcript = try String(
            contentsOf: folder.appendingPathComponent("wrong.transcript.jsonl"), encoding: .utf8)
        XCTAssertTrue(transcript.contains(#""type":"expect","line":3,"ok":false"#), transcript)
    }

    /// Each invalid script: exit 2, `file:line:column` and a one-line explanation, and nothing run.
    func testInvalidScriptsExitTwoWithLocationAndRunNothing() throws {
        let cases: [(name: String, text: String, location: String)] = [
            ("syntax", "interlude-script 1\nat 0s launched\nexpect stat active\n", ":3:8:"),
            ("unknown-event", "interlude-script 1\nat 0s launched\nat 1s smsArived\n", ":3:7:"),
            ("backwards", "interlude-script 1\nat 2s launched\nat 1s homePressed\n", ":3:4:"),
            ("version", "interlude-script 2\nat 0s launched\n", ":1:"),
        ]
        for item in cases {
            let folder = try TemporaryFolder().url
            let good = folder.appendingPathComponent("good.script")
            try "interlude-script 1\nat 0s launched\n".write(to: good, atomically: true, encoding: .utf8)
            let script = folder.appendingPathComponent("\(item.name).script")
            try item.text.write(to: script, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out")
            let result = try Interlude.run(["replay", "--no-render", "--out", out.path, good.path, script.path])
            XCTAssertEqual(result.status, 2, "\(item.name): \(result.output)\(result.errors)")
            let firstLine = result.errors.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertTrue(firstLine.hasPrefix(script.path + item.location), "\(item.name): \(firstLine)")
            XCTAssertTrue(firstLine.contains("error:"), firstLine)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: out.appendingPathComponent("good.transcript.jsonl").path),
                "\(item.name): nothing may run when a script is invalid")
        }
    }

    func testAnInvalidLeaderboardURLExitsTwoAndRunsNothing() throws {
        let folder = try TemporaryFolder().url
        let result = try Interlude.run(["replay", "--no-render", "--out", folder.path, "--leaderboard", "ftp:nowhere"])
        XCTAssertEqual(result.status, 2, result.output + result.errors)
        XCTAssertTrue(result.errors.contains("--leaderboard must be an http:// or https:// URL"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.md").path))
    }

    func testHelpTeaches() throws {
        let result = try Interlude.run(["replay", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("Exit status") && result.output.contains("--no-render"), result.output)
    }
}

// Issue 28 point 4: a name from outside is printed safely. A script's file name with a newline cannot forge a
// verdict line in a CI log, an escape sequence never reaches the terminal, and index.md shows a hostile name as text
// with a relative, percent-encoded link (no raw HTML, no `javascript:` target).

import Foundation
import InterludeTesting
import XCTest

@testable import InterludeCLI

final class HostileNameTests: XCTestCase {
    func testTerminalTextEscapesControlsAndBidiAndKeepsTheRest() {
        XCTAssertEqual(TerminalText.escaped("home-single-player.script"), "home-single-player.script")
        XCTAssertEqual(TerminalText.escaped("a\nPASS  b"), "a\\nPASS  b")
        XCTAssertEqual(TerminalText.escaped("\u{1B}[2J\r\t"), "\\u{1B}[2J\\r\\t")
        XCTAssertEqual(TerminalText.escaped("ann\u{202E}txt.script"), "ann\\u{202E}txt.script")
        XCTAssertEqual(TerminalText.escaped("x\u{85}y\u{2028}z\u{7F}"), "x\\u{85}y\\u{2028}z\\u{7F}")
        XCTAssertEqual(TerminalText.escaped("Ölfeld ✓ 街"), "Ölfeld ✓ 街")
    }

    func testMarkdownTextAndLinkTargetsCannotBeMarkup() {
        XCTAssertEqual(
            TerminalText.markdownText("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert\\(1\\)&gt;")
        XCTAssertEqual(TerminalText.markdownText("a|b [c](d) *e*"), "a\\|b \\[c\\]\\(d\\) \\*e\\*")
        XCTAssertEqual(
            TerminalText.linkTarget("javascript:alert(1).transcript.jsonl"),
            "javascript%3Aalert%281%29.transcript.jsonl")
        XCTAssertEqual(TerminalText.linkTarget("a b).png"), "a%20b%29.png")
        XCTAssertEqual(TerminalText.linkTarget("//evil.example/x"), ".//evil.example/x")
        XCTAssertEqual(TerminalText.linkTarget("home-1.transcript.jsonl"), "home-1.transcript.jsonl")
    }

    /// End to end: scripts named with a newline and a forged verdict, an escape sequence, and a `javascript:` link.
    func testHostileScriptNamesForgeNoLineAndNoMarkup() throws {
        let folder = try TemporaryFolder("hostile-names").url
        let out = try TemporaryFolder("hostile-names-out").url
        let source = try String(
            contentsOf: Interlude.root.appendingPathComponent("Assets/Interruptions/home-single-player.script"),
            encoding: .utf8)
        let names = [
            "x\nPASS  forged  9 expectations, 0 frames, ends active, hash 0  (0.00 s)\nFAIL  y.script",
            "esc\u{1B}[31mred.script", "javascript:alert(1).script", "<img src=x onerror=alert(1)>.script",
        ]
        var paths: [String] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            try source.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let run = try Interlude.run(["replay", "--no-render", "--jobs", "2", "--out", out.path] + paths)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        let lines = (run.output + run.errors).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertFalse(lines.contains { $0.hasPrefix("PASS  forged") }, "a forged verdict line: \(run.output)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("FAIL") }, "a forged FAIL line: \(run.output)")
        XCTAssertFalse((run.output + run.errors).contains("\u{1B}[31m"), "an escape sequence reached the terminal")
        XCTAssertTrue(run.output.contains("4 passed, 0 failed"), run.output)
        XCTAssertEqual(lines.filter { $0.hasPrefix("PASS  ") }.count, 4, run.output)
        let index = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
        XCTAssertFalse(index.contains("<img"), index)
        XCTAssertFalse(index.contains("(javascript:"), index)
        XCTAssertFalse(index.contains("\u{1B}"), index)
        XCTAssertTrue(index.contains("javascript%3Aalert%281%29"), index)
        // The table keeps one row per script: no name broke out of its cell or its line.
        XCTAssertEqual(index.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| script") }.count, 4)
    }
}

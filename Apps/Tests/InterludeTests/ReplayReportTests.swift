import Foundation
import InterludeTesting
import XCTest

@testable import InterludeCLI

/// `interlude replay`'s index.html, looked at in a real browser (Debian's `chromium`, headless), and the timelines
/// written beside it.
final class ReplayReportTests: XCTestCase {
    /// A failing script whose name, comment and expectation are hostile HTML.
    static let hostileName = #"<b>evil&"x'"#
    static let hostileScript = """
        interlude-script 1
        # <script>document.title = "pwned"</script>
        profile ios4
        seed 7
        at 0s        launched
        at 0.5s      play singlePlayer level=1
        at +1s       smsArrived
        expect state background   # <img src=x onerror="document.title='pwned'">
        capture "alert-up"
        at +2s       smsDismissed
        expect state active

        """

    /// Chromium, from Debian's package (`make setup` installs it). On CI its absence fails the test; elsewhere it
    /// skips with the command to install it.
    static func chromium() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("chromium is not installed (make setup installs it)")
        }
        throw XCTSkip("chromium is not installed: apt-get install chromium (or make setup)")
    }

    /// Runs headless Chromium on `page` with `arguments`, at most 90 s; returns what it printed on stdout.
    static func browse(_ page: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        let profile = try TemporaryFolder("chromium").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
                "--virtual-time-budget=5000", "--hide-scrollbars",
            ] + arguments + [page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + .seconds(90)
        let reader = DispatchQueue(label: "chromium-output")
        nonisolated(unsafe) var data = Data()
        let done = DispatchSemaphore(value: 0)
        reader.async {
            data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        if done.wait(timeout: deadline) == .timedOut {
            process.terminate()
            XCTFail("chromium did not finish within 90 s")
        }
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testTheReportShowsFailuresFirstWithLoadedFramesInABrowser() throws {
        _ = try Self.chromium()
        let folder = try TemporaryFolder("report").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent(Self.hostileName + ".script")
        try Self.hostileScript.write(to: script, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let passing = Interlude.root.appendingPathComponent("Assets/Interruptions/home-single-player.script").path
        let run = try Interlude.run(["replay", "--jobs", "2", "--out", out.path, passing, script.path])
        XCTAssertEqual(run.status, 1, run.output + run.errors)
        let page = out.appendingPathComponent("index.html")
        for file in [
            "home-single-player.timeline.svg", "home-single-player.timeline.mmd", Self.hostileName + ".timeline.svg",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), file)
        }

        let dom = try Self.browse(page, ["--dump-dom"])
        XCTAssertTrue(dom.contains("<title>Interlude replay: 1 passed, 1 failed</title>"), String(dom.prefix(600)))
        XCTAssertTrue(dom.contains(#"data-scripts="2" data-passed="1" data-failed="1""#), "the totals")
        // Failed first: the first script section is the failing one, then the passing one.
        let sections = dom.ranges(of: #"<details class="script "#).map { dom[$0.upperBound...].prefix(200) }
        XCTAssertEqual(sections.count, 2)
        XCTAssertTrue(sections.first?.hasPrefix(#"fail" id="script-0" data-verdict="fail""#) ?? false, "\(sections)")
        XCTAssertTrue(sections.last?.hasPrefix(#"pass" id="script-1" data-verdict="pass""#) ?? false, "\(sections)")
        // Every thumbnail is there and its PNG loaded: home-single-player's 2 and the failing script's 1.
        XCTAssertEqual(dom.ranges(of: "<img ").count, 3)
        XCTAssertEqual(dom.ranges(of: #"data-loaded="yes""#).count, 3, "thumbnails that did not load")
        XCTAssertFalse(dom.contains(#"data-loaded="no""#))
        // The expectations with their lines: the failed one highlighted, quoted (escaped) from the script.
        XCTAssertTrue(dom.contains(#"<tr class="failed"><td>1.5 s</td><td>8</td>"#), "the failed expect, at its time")
        XCTAssertTrue(dom.contains("state is inactive(alert), expected background"))
        // The hostile text is shown as text: nothing it says became an element or ran.
        XCTAssertTrue(dom.contains("&lt;b&gt;evil&amp;\"x'"), "the name, as text")
        XCTAssertTrue(dom.contains("&lt;img src=x onerror="), "the comment, as text")
        XCTAssertEqual(dom.ranges(of: "<script").count, 1, "only the page's own script")
        XCTAssertFalse(dom.contains("pwned</title>"))
        XCTAssertFalse(dom.contains("<b>evil&amp;\""), "no <b> element made of the name")
        // Timelines are inline, and the transcript is linked.
        XCTAssertEqual(dom.ranges(of: #"<svg xmlns="http://www.w3.org/2000/svg""#).count, 2)
        XCTAssertTrue(dom.contains(#"href="./home-single-player.transcript.jsonl""#))
        XCTAssertTrue(dom.contains(#"href="./%3Cb%3Eevil%26%22x%27.transcript.jsonl""#))

        let screenshot = folder.appendingPathComponent("report.png")
        _ = try Self.browse(page, ["--screenshot=\(screenshot.path)", "--window-size=1400,1600"])
        let png = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        XCTAssertGreaterThan(png.count, 20_000, "a page with content, not a blank one")
        if let keep = ProcessInfo.processInfo.environment["INTERLUDE_REPORT_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: screenshot.path, toPath: keep)
        }
    }

    /// The page's pure parts: order, escaping and links.
    func testLinksAreRelativeAndPercentEncoded() {
        XCTAssertEqual(ReplayReport.link("a b.png"), "./a%20b.png")
        XCTAssertEqual(ReplayReport.link("javascript:alert(1)"), "./javascript%3Aalert%281%29")
        XCTAssertEqual(ReplayReport.link("../x/é"), "./..%2Fx%2F%C3%A9")
    }

    func testDiagramOfATranscriptWritesMermaidAndSVG() throws {
        let folder = try TemporaryFolder("diagram").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = Interlude.root.appendingPathComponent(
            "Tests/Fixtures/golden/no-render/sms-ios4-dismissed.transcript.jsonl")
        let result = try Interlude.run([
            "diagram", "--transcript", golden.path, "--script",
            Interlude.root.appendingPathComponent("Assets/Interruptions/sms-ios4-dismissed.script").path,
            "--out", folder.path,
        ])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let mermaid = try String(
            contentsOf: folder.appendingPathComponent("sms-ios4-dismissed.timeline.mmd"), encoding: .utf8)
        XCTAssertTrue(mermaid.contains("    Note over App: active → inactive (alert)"), mermaid)
        XCTAssertTrue(mermaid.contains("✓ line 14 expect state inactive"), mermaid)
        let svg = try String(
            contentsOf: folder.appendingPathComponent("sms-ios4-dismissed.timeline.svg"), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains(">willResignActive</text>"))

        let broken = folder.appendingPathComponent("broken.transcript.jsonl")
        try "{\"t\":0,\"type\":\"event\",\"name\":\"launched\"}\n{\"t\":1,\"type\":\"callback\",\"name\":\"nap\"}\n"
            .write(
                to: broken, atomically: true, encoding: .utf8)
        let bad = try Interlude.run(["diagram", "--transcript", broken.path])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.errors.contains("\(broken.path):2:1: error: 'nap' is not a callback"), bad.errors)
    }
}

import Foundation
import InterludeTesting
import XCTest

/// `interlude replay` across profiles: a matrix script (`profiles ...`) and `--profile all|LIST` make one job per
/// script and profile, named NAME@PROFILE, one index.json entry each (with `profile` and `matrix`), and a profile
/// matrix in index.html whose names are escaped.
final class ReplayMatrixTests: XCTestCase {
    /// A matrix script with a hostile name: its scoped lines hold on their profiles; Control Center is iOS 13+'s.
    static let matrixName = #"m<i>&"x'"#
    static let matrixScript = """
        interlude-script 1
        profiles ios5, ios26, android28
        at 0s        launched
        expect state active
        expect[ios5] callbacks willFinishLaunching, didFinishLaunching, didBecomeActive
        expect[android*] callbacks onCreate, onStart, onResume
        at 1s        controlCenterPulled
        expect[ios26] state inactive
        expect[ios5,android28] state active
        expect[ios5,android28] callbacks

        """

    static let plainScript = """
        interlude-script 1
        profile ios5
        at 0s        launched
        at 1s        homePressed
        expect state background

        """

    private func entries(_ folder: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("index.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    func testAMatrixScriptReplaysOncePerProfileIntoTheIndexAndTheMatrix() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = folder.appendingPathComponent("\(Self.matrixName).script")
        let plain = folder.appendingPathComponent("plain.script")
        try Self.matrixScript.write(to: matrix, atomically: true, encoding: .utf8)
        try Self.plainScript.write(to: plain, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let run = try Interlude.run(["replay", "--no-render", "--out", out.path, matrix.path, plain.path])
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertTrue(run.output.contains("4 passed, 0 failed"), run.output)
        let index = try entries(out)
        let names = index.compactMap { $0["script"] as? String }
        let profiles = ["ios5", "ios26", "android28"]
        XCTAssertEqual(Set(names), Set(profiles.map { "\(Self.matrixName)@\($0)" } + ["plain"]))
        for entry in index {
            let name = try XCTUnwrap(entry["script"] as? String)
            let profile = try XCTUnwrap(entry["profile"] as? String, "\(name): no profile")
            if name == "plain" {
                XCTAssertEqual(profile, "ios5")
                XCTAssertNil(entry["matrix"], "a script of one profile is not a matrix")
            } else {
                XCTAssertEqual(name, "\(Self.matrixName)@\(profile)")
                XCTAssertEqual(entry["matrix"] as? String, Self.matrixName)
            }
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: out.appendingPathComponent("\(name).transcript.jsonl").path))
        }
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h2>Profile matrices</h2>"))
        XCTAssertEqual(html.components(separatedBy: "<table class=\"matrix\">").count, 2, "one matrix: one script")
        XCTAssertTrue(html.contains("data-profiles=\"3\""))
        XCTAssertTrue(html.contains("m&lt;i&gt;&amp;&quot;x&#39;"), "the hostile name is escaped")
        XCTAssertFalse(html.contains("m<i>"), "the hostile name never becomes markup")
        // controlCenterPulled: iOS 26 resigns; iOS 5 and Android 9 have no Control Center.
        XCTAssertTrue(html.contains("<code>sceneWillResignActive</code>"))
        XCTAssertTrue(html.contains("<td class=\"rejected\"><b>rejected</b>"))
        XCTAssertTrue(html.contains("<code>onCreate</code> → <code>onStart</code> → <code>onResume</code>"))
    }

    func testProfileAllReplaysEveryScriptUnderEveryProfileByteIdentically() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.script")
        try Self.plainScript.write(to: plain, atomically: true, encoding: .utf8)
        var transcripts: [[Data]] = []
        for run in ["a", "b"] {
            let out = folder.appendingPathComponent(run)
            let result = try Interlude.run(
                ["replay", "--no-render", "--profile", "all", "--jobs", run == "a" ? "1" : "2", "--out", out.path]
                    + [plain.path])
            XCTAssertEqual(result.status, 0, result.output + result.errors)
            let index = try entries(out)
            XCTAssertEqual(index.compactMap { $0["profile"] as? String }, Interlude.profiles)
            XCTAssertEqual(index.compactMap { $0["script"] as? String }, Interlude.profiles.map { "plain@\($0)" })
            transcripts.append(
                try Interlude.profiles.map {
                    try Data(contentsOf: out.appendingPathComponent("plain@\($0).transcript.jsonl"))
                })
        }
        XCTAssertEqual(transcripts[0], transcripts[1], "two runs give the same transcripts")
        let listed = try Interlude.run(
            ["replay", "--no-render", "--profile", "ios5,android*", "--out", folder.appendingPathComponent("c").path]
                + [plain.path])
        XCTAssertEqual(listed.status, 0, listed.output + listed.errors)
        XCTAssertTrue(listed.output.contains("3 passed, 0 failed"), listed.output)
    }

    func testAProfileThatMatchesNothingIsAnInvalidOption() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.script")
        try Self.plainScript.write(to: plain, atomically: true, encoding: .utf8)
        let run = try Interlude.run(["replay", "--no-render", "--profile", "ios5,andriod*", plain.path])
        XCTAssertEqual(run.status, 2, run.output + run.errors)
        XCTAssertTrue(run.errors.contains("'andriod*' matches no profile"), run.errors)
    }

    /// An engine script (`engines sdl3`, `expect engine[sdl3] ...`, Docs/Engines.md) replays green under its two
    /// profiles; `--engines` adds an engine to every replay; the report shows what each engine received per profile,
    /// in each replay's section and in the matrix's cells. An unknown engine is an invalid option.
    func testTheReportShowsWhatEachEngineReceivedPerProfile() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let script = Interlude.root.appendingPathComponent("Assets/Interruptions/engine-sdl3.script").path
        let run = try Interlude.run(["replay", "--no-render", "--engines", "flutter", "--out", out.path, script])
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertTrue(run.output.contains("2 passed, 0 failed"), run.output)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("What the engines received under ios26"), "a section per profile")
        XCTAssertTrue(html.contains("What the engines received under android34"))
        XCTAssertTrue(html.contains("<span class=\"engine\">sdl3</span> <code>SDL_EVENT_WINDOW_MINIMIZED</code>"))
        XCTAssertTrue(
            html.contains(
                "<span class=\"engine\">flutter</span> <code>inactive</code> → <code>hidden</code> → <code>paused</code>"
            ))
        let transcript = try String(
            contentsOf: out.appendingPathComponent("engine-sdl3@android34.transcript.jsonl"), encoding: .utf8)
        XCTAssertTrue(transcript.contains(#"{"t":2500,"type":"engine","engine":"flutter","event":"hidden"}"#))
        let bad = try Interlude.run(["replay", "--no-render", "--engines", "sdl3,sdl4", "--out", out.path, script])
        XCTAssertEqual(bad.status, 2, bad.output + bad.errors)
        XCTAssertTrue(bad.errors.contains("--engines: 'sdl4' is no engine"), bad.errors)
    }
}

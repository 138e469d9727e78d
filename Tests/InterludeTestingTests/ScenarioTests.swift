import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Synchronization
import Testing

@Suite("Replaying scripts on a game with LifecycleScenario")
struct ScenarioTests {
    @Test("an inline script that holds passes, with its transcript, frames and end state")
    func passingInlineScript() throws {
        let result = try shooter.replay(homeScript)
        #expect(result.ok, "\(result)")
        #expect(result.name == "inline" && result.file == "inline.script")
        #expect(result.expectations == 7)
        #expect(result.failures.isEmpty && result.violations.isEmpty && result.error == nil)
        #expect(result.finalState == .active)
        #expect(result.simulationHash.count == 16)
        #expect(result.frames.count == 1 && result.frameNames == ["home-screen"])
        #expect(result.frame(named: "home-screen") == result.frames.first && result.frame(named: "other") == nil)
        guard case .end(.active, let hash, true)? = result.transcript.entries.last?.entry else {
            Issue.record("the transcript does not end with a passing end line: \(result.transcript.lines.last ?? "")")
            return
        }
        #expect(hash == result.simulationHash)
        #expect(result.report == "inline.script: passed (7 expectations held, no invariant broke)")
        expectPasses(result)
    }

    @Test("the same script replayed twice gives the same transcript, byte for byte")
    func deterministic() throws {
        let first = try shooter.replay(homeScript)
        let second = try shooter.replay(homeScript)
        #expect(first.transcript.text == second.transcript.text)
        #expect(!first.transcript.text.isEmpty)
    }

    @Test("a failed expect line is reported with its line, what it expected, what was found and the lines before it")
    func failingInlineScript() throws {
        let script = """
            interlude-script 1
            profile ios5
            at 0s      launched
            at 0.5s    play singlePlayer level=1
            at +2s     homePressed
            expect state background
            expect callbacks   willResignActive   # only the first one
            expect timers 0
            """
        let result = try shooter.replay(script, name: "home.script")
        #expect(!result.ok)
        try #require(result.failures.count == 1)
        let failure = result.failures[0]
        #expect(failure.line == 7 && failure.location.column == 1 && failure.location.file == "home.script")
        #expect(failure.text == "expect callbacks   willResignActive   # only the first one")
        #expect(failure.expected == "callbacks willResignActive")
        #expect(failure.found == "callbacks willResignActive, didEnterBackground")
        #expect(failure.detail == "callbacks were [willResignActive, didEnterBackground], expected [willResignActive]")
        #expect(failure.context.count == ScenarioResult<Game>.contextLines)
        #expect(failure.context.last?.json == #"{"t":2500,"type":"expect","line":6,"ok":true}"#)
        let block = """
            home.script:7: expect callbacks   willResignActive   # only the first one
              expected: callbacks willResignActive
              found: callbacks willResignActive, didEnterBackground
              transcript before it:
            """
        #expect(result.report.hasPrefix("home.script: failed (1 of 3 expectations, 0 broken invariants)\n" + block))
        #expect(result.report.contains(#"    {"t":2500,"type":"work","name":"forbidGL"}"#), "\(result.report)")
        #expect(result.problems == [failure.description])
    }

    @Test("expected and found say what each kind of expect line compared")
    func expectedAndFound() throws {
        let script = """
            interlude-script 1
            at 0s      launched
            expect snapshot level=1
            at 0.5s    play singlePlayer level=1
            expect state inactive
            expect work saveSnapshot
            expect timers 1
            expect paused
            expect screen menu
            at +1s     homePressed
            expect callbacks
            expect snapshot level=2 paused=1
            """
        let result = try shooter.replay(script)
        let found = result.failures.map { [$0.line.description, $0.expected, $0.found] }
        #expect(
            found == [
                ["3", "snapshot level=1", "no snapshot on disk"],
                ["5", "state inactive", "state active"],
                ["6", "work saveSnapshot", "work (none) (lacks saveSnapshot)"],
                ["7", "timers 1", "timers 3"],
                ["8", "paused", "not paused (screen singlePlayer)"],
                ["9", "screen menu", "screen singlePlayer"],
                ["11", "callbacks (none)", "callbacks willResignActive, didEnterBackground"],
                ["12", "snapshot level=2 paused=1", "snapshot level=1 paused=1"],
            ])
        #expect(result.expectations == 8)
    }

    @Test("a broken invariant is reported with the line replayed when it broke")
    func violation() throws {
        let scenario = LifecycleScenario(
            game: { seed in Game(seed: seed, levels: Checkout.levels) }, snapshots: { _ in ForgetfulStore() })
        let result = try scenario.replay(
            """
            interlude-script 1
            at 0s      launched
            at 0.5s    play singlePlayer level=1
            at +1s     homePressed
            expect state background
            """, name: "forgetful.script")
        #expect(!result.ok && result.failures.isEmpty)
        let violation = try #require(result.violations.first)
        #expect(violation.invariant == 5)
        #expect(violation.violation.detail == "a saved snapshot is not on disk")
        #expect(violation.location?.line == 4 && violation.text == "at +1s     homePressed")
        #expect(result.violations.count == 2, "the quick save and the full save are both lost")
        #expect(violation.context.last?.json == #"{"t":1500,"type":"work","name":"finishGL"}"#)
        #expect(
            result.report.contains(
                "forgetful.script:4: at +1s     homePressed\n  broke invariant 5 (snapshotBeforeLeaving): a saved snapshot is not on disk\n"
            ),
            "\(result.report)")
    }

    @Test("a script that does not parse is an error naming name:line:column, as the command line prints it")
    func parseError() throws {
        let text = "interlude-script 1\nat 0s launched\nat 1s lanched\n"
        #expect {
            try shooter.replay(text, name: "typo.script")
        } throws: { error in
            guard case .invalidScript(let scriptError) = error as? ScenarioError else { return false }
            return scriptError.kind == .unknownEvent
                && "\(error)".hasPrefix("typo.script:3:7: error: unknown event 'lanched' (did you mean launched?)")
        }
    }

    @Test("every bundled script passes, replayed from its folder in name order")
    func bundledFolder() throws {
        let results = try shooter.replayFolder(Checkout.scripts)
        let files = try FileManager.default.contentsOfDirectory(atPath: Checkout.scripts).filter {
            $0.hasSuffix(".script")
        }
        .sorted()
        #expect(files.count >= 17)
        // In name order, a matrix script once per profile it names (NAME@PROFILE), as `interlude replay` does.
        let expected = try files.flatMap { file in
            let path = Checkout.scripts + "/" + file
            return try ScriptParser.parse(
                String(contentsOfFile: path, encoding: .utf8), file: path, as: GameAction.self
            )
            .replays().map(\.name)
        }
        #expect(expected.count > files.count, "the bundled scripts include matrix scripts")
        #expect(results.map(\.name) == expected)
        #expect(results.allSatisfy { $0.expectations > 0 && $0.transcript.entries.count > 10 })
        for result in results { #expect(result.ok, "\(result)") }
        expectPasses(results)
    }

    @Test("a matrix script replays once per profile it names, each profile's scoped lines checked under it")
    func matrixScriptEachProfile() throws {
        let text = """
            interlude-script 1
            profiles ios4, android34
            at 0s launched
            expect[ios4] callbacks didFinishLaunching, didBecomeActive
            expect[android34] callbacks onCreate, onStart, onResume
            """
        let results = try shooter.replayEachProfile(text, name: "matrix.script")
        #expect(results.map(\.name) == ["matrix@ios4", "matrix@android34"])
        #expect(results[0].ok, "\(results[0])")
        // android34 also calls onTopResumedActivityChanged: its line fails there, and there only.
        #expect(!results[1].ok && results[1].failures.count == 1, "\(results[1])")
        #expect(try shooter.replay(text, name: "matrix.script").name == "matrix@ios4")
    }

    @Test("in a folder, a script that cannot be parsed or read fails alone; the others run")
    func folderWithBadScripts() throws {
        let folder = try TemporaryFolder("scenario")
        defer { folder.remove() }
        try "interlude-script 1\nat 0s launched\nexpect state active\n".write(
            toFile: folder.path + "/b-good.script", atomically: true, encoding: .utf8)
        try "interlude-script 1\nat 0s launched\nexpect stat active\n".write(
            toFile: folder.path + "/a-typo.script", atomically: true, encoding: .utf8)
        try Data([0x69, 0xFF, 0xFE]).write(to: folder.url.appendingPathComponent("c-binary.script"))
        try "not a script".write(toFile: folder.path + "/notes.txt", atomically: true, encoding: .utf8)
        let results = try shooter.replayFolder(folder.path)
        #expect(results.map(\.name) == ["a-typo", "b-good", "c-binary"])
        #expect(results.map(\.ok) == [false, true, false])
        #expect(results[0].problems.count == 1)
        #expect(results[0].report.contains("\(folder.path)/a-typo.script:3:8: error: "), "\(results[0].report)")
        #expect(results[2].error == .notUTF8(path: folder.path + "/c-binary.script"))
        #expect(results[1].expectations == 1 && results[1].finalState == .active)
        #expect(throws: ScenarioError.self) { try shooter.replayFolder(folder.path + "/missing") }
    }

    @Test("expectPasses records one issue per problem, each with its readable text")
    func expectPassesRecordsIssues() throws {
        let result = try shooter.replay(
            "interlude-script 1\nat 0s launched\nexpect state background\nexpect screen leaderboard\n")
        #expect(result.failures.count == 2)
        let recorded = Mutex<[String]>([])
        withKnownIssue {
            expectPasses(result)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            recorded.withLock { $0.append(text) }
            return text.contains("  expected: ") && text.contains("  found: ")
        }
        let texts = recorded.withLock { $0 }
        #expect(texts.count == 2)
        #expect(
            texts.first?.hasPrefix("inline.script:3: expect state background\n  expected: state background") == true)
        #expect(texts.last?.hasPrefix("inline.script:4: expect screen leaderboard") == true)
    }
}

@Suite("Driving a runtime by hand")
struct DrivingTests {
    @Test("a duration is rounded to the nearest nanosecond, so 0.6 s is step 36 exactly")
    func durations() {
        let runtime = Runtime(profile: .ios4, seed: 7).launch()
        #expect(runtime.status.state == .active)
        runtime.inject(.play(.singlePlayer, level: 1), at: .seconds(0.6))
        #expect(runtime.now == 600_000_000)
        runtime.inject(.smsArrived, at: .milliseconds(3700))
        #expect(runtime.now == 3_700_000_000 && runtime.status.state == .inactive)
        runtime.inject(.smsDismissed)
        #expect(runtime.status.state == .active && runtime.lastCallbacks == [.didBecomeActive])
    }

    @Test("a temporary folder is new, empty, and gone after remove()")
    func temporaryFolder() throws {
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        #expect(first.path != second.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.path).isEmpty)
        first.remove()
        second.remove()
        #expect(!FileManager.default.fileExists(atPath: first.path))
    }
}

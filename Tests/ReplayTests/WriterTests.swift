// ScriptWriter: canonical text, and parse(render(script)) giving the script back.

import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct WriterTests {
    /// A script using every command, action and expectation kind.
    static let everything: Script = {
        var script = Script(name: "everything", profileName: "ios4", smsStyle: .banner, seed: 42)
        let commands: [Command] = [
            .leaderboard(.delay(milliseconds(800))),
            .capture("before"),
            .event(time: 0, .launched),
            .action(time: milliseconds(500), .play(.singlePlayer, level: 1)),
            .action(time: milliseconds(500), .play(.multiplayer, level: 7)),
            .action(time: seconds(1), .openLeaderboard),
            .action(time: seconds(1), .closeLeaderboard),
            .action(time: milliseconds(1001), .menu),
            .action(time: 1_001_000_001, .resume),
            .action(time: seconds(2), .fire),
            .action(time: seconds(3), .input(.turnRight, duration: milliseconds(1500))),
            .action(time: seconds(3), .input(.back, duration: 250_000)),
            .event(time: seconds(60), .smsArrived),
            .expect(.state(.inactive)),
            .expect(.callbacks([])),
            .expect(.callbacks([.willResignActive, .didEnterBackground])),
            .expect(.work([.saveSnapshot])),
            .expect(.work([.pauseGame, .cancelLeaderboardRequests])),
            .expect(.paused),
            .expect(.running),
            .expect(.counter(.timers, 0)),
            .expect(.counter(.requests, 3)),
            .expect(.counter(.peers, 1)),
            .expect(
                .snapshot([
                    SnapshotCondition(key: "level", comparison: .equal, value: 1),
                    SnapshotCondition(key: "score", comparison: .atLeast, value: -5),
                    SnapshotCondition(key: "held.forward", comparison: .atMost, value: 9),
                    SnapshotCondition(key: "x", comparison: .greater, value: 0),
                    SnapshotCondition(key: "y_1", comparison: .less, value: Int64.max),
                ])),
            .expect(.screen("leaderboard")),
            .capture("after-sms.v2_final"),
            .leaderboard(.down),
            .leaderboard(.up),
            .leaderboard(.delay(0)),
            .event(time: seconds(60), .smsDismissed),
        ]
        script.lines = commands.map { ScriptLine(location: SourceLocation(file: "x", line: 0, column: 0), command: $0) }
        return script
    }()

    @Test func rendersCanonicalText() {
        let expected = """
            interlude-script 1
            profile ios4 smsStyle=banner
            seed 42

            leaderboard delay=800ms
            capture "before"
            at 0s        launched
            at 500ms     play singlePlayer
            at 500ms     play multiplayer level=7
            at 1s        openLeaderboard
            at 1s        closeLeaderboard
            at 1001ms    menu
            at 1001.000001ms resume
            at 2s        fire
            at 3s        input turnRight 1500ms
            at 3s        input back 0.25ms
            at 60s       smsArrived
            expect state inactive
            expect callbacks
            expect callbacks willResignActive, didEnterBackground
            expect work saveSnapshot
            expect work pauseGame, cancelLeaderboardRequests
            expect paused
            expect running
            expect timers 0
            expect requests 3
            expect peers 1
            expect snapshot level=1 score>=-5 held.forward<=9 x>0 y_1<9223372036854775807
            expect screen leaderboard
            capture "after-sms.v2_final"
            leaderboard down
            leaderboard up
            leaderboard delay=0s
            at 60s       smsDismissed

            """
        #expect(ScriptWriter.render(Self.everything) == expected)
    }

    @Test func everythingRoundTrips() throws {
        let text = ScriptWriter.render(Self.everything)
        let parsed = try ScriptParser.parse(text, file: "Somewhere/everything.script")
        expectSameScript(parsed, Self.everything)
    }

    @Test func theMinimalScriptRoundTrips() throws {
        let script = Script(name: "empty")
        #expect(ScriptWriter.render(script) == "interlude-script 1\nprofile ios5\nseed 1\n\n")
        expectSameScript(try ScriptParser.parse(ScriptWriter.render(script), file: "empty.script"), script)
    }

    @Test func theContractExampleRoundTrips() throws {
        let script = try ScriptParser.parse(ContractExampleTests.example, file: "example.script")
        expectSameScript(try ScriptParser.parse(ScriptWriter.render(script), file: "example.script"), script)
    }

    @Test(arguments: [
        (Int64(0), "0s"), (1, "0.000001ms"), (10, "0.00001ms"), (250_000, "0.25ms"), (1_000_000, "1ms"),
        (1_500_000_000, "1500ms"), (2_000_000_000, "2s"), (100_000_000, "100ms"), (1_234_567_891, "1234.567891ms"),
        (86_400_000_000_000, "86400s"), (Int64.max, "9223372036854.775807ms"),
        (9_000_000_000_000_000_000, "9000000000s"),
    ])
    func timesAreSpeltExactly(nanoseconds: Int64, text: String) throws {
        let script = Script(
            name: "t",
            lines: [
                ScriptLine(location: .init(file: "", line: 0, column: 0), command: .event(time: nanoseconds, .launched))
            ])
        let rendered = ScriptWriter.render(script)
        #expect(rendered.contains("at \(text) "))
        // Past the 24 h timeline the writer still spells a time exactly; the parser refuses it.
        guard nanoseconds <= ScriptParser.latestTime else {
            #expect(throws: ScriptError.self) { try ScriptParser.parse(rendered, file: "t.script") }
            return
        }
        #expect(
            try ScriptParser.parse(rendered, file: "t.script").lines.map(\.command) == [
                .event(time: nanoseconds, .launched)
            ])
    }

    @Test func renderOneCommand() {
        #expect(ScriptWriter.render(Command.capture("a")) == "capture \"a\"")
        #expect(ScriptWriter.render(Command.expect(.counter(.peers, 2))) == "expect peers 2")
        #expect(
            ScriptWriter.render(Command.action(time: 0, .input(.lookUp, duration: seconds(1))))
                == "at 0s        input lookUp 1s")
    }
}

/// Expects `actual` to have `expected`'s header and commands; names and locations may differ.
func expectSameScript(_ actual: Script, _ expected: Script, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(actual.profileName == expected.profileName, sourceLocation: sourceLocation)
    #expect(actual.smsStyle == expected.smsStyle, sourceLocation: sourceLocation)
    #expect(actual.seed == expected.seed, sourceLocation: sourceLocation)
    #expect(actual.lines.map(\.command) == expected.lines.map(\.command), sourceLocation: sourceLocation)
}

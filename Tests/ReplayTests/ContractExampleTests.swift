// The example of CONTRACT §7, line by line, and every form its comments mention.

import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct ContractExampleTests {
    static let example = """
        interlude-script 1            # first line: format version; another version is refused
        profile ios4                  # optional: ios4 | ios5 (default ios5); also smsStyle=alert
        seed 7                        # optional: simulation seed (default 1)
        at 0s      launched
        at 0.5s    play singlePlayer level=1     # game actions: play singlePlayer|multiplayer, openLeaderboard,
        at +4s     smsArrived                     #   closeLeaderboard, menu, resume, input <key> <duration>, fire
        expect state inactive                     # assertions apply at the time of the line before
        expect callbacks willResignActive         # exactly the callbacks of the last event, in order
        expect work saveSnapshot, cancelLeaderboardRequests   # contained in the last event's work
        expect paused                             # also: expect running | timers 0 | requests 0 | peers 0
        expect snapshot level=1 score>=0          # the snapshot on disk, decoded
        expect game health=100 ammo>=10           # the game's own values now (exportedValues)
        capture "after-sms"                       # write the current frame as a PNG
        at +2s     smsDismissed
        """

    @Test func theExampleParsesToTheExpectedCommands() throws {
        let script = try ScriptParser.parse(Self.example, file: "Assets/Interruptions/example.script")
        #expect(script.name == "example")
        #expect(script.profileName == "ios4")
        #expect(script.smsStyle == nil)
        #expect(script.seed == 7)
        let expected: [Command] = [
            .event(time: 0, .launched),
            .action(time: milliseconds(500), .play(.singlePlayer, level: 1)),
            .event(time: milliseconds(4500), .smsArrived),
            .expect(.state(.inactive)),
            .expect(.callbacks([.willResignActive])),
            .expect(.work([.saveSnapshot, .cancelLeaderboardRequests])),
            .expect(.paused),
            .expect(
                .snapshot([
                    SnapshotCondition(key: "level", comparison: .equal, value: 1),
                    SnapshotCondition(key: "score", comparison: .atLeast, value: 0),
                ])),
            .expect(
                .game([
                    SnapshotCondition(key: "health", comparison: .equal, value: 100),
                    SnapshotCondition(key: "ammo", comparison: .atLeast, value: 10),
                ])),
            .capture("after-sms"),
            .event(time: milliseconds(6500), .smsDismissed),
        ]
        #expect(script.lines.map(\.command) == expected)
        #expect(script.lines.map(\.location.line) == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        #expect(script.lines.allSatisfy { $0.location.column == 1 })
        #expect(script.lines[0].location.file == "Assets/Interruptions/example.script")
    }

    @Test func defaultsWithoutProfileOrSeed() throws {
        let script = try parseBody("at 0s launched\n")
        #expect(script.profileName == "ios5")
        #expect(script.smsStyle == nil)
        #expect(script.seed == 1)
        #expect(script.profile?.name == "ios5")
    }

    @Test func smsStyleOnTheProfileLine() throws {
        let script = try parseBody("profile ios5 smsStyle=alert\n")
        #expect(script.profileName == "ios5")
        #expect(script.smsStyle == .alert)
        #expect(script.profile?.smsStyle == .alert)
        #expect(try parseBody("profile ios4 smsStyle=banner").smsStyle == .banner)
    }

    @Test func theOtherExpectations() throws {
        let parsed = try commands(
            """
            at 0s launched
            expect running
            expect timers 0
            expect requests 2
            expect peers 1
            expect callbacks
            expect callbacks willEnterForeground, didBecomeActive
            expect callbacks willEnterForeground didBecomeActive
            expect callbacks willEnterForeground ,didBecomeActive
            expect work pauseGame,stopFrameLoop saveSnapshot
            expect screen menu
            expect snapshot held.forward>3 x<-12 yaw<=0 hits=-9223372036854775808
            """)
        let pair: [Callback] = [.willEnterForeground, .didBecomeActive]
        #expect(
            parsed == [
                .event(time: 0, .launched),
                .expect(.running),
                .expect(.counter(.timers, 0)),
                .expect(.counter(.requests, 2)),
                .expect(.counter(.peers, 1)),
                .expect(.callbacks([])),
                .expect(.callbacks(pair)),
                .expect(.callbacks(pair)),
                .expect(.callbacks(pair)),
                .expect(.work([.pauseGame, .stopFrameLoop, .saveSnapshot])),
                .expect(.screen("menu")),
                .expect(
                    .snapshot([
                        SnapshotCondition(key: "held.forward", comparison: .greater, value: 3),
                        SnapshotCondition(key: "x", comparison: .less, value: -12),
                        SnapshotCondition(key: "yaw", comparison: .atMost, value: 0),
                        SnapshotCondition(key: "hits", comparison: .equal, value: Int64.min),
                    ])),
            ])
    }

    @Test func everyGameAction() throws {
        let parsed = try commands(
            """
            at 0s play singlePlayer
            at 0s play multiplayer
            at 0s play singlePlayer level=3
            at 0s openLeaderboard
            at 0s closeLeaderboard
            at 0s menu
            at 0s resume
            at 0s fire
            at 0s input forward 2s
            at 0s input lookDown 250ms
            """)
        let actions: [GameAction] = [
            .play(.singlePlayer, level: 1), .play(.multiplayer, level: 1), .play(.singlePlayer, level: 3),
            .openLeaderboard, .closeLeaderboard, .menu, .resume, .fire,
            .input(.forward, duration: seconds(2)), .input(.lookDown, duration: milliseconds(250)),
        ]
        #expect(parsed == actions.map { .action(time: 0, $0) })
    }

    @Test(arguments: Control.allCases) func everyControl(key: Control) throws {
        #expect(
            try commands("at 1s input \(key.rawValue) 1ms") == [
                .action(time: seconds(1), .input(key, duration: 1_000_000))
            ])
    }

    @Test(arguments: Event.allCases) func everyEventName(event: Event) throws {
        #expect(try commands("at 1s \(event.rawValue)") == [.event(time: seconds(1), event)])
    }

    @Test func leaderboardSettingsAndCaptures() throws {
        let parsed = try commands(
            """
            leaderboard delay=800ms   # before any timed line is fine
            capture "start.0_A-z"
            leaderboard down
            leaderboard up
            leaderboard delay=0s
            capture "x"  # a "quoted" comment
            leaderboard pending=250
            """)
        #expect(
            parsed == [
                .leaderboard(.delay(milliseconds(800))), .capture("start.0_A-z"), .leaderboard(.down),
                .leaderboard(.up), .leaderboard(.delay(0)), .capture("x"), .leaderboard(.pending(250)),
            ])
    }

    @Test func windowsLineEndingsTabsAndByteOrderMark() throws {
        let text = "\u{FEFF}interlude-script 1\r\n\tseed\t9\r\n\r\nat 1s\tlaunched\r\n"
        let script = try ScriptParser.parse(text, file: "dir/sub/crlf.script")
        #expect(script.name == "crlf")
        #expect(script.seed == 9)
        #expect(script.lines.map(\.command) == [.event(time: seconds(1), .launched)])
        #expect(script.lines[0].location.line == 4)
    }
}

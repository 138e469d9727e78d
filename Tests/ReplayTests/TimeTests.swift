// Times: absolute and relative, units, exact decimals, never backwards.

import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct TimeTests {
    @Test func relativeTimesAccumulateFromThePreviousTimedLine() throws {
        let parsed = try commands(
            """
            at +1s launched
            expect running
            at +250ms fire
            capture "x"
            at +0.25s fire
            at 2s menu
            at +0s resume
            at +1.5s homePressed
            """)
        #expect(
            parsed.compactMap(\.time) == [
                seconds(1), milliseconds(1250), milliseconds(1500), seconds(2), seconds(2), milliseconds(3500),
            ])
    }

    @Test func equalTimesAreFine() throws {
        #expect(
            try commands("at 1s launched\nat 1s fire\nat 1000ms menu").compactMap(\.time) == [
                seconds(1), seconds(1), seconds(1),
            ])
    }

    @Test(arguments: [
        ("0s", Int64(0)), ("0ms", 0), ("2s", 2_000_000_000), ("500ms", 500_000_000), ("0.5s", 500_000_000),
        ("0.1s", 100_000_000), ("1.5s", 1_500_000_000), ("0.000000001s", 1), ("0.000001ms", 1),
        ("1.25ms", 1_250_000), ("0.3s", 300_000_000), ("0.7s", 700_000_000), ("0.10s", 100_000_000),
        ("1.0000000000s", 1_000_000_000), ("86400s", 86_400_000_000_000), ("86399.999999999s", 86_399_999_999_999),
        ("86400000ms", 86_400_000_000_000), ("007s", 7_000_000_000),
    ])
    func decimalTimesAreExact(text: String, nanoseconds: Int64) throws {
        #expect(try commands("at \(text) launched") == [.event(time: nanoseconds, .launched)])
    }

    @Test func durationsUseTheSameRules() throws {
        #expect(
            try commands("at 0s input left 0.1s\nleaderboard delay=1.5ms")
                == [.action(time: 0, .input(.left, duration: 100_000_000)), .leaderboard(.delay(1_500_000))])
    }

    @Test(arguments: ["1", "1m", "1min", "1h", "1 s", "1us", "1S", "1Ms"])
    func aMissingOrUnknownUnitIsABadUnit(text: String) throws {
        let error = try #require(bodyError("at \(text) launched"))
        // "1 s" splits into two words: the first has no unit.
        #expect(error.kind == .badUnit)
        #expect(error.location.line == 2)
        #expect(error.location.column == 4)
        #expect(error.message.contains("expected ms or s"))
    }

    @Test(arguments: [
        ".5s", "5.s", "1.2.3s", "-1s", "s", "ms", "+s", "1e3ms", "0.0000000001s", "0.0000001ms",
        "9223372037s", "99999999999999999999s", "1,5s",
    ])
    func malformedNumbersAreBadTimes(text: String) throws {
        let error = try #require(bodyError("at 0s launched\nat \(text) fire"))
        #expect([.badTime, .badUnit].contains(error.kind))
        #expect(error.location == SourceLocation(file: "test.script", line: 3, column: 4))
    }

    @Test func malformedNumberKinds() {
        #expect(bodyError("at .5s launched")?.kind == .badTime)
        #expect(bodyError("at 0.0000000001s launched")?.kind == .badTime)
        #expect(bodyError("at 0.0000000001s launched")?.message.contains("finer than a nanosecond") == true)
        #expect(bodyError("at 9223372037s launched")?.kind == .badTime)
        #expect(bodyError("at 5min launched")?.kind == .badUnit)
    }

    @Test func aRelativeTimePastTheTimelineIsABadTime() {
        let error = bodyError("at 86400s launched\nat +1ms fire")
        #expect(error?.kind == .badTime)
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 4)
        #expect(error?.message.contains("86400s (24 h) at most") == true)
        #expect(bodyError("at 86399s launched\nat +1s fire") == nil)
    }

    @Test(arguments: [
        "86400.000000001s", "86401s", "9223372036.854775807s", "9223372036854.775807ms", "9223372037s",
        "200000000s", "99999999999999999999s",
    ])
    func anAbsoluteTimePastTheTimelineIsABadTime(text: String) throws {
        let error = try #require(bodyError("at \(text) launched"))
        #expect(error.kind == .badTime)
        #expect(error.location == SourceLocation(file: "test.script", line: 2, column: 4))
        #expect(error.message.contains("past the end of a script's timeline"))
    }

    @Test func inputsAndLeaderboardDelaysLastAnHourAtMost() throws {
        #expect(
            try commands("at 0s input left 3600s\nleaderboard delay=3600000ms") == [
                .action(time: 0, .input(.left, duration: ScriptParser.longestDuration)),
                .leaderboard(.delay(ScriptParser.longestDuration)),
            ])
        for (body, column) in [
            ("at 0s input forward 200000000s", 21), ("at 0s input forward 3600.000000001s", 21),
            ("at 0s input forward 99999999999999999999999s", 21), ("leaderboard delay=9223372036s", 19),
            ("leaderboard delay=3601s", 19),
        ] {
            let error = try #require(bodyError(body), "\(body)")
            #expect(error.kind == .badTime, "\(body)")
            #expect(error.location == SourceLocation(file: "test.script", line: 2, column: column), "\(body)")
            #expect(error.message.contains("3600s (1 h) at most"), "\(body)")
        }
    }

    @Test func timeGoingBackwardsPointsAtTheTimeToken() throws {
        let error = try #require(bodyError("at 0s launched\nat 2s fire\n  at   1.5s menu"))
        #expect(error.kind == .timeWentBackwards)
        #expect(error.location == SourceLocation(file: "test.script", line: 4, column: 8))
        #expect(error.message.contains("1.5s"))
        #expect(error.message.contains("2s"))
    }

    @Test func relativeTimesAfterAnAbsoluteOneCannotGoBackwards() {
        #expect(bodyError("at 5s launched\nat +0s fire\nat 4999ms menu")?.kind == .timeWentBackwards)
        #expect(bodyError("at 5s launched\nat +0s fire\nat 5000ms menu") == nil)
    }

    @Test func inputDurationsMustBePositive() {
        let error = bodyError("at 0s input forward 0ms")
        #expect(error?.kind == .badTime)
        #expect(error?.location.column == 21)
    }
}

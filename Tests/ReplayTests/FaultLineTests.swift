// FaultLineTests: the lines of issue 30 (`at <t> fault <point>`, `at <t> wait`): parsed, written back the same, and
// refused with the place, the nearest name and where the names are listed.

import Faults
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct FaultLineTests {
    @Test func faultAndWaitLinesParseAndRoundTrip() throws {
        let body = """
            at 0s launched
            at 1500ms fault storage.fsync.fails
            at 2s wait
            leaderboard pending=40
            at +1s fault os.powerLoss
            at 3s fault quirk.resumeLate
            at 3s fault storage.kill.betweenRenames skip=2
            """
        let parsed = try commands(body)
        #expect(
            parsed == [
                .event(time: 0, .launched), .fault(time: milliseconds(1500), .fsyncFails), .wait(time: seconds(2)),
                .leaderboard(.pending(40)), .fault(time: seconds(3), .powerLoss),
                .fault(time: seconds(3), .quirkResumeLate), .fault(time: seconds(3), .killBetweenRenames, skip: 2),
            ])
        #expect(try commands(parsed.map { ScriptWriter.render($0) }.joined(separator: "\n")) == parsed)
        #expect(try parseBody(body).hasFaultLines)
        #expect(try !parseBody("at 0s launched\nat 1s wait").hasFaultLines)
    }

    @Test(arguments: [
        ("at 1s fault storage.fsync.fail", ScriptError.Kind.unknownFault, 13),
        ("at 1s fault", .missingArgument, 12),
        ("at 1s fault os.powerLoss now", .unexpectedToken, 26),
        ("at 1s fault os.powerLoss skip=-1", .unexpectedToken, 26),
        ("at 1s fault os.powerLoss skip=1000001", .unexpectedToken, 26),
        ("at 1s fault os.powerLoss skip=1 now", .unexpectedToken, 33),
        ("at 1s wait 2s", .unexpectedToken, 12),
        ("at 2s wait\nat 1s fault os.powerLoss", .timeWentBackwards, 4),
    ])
    func badFaultLinesNameTheirPlace(body: String, kind: ScriptError.Kind, column: Int) throws {
        let error = try #require(bodyError(body))
        #expect(error.kind == kind, "\(error)")
        #expect(error.location.column == column, "\(error)")
    }

    /// A test's own point (a seeded bug of its doubles) is a fault line's name only where the parser is given it.
    @Test func aPointBeyondTheCatalogParsesOnlyWhereGiven() throws {
        let point = FaultPoint("bug.testOnly", .bug, "a test's seeded bug")
        let text = "interlude-script 1\nprofile ios26\nat 0s launched\nat 1s fault bug.testOnly skip=1\n"
        #expect(parseError(text)?.kind == .unknownFault)
        let script: Script = try ScriptParser.parse(text, file: "t.script", faults: [point])
        #expect(script.lines.last?.command == .fault(time: seconds(1), point, skip: 1))
    }

    @Test func anArmedPointFiresAtTheReachItsSkipNames() throws {
        let injector = FaultInjector(seed: 1, enabled: [])
        injector.arm(.fsyncFails, skip: 2)
        injector.arm(.fsyncFails)
        #expect((0..<5).map { _ in injector.fires(.fsyncFails) } == [true, false, true, false, false])
        #expect(injector.takeFires().map(\.reach) == [1, 3])
        #expect(injector.takeFires().isEmpty)
    }

    @Test func anUnknownFaultPointSuggestsTheClosestAndWhereTheListIs() throws {
        let error = try #require(bodyError("at 1s fault storage.fsync.fail"))
        #expect(error.message.contains("did you mean storage.fsync.fails?"), "\(error)")
        #expect(error.message.contains("interlude simulate --list"), "\(error)")
    }
}

// MatchLineTests: the match lines (`peer join|leave NAME`, the shooter's `peer fire NAME`, `match down|up`,
// `expect seenBy|unseenBy NAME`): parsed, written back the same, and refused with the place and what was expected.

import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct MatchLineTests {
    @Test func everyMatchLineParsesAndRoundTrips() throws {
        let body = """
            peer join ann
            at 0s launched
            peer fire ann
            peer leave ann
            match down
            match up
            expect seenBy ann
            expect unseenBy bob_2
            """
        let parsed = try commands(body)
        #expect(
            parsed == [
                .match(.peerJoin("ann")), .event(time: 0, .launched), .match(.peerSends("ann", word: "fire")),
                .match(.peerLeave("ann")), .match(.down), .match(.up), .expect(.seenBy("ann", true)),
                .expect(.seenBy("bob_2", false)),
            ])
        #expect(try commands(parsed.map { ScriptWriter.render($0) }.joined(separator: "\n")) == parsed)
    }

    @Test(arguments: [
        ("peer dance ann", ScriptError.Kind.unknownMatchSetting, 6),
        ("peer joi ann", .unknownMatchSetting, 6),
        ("peer join", .missingArgument, 10),
        ("peer join 9lives", .badName, 11),
        ("peer join \"ann\"", .badName, 11),
        ("peer join ann bob", .unexpectedToken, 15),
        ("peer join " + String(repeating: "a", count: 33), .badName, 11),
        ("peer join " + String(repeating: "a", count: 1_000_000), .badName, 11),
        ("match sideways", .unknownMatchSetting, 7),
        ("match", .missingArgument, 6),
        ("match down now", .unexpectedToken, 12),
        ("at 0s launched\nexpect seenBy", .missingArgument, 14),
        ("at 0s launched\nexpect seenBy a-b", .badName, 15),
    ])
    func badMatchLinesNameTheirPlace(body: String, kind: ScriptError.Kind, column: Int) throws {
        let error = try #require(bodyError(body))
        #expect(error.kind == kind, "\(error)")
        #expect(error.location.column == column, "\(error)")
        #expect(error.description.count < 400, "a huge name is quoted short")
    }

    @Test func aPeerLineSuggestsTheClosestWord() throws {
        let error = try #require(bodyError("peer leve ann"))
        #expect(error.message.contains("did you mean leave?"))
        #expect(error.message.contains("expected join, leave or fire"))
    }
}

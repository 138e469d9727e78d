// LookTests: the `look <yaw> [<pitch>]` action (mouse look in scripts): degrees in, exact thousandths kept,
// the writer gives the same text back, and every malformed angle is an error at its column.

import Lifecycle
import Replay
import Testing

@Suite struct LookTests {
    @Test(
        "angles are read as exact thousandths of a degree",
        arguments: [
            ("look 90", 90_000, 0), ("look -90", -90_000, 0), ("look -12.5 3", -12_500, 3_000),
            ("look 0.125 -0.5", 125, -500), ("look 100000", 100_000_000, 0),
        ])
    func reads(text: String, yaw: Int64, pitch: Int64) throws {
        #expect(
            try commands("at 1s \(text)") == [
                .action(time: seconds(1), .look(yawMillidegrees: yaw, pitchMillidegrees: pitch))
            ])
    }

    @Test(
        "a malformed angle is an error at its column",
        arguments: [
            ("at 0s look", ScriptError.Kind.missingArgument, 11), ("at 0s look left", .badNumber, 12),
            ("at 0s look 1.2345", .badNumber, 12), ("at 0s look 100001", .badNumber, 12),
            ("at 0s look 5 up", .badNumber, 14), ("at 0s look 5 5 5", .unexpectedToken, 16),
            ("at 0s look --5", .badNumber, 12), ("at 0s look +5", .badNumber, 12),
            ("at 0s look 1. 2", .badNumber, 12),
        ])
    func errors(text: String, kind: ScriptError.Kind, column: Int) throws {
        let error = try #require(bodyError(text))
        #expect(error.kind == kind, "\(error)")
        #expect(error.location.line == 2 && error.location.column == column, "\(error)")
    }

    @Test("the writer spells the shortest exact decimal, and it parses back")
    func writes() throws {
        let cases: [(Int64, Int64, String)] = [
            (90_000, 0, "look 90"), (-12_500, 3_000, "look -12.5 3"), (125, -500, "look 0.125 -0.5"),
            (-1, 0, "look -0.001"),
        ]
        for (yaw, pitch, text) in cases {
            let command = Command.action(time: seconds(2), .look(yawMillidegrees: yaw, pitchMillidegrees: pitch))
            let line = ScriptWriter.render(command)
            #expect(line.hasSuffix(text), "\(line)")
            #expect(try commands(line) == [command])
        }
    }

    @Test("a misspelt look suggests it")
    func suggestion() {
        #expect(bodyError("at 0s lok 90")?.message.contains("did you mean look?") == true)
    }
}

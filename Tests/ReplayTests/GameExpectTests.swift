// `expect game KEY<op>VALUE` (CONTRACT §7): the game's exported values, parsed like `expect snapshot`'s conditions,
// written back the same way, checked against `LifecycleGame.exportedValues` (the shooter's here).

import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct GameExpectTests {
    @Test func parsesAndRoundTrips() throws {
        let script = try ScriptParser.parse(
            "interlude-script 1\nat 0s launched\nexpect game score>=0 level=1 health<=100 enemy.0.health>-1\n",
            file: "g.script")
        let expected: [SnapshotCondition] = [
            SnapshotCondition(key: "score", comparison: .atLeast, value: 0),
            SnapshotCondition(key: "level", comparison: .equal, value: 1),
            SnapshotCondition(key: "health", comparison: .atMost, value: 100),
            SnapshotCondition(key: "enemy.0.health", comparison: .greater, value: -1),
        ]
        #expect(script.lines.last?.command == .expect(.game(expected)))
        expectSameScript(try ScriptParser.parse(ScriptWriter.render(script), file: "g.script"), script)
    }

    @Test func errorsNameTheLineAndTheWord() {
        #expect(bodyError("at 0s launched\nexpect game")?.kind == .missingArgument)
        #expect(
            bodyError("at 0s launched\nexpect game")?.message
                == "expected conditions like score>=10 lives=3 after expect game")
        let badKey = bodyError("at 0s launched\nexpect game 1score=1")
        #expect(badKey?.kind == .badCondition && badKey?.location.column == 13)
        #expect(badKey?.message.hasPrefix("bad game key '1score'") == true)
        #expect(bodyError("at 0s launched\nexpect snapshot 1score=1")?.message.hasPrefix("bad snapshot key") == true)
        #expect(bodyError("expect game score=1")?.kind == .expectBeforeTimedLine)
        #expect(bodyError("at 0s launched\nexpect gmae score=1")?.message.contains("did you mean game?") == true)
    }

    @Test func checksTheShootersValuesNow() throws {
        let script = try ScriptParser.parse(
            """
            interlude-script 1
            at 0s      launched
            expect game inSession=0
            at 0.5s    play singlePlayer level=1
            at +1s     fire
            expect game shots=1 ammo=29 health=100 level=1 enemiesLeft>0 paused=0
            expect game ammo=30
            expect game lives=3
            """, file: "shooter.script")
        let result = ScriptRunner.run(script, game: { Game(seed: $0) })
        #expect(result.expectationFailures.map(\.location.line) == [7, 8], "\(result.failures)")
        #expect(result.expectationFailures.first?.detail == "game ammo is 29, expected =30")
        #expect(result.expectationFailures.first?.found == "game ammo=29")
        let unknown = try #require(result.expectationFailures.last)
        #expect(
            unknown.description.hasPrefix(
                "shooter.script:8:1: expect failed: the game exports no value 'lives'; it exports "))
        #expect(result.transcript.contains(#""line":8,"ok":false,"detail":"the game exports no value 'lives'"#))
    }
}

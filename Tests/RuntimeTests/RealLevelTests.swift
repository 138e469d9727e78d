// RealLevelTests: the bundled levels played through the runtime: a fight on level 1 interrupted in the
// middle ends exactly as the uninterrupted one, on level 2; the bundled fight script passes.

import GameCore
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Testing

@Suite("Real levels under interruptions")
struct RealLevelTests {
    static let levels = (try? LevelAssets.levels()) ?? []

    /// Level 1 to its exit, as in Assets/Interruptions/fight-level1-sms-ios4.script (gameplay ms after `play`).
    let fight = Session(
        actions: [
            (100, .input(.forward, duration: ms(1667))), (2100, .look(yawMillidegrees: 90_000, pitchMillidegrees: 0)),
            (2200, .input(.forward, duration: ms(1000))), (3700, .look(yawMillidegrees: -90_000, pitchMillidegrees: 0)),
            (3800, .input(.forward, duration: ms(1000))), (5300, .look(yawMillidegrees: -45_000, pitchMillidegrees: 0)),
            (5400, .fire), (5700, .fire), (6000, .fire), (6300, .fire),
            (6600, .look(yawMillidegrees: 135_000, pitchMillidegrees: 0)), (6700, .input(.right, duration: ms(500))),
            (7700, .input(.forward, duration: ms(1667))), (9700, .look(yawMillidegrees: -90_000, pitchMillidegrees: 0)),
            (9800, .input(.forward, duration: ms(2167))), (12300, .look(yawMillidegrees: 90_000, pitchMillidegrees: 0)),
            (12400, .input(.forward, duration: ms(500))),
        ], lengthMs: 14000, levels: levels)

    @Test("there are three levels, each larger and more populated than the one before")
    func levelsGrow() {
        #expect(Self.levels.count == 3)
        let sizes = Self.levels.map { $0.width * $0.depth }
        let enemies = Self.levels.map { $0.positions(of: .enemy).count }
        #expect(sizes == sizes.sorted() && Set(sizes).count == 3)
        #expect(enemies == enemies.sorted() && Set(enemies).count == 3)
    }

    @Test("uninterrupted, the fight kills the first enemy and reaches level 2 with kill and exit bonus")
    func plain() {
        let runtime = fight.play()
        let state = runtime.game.state
        #expect(state.levelNumber == 2 && state.levelsCleared == 1 && state.screen == .singlePlayer)
        #expect(state.kills == 1 && state.hits >= 2 && state.player.health < 100)
        #expect(state.score >= 100 + 500, "a kill and the exit, plus the time under par")
        let fake = runtime.leaderboard.transport as? InProcessLeaderboard
        let key = ScoreKey.make(level: 1, run: state.run)  // the cleared level's key, not the next level's
        let submitted = fake?.stored[key] ?? runtime.leaderboard.outbox[key]
        #expect(submitted == state.score, "the level's end submitted the score")
        #expect(runtime.violations.isEmpty)
    }

    @Test(
        "interrupted mid-fight (between two hits), the game ends exactly as without the interruption",
        arguments: [
            [Event.smsArrived, .smsDismissed], [.callArrived, .callDeclined], [.homePressed, .iconTapped],
            [.lockPressed, .unlocked], [.homePressed, .purgedByOS, .iconTapped],
        ])
    func invariance(events: [Event]) {
        let plain = fight.play()
        let interrupted = fight.play(interruption: (5800, events))
        #expect(interrupted.simulationHash == plain.simulationHash)
        #expect(interrupted.game.state.levelNumber == 2 && interrupted.game.state.kills == 1)
        #expect(interrupted.violations.isEmpty)
    }

    @Test("the bundled fight scripts pass; an SMS or a purge and relaunch mid-fight end in the same game")
    func bundledScripts() throws {
        var hashes: [String] = []
        for name in ["fight-level1-sms-ios4", "fight-level1-purge-relaunch"] {
            let path = "Assets/Interruptions/\(name).script"
            let script = try ScriptParser.parse(try LevelAssets.text(path), file: path)
            let result = ScriptRunner.run(script, game: { Game(seed: $0, levels: Self.levels) })
            #expect(result.ok, "\(name): \(result.failures)")
            #expect(result.expectations >= 10)
            hashes.append(result.simulationHash)
        }
        #expect(hashes[0] == hashes[1])
    }
}

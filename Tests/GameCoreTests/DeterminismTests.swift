// DeterminismTests: the same seed and inputs give the same state hash; another seed another hash; the
// snapshot's values hold the whole fight and give it back exactly.

import GameCore
import Runtime
import Testing

@Suite("Determinism")
struct GameDeterminismTests {
    let arena = grid(
        "############",
        "#P.....E...#",
        "#..+.....E.#",
        "#....*.....#",
        "#..E......X#",
        "############")

    /// A fixed fight: walk, turn, shoot, as a script would.
    func fight(seed: UInt64) -> Game {
        var game = playing([arena], seed: seed)
        for round in 0..<6 {
            game.hold(round % 3 == 0 ? .forward : .turnLeft, steps: 10)
            game.fire()
            game.run(steps: 30)
            game.look(yawMillidegrees: round % 2 == 0 ? 7_500 : -12_250, pitchMillidegrees: 0)
        }
        return game
    }

    @Test("same seed, same inputs: same hash and state")
    func sameSeed() {
        let one = fight(seed: 7)
        let two = fight(seed: 7)
        #expect(one.stateHash == two.stateHash && one.state == two.state)
        #expect(one.state.shots > 0 && one.state.steps == 180 && one.state.isRunning)
    }

    @Test("another seed: another hash, and the fight itself goes differently")
    func otherSeed() {
        let one = fight(seed: 7)
        let other = fight(seed: 8)
        #expect(one.stateHash != other.stateHash)
        let outcome = { (game: Game) in game.state.enemies.map(\.health) + [game.state.player.health] }
        #expect(outcome(one) != outcome(fight(seed: 9)) || outcome(one) != outcome(other))
    }

    @Test("every gameplay field changes the hash")
    func hashCoversState() {
        let base = fight(seed: 7)
        var changes: [(String, (inout Game) -> Void)] = [
            ("enemy x", { $0.state.enemies[0].x += 0.5 }), ("enemy health", { $0.state.enemies[1].health -= 1 }),
            ("enemy mode", { $0.state.enemies[2].mode = .dead }), ("pickup", { $0.state.pickups[0].isTaken.toggle() }),
            ("kills", { $0.state.kills += 1 }), ("reload", { $0.state.effects.reload += 1 }),
            ("run", { $0.state.run += 1 }), ("won", { $0.state.hasWon.toggle() }),
        ]
        changes.append(("cooldown", { $0.state.enemies[0].cooldown += 1 }))
        for (name, change) in changes {
            var changed = base
            change(&changed)
            #expect(changed.stateHash != base.stateHash, "\(name)")
        }
    }

    @Test("a snapshot's values give back the exact state mid-fight")
    func snapshotRoundTrip() throws {
        var game = fight(seed: 7)
        game.hold(.forward, steps: 12)
        let snapshot = GameSnapshot(state: game.state, extras: ["timer.enemies": 3])
        let decoded = try GameSnapshot.decode(snapshot.encoded())
        #expect(decoded.state == game.state)
        #expect(decoded.extras == ["timer.enemies": 3])
        var restored = Game(seed: 7, levels: [arena])
        restored.state = decoded.state
        game.run(steps: 120)
        restored.run(steps: 120)
        #expect(restored.stateHash == game.stateHash)
    }
}

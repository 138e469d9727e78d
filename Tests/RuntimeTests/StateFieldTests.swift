// The shooter's one field list (GameState+Fields.swift) replaced four hand-written lists: the snapshot's encoder, its
// decoder, the validation's ranges and `stateHash`. These tests hold the list to what those lists did: the hash is
// bit-identical to the hand-written one on any state, every field survives a snapshot, and a state with one field
// out of its range is refused exactly when the hand-written ranges refused it.

import GameCore
import Runtime
import Saves
import Testing

@Suite("the shooter's field list")
struct StateFieldTests {
    @Test("stateHash is bit-identical to the hand-written hash it replaced, on any state")
    func hashUnchanged() {
        var random = SimulationRandom(seed: 2024)
        var game = Game(seed: 3)
        for round in 0..<2000 {
            game.state = RandomGameState.make(&random, playable: round % 2 == 0)
            #expect(game.stateHash == Self.handWrittenHash(game.state), "round \(round)")
        }
    }

    @Test("a change to any one value changes the hash")
    func everyValueHashed() {
        var random = SimulationRandom(seed: 7)
        var game = Game(seed: 3)
        game.state = RandomGameState.plausible(&random, game: Game(seed: 3))
        let snapshot = GameSnapshot(state: game.state)
        #expect(snapshot.values.count > 40)
        let before = game.stateHash
        // inSession is derived (not read back); a count changed leaves its list short (a decode error).
        for (key, value) in snapshot.values where !["inSession", "enemies", "pickups"].contains(key) {
            // An extra of a gameplay key's name wins over it in the bytes, and decodes as the gameplay value.
            let changed =
                key == "screen"
                ? (value + 1) % Int64(Screen.allCases.count)
                : key.hasSuffix(".mode") ? (value + 1) % Int64(EnemyMode.allCases.count) : value ^ 1
            let bytes = GameSnapshot(state: game.state, extras: [key: changed]).encoded()
            guard let decoded = try? GameSnapshot.decode(bytes) else {
                Issue.record("\(key): the changed snapshot does not decode")
                continue
            }
            var other = game
            other.state = decoded.state
            #expect(other.stateHash != before, "\(key)")
        }
    }

    @Test("every value survives a snapshot, whatever it holds")
    func roundTrip() throws {
        var random = SimulationRandom(seed: 11)
        for round in 0..<500 {
            let state = RandomGameState.make(&random)
            let decoded = try GameSnapshot.decode(GameSnapshot(state: state).encoded()).state
            var left = Game(seed: 1)
            left.state = state
            var right = Game(seed: 1)
            right.state = decoded
            // NaN != NaN, so the hash (over bit patterns) is the comparison.
            #expect(left.stateHash == right.stateHash, "round \(round)")
            #expect(decoded.held == state.held, "round \(round)")
        }
    }

    @Test("one field out of range is refused exactly when the hand-written ranges refused it")
    func rangesUnchanged() throws {
        var random = SimulationRandom(seed: 99)
        let game = Game(seed: 9, levels: try LevelAssets.levels())
        var refused = 0
        for round in 0..<3000 {
            var state = RandomGameState.plausible(&random, game: game)
            #expect(game.whyUnplayable(state) == nil, "round \(round): a plausible state")
            Self.mutateOneField(&state, &random)
            let why = game.whyUnplayable(state)
            let expected = Self.handWrittenRangesHold(state, game: game)
            #expect((why == nil) == expected, "round \(round): \(why ?? "accepted")")
            if why != nil { refused += 1 }
        }
        // Both outcomes were exercised.
        #expect(refused > 500 && refused < 2500, "\(refused) refused")
    }

    // MARK: - The hand-written lists, as they were before the field list (kept here as the oracle)

    static func handWrittenHash(_ state: GameState) -> String {
        var hasher = StateHasher()
        hasher.combine(state.screen.rawValue)
        for flag in [state.isPaused, state.hasWon] { hasher.combine(Int64(flag ? 1 : 0)) }
        for number in [Int64(state.levelNumber), state.score, state.steps, state.roundSeconds, state.hits] {
            hasher.combine(number)
        }
        for number in [state.shots, state.kills, Int64(state.levelsCleared), state.run] { hasher.combine(number) }
        let player = state.player
        for number in [player.x, player.z, player.yaw, player.pitch] { hasher.combine(number) }
        hasher.combine(Int64(player.health))
        hasher.combine(Int64(player.ammo))
        hasher.combine(state.random.state)
        for control in Control.allCases { hasher.combine(state.held[control] ?? 0) }
        hasher.combine(UInt64(state.enemies.count))
        for enemy in state.enemies {
            for number in [enemy.x, enemy.z, enemy.targetX, enemy.targetZ] { hasher.combine(number) }
            for number in [Int64(enemy.health), Int64(enemy.mode.rawValue), enemy.cooldown, enemy.flash] {
                hasher.combine(number)
            }
        }
        hasher.combine(UInt64(state.pickups.count))
        for pickup in state.pickups {
            for number in [pickup.kind.rawValue, pickup.x, pickup.z, pickup.isTaken ? 1 : 0] {
                hasher.combine(Int64(number))
            }
        }
        let effects = state.effects
        for number in [effects.reload, effects.recoil, effects.muzzle, effects.hitMarker, effects.damage] {
            hasher.combine(number)
        }
        hasher.combine(effects.bob)
        return hasher.hex
    }

    /// The ranges `whyUnplayable` checked field by field before the list (counters, angles, enemies' values).
    static func handWrittenRangesHold(_ state: GameState, game: Game) -> Bool {
        let steps = max(0, state.steps)
        let killable = game.levels.prefix(state.levelNumber).reduce(0) { $0 + $1.positions(of: .enemy).count }
        let effects = state.effects
        let counters: [(Int64, ClosedRange<Int64>)] = [
            (state.steps, 0...(1 << 53)),
            (state.score, 0...game.maximumScore),
            (state.shots, 0...(steps / 12 + 1)),
            (state.hits, 0...max(0, state.shots)),
            (state.kills, 0...max(0, min(state.hits, Int64(killable)))),
            (Int64(state.levelsCleared), 0...Int64(max(0, state.levelNumber - 1))),
            (state.roundSeconds, 0...(steps / 60 + 1)),
            (Int64(state.player.health), 0...100),
            (Int64(state.player.ammo), 0...99),
            (effects.reload, 0...12), (effects.recoil, 0...8), (effects.muzzle, 0...2),
            (effects.hitMarker, 0...12), (effects.damage, 0...30),
        ]
        guard counters.allSatisfy({ $0.1.contains($0.0) }) else { return false }
        let yaw = state.player.yaw
        let pitch = state.player.pitch
        guard yaw.isFinite, (-Float.pi...Float.pi).contains(yaw), pitch.isFinite, (-1.4...1.4).contains(pitch) else {
            return false
        }
        // Kept with the ranges: dead enemies are counted kills.
        guard state.enemies.filter({ !$0.isAlive }).count <= state.kills else { return false }
        return state.enemies.allSatisfy { enemy in
            (enemy.isAlive ? (1...Enemy.fullHealth).contains(enemy.health) : enemy.health == 0)
                && (0...9).contains(enemy.cooldown) && (0...6).contains(enemy.flash)
        }
    }

    /// Sets one counter, angle or enemy value to a value near its bounds or anywhere.
    static func mutateOneField(_ state: inout GameState, _ random: inout SimulationRandom) {
        func integer() -> Int64 {
            let near: [Int64] = [-1, 0, 1, 2, 6, 7, 8, 9, 10, 11, 12, 13, 29, 30, 31, 60, 61, 99, 100, 101]
            switch random.below(4) {
            case 0: return Int64(bitPattern: random.next())
            case 1: return [Int64.min, Int64.max, 1 << 53, (1 << 53) + 1][Int(random.below(4))]
            default: return near[Int(random.below(UInt64(near.count)))]
            }
        }
        func integer(near value: Int64) -> Int64 {
            random.below(2) == 0 ? integer() : value &+ Int64(random.below(5)) &- 2
        }
        func angle() -> Float {
            let near: [Float] = [.nan, .infinity, -.infinity, .pi, -.pi, 1.4, -1.4, 1.41, -1.41, 0, 3.15, -3.15]
            return random.below(3) == 0 ? Float(Int(random.below(8000)) - 4000) / 1000 : near[Int(random.below(12))]
        }
        switch random.below(17) {
        case 0: state.score = integer(near: state.score)
        case 1: state.steps = integer()
        case 2: state.roundSeconds = integer(near: state.steps / 60)
        case 3: state.hits = integer(near: state.shots)
        case 4: state.shots = integer(near: state.steps / 12)
        case 5: state.kills = integer(near: state.hits)
        case 6: state.levelsCleared = Int(integer(near: Int64(state.levelNumber - 1)))
        case 7: state.player.health = Int(integer())
        case 8: state.player.ammo = Int(integer())
        case 9: state.effects.reload = integer()
        case 10: state.effects.recoil = integer()
        case 11: state.effects.muzzle = integer()
        case 12: state.effects.hitMarker = integer()
        case 13: state.effects.damage = integer()
        case 14: state.player.yaw = angle()
        case 15: state.player.pitch = angle()
        default:
            guard !state.enemies.isEmpty else { return }
            let index = Int(random.below(UInt64(state.enemies.count)))
            switch random.below(3) {
            case 0: state.enemies[index].health = Int(integer())
            case 1: state.enemies[index].cooldown = integer()
            default: state.enemies[index].flash = integer()
            }
        }
    }
}

// The one generator of random game states for the snapshot oracle. New gameplay fields (enemies, pickups, timers)
// are added here, and only here, so every property below covers them.

import GameCore
import InterludeNetwork
import Lifecycle
import Runtime

enum RandomGameState {
    /// A random game state: any screen, any values, floats including the awkward ones (NaN, infinities, -0).
    /// `playable` keeps counters within what a game can continue from (0...2^53); otherwise any Int64.
    static func make(_ random: inout SimulationRandom, playable: Bool = false) -> GameState {
        var state = GameState()
        state.screen = Screen.allCases[Int(random.below(UInt64(Screen.allCases.count)))]
        state.isPaused = random.below(2) == 0
        state.levelNumber = 1 + Int(random.below(9))
        func counter() -> Int64 { playable ? Int64(integer(&random).magnitude % (1 << 53)) : integer(&random) }
        state.score = counter()
        state.steps = counter()
        state.roundSeconds = counter()
        state.hits = counter()
        state.player = Player(
            x: float(&random), z: float(&random), yaw: float(&random), pitch: float(&random),
            health: Int(counter() % 1000), ammo: Int(counter() % 1000))
        state.shots = counter()
        state.kills = counter()
        state.levelsCleared = Int(counter() % 100)
        state.hasWon = random.below(2) == 0
        state.run = counter()
        for _ in 0..<random.below(6) {
            var enemy = Enemy(x: float(&random), z: float(&random), health: Int(counter() % 1000))
            enemy.mode = EnemyMode.allCases[Int(random.below(UInt64(EnemyMode.allCases.count)))]
            enemy.targetX = float(&random)
            enemy.targetZ = float(&random)
            enemy.cooldown = counter() % 1000
            enemy.flash = counter() % 100
            state.enemies.append(enemy)
        }
        for _ in 0..<random.below(5) {
            state.pickups.append(
                Pickup(
                    kind: PickupKind.allCases[Int(random.below(UInt64(PickupKind.allCases.count)))],
                    x: Int(random.below(64)), z: Int(random.below(64)), isTaken: random.below(2) == 0))
        }
        state.effects.reload = counter() % 100
        state.effects.recoil = counter() % 100
        state.effects.muzzle = counter() % 100
        state.effects.hitMarker = counter() % 100
        state.effects.damage = counter() % 100
        state.effects.bob = float(&random)
        state.random = SimulationRandom(seed: random.next())
        for control in Control.allCases where random.below(3) == 0 {
            state.held[control] = random.below(4) == 0 ? Int64.max : Int64(random.below(600)) + 1
        }
        return state
    }

    /// A random session state that `game` could have reached, on one of its levels: every field within what play
    /// produces (`Game.whyUnplayable` accepts it), so a launch restores it.
    static func plausible(_ random: inout SimulationRandom, game: Game) -> GameState {
        var fresh = game
        fresh.play(.singlePlayer, level: 1 + Int(random.below(UInt64(game.levels.count))))
        var state = fresh.state
        let level = fresh.level
        let open = (0..<level.depth).flatMap { z in (0..<level.width).map { (x: $0, z: z) } }.filter {
            !level.isWall($0.x, $0.z)
        }
        func point() -> (Float, Float) {
            let cell = open[Int(random.below(UInt64(open.count)))]
            return (Float(cell.x) + Float(random.below(1000)) / 1000, Float(cell.z) + Float(random.below(1000)) / 1000)
        }
        func upTo(_ limit: Int64) -> Int64 { limit <= 0 ? 0 : Int64(random.below(UInt64(limit) + 1)) }
        (state.player.x, state.player.z) = point()
        state.player.yaw = Float(Int(random.below(6283)) - 3141) / 1000
        state.player.pitch = Float(Int(random.below(2801)) - 1400) / 1000
        state.player.health = 1 + Int(random.below(100))
        state.player.ammo = Int(random.below(100))
        var dead: Int64 = 0
        for index in state.enemies.indices {
            (state.enemies[index].x, state.enemies[index].z) = point()
            (state.enemies[index].targetX, state.enemies[index].targetZ) = point()
            state.enemies[index].mode = EnemyMode.allCases[Int(random.below(3))]
            state.enemies[index].health =
                state.enemies[index].isAlive ? 1 + Int(random.below(UInt64(Enemy.fullHealth))) : 0
            state.enemies[index].cooldown = upTo(9)
            state.enemies[index].flash = upTo(6)
            if !state.enemies[index].isAlive { dead += 1 }
        }
        for index in state.pickups.indices { state.pickups[index].isTaken = random.below(2) == 0 }
        let killable = game.levels.prefix(state.levelNumber).reduce(0) { $0 + $1.positions(of: .enemy).count }
        state.kills = dead + upTo(Int64(killable) - dead)
        state.hits = state.kills + upTo(1000)
        state.shots = state.hits + upTo(1000)
        state.steps = max(0, state.shots - 1) * 12 + Int64(random.below(1 << 40))
        state.roundSeconds = upTo(state.steps / 60 + 1)
        state.score = upTo(game.maximumScore)
        state.levelsCleared = Int(upTo(Int64(state.levelNumber - 1)))
        state.effects.reload = upTo(12)
        state.effects.recoil = upTo(8)
        state.effects.muzzle = upTo(2)
        state.effects.hitMarker = upTo(12)
        state.effects.damage = upTo(30)
        state.effects.bob = Float(random.below(100_000)) / 4
        state.random = SimulationRandom(seed: random.next())
        state.run = Int64(bitPattern: random.next())
        for control in Control.allCases where random.below(3) == 0 {
            state.held[control] = random.below(4) == 0 ? Int64.max : Int64(random.below(600)) + 1
        }
        return state
    }

    /// Extras a launch accepts for `game`: `extras` with outbox entries on the game's levels and plausible scores.
    static func plausibleExtras(_ random: inout SimulationRandom, game: Game) -> [String: Int64] {
        var extras = extras(&random).filter { !$0.key.hasPrefix("outbox.") }
        for _ in 0..<random.below(4) {
            let key = ScoreKey.make(level: 1 + Int(random.below(UInt64(game.levels.count))), run: random.next().run)
            extras["outbox.\(key)"] = 1 + Int64(random.below(UInt64(game.maximumScore)))
        }
        return extras
    }

    /// The runtime's extras a save carries beside the state: generation, timers' remaining times (a session's save
    /// always has every timer), outbox, settings.
    static func extras(_ random: inout SimulationRandom) -> [String: Int64] {
        var extras: [String: Int64] = ["generation": Int64(random.below(1_000_000))]
        let timers = TimerSet(gameTimers: Game.timers)
        for name in timers.names {
            extras["timer." + name.rawValue] = Int64(random.below(UInt64(timers.period(of: name)!.1))) + 1
        }
        for _ in 0..<random.below(4) { extras["outbox.\(Int64(bitPattern: random.next()))"] = integer(&random) }
        for name in ["mouseSensitivity", "invertLook", "volume"] where random.below(2) == 0 {
            extras["setting." + name] = integer(&random)
        }
        return extras
    }

    static func integer(_ random: inout SimulationRandom) -> Int64 {
        switch random.below(4) {
        case 0: return Int64(random.below(100))
        case 1: return [Int64.min, Int64.max, -1, 0][Int(random.below(4))]
        default: return Int64(bitPattern: random.next())
        }
    }

    static func float(_ random: inout SimulationRandom) -> Float {
        switch random.below(5) {
        case 0: return [Float.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude][Int(random.below(5))]
        case 1: return Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        default: return Float(random.below(2000)) / 64 - 8
        }
    }
}

extension UInt64 {
    /// Bits as a run number.
    fileprivate var run: Int64 { Int64(bitPattern: self) }
}

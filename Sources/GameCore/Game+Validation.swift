// Game+Validation: whether a game state read from outside (a snapshot) is one this game could have reached.
// A checksum proves the bytes are what was written, not that a person or a bug did not forge them: every field
// that the simulation or the renderer turns into an index, an Int or a sum is bounded here, so a restored state
// never traps (a position outside the level, NaN, a counter at Int64.max).

import Lifecycle
import Runtime

extension Game {
    /// The largest counter a restored game may hold: the runtime's (2^53, millions of years of play at 60 steps a
    /// second, and far from Int64's end, so that adding to it never overflows).
    public static let counterLimit = Runtime<Game>.counterLimit

    /// The most points one session can score in `levels`: every enemy killed, every pickup taken, every exit
    /// reached with the whole par left. A score above it was not earned in this game.
    public static func maximumScore(in levels: [Level]) -> Int64 {
        var total: Int64 = 0
        for level in levels {
            let enemies = Int64(level.positions(of: .enemy).count)
            let pickups = Int64(level.positions(of: .health).count + level.positions(of: .ammo).count)
            total += enemies * killScore + pickups * pickupScore + exitScore + Int64(max(0, level.parSeconds)) * 10
        }
        return total
    }

    /// Why `state` is not one this game could have reached (and so must not be continued from), or nil when it
    /// could. Checks what the simulation and the renderer rely on: the level exists, positions are finite and
    /// inside the level, angles are in range, the level's enemies and pickups are the ones in the state, and
    /// every counter is within what play can produce. The first problem found, naming the field.
    public func whyUnplayable(_ state: GameState) -> String? {
        guard (1...levels.count).contains(state.levelNumber) else {
            return "level=\(state.levelNumber) is not a level of this game (1...\(levels.count))"
        }
        let level = levels[state.levelNumber - 1]
        if let why = Self.whyOutOfRange(counters(of: state, in: level)) { return why }
        if let why = whyMisplaced(state.player, in: level) { return why }
        for (control, steps) in state.held where steps < 1 {
            return "held.\(control.rawValue)=\(steps) is outside 1...\(Int64.max)"
        }
        let bob = state.effects.bob
        guard bob.isFinite, bob >= 0 else { return "effect.bob=\(bob) is not a finite angle >= 0" }
        if let why = whyWrongEnemies(state, in: level) { return why }
        return whyWrongPickups(state.pickups, onLevel: state.levelNumber)
    }

    /// The counters of `state` with the range each may hold.
    private func counters(of state: GameState, in level: Level) -> [(String, Int64, ClosedRange<Int64>)] {
        // Every bound is built from values that may be forged: kept >= 0, so that no range is ever inverted.
        let limit = Self.counterLimit
        let steps = max(0, state.steps)
        let killable = enemyCounts.prefix(state.levelNumber).reduce(0, +)
        let effects = state.effects
        return [
            ("steps", state.steps, 0...limit),
            ("score", state.score, 0...maximumScore),
            ("shots", state.shots, 0...(steps / Self.reloadSteps + 1)),
            ("hits", state.hits, 0...max(0, state.shots)),
            ("kills", state.kills, 0...max(0, min(state.hits, Int64(killable)))),
            ("levelsCleared", Int64(state.levelsCleared), 0...Int64(max(0, state.levelNumber - 1))),
            ("roundSeconds", state.roundSeconds, 0...(steps / Int64(stepsPerSecond) + 1)),
            ("health", Int64(state.player.health), 0...100),
            ("ammo", Int64(state.player.ammo), 0...Int64(Self.maxAmmo)),
            ("effect.reload", effects.reload, 0...Self.reloadSteps),
            ("effect.recoil", effects.recoil, 0...8),
            ("effect.muzzle", effects.muzzle, 0...2),
            ("effect.hitMarker", effects.hitMarker, 0...12),
            ("effect.damage", effects.damage, 0...30),
        ]
    }

    /// The first counter outside its range, as `key=value is outside range`.
    private static func whyOutOfRange(_ counters: [(String, Int64, ClosedRange<Int64>)]) -> String? {
        for (key, value, range) in counters where !range.contains(value) {
            return "\(key)=\(value) is outside \(range.lowerBound)...\(range.upperBound)"
        }
        return nil
    }

    private func whyMisplaced(_ player: Player, in level: Level) -> String? {
        if let why = Self.whyOffFloor("x", player.x, "z", player.z, in: level) { return why }
        guard player.yaw.isFinite, (-Float.pi...Float.pi).contains(player.yaw) else {
            return "yaw=\(player.yaw) is not an angle in -pi...pi"
        }
        guard player.pitch.isFinite, (-1.4...1.4).contains(player.pitch) else {
            return "pitch=\(player.pitch) is not an angle in -1.4...1.4"
        }
        return nil
    }

    /// Why (x, z) is not a point of the level's open floor, naming the keys; nil when it is.
    private static func whyOffFloor(_ xKey: String, _ x: Float, _ zKey: String, _ z: Float, in level: Level)
        -> String?
    {
        guard x.isFinite, z.isFinite else { return "\(xKey)=\(x), \(zKey)=\(z) is not a finite position" }
        guard x >= 0, z >= 0, x < Float(level.width), z < Float(level.depth) else {
            return "\(xKey)=\(x), \(zKey)=\(z) is outside the level (\(level.width)x\(level.depth))"
        }
        guard !level.isWall(cellIndex(x), cellIndex(z)) else {
            return "\(xKey)=\(x), \(zKey)=\(z) is inside a wall"
        }
        return nil
    }

    private func whyWrongEnemies(_ state: GameState, in level: Level) -> String? {
        let expected = enemyCounts[state.levelNumber - 1]
        guard state.enemies.count == expected else {
            return "enemies=\(state.enemies.count), but level \(state.levelNumber) has \(expected)"
        }
        var dead: Int64 = 0
        for (index, enemy) in state.enemies.enumerated() {
            // The check without words first (a save is validated after every write): the message, with its keys,
            // only for an enemy that fails it.
            let valid =
                Self.isOnFloor(enemy.x, enemy.z, in: level) && Self.isOnFloor(enemy.targetX, enemy.targetZ, in: level)
                && (enemy.isAlive ? (1...Enemy.fullHealth).contains(enemy.health) : enemy.health == 0)
                && (0...9).contains(enemy.cooldown) && (0...6).contains(enemy.flash)
            if !valid, let why = Self.whyWrong(enemy, index: index, in: level) { return why }
            if !enemy.isAlive { dead += 1 }
        }
        guard dead <= state.kills else { return "\(dead) enemies are dead but kills=\(state.kills)" }
        return nil
    }

    /// What is wrong with enemy `index`, naming its keys.
    private static func whyWrong(_ enemy: Enemy, index: Int, in level: Level) -> String? {
        let key = "enemy.\(index)."
        if let why = whyOffFloor(key + "x", enemy.x, key + "z", enemy.z, in: level) { return why }
        if let why = whyOffFloor(key + "targetX", enemy.targetX, key + "targetZ", enemy.targetZ, in: level) {
            return why
        }
        return whyOutOfRange([
            (key + "health", Int64(enemy.health), enemy.isAlive ? 1...Int64(Enemy.fullHealth) : 0...0),
            (key + "cooldown", enemy.cooldown, 0...9),
            (key + "flash", enemy.flash, 0...6),
        ])
    }

    /// True when (x, z) is a point of the level's open floor (what `whyOffFloor` explains when it is not).
    private static func isOnFloor(_ x: Float, _ z: Float, in level: Level) -> Bool {
        x.isFinite && z.isFinite && x >= 0 && z >= 0 && x < Float(level.width) && z < Float(level.depth)
            && !level.isWall(cellIndex(x), cellIndex(z))
    }

    private func whyWrongPickups(_ pickups: [Pickup], onLevel number: Int) -> String? {
        let expected = levelPickups[number - 1]
        guard pickups.count == expected.count else {
            return "pickups=\(pickups.count), but the level has \(expected.count)"
        }
        for (index, (pickup, wanted)) in zip(pickups, expected).enumerated()
        where (pickup.kind, pickup.x, pickup.z) != (wanted.kind, wanted.x, wanted.z) {
            return "pickup.\(index) is a \(pickup.kind) at (\(pickup.x), \(pickup.z)); the level has a "
                + "\(wanted.kind) at (\(wanted.x), \(wanted.z))"
        }
        return nil
    }
}

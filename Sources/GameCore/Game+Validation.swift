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
    /// could. Checks what the simulation and the renderer rely on: the level exists, every field is within its
    /// limit (the field lists of GameState+Fields.swift), positions are on the level's open floor, the level's
    /// enemies and pickups are the ones in the state. The first problem found, naming the field.
    public func whyUnplayable(_ state: GameState) -> String? {
        guard (1...levels.count).contains(state.levelNumber) else {
            return "level=\(state.levelNumber) is not a level of this game (1...\(levels.count))"
        }
        let level = levels[state.levelNumber - 1]
        let killable = enemyCounts.prefix(state.levelNumber).reduce(0, +)
        let bounds = FieldBounds(state: state, maximumScore: maximumScore, killableEnemies: Int64(killable))
        // By index, as GameState.walk does (a copy of a field retains its closures).
        for field in GameState.fields.indices {
            if let why = GameState.fields[field].whyOutOfLimit(state, prefix: "", bounds: bounds) { return why }
        }
        if let why = Self.whyOffFloor("x", state.player.x, "z", state.player.z, in: level) { return why }
        for (control, steps) in state.held where steps < 1 {
            return "held.\(control.rawValue)=\(steps) is outside 1...\(Int64.max)"
        }
        for field in Effects.fields.indices {
            if let why = Effects.fields[field].whyOutOfLimit(state.effects, prefix: "effect.", bounds: bounds) {
                return why
            }
        }
        let bob = state.effects.bob
        guard bob.isFinite, bob >= 0 else { return "effect.bob=\(bob) is not a finite angle >= 0" }
        if let why = whyWrongEnemies(state, in: level, bounds: bounds) { return why }
        return whyWrongPickups(state.pickups, onLevel: state.levelNumber)
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

    private func whyWrongEnemies(_ state: GameState, in level: Level, bounds: FieldBounds) -> String? {
        let expected = enemyCounts[state.levelNumber - 1]
        guard state.enemies.count == expected else {
            return "enemies=\(state.enemies.count), but level \(state.levelNumber) has \(expected)"
        }
        var bounds = bounds
        var dead: Int64 = 0
        for (index, enemy) in state.enemies.enumerated() {
            // The checks without words first (a save is validated after every write): a key is built only for
            // the message of an enemy that fails.
            func key() -> String { "enemy.\(index)." }
            if !Self.isOnFloor(enemy.x, enemy.z, in: level),
                let why = Self.whyOffFloor(key() + "x", enemy.x, key() + "z", enemy.z, in: level)
            {
                return why
            }
            if !Self.isOnFloor(enemy.targetX, enemy.targetZ, in: level),
                let why = Self.whyOffFloor(
                    key() + "targetX", enemy.targetX, key() + "targetZ", enemy.targetZ, in: level)
            {
                return why
            }
            bounds.enemy = enemy
            for field in Enemy.fields.indices {
                if let why = Enemy.fields[field].whyOutOfLimit(enemy, prefix: key(), bounds: bounds) { return why }
            }
            if !enemy.isAlive { dead += 1 }
        }
        guard dead <= state.kills else { return "\(dead) enemies are dead but kills=\(state.kills)" }
        return nil
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

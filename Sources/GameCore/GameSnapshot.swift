// GameSnapshot: the game and the runtime's extras as named integers; where gameplay fields map to keys.

import Lifecycle
import Runtime

/// A snapshot: the game state plus named integers the runtime keeps beside it (timers' remaining times,
/// the save generation, the outbox, settings). Encoded as `key=value` lines, a checksum and an end marker.
/// The byte format (header, checksum, end marker, versions) lives in GameSnapshot+Format.swift; the gameplay
/// fields map to keys here, in `values` and `snapshot(from:)`.
public struct GameSnapshot: Hashable, Sendable {
    public var state: GameState
    public var extras: [String: Int64]  // runtime facts, e.g. "timer.round" (remaining steps), "generation"

    public init(state: GameState, extras: [String: Int64] = [:]) {
        self.state = state
        self.extras = extras
    }

    /// Every value as an integer by key, as `expect snapshot` reads them (booleans are 0 or 1, floats their bits).
    /// Enemies are `enemy.N.*` and pickups `pickup.N.*`, N from 0 in the level's reading order.
    public var values: [String: Int64] {
        var values: [String: Int64] = [:]
        values.reserveCapacity(40 + state.enemies.count * 8 + state.pickups.count * 4 + extras.count)
        forEachValue { group, index, name, value in
            values[group.isEmpty ? name : index < 0 ? group + "." + name : "\(group).\(index).\(name)"] = value
        }
        return values
    }

    /// Calls `body` with every value and the parts of its key: `group.index.name` (`enemy.3.x`), `group.name`
    /// (`held.fire`: index -1) or `name` alone (group ""). Extras come last and win over a gameplay key of the same
    /// name. The one list of keys, for `values` and for `encoded()` (which builds keys as bytes, without strings).
    func forEachValue(_ body: (_ group: String, _ index: Int, _ name: String, _ value: Int64) -> Void) {
        let player = state.player
        let effects = state.effects
        let plain: [(String, Int64)] = [
            ("screen", Int64(Screen.allCases.firstIndex(of: state.screen)!)), ("paused", state.isPaused ? 1 : 0),
            ("inSession", state.isInSession ? 1 : 0), ("level", Int64(state.levelNumber)), ("score", state.score),
            ("steps", state.steps), ("roundSeconds", state.roundSeconds), ("hits", state.hits),
            ("x", Int64(player.x.bitPattern)), ("z", Int64(player.z.bitPattern)), ("yaw", Int64(player.yaw.bitPattern)),
            ("pitch", Int64(player.pitch.bitPattern)), ("health", Int64(player.health)), ("ammo", Int64(player.ammo)),
            ("random", Int64(bitPattern: state.random.state)), ("shots", state.shots), ("kills", state.kills),
            ("levelsCleared", Int64(state.levelsCleared)), ("won", state.hasWon ? 1 : 0), ("run", state.run),
            ("enemies", Int64(state.enemies.count)), ("pickups", Int64(state.pickups.count)),
        ]
        for (name, value) in plain { body("", -1, name, value) }
        let effectValues: [(String, Int64)] = [
            ("reload", effects.reload), ("recoil", effects.recoil), ("muzzle", effects.muzzle),
            ("hitMarker", effects.hitMarker), ("damage", effects.damage), ("bob", Int64(effects.bob.bitPattern)),
        ]
        for (name, value) in effectValues { body("effect", -1, name, value) }
        for (control, steps) in state.held { body("held", -1, control.rawValue, steps) }
        for (index, enemy) in state.enemies.enumerated() {
            body("enemy", index, "x", Int64(enemy.x.bitPattern))
            body("enemy", index, "z", Int64(enemy.z.bitPattern))
            body("enemy", index, "health", Int64(enemy.health))
            body("enemy", index, "mode", Int64(enemy.mode.rawValue))
            body("enemy", index, "targetX", Int64(enemy.targetX.bitPattern))
            body("enemy", index, "targetZ", Int64(enemy.targetZ.bitPattern))
            body("enemy", index, "cooldown", enemy.cooldown)
            body("enemy", index, "flash", enemy.flash)
        }
        for (index, pickup) in state.pickups.enumerated() {
            body("pickup", index, "kind", Int64(pickup.kind.rawValue))
            body("pickup", index, "x", Int64(pickup.x))
            body("pickup", index, "z", Int64(pickup.z))
            body("pickup", index, "taken", pickup.isTaken ? 1 : 0)
        }
        for (key, value) in extras { body("", -1, key, value) }
    }

    /// The gameplay fields from decoded `key=value` pairs (the seam between gameplay fields and the framing in
    /// GameSnapshot+Format.swift); keys it does not know are kept as extras.
    static func snapshot(from values: [String: Int64]) throws(DecodeError) -> GameSnapshot {
        func value(_ key: String) throws(DecodeError) -> Int64 {
            guard let value = values[key] else { throw DecodeError(line: 0, message: "missing '\(key)'") }
            return value
        }
        func float(_ key: String) throws(DecodeError) -> Float {
            Float(bitPattern: UInt32(truncatingIfNeeded: try value(key)))
        }
        func count(_ key: String) throws(DecodeError) -> Int {
            let count = try value(key)
            guard (0...100_000).contains(count) else { throw DecodeError(line: 0, message: "'\(key)' is \(count)") }
            return Int(count)
        }
        var state = GameState()
        let screenIndex = Int(try value("screen"))
        guard Screen.allCases.indices.contains(screenIndex) else {
            throw DecodeError(line: 0, message: "screen \(screenIndex) is not a screen")
        }
        state.screen = Screen.allCases[screenIndex]
        state.isPaused = try value("paused") != 0
        state.levelNumber = Int(try value("level"))
        state.score = try value("score")
        state.steps = try value("steps")
        state.roundSeconds = try value("roundSeconds")
        state.hits = try value("hits")
        state.shots = try value("shots")
        state.kills = try value("kills")
        state.levelsCleared = Int(try value("levelsCleared"))
        state.hasWon = try value("won") != 0
        state.run = try value("run")
        state.player = Player(
            x: try float("x"), z: try float("z"), yaw: try float("yaw"), pitch: try float("pitch"),
            health: Int(try value("health")), ammo: Int(try value("ammo")))
        state.random = SimulationRandom(seed: UInt64(bitPattern: try value("random")))
        for control in Control.allCases { state.held[control] = values["held." + control.rawValue] }
        state.effects.reload = try value("effect.reload")
        state.effects.recoil = try value("effect.recoil")
        state.effects.muzzle = try value("effect.muzzle")
        state.effects.hitMarker = try value("effect.hitMarker")
        state.effects.damage = try value("effect.damage")
        state.effects.bob = try float("effect.bob")
        for index in 0..<(try count("enemies")) {
            let key = "enemy.\(index)."
            var enemy = Enemy(x: try float(key + "x"), z: try float(key + "z"), health: Int(try value(key + "health")))
            guard let mode = EnemyMode(rawValue: Int(try value(key + "mode"))) else {
                throw DecodeError(line: 0, message: "'\(key)mode' is not an enemy mode")
            }
            enemy.mode = mode
            enemy.targetX = try float(key + "targetX")
            enemy.targetZ = try float(key + "targetZ")
            enemy.cooldown = try value(key + "cooldown")
            enemy.flash = try value(key + "flash")
            state.enemies.append(enemy)
        }
        for index in 0..<(try count("pickups")) {
            let key = "pickup.\(index)."
            guard let kind = PickupKind(rawValue: Int(try value(key + "kind"))) else {
                throw DecodeError(line: 0, message: "'\(key)kind' is not a pickup kind")
            }
            state.pickups.append(
                Pickup(
                    kind: kind, x: Int(try value(key + "x")), z: Int(try value(key + "z")),
                    isTaken: try value(key + "taken") != 0))
        }
        let extras = values.filter { !isGameplayKey($0.key) }
        return GameSnapshot(state: state, extras: extras)
    }

    /// The gameplay keys without a group; anything else not under a gameplay prefix is an extra.
    private static let gameplayKeys: Set<String> = [
        "screen", "paused", "inSession", "level", "score", "steps", "roundSeconds", "hits", "x", "z", "yaw", "pitch",
        "health", "ammo", "random", "shots", "kills", "levelsCleared", "won", "run", "enemies", "pickups",
    ]
    private static let gameplayPrefixes = ["held.", "enemy.", "pickup.", "effect."].map { Array($0.utf8) }

    /// Whether `key` is one of the game's own (a gameplay key, or under a gameplay prefix), not an extra.
    private static func isGameplayKey(_ key: String) -> Bool {
        var key = key
        let underPrefix = key.withUTF8 { bytes in gameplayPrefixes.contains { bytes.starts(with: $0) } }
        return underPrefix || gameplayKeys.contains(key)
    }
}

// GameSnapshot: the game and the runtime's extras as named integers; where gameplay fields map to keys.

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
        let player = state.player
        let effects = state.effects
        var values: [String: Int64] = [
            "screen": Int64(Screen.allCases.firstIndex(of: state.screen)!), "paused": state.isPaused ? 1 : 0,
            "inSession": state.isInSession ? 1 : 0, "level": Int64(state.levelNumber), "score": state.score,
            "steps": state.steps, "roundSeconds": state.roundSeconds, "hits": state.hits,
            "x": Int64(player.x.bitPattern), "z": Int64(player.z.bitPattern), "yaw": Int64(player.yaw.bitPattern),
            "pitch": Int64(player.pitch.bitPattern), "health": Int64(player.health), "ammo": Int64(player.ammo),
            "random": Int64(bitPattern: state.random.state), "shots": state.shots, "kills": state.kills,
            "levelsCleared": Int64(state.levelsCleared), "won": state.hasWon ? 1 : 0, "run": state.run,
            "enemies": Int64(state.enemies.count), "pickups": Int64(state.pickups.count),
            "effect.reload": effects.reload, "effect.recoil": effects.recoil, "effect.muzzle": effects.muzzle,
            "effect.hitMarker": effects.hitMarker, "effect.damage": effects.damage,
            "effect.bob": Int64(effects.bob.bitPattern),
        ]
        for (control, steps) in state.held { values["held." + control.rawValue] = steps }
        for (index, enemy) in state.enemies.enumerated() {
            let fields: [(String, Int64)] = [
                ("x", Int64(enemy.x.bitPattern)), ("z", Int64(enemy.z.bitPattern)), ("health", Int64(enemy.health)),
                ("mode", Int64(enemy.mode.rawValue)), ("targetX", Int64(enemy.targetX.bitPattern)),
                ("targetZ", Int64(enemy.targetZ.bitPattern)), ("cooldown", enemy.cooldown), ("flash", enemy.flash),
            ]
            for (name, value) in fields { values["enemy.\(index).\(name)"] = value }
        }
        for (index, pickup) in state.pickups.enumerated() {
            values["pickup.\(index).kind"] = Int64(pickup.kind.rawValue)
            values["pickup.\(index).x"] = Int64(pickup.x)
            values["pickup.\(index).z"] = Int64(pickup.z)
            values["pickup.\(index).taken"] = pickup.isTaken ? 1 : 0
        }
        for (key, value) in extras { values[key] = value }
        return values
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
        let known = Set(["screen", "paused", "inSession", "level", "score", "steps", "roundSeconds", "hits", "x", "z"])
            .union(["yaw", "pitch", "health", "ammo", "random", "shots", "kills", "levelsCleared", "won", "run"])
            .union(["enemies", "pickups"])
        let gameplayPrefixes = ["held.", "enemy.", "pickup.", "effect."]
        let extras = values.filter { entry in
            !known.contains(entry.key) && !gameplayPrefixes.contains { entry.key.hasPrefix($0) }
        }
        return GameSnapshot(state: state, extras: extras)
    }
}

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

    /// Every value as an integer by key, as `expect snapshot` reads them (booleans are 0 or 1).
    public var values: [String: Int64] {
        let player = state.player
        var values: [String: Int64] = [
            "screen": Int64(Screen.allCases.firstIndex(of: state.screen)!), "paused": state.isPaused ? 1 : 0,
            "inSession": state.isInSession ? 1 : 0, "level": Int64(state.levelNumber), "score": state.score,
            "steps": state.steps, "roundSeconds": state.roundSeconds, "hits": state.hits,
            "x": Int64(player.x.bitPattern), "z": Int64(player.z.bitPattern), "yaw": Int64(player.yaw.bitPattern),
            "pitch": Int64(player.pitch.bitPattern), "health": Int64(player.health), "ammo": Int64(player.ammo),
            "random": Int64(bitPattern: state.random.state),
        ]
        for (control, steps) in state.held { values["held." + control.rawValue] = steps }
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
        state.player = Player(
            x: try float("x"), z: try float("z"), yaw: try float("yaw"), pitch: try float("pitch"),
            health: Int(try value("health")), ammo: Int(try value("ammo")))
        state.random = SimulationRandom(seed: UInt64(bitPattern: try value("random")))
        for control in Control.allCases { state.held[control] = values["held." + control.rawValue] }
        let known = Set(["screen", "paused", "inSession", "level", "score", "steps", "roundSeconds", "hits", "x", "z"])
            .union(["yaw", "pitch", "health", "ammo", "random"])
        let extras = values.filter { !known.contains($0.key) && !$0.key.hasPrefix("held.") }
        return GameSnapshot(state: state, extras: extras)
    }
}

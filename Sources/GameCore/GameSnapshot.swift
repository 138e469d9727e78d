// GameSnapshot: the game and the runtime's extras as bytes: versioned, line-based text, checksummed.

/// A snapshot: the game state plus named integers the runtime keeps beside it (timers' remaining times,
/// the save generation, the kind of save). Encoded as `key=value` lines ending in a checksum line.
public struct GameSnapshot: Hashable, Sendable {
    public static let header = "interlude-snapshot 1"

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

    /// The bytes written to disk.
    public func encoded() -> [UInt8] {
        var text = Self.header + "\n"
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { text += "\(key)=\(value)\n" }
        var hasher = StateHasher()
        hasher.combine(bytes: text.utf8)
        text += "checksum=\(hasher.hex)\n"
        return Array(text.utf8)
    }

    /// Why bytes are not a snapshot.
    public struct DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
        public let line: Int  // 1-based; 0 for the whole file
        public let message: String
        public var description: String { line == 0 ? message : "line \(line): \(message)" }
    }

    /// Reads a snapshot back, verifying version and checksum.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> GameSnapshot {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DecodeError(line: 0, message: "not UTF-8 text")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == header else {
            throw DecodeError(line: 1, message: "expected '\(header)', found '\(lines.first ?? "")'")
        }
        guard let checksumIndex = lines.lastIndex(where: { $0.hasPrefix("checksum=") }) else {
            throw DecodeError(line: 0, message: "no checksum line: the file is truncated")
        }
        let body = lines[..<checksumIndex].joined(separator: "\n") + "\n"
        var hasher = StateHasher()
        hasher.combine(bytes: body.utf8)
        guard lines[checksumIndex].dropFirst("checksum=".count) == hasher.hex else {
            throw DecodeError(line: checksumIndex + 1, message: "checksum does not match: the file is damaged")
        }
        var values: [String: Int64] = [:]
        for (offset, line) in lines[1..<checksumIndex].enumerated() {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int64(parts[1]) else {
                throw DecodeError(line: offset + 2, message: "expected key=integer, found '\(line)'")
            }
            values[String(parts[0])] = value
        }
        return try snapshot(from: values)
    }

    private static func snapshot(from values: [String: Int64]) throws(DecodeError) -> GameSnapshot {
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

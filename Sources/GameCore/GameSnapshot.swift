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
    /// name. The keys are `GameState.walk`'s (the one field list); this is what `values` and `encoded()` (which
    /// builds keys as bytes, without strings) read.
    func forEachValue(_ body: (_ group: String, _ index: Int, _ name: String, _ value: Int64) -> Void) {
        state.walk { group, index, name, value, kind in
            if case .notHeld = kind { return }
            body(group, index, name, value)
        }
        for (key, value) in extras { body("", -1, key, value) }
    }

    /// The gameplay fields from decoded `key=value` pairs (the seam between gameplay fields and the framing in
    /// GameSnapshot+Format.swift), through the field lists of GameState+Fields.swift; keys it does not know are
    /// kept as extras.
    static func snapshot(from values: [String: Int64]) throws(DecodeError) -> GameSnapshot {
        func value(_ key: String) throws(DecodeError) -> Int64 {
            guard let value = values[key] else { throw DecodeError(line: 0, message: "missing '\(key)'") }
            return value
        }
        func count(_ key: String) throws(DecodeError) -> Int {
            let count = try value(key)
            guard (0...100_000).contains(count) else { throw DecodeError(line: 0, message: "'\(key)' is \(count)") }
            return Int(count)
        }
        func read<Root>(_ fields: [StateField<Root>], into root: inout Root, prefix: String) throws(DecodeError) {
            for field in fields {
                let key = prefix + field.name
                let value = try value(key)
                do {
                    try field.write(&root, value)
                } catch {
                    throw DecodeError(line: 0, message: "'\(key)' is \(value): \(error.message)")
                }
            }
        }
        var state = GameState()
        let screenIndex = Int(try value("screen"))
        guard Screen.allCases.indices.contains(screenIndex) else {
            throw DecodeError(line: 0, message: "screen \(screenIndex) is not a screen")
        }
        state.screen = Screen.allCases[screenIndex]
        try read(GameState.fields, into: &state, prefix: "")
        for control in Control.allCases { state.held[control] = values["held." + control.rawValue] }
        for index in 0..<(try count("enemies")) {
            var enemy = Enemy.blank
            try read(Enemy.fields, into: &enemy, prefix: "enemy.\(index).")
            state.enemies.append(enemy)
        }
        for index in 0..<(try count("pickups")) {
            var pickup = Pickup.blank
            try read(Pickup.fields, into: &pickup, prefix: "pickup.\(index).")
            state.pickups.append(pickup)
        }
        try read(Effects.fields, into: &state.effects, prefix: "effect.")
        let extras = values.filter { !isGameplayKey($0.key) }
        return GameSnapshot(state: state, extras: extras)
    }

    /// The gameplay keys without a group (the walk's); anything else not under a gameplay prefix is an extra.
    private static let gameplayKeys: Set<String> = {
        var keys: Set<String> = []
        GameState().walk { group, _, name, _, _ in if group.isEmpty { keys.insert(name) } }
        return keys
    }()
    private static let gameplayPrefixes = ["held.", "enemy.", "pickup.", "effect."].map { Array($0.utf8) }

    /// Whether `key` is one of the game's own (a gameplay key, or under a gameplay prefix), not an extra.
    private static func isGameplayKey(_ key: String) -> Bool {
        var key = key
        let underPrefix = key.withUTF8 { bytes in gameplayPrefixes.contains { bytes.starts(with: $0) } }
        return underPrefix || gameplayKeys.contains(key)
    }
}

// GameState+Fields: the one list of the shooter's gameplay values. Each value is named once here, with how it reads
// and writes as the integer a snapshot stores (booleans 0 or 1, floats their bit pattern) and the range a restored
// game may hold; snapshot encoding (`GameSnapshot.forEachValue`), decoding (`GameSnapshot.snapshot(from:)`),
// `stateHash` and `whyUnplayable` all walk it. Adding a field to `GameState` means adding it here, once.
//
// The order of every list is the order `stateHash` mixes the values in, and is part of the hash: append only.
// Snapshot lines are sorted by key, so their order does not depend on it.

import Lifecycle
import Runtime

/// One gameplay value of a `Root` (the state, an enemy, a pickup or the effects): its snapshot key (the last part of
/// it, `x` in `enemy.3.x`), the integer it is saved and hashed as, how a decoded integer is written back, and what
/// a restored game may hold.
struct StateField<Root>: Sendable {
    /// What a restored game may hold in this field, checked by `whyUnplayable`.
    enum Limit: Sendable {
        /// Any value the type holds (flags, the run id, the generator), or checked with others (positions).
        case unchecked
        /// An integer within a range that may depend on the rest of the state and the game.
        case counter(@Sendable (FieldBounds) -> ClosedRange<Int64>)
        /// A finite float within a range (angles).
        case angle(ClosedRange<Float>)
    }

    let name: String
    let read: @Sendable (Root) -> Int64
    let write: @Sendable (inout Root, Int64) throws(GameSnapshot.DecodeError) -> Void
    let limit: Limit

    /// An integer field.
    static func integer(
        _ name: String, _ path: WritableKeyPath<Root, Int64> & Sendable, _ limit: Limit = .unchecked
    ) -> StateField {
        StateField(
            name: name, read: { $0[keyPath: path] }, write: { root, value in root[keyPath: path] = value },
            limit: limit)
    }

    /// An `Int` field (counts and health), saved as an Int64.
    static func int(_ name: String, _ path: WritableKeyPath<Root, Int> & Sendable, _ limit: Limit = .unchecked)
        -> StateField
    {
        // A value beyond Int's range cannot occur on 64-bit platforms; truncating keeps decoding total elsewhere.
        StateField(
            name: name, read: { Int64($0[keyPath: path]) },
            write: { root, value in root[keyPath: path] = Int(truncatingIfNeeded: value) }, limit: limit)
    }

    /// A flag, saved as 0 or 1 (any other integer reads as true).
    static func flag(_ name: String, _ path: WritableKeyPath<Root, Bool> & Sendable) -> StateField {
        StateField(
            name: name, read: { $0[keyPath: path] ? 1 : 0 }, write: { root, value in root[keyPath: path] = value != 0 },
            limit: .unchecked)
    }

    /// A float, saved as its bit pattern (exact).
    static func float(_ name: String, _ path: WritableKeyPath<Root, Float> & Sendable, _ limit: Limit = .unchecked)
        -> StateField
    {
        StateField(
            name: name, read: { Int64($0[keyPath: path].bitPattern) },
            write: { root, value in root[keyPath: path] = Float(bitPattern: UInt32(truncatingIfNeeded: value)) },
            limit: limit)
    }

    /// Why `root`'s value is not one a restored game may hold, naming `prefix + name`; nil when it may.
    func whyOutOfLimit(_ root: Root, prefix: @autoclosure () -> String, bounds: FieldBounds) -> String? {
        switch limit {
        case .unchecked:
            return nil
        case .counter(let range):
            let value = read(root)
            let range = range(bounds)
            guard !range.contains(value) else { return nil }
            return "\(prefix())\(name)=\(value) is outside \(range.lowerBound)...\(range.upperBound)"
        case .angle(let range):
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: read(root)))
            guard !value.isFinite || !range.contains(value) else { return nil }
            return "\(prefix())\(name)=\(value) is not an angle in \(range.lowerBound)...\(range.upperBound)"
        }
    }
}

/// What a field's range may depend on: the state being checked (its values may be forged: every bound built from
/// them is kept >= 0, so that no range is ever inverted) and the game's own limits.
struct FieldBounds: Sendable {
    var state: GameState
    var maximumScore: Int64
    var killableEnemies: Int64  // enemies of the levels played so far
    var enemy: Enemy? = nil  // the enemy being checked, for the fields of `Enemy.fields`

    var steps: Int64 { max(0, state.steps) }
}

extension GameState {
    /// The state's plain values, in hash order. `screen` (saved as its index, hashed as its name), `held` (one
    /// optional value per control), the enemies, the pickups and the effects have lists of their own; see
    /// `GameState.walk`.
    static let fields: [StateField<GameState>] = [
        .flag("paused", \.isPaused),
        .flag("won", \.hasWon),
        .int("level", \.levelNumber),  // checked first, on its own: every other range depends on the level
        .integer("score", \.score, .counter { 0...$0.maximumScore }),
        .integer("steps", \.steps, .counter { _ in 0...Game.counterLimit }),
        .integer("roundSeconds", \.roundSeconds, .counter { 0...($0.steps / Int64(stepsPerSecond) + 1) }),
        .integer("hits", \.hits, .counter { 0...max(0, $0.state.shots) }),
        .integer("shots", \.shots, .counter { 0...($0.steps / Game.reloadSteps + 1) }),
        .integer("kills", \.kills, .counter { 0...max(0, min($0.state.hits, $0.killableEnemies)) }),
        .int("levelsCleared", \.levelsCleared, .counter { 0...Int64(max(0, $0.state.levelNumber - 1)) }),
        .integer("run", \.run),
        .float("x", \.player.x),  // x and z: a point of the level's open floor, checked as a pair
        .float("z", \.player.z),
        .float("yaw", \.player.yaw, .angle(-Float.pi...Float.pi)),
        .float("pitch", \.player.pitch, .angle(-1.4...1.4)),
        .int("health", \.player.health, .counter { _ in 0...100 }),
        .int("ammo", \.player.ammo, .counter { _ in 0...Int64(Game.maxAmmo) }),
        StateField(
            name: "random", read: { Int64(bitPattern: $0.random.state) },
            write: { state, value in state.random = SimulationRandom(seed: UInt64(bitPattern: value)) },
            limit: .unchecked),
    ]
}

extension Enemy {
    /// An enemy's values (`enemy.N.*`), in hash order. x, z and targetX, targetZ are points of the level's open
    /// floor, checked as pairs.
    static let fields: [StateField<Enemy>] = [
        .float("x", \.x),
        .float("z", \.z),
        .float("targetX", \.targetX),
        .float("targetZ", \.targetZ),
        .int(
            "health", \.health,
            .counter { bounds in bounds.enemy?.isAlive ?? true ? 1...Int64(Enemy.fullHealth) : 0...0 }),
        StateField(
            name: "mode", read: { Int64($0.mode.rawValue) },
            write: { enemy, value throws(GameSnapshot.DecodeError) in
                guard let mode = EnemyMode(rawValue: Int(truncatingIfNeeded: value)) else {
                    throw GameSnapshot.DecodeError(line: 0, message: "'mode' is \(value), not an enemy mode")
                }
                enemy.mode = mode
            }, limit: .unchecked),
        .integer("cooldown", \.cooldown, .counter { _ in 0...9 }),
        .integer("flash", \.flash, .counter { _ in 0...6 }),
    ]

    /// An enemy before its fields are read from a snapshot.
    static var blank: Enemy { Enemy(x: 0, z: 0, health: 0) }
}

extension Pickup {
    /// A pickup's values (`pickup.N.*`), in hash order. Kind and cell must be the level's own (checked against it).
    static let fields: [StateField<Pickup>] = [
        StateField(
            name: "kind", read: { Int64($0.kind.rawValue) },
            write: { pickup, value throws(GameSnapshot.DecodeError) in
                guard let kind = PickupKind(rawValue: Int(truncatingIfNeeded: value)) else {
                    throw GameSnapshot.DecodeError(line: 0, message: "'kind' is \(value), not a pickup kind")
                }
                pickup.kind = kind
            }, limit: .unchecked),
        .int("x", \.x),
        .int("z", \.z),
        .flag("taken", \.isTaken),
    ]

    /// A pickup before its fields are read from a snapshot.
    static var blank: Pickup { Pickup(kind: .health, x: 0, z: 0) }
}

extension Effects {
    /// The effects' values (`effect.*`), in hash order.
    static let fields: [StateField<Effects>] = [
        .integer("reload", \.reload, .counter { _ in 0...Game.reloadSteps }),
        .integer("recoil", \.recoil, .counter { _ in 0...8 }),
        .integer("muzzle", \.muzzle, .counter { _ in 0...2 }),
        .integer("hitMarker", \.hitMarker, .counter { _ in 0...12 }),
        .integer("damage", \.damage, .counter { _ in 0...30 }),
        .float("bob", \.bob),  // a finite angle >= 0, checked on its own (it has no upper bound)
    ]
}

/// What `GameState.walk` hands on for each value: where it is and what it is.
enum WalkedValue {
    /// The screen, saved as its index in `Screen.allCases` and hashed as its name.
    case screen(Screen)
    /// A value the snapshot keeps for readers (`inSession`), derived from others: not hashed, not decoded.
    case derived
    /// A value of the state, with the integer it is saved and hashed as.
    case value
    /// A control that is not held: hashed as 0, not saved.
    case notHeld
}

extension GameState {
    /// Calls `body` with every gameplay value in hash order, with the parts of its key: `group.index.name`
    /// (`enemy.3.x`), `group.name` (`held.fire`: index -1) or `name` alone (group ""). The one walk over `fields`
    /// that snapshots and `stateHash` share.
    @inline(__always)
    func walk(_ body: (_ group: String, _ index: Int, _ name: String, _ value: Int64, _ kind: WalkedValue) -> Void) {
        body("", -1, "screen", Int64(Screen.allCases.firstIndex(of: screen)!), .screen(screen))
        body("", -1, "inSession", isInSession ? 1 : 0, .derived)
        for field in Self.fields { body("", -1, field.name, field.read(self), .value) }
        for control in Control.allCases {
            if let steps = held[control] {
                body("held", -1, control.rawValue, steps, .value)
            } else {
                body("held", -1, control.rawValue, 0, .notHeld)
            }
        }
        body("", -1, "enemies", Int64(enemies.count), .value)
        for (index, enemy) in enemies.enumerated() {
            for field in Enemy.fields { body("enemy", index, field.name, field.read(enemy), .value) }
        }
        body("", -1, "pickups", Int64(pickups.count), .value)
        for (index, pickup) in pickups.enumerated() {
            for field in Pickup.fields { body("pickup", index, field.name, field.read(pickup), .value) }
        }
        for field in Effects.fields { body("effect", -1, field.name, field.read(effects), .value) }
    }
}

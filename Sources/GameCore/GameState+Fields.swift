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

    /// An integer field. Fields are read and written through closures, not key paths: `stateHash` and the
    /// validation read every field of every save, and a key path's application costs about ten times a closure's.
    static func integer(
        _ name: String, _ read: @escaping @Sendable (Root) -> Int64,
        _ write: @escaping @Sendable (inout Root, Int64) -> Void, _ limit: Limit = .unchecked
    ) -> StateField {
        StateField(name: name, read: read, write: { root, value in write(&root, value) }, limit: limit)
    }

    /// An `Int` field (counts and health), saved as an Int64.
    static func int(
        _ name: String, _ read: @escaping @Sendable (Root) -> Int,
        _ write: @escaping @Sendable (inout Root, Int) -> Void,
        _ limit: Limit = .unchecked
    ) -> StateField {
        // A value beyond Int's range cannot occur on 64-bit platforms; truncating keeps decoding total elsewhere.
        StateField(
            name: name, read: { Int64(read($0)) },
            write: { root, value in write(&root, Int(truncatingIfNeeded: value)) },
            limit: limit)
    }

    /// A flag, saved as 0 or 1 (any other integer reads as true).
    static func flag(
        _ name: String, _ read: @escaping @Sendable (Root) -> Bool,
        _ write: @escaping @Sendable (inout Root, Bool) -> Void
    ) -> StateField {
        StateField(
            name: name, read: { read($0) ? 1 : 0 }, write: { root, value in write(&root, value != 0) },
            limit: .unchecked)
    }

    /// A float, saved as its bit pattern (exact).
    static func float(
        _ name: String, _ read: @escaping @Sendable (Root) -> Float,
        _ write: @escaping @Sendable (inout Root, Float) -> Void, _ limit: Limit = .unchecked
    ) -> StateField {
        StateField(
            name: name, read: { Int64(read($0).bitPattern) },
            write: { root, value in write(&root, Float(bitPattern: UInt32(truncatingIfNeeded: value))) }, limit: limit)
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
        .flag("paused", { $0.isPaused }, { $0.isPaused = $1 }),
        .flag("won", { $0.hasWon }, { $0.hasWon = $1 }),
        .int("level", { $0.levelNumber }, { $0.levelNumber = $1 }),  // checked first, on its own: every other range depends on the level
        .integer("score", { $0.score }, { $0.score = $1 }, .counter { 0...$0.maximumScore }),
        .integer("steps", { $0.steps }, { $0.steps = $1 }, .counter { _ in 0...Game.counterLimit }),
        .integer(
            "roundSeconds", { $0.roundSeconds }, { $0.roundSeconds = $1 },
            .counter { 0...($0.steps / Int64(stepsPerSecond) + 1) }),
        .integer("hits", { $0.hits }, { $0.hits = $1 }, .counter { 0...max(0, $0.state.shots) }),
        .integer("shots", { $0.shots }, { $0.shots = $1 }, .counter { 0...($0.steps / Game.reloadSteps + 1) }),
        .integer(
            "kills", { $0.kills }, { $0.kills = $1 }, .counter { 0...max(0, min($0.state.hits, $0.killableEnemies)) }),
        .int(
            "levelsCleared", { $0.levelsCleared }, { $0.levelsCleared = $1 },
            .counter { 0...Int64(max(0, $0.state.levelNumber - 1)) }),
        .integer("run", { $0.run }, { $0.run = $1 }),
        // x and z: a point of the level's open floor, checked as a pair.
        .float("x", { $0.player.x }, { $0.player.x = $1 }),
        .float("z", { $0.player.z }, { $0.player.z = $1 }),
        .float("yaw", { $0.player.yaw }, { $0.player.yaw = $1 }, .angle(-Float.pi...Float.pi)),
        .float("pitch", { $0.player.pitch }, { $0.player.pitch = $1 }, .angle(-1.4...1.4)),
        .int("health", { $0.player.health }, { $0.player.health = $1 }, .counter { _ in 0...100 }),
        .int("ammo", { $0.player.ammo }, { $0.player.ammo = $1 }, .counter { _ in 0...Int64(Game.maxAmmo) }),
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
        .float("x", { $0.x }, { $0.x = $1 }),
        .float("z", { $0.z }, { $0.z = $1 }),
        .float("targetX", { $0.targetX }, { $0.targetX = $1 }),
        .float("targetZ", { $0.targetZ }, { $0.targetZ = $1 }),
        .int(
            "health", { $0.health }, { $0.health = $1 },
            .counter { bounds in bounds.enemy?.isAlive ?? true ? 1...Int64(Enemy.fullHealth) : 0...0 }),
        StateField(
            name: "mode", read: { Int64($0.mode.rawValue) },
            write: { enemy, value throws(GameSnapshot.DecodeError) in
                guard let mode = EnemyMode(rawValue: Int(truncatingIfNeeded: value)) else {
                    throw GameSnapshot.DecodeError(line: 0, message: "'mode' is \(value), not an enemy mode")
                }
                enemy.mode = mode
            }, limit: .unchecked),
        .integer("cooldown", { $0.cooldown }, { $0.cooldown = $1 }, .counter { _ in 0...9 }),
        .integer("flash", { $0.flash }, { $0.flash = $1 }, .counter { _ in 0...6 }),
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
        .int("x", { $0.x }, { $0.x = $1 }),
        .int("z", { $0.z }, { $0.z = $1 }),
        .flag("taken", { $0.isTaken }, { $0.isTaken = $1 }),
    ]

    /// A pickup before its fields are read from a snapshot.
    static var blank: Pickup { Pickup(kind: .health, x: 0, z: 0) }
}

extension Effects {
    /// The effects' values (`effect.*`), in hash order.
    static let fields: [StateField<Effects>] = [
        .integer("reload", { $0.reload }, { $0.reload = $1 }, .counter { _ in 0...Game.reloadSteps }),
        .integer("recoil", { $0.recoil }, { $0.recoil = $1 }, .counter { _ in 0...8 }),
        .integer("muzzle", { $0.muzzle }, { $0.muzzle = $1 }, .counter { _ in 0...2 }),
        .integer("hitMarker", { $0.hitMarker }, { $0.hitMarker = $1 }, .counter { _ in 0...12 }),
        .integer("damage", { $0.damage }, { $0.damage = $1 }, .counter { _ in 0...30 }),
        .float("bob", { $0.bob }, { $0.bob = $1 }),  // a finite angle >= 0, checked on its own (it has no upper bound)
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
        // By index, not `for field in`: a copy of each field would retain its three closures (a third of the time).
        let fields = Self.fields
        for index in fields.indices { body("", -1, fields[index].name, fields[index].read(self), .value) }
        for control in Control.allCases {
            if let steps = held[control] {
                body("held", -1, control.rawValue, steps, .value)
            } else {
                body("held", -1, control.rawValue, 0, .notHeld)
            }
        }
        body("", -1, "enemies", Int64(enemies.count), .value)
        for (index, enemy) in enemies.enumerated() {
            for field in Enemy.fields.indices {
                body("enemy", index, Enemy.fields[field].name, Enemy.fields[field].read(enemy), .value)
            }
        }
        body("", -1, "pickups", Int64(pickups.count), .value)
        for (index, pickup) in pickups.enumerated() {
            for field in Pickup.fields.indices {
                body("pickup", index, Pickup.fields[field].name, Pickup.fields[field].read(pickup), .value)
            }
        }
        for field in Effects.fields.indices {
            body("effect", -1, Effects.fields[field].name, Effects.fields[field].read(effects), .value)
        }
    }
}

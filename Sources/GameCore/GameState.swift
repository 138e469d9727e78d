// GameState: everything the game is, as plain values; hashed by `stateHash` and saved in snapshots.

import Lifecycle
import Runtime

/// Which screen the game shows. The order is part of the snapshot format (the index is saved): append only.
public enum Screen: String, Hashable, Sendable, CaseIterable {
    case menu, singlePlayer, multiplayer, leaderboard, gameOver
}

/// The player in a session.
public struct Player: Hashable, Sendable {
    public var x: Float  // world units
    public var z: Float  // world units
    public var yaw: Float  // radians, -π..<π; 0 looks down -z, positive turns left
    public var pitch: Float  // radians, -1.4...1.4
    public var health: Int  // 0...100
    public var ammo: Int  // rounds left, 0...maxAmmo

    /// A player at (x, z), full health and 30 rounds unless told otherwise.
    public init(x: Float, z: Float, yaw: Float = 0, pitch: Float = 0, health: Int = 100, ammo: Int = 30) {
        self.x = x
        self.z = z
        self.yaw = yaw
        self.pitch = pitch
        self.health = health
        self.ammo = ammo
    }
}

/// A game session or the menu: the whole gameplay state.
public struct GameState: Hashable, Sendable {
    public var screen: Screen = .menu
    public var isPaused = false  // valid in sessions; a paused game never resumes by itself
    public var levelNumber = 1  // 1-based
    public var score: Int64 = 0
    public var steps: Int64 = 0  // simulation steps played in this session (paused time excluded)
    public var roundSeconds: Int64 = 0  // seconds on this level, counted by the round timer
    public var hits: Int64 = 0  // shots that hit an enemy
    public var shots: Int64 = 0  // shots fired
    public var kills: Int64 = 0  // enemies killed in this session
    public var levelsCleared = 0  // exits reached in this session
    public var hasWon = false  // valid on gameOver: the last level was cleared (else the player died)
    public var run: Int64 = 0  // identifies this session's score on the leaderboard (set by the runtime)
    public var player = Player(x: 1.5, z: 1.5)
    public var enemies: [Enemy] = []  // of the current level, in the level file's reading order
    public var pickups: [Pickup] = []  // of the current level, in reading order
    public var random = SimulationRandom(seed: 1)
    public var held: [Control: Int64] = [:]  // control → steps left to hold (Int64.max: until released)
    public var effects = Effects()  // short-lived counters behind the weapon, flashes and markers
    public var notice: String? = nil  // short message shown on screen (e.g. "match left"); not hashed
    /// The other players of a multiplayer session (never saved: a match does not survive an interruption);
    /// hashed when there are any.
    public var peers: [PeerPlayer] = []

    /// The main menu, no session.
    public init() {}

    /// True in a single-player or multiplayer session, paused or not.
    public var isInSession: Bool { screen == .singlePlayer || screen == .multiplayer }
    /// True when the simulation may advance: in a session and not paused.
    public var isRunning: Bool { isInSession && !isPaused }
}

/// Counters in steps that fade the weapon's recoil, the flashes and the hit marker; all count down to 0.
public struct Effects: Hashable, Sendable {
    public var reload: Int64 = 0  // steps until the weapon fires again
    public var recoil: Int64 = 0  // 8 on a shot
    public var muzzle: Int64 = 0  // 2 on a shot
    public var hitMarker: Int64 = 0  // 12 when a shot hits
    public var damage: Int64 = 0  // 30 when the player is hurt
    public var bob: Float = 0  // radians, walking phase; advances only while the player moves

    /// Nothing showing.
    public init() {}
}

/// What an enemy is doing.
public enum EnemyMode: Int, Hashable, Sendable, CaseIterable {
    case idle  // has not seen the player
    case chasing  // saw the player; walks to where it saw it last
    case dead
}

/// An enemy of the current level.
public struct Enemy: Hashable, Sendable {
    public var x: Float  // world units
    public var z: Float  // world units
    public var health: Int  // 0 once dead
    public var mode: EnemyMode
    public var targetX: Float  // where it saw the player last; valid while chasing
    public var targetZ: Float
    public var cooldown: Int64  // thinks until it may shoot again
    public var flash: Int64  // steps of hit flash left

    /// An idle enemy at (x, z).
    public init(x: Float, z: Float, health: Int = Enemy.fullHealth) {
        self.x = x
        self.z = z
        self.health = health
        self.mode = .idle
        self.targetX = x
        self.targetZ = z
        self.cooldown = 0
        self.flash = 0
    }

    /// An enemy's health at the start of a level.
    public static let fullHealth = 60
    /// True until it dies.
    public var isAlive: Bool { mode != .dead }
}

/// What a pickup gives.
public enum PickupKind: Int, Hashable, Sendable, CaseIterable {
    case health, ammo
}

/// A health or ammo pickup of the current level, at the centre of its cell.
public struct Pickup: Hashable, Sendable {
    public var kind: PickupKind
    public var x: Int  // cell
    public var z: Int  // cell
    public var isTaken: Bool

    /// A pickup in cell (x, z).
    public init(kind: PickupKind, x: Int, z: Int, isTaken: Bool = false) {
        self.kind = kind
        self.x = x
        self.z = z
        self.isTaken = isTaken
    }
}

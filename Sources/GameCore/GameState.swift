// GameState: everything the game is, as plain values; hashed by `stateHash` and saved in snapshots.

/// Which screen the game shows.
public enum Screen: String, Hashable, Sendable, CaseIterable {
    case menu, singlePlayer, multiplayer, leaderboard
}

/// Controls the player can hold.
public enum Control: String, Hashable, Sendable, CaseIterable {
    case forward, back, left, right, turnLeft, turnRight, lookUp, lookDown
}

/// The player in a session.
public struct Player: Hashable, Sendable {
    public var x: Float  // world units
    public var z: Float  // world units
    public var yaw: Float  // radians, 0 looks down -z
    public var pitch: Float  // radians, -1.4...1.4
    public var health: Int  // 0...100
    public var ammo: Int  // rounds left

    public init(x: Float, z: Float, yaw: Float = 0, pitch: Float = 0, health: Int = 100, ammo: Int = 50) {
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
    public var roundSeconds: Int64 = 0  // seconds counted by the round timer
    public var hits: Int64 = 0  // shots that hit
    public var player = Player(x: 1.5, z: 1.5)
    public var random = SimulationRandom(seed: 1)
    public var held: [Control: Int64] = [:]  // control → steps left to hold (Int64.max: until released)
    public var notice: String? = nil  // short message shown on screen (e.g. "match left"); not hashed

    public init() {}

    /// True in a single-player or multiplayer session, paused or not.
    public var isInSession: Bool { screen == .singlePlayer || screen == .multiplayer }
    /// True when the simulation may advance: in a session and not paused.
    public var isRunning: Bool { isInSession && !isPaused }
}

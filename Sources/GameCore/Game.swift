// Game: the game's state plus the levels it plays; actions the player takes and the runtime's hooks.

import Lifecycle
import Runtime

/// Something that ended, for the runtime to act on (submit the score): taken with `takeOutcomes()`.
public enum GameOutcome: Hashable, Sendable {
    case levelCompleted(level: Int, score: Int64)  // the exit was reached and the next level started
    case gameOver(won: Bool, score: Int64)  // the player died, or cleared the last level
}

/// The game as the runtime sees it: actions in, fixed steps, a scene and a state hash out.
public struct Game: Hashable, Sendable {
    public var state = GameState()
    public let seed: UInt64  // simulation seed; a new session reseeds from it
    public let levels: [Level]  // level 1 is levels[0]
    public var menuFrames: Int64 = 0  // frames of the menu's fly-through; cosmetic, not hashed
    /// The most points one session can score in these levels (`Game.maximumScore(in:)`), worked out once.
    public let maximumScore: Int64
    let enemyCounts: [Int]  // per level, in order: what a restored state must hold
    let levelPickups: [[Pickup]]  // per level: the pickups a session starts a level with
    var outcomes: [GameOutcome] = []  // not yet taken by the runtime
    var reports: [GameReport] = []  // what actions asked of the runtime, not yet taken
    var shotPending = false  // we fired in a match since the runtime last took our messages

    public init(seed: UInt64, levels: [Level] = [.hangar]) {
        precondition(!levels.isEmpty, "a game needs at least one level")
        self.seed = seed
        self.levels = levels
        maximumScore = Self.maximumScore(in: levels)
        enemyCounts = levels.map { $0.positions(of: .enemy).count }
        levelPickups = levels.map { Self.pickups(of: $0) }
        state.random = SimulationRandom(seed: seed)
    }

    /// The level being played (or flown through on the menu).
    public var level: Level { levels[max(0, min(levels.count, state.levelNumber) - 1)] }

    /// Starts a session of `mode` on level `number` (clamped to the levels there are), running.
    /// `run` names the session's score on the leaderboard.
    public mutating func play(_ mode: Screen, level number: Int, run: Int64 = 0) {
        precondition(mode == .singlePlayer || mode == .multiplayer, "play takes a session screen")
        var fresh = GameState()
        fresh.screen = mode
        fresh.run = run
        fresh.levelNumber = max(1, min(levels.count, number))
        fresh.random = SimulationRandom(seed: seed &+ UInt64(fresh.levelNumber))
        if number != fresh.levelNumber { fresh.notice = "level \(number) does not exist; playing \(fresh.levelNumber)" }
        state = fresh
        enterLevel(fresh.levelNumber)
        outcomes = []
    }

    /// Puts the player at the start of level `number`, with that level's enemies and pickups; health, ammo
    /// and score are kept.
    mutating func enterLevel(_ number: Int) {
        state.levelNumber = number
        let level = levels[number - 1]
        let start = level.positions(of: .start)[0]
        state.player.x = Float(start.x) + 0.5
        state.player.z = Float(start.z) + 0.5
        state.player.yaw = level.startYaw
        state.player.pitch = 0
        state.enemies = level.positions(of: .enemy).map { Enemy(x: Float($0.x) + 0.5, z: Float($0.z) + 0.5) }
        state.pickups = levelPickups[number - 1]
        state.roundSeconds = 0
        state.held = [:]
    }

    /// The pickups of `level` as a session starts with them, in reading order.
    static func pickups(of level: Level) -> [Pickup] {
        var pickups: [Pickup] = []
        for z in 0..<level.depth {
            for x in 0..<level.width {
                switch level.cell(x, z) {
                case .health: pickups.append(Pickup(kind: .health, x: x, z: z))
                case .ammo: pickups.append(Pickup(kind: .ammo, x: x, z: z))
                default: break
                }
            }
        }
        return pickups
    }

    /// Pauses a session (the pause overlay shows); nothing outside a session.
    public mutating func pause() {
        if state.isInSession { state.isPaused = true }
    }

    /// Resumes a paused session: only ever by the player's hand.
    public mutating func resume() {
        if state.isInSession { state.isPaused = false }
    }

    /// Leaves whatever is shown for the main menu (a session ends; its score stays for the leaderboard).
    public mutating func goToMenu() {
        state.screen = .menu
        state.peers = []
        state.isPaused = false
        state.held = [:]
    }

    /// Shows the leaderboard screen (from the menu).
    public mutating func openLeaderboard() {
        state.screen = .leaderboard
        state.isPaused = false
    }

    /// The multiplayer match was lost (peers dropped): back to the menu, the player must re-join.
    public mutating func leaveMatch() {
        state.peers = []
        shotPending = false
        guard state.screen == .multiplayer else { return }
        goToMenu()
        state.notice = "match left: join again from the menu"
    }

    /// Holds `control` for `steps` simulation steps (Int64.max: until `release`).
    public mutating func hold(_ control: Control, steps: Int64) {
        guard state.isInSession else { return }
        state.held[control] = steps
    }

    /// Releases a held control.
    public mutating func release(_ control: Control) { state.held[control] = nil }

    /// Turns the view at once by whole thousandths of a degree (mouse look): positive `yaw` turns right,
    /// positive `pitch` looks up. Integers, so that a recorded look replays to the same bits.
    public mutating func look(yawMillidegrees yaw: Int64, pitchMillidegrees pitch: Int64) {
        guard state.isRunning else { return }
        let radiansPerMillidegree = Float.pi / 180_000
        state.player.yaw = wrappedAngle(state.player.yaw - Float(yaw) * radiansPerMillidegree)
        state.player.pitch = max(-1.4, min(1.4, state.player.pitch + Float(pitch) * radiansPerMillidegree))
    }

    /// The round timer fired: one more second on this level (the exit bonus counts them against par).
    public mutating func roundTimerFired() {
        guard state.isRunning else { return }
        state.roundSeconds += 1
    }

    /// The outcomes since the last call, oldest first.
    public mutating func takeOutcomes() -> [GameOutcome] {
        defer { outcomes = [] }
        return outcomes
    }
}

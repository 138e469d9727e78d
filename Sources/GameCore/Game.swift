// Game: the game's state plus the levels it plays; actions the player takes and the runtime's hooks.

/// The game as the runtime sees it: actions in, fixed steps, a scene and a state hash out.
public struct Game: Hashable, Sendable {
    public var state = GameState()
    public let seed: UInt64  // simulation seed; a new session reseeds from it
    public let levels: [Level]  // level 1 is levels[0]
    public var menuFrames: Int64 = 0  // frames of the menu's fly-through; cosmetic, not hashed

    public init(seed: UInt64, levels: [Level] = [.hangar]) {
        precondition(!levels.isEmpty, "a game needs at least one level")
        self.seed = seed
        self.levels = levels
        state.random = SimulationRandom(seed: seed)
    }

    /// The level being played (or flown through on the menu).
    public var level: Level { levels[max(0, min(levels.count, state.levelNumber) - 1)] }

    /// Starts a session of `mode` on level `number` (clamped to the levels there are), running.
    public mutating func play(_ mode: Screen, level number: Int) {
        precondition(mode == .singlePlayer || mode == .multiplayer, "play takes a session screen")
        var fresh = GameState()
        fresh.screen = mode
        fresh.levelNumber = max(1, min(levels.count, number))
        fresh.random = SimulationRandom(seed: seed &+ UInt64(fresh.levelNumber))
        if number != fresh.levelNumber { fresh.notice = "level \(number) does not exist; playing \(fresh.levelNumber)" }
        let start = levels[fresh.levelNumber - 1].positions(of: .start)[0]
        fresh.player = Player(x: Float(start.x) + 0.5, z: Float(start.z) + 0.5, yaw: -Float.pi / 2)
        state = fresh
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

    /// Fires one shot: uses ammo; the seeded random source decides whether it hits.
    public mutating func fire() {
        guard state.isRunning, state.player.ammo > 0 else { return }
        state.player.ammo -= 1
        if state.random.below(100) < 40 {
            state.hits += 1
            state.score += 50
        }
    }

    /// The round timer fired: one more second survived.
    public mutating func roundTimerFired() {
        guard state.isRunning else { return }
        state.roundSeconds += 1
        state.score += 10
    }

    /// A hash of everything gameplay depends on (menu animation and notices excluded), 16 hex digits.
    public var stateHash: String {
        var hasher = StateHasher()
        hasher.combine(state.screen.rawValue)
        hasher.combine(Int64(state.isPaused ? 1 : 0))
        hasher.combine(Int64(state.levelNumber))
        hasher.combine(state.score)
        hasher.combine(state.steps)
        hasher.combine(state.roundSeconds)
        hasher.combine(state.hits)
        hasher.combine(state.player.x)
        hasher.combine(state.player.z)
        hasher.combine(state.player.yaw)
        hasher.combine(state.player.pitch)
        hasher.combine(Int64(state.player.health))
        hasher.combine(Int64(state.player.ammo))
        hasher.combine(state.random.state)
        for control in Control.allCases {
            hasher.combine(state.held[control] ?? 0)
        }
        return hasher.hex
    }
}

// Game+Lifecycle: the shooter as a `LifecycleGame`: what the runtime asks of a game, answered from the game's own
// rules. The player's actions (Docs/Contract.md §7) are checked against the screen here; what they ask of the
// runtime (timers, a match, a leaderboard fetch, scores) is reported, never done by the game.

import Lifecycle
import Runtime
import Saves

extension Game: LifecycleGame {
    public typealias SavedState = GameState
    public typealias Action = GameAction

    public var isInSession: Bool { state.isInSession }
    public var isPaused: Bool { state.isPaused }
    public var isRunning: Bool { state.isRunning }
    public var steps: Int64 { state.steps }
    public var screenName: String { state.screen.rawValue }
    public var isShowingLeaderboard: Bool { state.screen == .leaderboard }
    public var levelCount: Int { levels.count }

    /// The round (level) clock and the enemies' think timer, on the game clock.
    public static let timers = [
        GameTimer(.round, every: Int64(stepsPerSecond)), GameTimer(.enemies, every: thinkSteps),
    ]

    public mutating func perform(_ action: GameAction, context: ActionContext) -> String? {
        let screen = state.screen
        switch action {
        case .play(let mode, let level):
            guard screen == .menu else { return "play needs the main menu; the screen is \(screen.rawValue)" }
            play(mode == .singlePlayer ? .singlePlayer : .multiplayer, level: level, run: context.run)
            reports.append(.sessionStarted(multiplayer: mode == .multiplayer, level: state.levelNumber))
        case .openLeaderboard, .closeLeaderboard, .menu, .resume:
            var asked: [GameReport] = []
            defer { reports += asked }
            return performShell(action.shellAction!, reports: &asked)
        case .input(let control, let duration):
            guard state.isRunning else { return "input needs a running game" }
            hold(control, steps: max(1, wholeSteps(in: duration)))
        case .fire:
            if let why = whyCannotFire { return why }
            fire()
            if state.screen == .multiplayer { shotPending = true }
        case .look(let yaw, let pitch):
            guard state.isRunning else { return "look needs a running game" }
            look(yawMillidegrees: yaw, pitchMillidegrees: pitch)
        }
        return nil
    }

    public mutating func hold(_ control: Control, _ isHeld: Bool) {
        if isHeld { hold(control, steps: Int64.max) } else { release(control) }
    }

    /// A window's key held for `duration` is recorded as `input CONTROL DURATION`.
    public static func action(holding control: Control, for duration: Nanoseconds) -> GameAction? {
        .input(control, duration: duration)
    }

    /// Play single and multi, resume, menu, open and close the leaderboard, fire.
    public static let explorationActions: [GameAction] = [
        .play(.singlePlayer, level: 1), .play(.multiplayer, level: 1), .resume, .menu, .openLeaderboard,
        .closeLeaderboard, .fire,
    ]

    public mutating func idleFrame() {
        menuFrames += state.screen == .menu || state.screen == .leaderboard ? 1 : 0
    }

    public mutating func timerFired(_ name: TimerName) {
        switch name {
        case .round: roundTimerFired()
        case .enemies: enemiesThink()
        default: break
        }
    }

    /// Scores of levels cleared, and a game over's score with the session's end; then what actions asked.
    public mutating func takeReports() -> [GameReport] {
        var taken = reports
        reports = []
        for outcome in takeOutcomes() {
            switch outcome {
            case .levelCompleted(let level, let score):
                taken.append(.score(level: level, run: state.run, points: score))
            case .gameOver(_, let score):
                taken += [.score(level: state.levelNumber, run: state.run, points: score), .sessionEnded]
            }
        }
        return taken
    }

    public mutating func tell(_ notice: String) { state.notice = notice }

    public func relaunched() -> Game { Game(seed: seed, levels: levels) }

    public var savedState: GameState { state }

    /// The game's part of a save: the version 2 text with the game's values only (GameSnapshot+Format.swift).
    public func encodeState(_ state: GameState) -> [UInt8] { GameSnapshot(state: state).encoded() }

    public func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> GameState {
        try GameSnapshot.decodeState(bytes)
    }

    /// A whole file of the shooter's own (`interlude-snapshot 2`, or 1) from before the runtime's frame, with the
    /// runtime's values among the game's.
    public func decodeLegacySnapshot(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedGame<GameState>? {
        guard GameSnapshot.isOwnFile(bytes) else { return nil }
        let snapshot = try GameSnapshot.decodeText(bytes)
        return SavedGame(state: snapshot.state, extras: snapshot.extras)
    }

    /// A session's state must be one this game could have reached (`whyUnplayable`); a menu is never played from.
    public func whyCannotRestore(_ state: GameState) -> String? {
        state.isInSession ? whyUnplayable(state) : nil
    }

    public func stateValues(_ state: GameState) -> [String: Int64] { GameSnapshot(state: state).values }

    /// A single-player session comes back paused; a match cannot (the other players are gone): the menu, told why.
    public mutating func restore(_ saved: GameState) -> Restored {
        switch saved.screen {
        case .singlePlayer:
            state = saved
            state.isPaused = true
            return .session(detail: "restored singlePlayer level \(state.levelNumber), paused")
        case .multiplayer:
            goToMenu()
            state.notice = "the multiplayer match ended while the app was away"
            return .noSession(detail: "multiplayer not restored; main menu")
        case .menu, .leaderboard, .gameOver:
            return .noSession(detail: "main menu")
        }
    }
}

/// The app shell's menu, leaderboard screen, leaving a session and resuming one (Runtime's `AppShell`).
extension Game: AppShell {
    public var shellScreen: ShellScreen {
        switch state.screen {
        case .menu: return .menu
        case .leaderboard: return .leaderboard
        case .singlePlayer, .multiplayer, .gameOver: return .play
        }
    }

    /// A session left for the menu submits its score (the runtime keeps only one above zero).
    public var sessionScore: (level: Int, run: Int64, points: Int64)? { (state.levelNumber, state.run, state.score) }

    public mutating func showMenu() { goToMenu() }
    public mutating func showLeaderboard() { openLeaderboard() }
    public mutating func resumeSession() { resume() }
}

extension TimerName {
    /// Game clock: one more second on the level (the exit bonus counts them against par).
    public static let round = TimerName("round")
    /// Game clock: enemies think (see, chase, shoot) every `Game.thinkSteps` steps of play.
    public static let enemies = TimerName("enemies")
}

extension Scene: GameScene {
    /// What the scene shows (its level, HUD, overlay, camera and sprites), hashed: a frame's stand-in when nothing
    /// is rendered.
    public var contentHash: String {
        var hasher = StateHasher()
        hasher.combine(level.name)
        for line in hud { hasher.combine(line) }
        hasher.combine(overlay ?? "")
        for number in [camera.position.x, camera.position.y, camera.position.z, camera.yaw] { hasher.combine(number) }
        hasher.combine(UInt64(sprites.count))
        return hasher.hex
    }
}

extension Runtime where Game == GameCore.Game {
    /// A runtime for the shooter on `levels`, seeded with `seed` (the game's and the runs').
    public convenience init(
        profile: Profile, seed: UInt64 = 1, display: (any Display<Scene>)? = nil,
        snapshots: any SnapshotStore = InMemorySnapshotStore(), levels: [Level] = [.hangar]
    ) {
        self.init(
            profile: profile, seed: seed, game: Game(seed: seed, levels: levels), display: display,
            snapshots: snapshots)
    }

    /// The game and the runtime's extras as they are now, as a snapshot value.
    public func currentSnapshot() -> GameSnapshot { GameSnapshot(state: game.state, extras: snapshotExtras) }
}

// Breakout+Actions: the player's actions (Docs/Contract.md §7, the vocabulary every game under Interlude shares),
// checked against the screen, and what breakout refuses outright (multiplayer, looking around, moving forward).
// What an action asks of the runtime (timers, a leaderboard fetch, a score) is reported, never done here.

import Lifecycle
import Runtime

extension Breakout {
    /// Does the player's `action`; returns why it cannot be done now, or nil.
    public mutating func perform(_ action: GameAction, context: ActionContext) -> String? {
        let screen = state.screen
        switch action {
        case .play(let mode, let level):
            guard mode == .singlePlayer else { return "breakout has no multiplayer" }
            guard screen == .menu else { return "play needs the main menu; the screen is \(screen.rawValue)" }
            guard (1...Self.levels.count).contains(level) else {
                return "level \(level) is not a level of breakout (1...\(Self.levels.count))"
            }
            start(level: level, run: context.run)
        case .openLeaderboard:
            guard screen == .menu else {
                return "openLeaderboard needs the main menu; the screen is \(screen.rawValue)"
            }
            state.screen = .leaderboard
            reports.append(.leaderboardOpened)
        case .closeLeaderboard:
            guard screen == .leaderboard else { return "closeLeaderboard needs the leaderboard screen" }
            goToMenu()
        case .menu:
            guard screen != .menu else { return "already on the main menu" }
            if state.isInSession {
                reports += [.score(level: state.level, run: state.run, points: state.score), .sessionEnded]
            }
            goToMenu()
        case .resume:
            guard state.isInSession, state.isPaused else { return "resume needs a paused game" }
            state.isPaused = false
        case .input(let control, let duration):
            guard control == .left || control == .right else {
                return "input \(control.rawValue): breakout's paddle moves left or right only"
            }
            guard state.isRunning else { return "input needs a running game" }
            hold(control, steps: max(1, wholeSteps(in: duration)))
        case .fire:
            guard state.isRunning else { return "fire needs a running game" }
            guard state.ball.isOnPaddle else { return "fire needs the ball on the paddle; it is in play" }
            launch()
        case .look:
            return "breakout has no view to turn"
        }
        return nil
    }

    /// Holds `control` down until released (a window's key), or releases it. Breakout reads left and right only;
    /// a window's arrow keys arrive as `turnLeft` and `turnRight` (the shooter's turn keys in Interlude's desktop
    /// mapping), and the paddle takes them as left and right.
    public mutating func hold(_ control: Control, _ isHeld: Bool) {
        let control = Self.paddleControl(control)
        if isHeld {
            guard state.isRunning else { return }
            hold(control, steps: .max)
        } else if control == .left {
            state.heldLeft = 0
        } else if control == .right {
            state.heldRight = 0
        }
    }

    /// The paddle's reading of a held control: turning left or right moves it like left or right.
    private static func paddleControl(_ control: Control) -> Control {
        switch control {
        case .turnLeft: .left
        case .turnRight: .right
        default: control
        }
    }

    private mutating func hold(_ control: Control, steps: Int64) {
        if control == .left { state.heldLeft = steps }
        if control == .right { state.heldRight = steps }
    }

    /// A new session on `level`: full lives, no score, the ball on the paddle; the generator carries on.
    private mutating func start(level: Int, run: Int64) {
        var fresh = BreakoutState.onMenu(random: state.random)
        fresh.screen = .singlePlayer
        fresh.level = level
        fresh.run = run
        fresh.wall = Self.levels[level - 1].wall
        state = fresh
        notice = nil
        reports.append(.sessionStarted(multiplayer: false))
    }

    /// The main menu, with level 1's wall on show; the generator carries on.
    mutating func goToMenu() {
        state = .onMenu(random: state.random)
    }
}

// Breakout+Actions: the player's actions (BreakoutAction.swift), checked against the screen. The app shell's (the
// menu, resume, the leaderboard screen) are the engine's (`AppShell.performShell`); breakout says only which shell
// screen it shows and how it gets there. What an action asks of the runtime (timers, a leaderboard fetch, a score)
// is reported, never done here.

import Lifecycle
import Runtime

extension Breakout {
    /// Does the player's `action`; returns why it cannot be done now, or nil.
    public mutating func perform(_ action: BreakoutAction, context: ActionContext) -> String? {
        switch action {
        case .start(let level):
            guard state.screen == .menu else { return "start needs the main menu; the screen is \(screenName)" }
            guard (1...Self.levels.count).contains(level) else {
                return "level \(level) is not a level of breakout (1...\(Self.levels.count))"
            }
            start(level: level, run: context.run)
        case .serve:
            guard state.isRunning else { return "serve needs a running game" }
            guard state.ball.isOnPaddle else { return "serve needs the ball on the paddle; it is in play" }
            launch()
        case .paddle(let side, let duration):
            guard state.isRunning else { return "paddle needs a running game" }
            hold(side, steps: max(1, wholeSteps(in: duration)))
        case .app(let shell):
            var asked: [GameReport] = []
            defer { reports += asked }
            return performShell(shell, reports: &asked)
        }
        return nil
    }

    /// Holds the paddle's move until released (a window's key), or releases it.
    public mutating func hold(_ side: Paddle, _ isHeld: Bool) {
        if isHeld {
            guard state.isRunning else { return }
            hold(side, steps: .max)
        } else if side == .left {
            state.heldLeft = 0
        } else {
            state.heldRight = 0
        }
    }

    /// A window's key held for `duration` is recorded as `paddle SIDE DURATION`.
    public static func action(holding side: Paddle, for duration: Nanoseconds) -> BreakoutAction? {
        .paddle(side, duration: duration)
    }

    /// Start level 1, serve, and the app shell's actions.
    public static let explorationActions: [BreakoutAction] =
        [.start(level: 1), .serve] + ShellAction.allCases.map { .app($0) }

    private mutating func hold(_ side: Paddle, steps: Int64) {
        if side == .left { state.heldLeft = steps } else { state.heldRight = steps }
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

/// The app shell: breakout's menu, leaderboard screen, sessions and their end.
extension Breakout: AppShell {
    public var shellScreen: ShellScreen {
        switch state.screen {
        case .menu: return .menu
        case .leaderboard: return .leaderboard
        case .singlePlayer, .gameOver: return .play
        }
    }

    public var sessionScore: (level: Int, run: Int64, points: Int64)? { (state.level, state.run, state.score) }
    public mutating func showMenu() { goToMenu() }
    public mutating func showLeaderboard() { state.screen = .leaderboard }
    public mutating func resumeSession() { state.isPaused = false }
}

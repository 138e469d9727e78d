// Breakout+Lifecycle: breakout as a `LifecycleGame`: the facts the life cycle acts on, its one game-clock timer,
// the reports, the life cycle's work (pause; no match to leave), the state hash, and the glue to the snapshot
// codec (BreakoutSnapshot.swift) and the validation (Breakout+Validation.swift). A session comes back paused.

import Lifecycle
import Runtime
import Saves

extension TimerName {
    /// Game clock: the ball gets faster every `Breakout.speedupPeriod` steps of play (10 s).
    public static let speedup = TimerName("speedup")
}

extension Breakout: LifecycleGame {
    public typealias SavedState = BreakoutState

    public var isInSession: Bool { state.isInSession }
    public var isPaused: Bool { state.isPaused }
    public var isRunning: Bool { state.isRunning }
    public var steps: Int64 { state.steps }
    public var screenName: String { state.screen.rawValue }
    public var isShowingLeaderboard: Bool { state.screen == .leaderboard }
    public var levelCount: Int { Self.levels.count }

    /// Every hit of every level and every clear bonus: a session that starts on level 1 and clears them all.
    public var maximumScore: Int64 { Self.levels.reduce(0) { $0 + $1.maximumPoints } }

    /// The speedup, on the game clock.
    public static let timers = [GameTimer(.speedup, every: speedupPeriod)]

    public mutating func timerFired(_ name: TimerName) {
        guard name == .speedup, state.isRunning else { return }
        state.speedups = min(state.speedups + 1, Self.maximumSpeedups)
    }

    public mutating func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }

    /// The title's blink on a menu.
    public mutating func idleFrame() { menuFrames &+= 1 }

    public mutating func pause() {
        if state.isInSession { state.isPaused = true }
    }

    /// Breakout has no match: nothing to leave.
    public mutating func leaveMatch() {}

    public mutating func tell(_ notice: String) { self.notice = notice }

    public func relaunched() -> Breakout { Breakout(seed: seed) }

    /// Every value of the state in a fixed order, `run` left out (an identity, not gameplay).
    public var stateHash: String {
        var hasher = StateHasher()
        hasher.combine(state.screen.rawValue)
        for flag in [state.isPaused, state.hasWon, state.ball.isOnPaddle] { hasher.combine(Int64(flag ? 1 : 0)) }
        for number in [Int64(state.level), state.score, Int64(state.lives), state.steps, Int64(state.speedups)] {
            hasher.combine(number)
        }
        hasher.combine(state.random.state)
        for number in [state.paddleX, state.ball.x, state.ball.y, state.ball.dx, state.ball.dy] {
            hasher.combine(number)
        }
        hasher.combine(state.heldLeft)
        hasher.combine(state.heldRight)
        for hits in state.wall.hits { hasher.combine(Int64(hits)) }
        return hasher.hex
    }

    // MARK: Snapshots

    public var savedState: BreakoutState { state }

    /// The game's part of a save: breakout's own text (BreakoutSnapshot.swift) without the runtime's values, which
    /// the runtime's frame keeps.
    public func encodeState(_ state: BreakoutState) -> [UInt8] { BreakoutSnapshot(state: state).encoded() }

    public func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> BreakoutState {
        try BreakoutSnapshot.decodeState(bytes)
    }

    /// A whole `breakout-snapshot 1` file from before the runtime's frame, the runtime's values under `runtime.`.
    public func decodeLegacySnapshot(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedGame<BreakoutState>? {
        guard BreakoutSnapshot.isOwnFile(bytes) else { return nil }
        let snapshot = try BreakoutSnapshot.decode(bytes)
        return SavedGame(state: snapshot.state, extras: snapshot.extras)
    }

    public func whyCannotRestore(_ state: BreakoutState) -> String? { whyUnreachable(state) }

    public func stateValues(_ state: BreakoutState) -> [String: Int64] { BreakoutSnapshot(state: state).values }

    /// A session comes back paused; anything else (a menu, the leaderboard, a game over) is the main menu, with the
    /// saved generator (the next session launches as it would have without the relaunch).
    public mutating func restore(_ saved: BreakoutState) -> Restored {
        guard saved.isInSession else {
            state = .onMenu(random: saved.random)
            return .noSession(detail: "main menu")
        }
        state = saved
        state.isPaused = true
        return .session(detail: "restored singlePlayer level \(state.level), paused")
    }
}

// Exploration — a model checker over the life cycle and a game, on the real `Runtime`, and interruption
// invariance for any single-player script (CONTRACT §6 invariant 7).
//
// Owns: the moves the explorer tries (this file: OS events, the player's actions, waits), the breadth-first search
// with its abstract state key (Explorer.swift, StateKey.swift), the table rows it covers and why the others cannot
// be reached (RowCoverage.swift), the scripts it writes: the shortest reproduction of each violation and one witness
// per row (ExplorationScripts.swift), and the interleaving of interruptions into a script (Interleaving.swift).
// Generic over the game (`LifecycleGame`): the shooter is one game it checks; Breakout could be another.
// Imports Lifecycle, Runtime and Replay (scripts are its output); never Foundation, GL, a game or a host: the
// command line (`interlude explore`) writes the files and prints the progress.
// Start reading at `Explorer.run()`.

import Lifecycle
import Runtime

/// A wait the explorer may take: virtual time passes up to the next thing that would happen by itself.
public enum Wait: String, Hashable, Sendable, CaseIterable {
    /// To the next live timer's firing (the autosave, a game timer while the game runs).
    case nextTimer
    /// To the fixed step at which the OS suspends a backgrounded app whose work is done (the next one on iOS, the
    /// freezer's 10 s later on `android34`; never on `android28`).
    case osSuspension
    /// To the first answer of a leaderboard request in flight.
    case leaderboardAnswer
}

/// One step of an exploration: an OS event, a player's action (the game's own), a wait, or a score the game reports
/// (kept in the outbox, as a level's end keeps it: the script line `leaderboard pending=100`), which lets the explorer
/// reach an outbox that uploads in a background task without playing a level through.
public enum Move<Action: PlayerAction>: Hashable, Sendable, CustomStringConvertible {
    case event(Event)
    case action(Action)
    case wait(Wait)
    case pendingScore

    /// The points a `pendingScore` move keeps.
    public static var pendingPoints: Int64 { 100 }

    /// Every OS event (the background task expiring is `backgroundTaskExpired`, the OS's own decision, sent as an
    /// event), the player's actions `actions` (a game's `LifecycleGame.explorationActions`), and the waits.
    public static func standard(_ actions: [Action]) -> [Move] {
        Event.allCases.map { .event($0) } + actions.map { .action($0) } + Wait.allCases.map { .wait($0) }
            + [.pendingScore]
    }

    public var description: String {
        switch self {
        case .event(let event): return event.rawValue
        case .action(let action): return action.description
        case .wait(let wait): return "wait(\(wait.rawValue))"
        case .pendingScore: return "leaderboard pending=\(Self.pendingPoints)"
        }
    }
}

/// A move as it was taken: at what virtual time (for a wait: the time waited to).
public struct TimedMove<Action: PlayerAction>: Hashable, Sendable {
    public let time: Nanoseconds
    public let move: Move<Action>
}

extension Runtime {
    /// The index of the next fixed step: every step at or before `now` has run once a host has advanced to `now`
    /// (which every explored move does).
    var nextStepIndex: Int64 {
        let perSecond: Int64 = 1_000_000_000
        var step = now / perSecond * Int64(stepsPerSecond) + (now % perSecond) * Int64(stepsPerSecond) / perSecond
        while stepTime(step) <= now { step += 1 }
        return step
    }

    /// The first step time at or after `time`, and not before the next step.
    func stepTimeAtOrAfter(_ time: Nanoseconds) -> Nanoseconds {
        var step = max(nextStepIndex, time / 1_000_000_000 * Int64(stepsPerSecond))
        while stepTime(step) < time { step += 1 }
        return stepTime(step)
    }

    /// When `wait` would end from here, or nil when there is nothing to wait for.
    func target(of wait: Wait) -> Nanoseconds? {
        switch wait {
        case .osSuspension:
            guard let due = machine.suspensionTime else { return nil }
            return stepTimeAtOrAfter(due)
        case .leaderboardAnswer:
            guard let due = leaderboard.inFlight.map(\.deliverAt).min() else { return nil }
            return stepTimeAtOrAfter(due)
        case .nextTimer:
            guard status.state == .active else { return nil }
            var earliest: Nanoseconds? = nil
            for timer in machine.timers.live {
                let time: Nanoseconds
                switch timer.clock {
                case .virtual:
                    time = stepTimeAtOrAfter(timer.deadline)
                case .game:
                    guard isFrameLoopRunning, game.isRunning else { continue }
                    time = stepTime(nextStepIndex + max(1, timer.deadline - game.steps) - 1)
                }
                earliest = min(earliest ?? time, time)
            }
            return earliest
        }
    }

    /// Takes `move` now (a wait: to its end); returns it with its time, or nil for a wait with nothing to wait for.
    func take(_ move: Move<Game.Action>) -> TimedMove<Game.Action>? {
        switch move {
        case .event(let event):
            inject(event, at: now)
        case .action(let action):
            inject(action, at: now)
        case .wait(let wait):
            guard let time = target(of: wait) else { return nil }
            advance(to: time)
            return TimedMove(time: time, move: move)
        case .pendingScore:
            configureLeaderboard(.pending(Move<Game.Action>.pendingPoints))
        }
        return TimedMove(time: now, move: move)
    }

    /// Takes a move exactly as it was taken before (the same calls a script's line makes).
    func retake(_ timed: TimedMove<Game.Action>) {
        switch timed.move {
        case .event(let event): inject(event, at: timed.time)
        case .action(let action): inject(action, at: timed.time)
        case .wait: advance(to: timed.time)
        case .pendingScore: configureLeaderboard(.pending(Move<Game.Action>.pendingPoints))
        }
    }
}

// Timers: the runtime's timers, on the virtual clock or on the game clock (simulation steps): the round
// (level) clock, the enemies' think timer and the autosave.
// Invalidating keeps each timer's remaining time; scheduling again continues from it, so an interrupted
// game fires its timers at the same game moments as an uninterrupted one.

import GameCore
import Lifecycle

/// The timers the game uses.
public enum TimerName: String, Hashable, Sendable, CaseIterable {
    case round  // game clock: one more second on the level (the exit bonus counts them against par)
    case autosave  // virtual clock: saves a snapshot every 10 s during a session
    case enemies  // game clock: enemies think (see, chase, shoot) every `Game.thinkSteps` steps of play
}

/// Which clock a timer counts on.
public enum TimerClock: Hashable, Sendable {
    case virtual  // nanoseconds of the runtime's clock
    case game  // simulation steps (paused time excluded)
}

/// One live timer.
public struct LiveTimer: Hashable, Sendable {
    public let name: TimerName
    public let clock: TimerClock
    public let interval: Int64  // ns or steps, per `clock`
    public var deadline: Int64  // virtual ns or game step at which it fires next
}

/// The live timers and, for invalidated ones, what was left of their period.
public struct TimerSet: Hashable, Sendable {
    public private(set) var live: [LiveTimer] = []
    public var remaining: [TimerName: Int64] = [:]  // name → ns or steps left when invalidated

    public init() {}

    /// The period and clock of each timer.
    public static func period(of name: TimerName) -> (TimerClock, Int64) {
        switch name {
        case .round: return (.game, Int64(stepsPerSecond))
        case .enemies: return (.game, Game.thinkSteps)
        case .autosave: return (.virtual, 10_000_000_000)
        }
    }

    /// Schedules `name`, continuing from its remaining time if it was invalidated. Returns false if already live.
    public mutating func schedule(_ name: TimerName, now: Nanoseconds, step: Int64) -> Bool {
        guard !live.contains(where: { $0.name == name }) else { return false }
        let (clock, interval) = Self.period(of: name)
        let left = remaining.removeValue(forKey: name) ?? interval
        live.append(
            LiveTimer(name: name, clock: clock, interval: interval, deadline: (clock == .game ? step : now) + left))
        return true
    }

    /// Invalidates every live timer, keeping what was left of each period. Returns how many there were.
    public mutating func invalidateAll(now: Nanoseconds, step: Int64) -> Int {
        for timer in live { remaining[timer.name] = max(1, timer.deadline - (timer.clock == .game ? step : now)) }
        defer { live.removeAll() }
        return live.count
    }

    /// Forgets `names` entirely, live or invalidated (a session ended).
    public mutating func discard(_ names: [TimerName]) {
        live.removeAll { names.contains($0.name) }
        for name in names { remaining[name] = nil }
    }

    /// The timers on `clock` due at `time`, in a fixed order; each is re-armed for its next period.
    public mutating func fire(on clock: TimerClock, at time: Int64) -> [TimerName] {
        var due: [TimerName] = []
        for index in live.indices where live[index].clock == clock && live[index].deadline <= time {
            due.append(live[index].name)
            live[index].deadline += live[index].interval
        }
        return due
    }
}

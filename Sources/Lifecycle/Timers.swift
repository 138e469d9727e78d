// Timers: the runtime's timers, on the virtual clock (the autosave) or on the game clock (simulation steps: the
// game's own, `LifecycleGame.timers`). The table is a value the life-cycle machine owns (`LifecycleMachine.timers`,
// changed through LifecycleMachine+Timers.swift); `Runtime` only performs what its methods return.
// Invalidating keeps each timer's remaining time; scheduling again continues from it, so an interrupted
// game fires its timers at the same game moments as an uninterrupted one.

/// A timer's name: the runtime's own `autosave`, or one of the game's (`LifecycleGame.timers`). Snapshots keep an
/// invalidated timer's remaining time as `timer.NAME`.
public struct TimerName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Virtual clock: saves a snapshot every 10 s while a session runs (the runtime's own timer).
    public static let autosave = TimerName("autosave")

    public var description: String { rawValue }
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
    /// Every timer a session schedules, in order: the autosave, then the game's.
    public let names: [TimerName]
    private let gameTimers: [GameTimer]

    /// The autosave and `gameTimers` (a game's `LifecycleGame.timers`).
    public init(gameTimers: [GameTimer] = []) {
        self.gameTimers = gameTimers
        names = [.autosave] + gameTimers.map(\.name)
    }

    /// The autosave's period: 10 s of virtual time.
    public static let autosavePeriod: Nanoseconds = 10_000_000_000

    /// The period and clock of `name`; nil for a name this set does not know.
    public func period(of name: TimerName) -> (TimerClock, Int64)? {
        if name == .autosave { return (.virtual, Self.autosavePeriod) }
        return gameTimers.first { $0.name == name }.map { (.game, $0.period) }
    }

    /// Schedules `name`, continuing from its remaining time if it was invalidated. Returns false if already live.
    public mutating func schedule(_ name: TimerName, now: Nanoseconds, step: Int64) -> Bool {
        guard !live.contains(where: { $0.name == name }), let (clock, interval) = period(of: name) else { return false }
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

    /// Forgets every timer, live or invalidated (the process ended).
    mutating func forgetAll() {
        live.removeAll()
        remaining.removeAll()
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

/// A timer on the game clock: fires every `period` steps of play while the session runs; invalidated by the life
/// cycle, it keeps what was left of its period.
public struct GameTimer: Hashable, Sendable {
    public let name: TimerName
    public let period: Int64  // steps

    public init(_ name: TimerName, every period: Int64) {
        precondition(period > 0, "a timer's period is at least one step")
        self.name = name
        self.period = period
    }
}

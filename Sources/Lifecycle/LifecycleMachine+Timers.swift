// LifecycleMachine+Timers: the machine's timer decisions. The table (`TimerSet`) is the machine's: the executor
// passes the clocks in (virtual time and the game's step count, which only it can read) and performs what comes
// back (a save for the autosave, `timerFired` for a game's timer). A session's timers are scheduled only while the
// app is active; invalidating one keeps what was left of its period, so a resumed or restored game fires it at the
// same game moment as an uninterrupted one. LifecycleMachineTests drive them with no display and no game.

extension LifecycleMachine {
    /// `scheduleTimers` (and a session that just began): schedules every timer of a session that is not live,
    /// continuing from what was left of it (`left`: what the OS's timer service says was left, replacing the table's
    /// own; nil: the table's). Only while the app is active. Returns how many were scheduled.
    public mutating func scheduleTimers(now: Nanoseconds, step: Int64, left: [TimerName: Int64]? = nil) -> Int {
        if let left { timers.remaining = left }
        guard state == .active else { return 0 }
        return timers.names.filter { timers.schedule($0, now: now, step: step) }.count
    }

    /// `invalidateTimers`: stops every live timer, keeping what was left of each period. Returns how many.
    public mutating func invalidateTimers(now: Nanoseconds, step: Int64) -> Int {
        timers.invalidateAll(now: now, step: step)
    }

    /// A session ended (or its match was lost): its timers go, live or invalidated.
    public mutating func discardTimers() { timers.discard(timers.names) }

    /// The live timers on `clock` due at `time` (ns for `.virtual`, the game's step for `.game`), in a fixed order;
    /// each is re-armed for its next period. The executor performs them.
    public mutating func fireTimers(on clock: TimerClock, at time: Int64) -> [TimerName] {
        timers.fire(on: clock, at: time)
    }

    /// What is left of each timer now, live or invalidated, by name (ns or steps, per its clock): what a snapshot
    /// keeps as `timer.NAME`.
    public func timersLeft(now: Nanoseconds, step: Int64) -> [TimerName: Int64] {
        var left = timers.remaining
        for timer in timers.live { left[timer.name] = timer.deadline - (timer.clock == .game ? step : now) }
        return left
    }

    /// A restored session's timers: each known name continues from `left` when the app next schedules them. Names
    /// this machine does not know are ignored (a snapshot's values are checked before they are restored).
    public mutating func restoreTimers(_ left: [TimerName: Int64]) {
        for name in timers.names { if let value = left[name] { timers.remaining[name] = value } }
    }

    /// The live timers' count (CONTRACT §6.3: none outside `active`).
    public var liveTimerCount: Int { timers.live.count }
}

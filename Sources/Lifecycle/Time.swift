// Time: the one unit of time of the life cycle, its runtime and its scripts.

/// Virtual (or real) time in nanoseconds since the process's start: the runtime's clock, script times, durations.
public typealias Nanoseconds = Int64

/// Fixed steps per second: the runtime steps every game at this rate, in virtual time (step k at k * 1e9 / 60 ns).
public let stepsPerSecond = 60

/// The whole fixed steps in `duration` (rounded down), for any duration: exact, and never overflowing
/// (`duration * 60` would for a duration past 4.8 years). How long a script's `input` holds a control.
public func wholeSteps(in duration: Nanoseconds) -> Int64 {
    let perSecond: Int64 = 1_000_000_000
    let (seconds, rest) = duration.quotientAndRemainder(dividingBy: perSecond)
    return seconds * Int64(stepsPerSecond) + rest * Int64(stepsPerSecond) / perSecond
}

/// The virtual time of fixed step `step`: exactly `step * 1e9 / 60` ns.
public func stepTime(_ step: Int64) -> Nanoseconds { step * 1_000_000_000 / Int64(stepsPerSecond) }

/// The latest time a runtime's clock reaches: about 4.75 years of virtual time. Later times are taken as this one,
/// so that step times never overflow; scripts are capped far below it (24 h).
public let latestVirtualTime: Nanoseconds = stepTime(9_000_000_000)

/// `time + duration` (a negative duration counts as 0), or the end of time when that does not fit: a deadline no
/// clock reaches, never a trap.
public func saturatingSum(_ time: Nanoseconds, _ duration: Nanoseconds) -> Nanoseconds {
    let (sum, overflow) = time.addingReportingOverflow(max(0, duration))
    return overflow ? .max : sum
}

// Time: the one unit of time of the life cycle, its runtime and its scripts.

/// Virtual (or real) time in nanoseconds since the process's start: the runtime's clock, script times, durations.
public typealias Nanoseconds = Int64

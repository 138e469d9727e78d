// FrameClock: the window runs on the real clock, replays on a virtual one. This turns readings of a real
// monotonic clock into the runtime's time steps: whole milliseconds, so that a recording (`play --record`)
// replays at exactly the same times, and at most `maximumStep` at once, so that a stall (a window drag, a
// debugger, a slow frame) does not make the simulation race to catch up.

/// Real elapsed time, in whole milliseconds, clamped, for `Runtime.advance(by:)`.
public struct FrameClock: Sendable {
    /// The most one reading may advance the runtime, in nanoseconds.
    public let maximumStep: Int64
    private var counted: UInt64?  // ns reading up to which time has been handed out; nil before the first

    /// A clock that hands out at most `maximumStep` nanoseconds per reading (default 100 ms).
    public init(maximumStep: Int64 = 100_000_000) {
        self.maximumStep = maximumStep
    }

    /// Nanoseconds (a whole number of milliseconds) to advance by, given a reading in ns of a monotonic clock.
    /// The first reading starts the clock and gives 0; the part below a millisecond carries over to the next.
    public mutating func elapsed(at reading: UInt64) -> Int64 {
        guard let counted, reading > counted else {
            if counted == nil { self.counted = reading }
            return 0
        }
        let whole = Int64(reading - counted) / 1_000_000 * 1_000_000
        guard whole <= maximumStep else {
            // Time beyond the clamp is dropped, not owed.
            self.counted = reading
            return maximumStep
        }
        self.counted = counted + UInt64(whole)
        return whole
    }
}

// Runtime+Driving: driving a runtime by hand in a test, as the script runner does a line at a time: launch, and an
// event or action at a time given as a Duration (the runtime's own `inject(_:at:)` takes nanoseconds). For any game.

import Lifecycle
import Runtime

extension Runtime {
    /// Sends `launched` now and performs its work (the launch, `loadSnapshot`): the app is active on the screen the
    /// game starts or restores on. Returns the runtime, so that a test can make and launch one in one expression.
    @discardableResult
    public func launch() -> Runtime<Game> {
        inject(.launched)
        return self
    }

    /// `inject(_:at:)` with the time as a duration since the start: `at: .seconds(3.7)`, `at: .milliseconds(500)`
    /// (rounded to the nearest nanosecond).
    public func inject(_ event: Event, at time: Duration) {
        inject(event, at: Self.nanoseconds(time))
    }

    /// `inject(_:at:)` for a player's action, with the time as a duration since the start.
    public func inject(_ action: Game.Action, at time: Duration) {
        inject(action, at: Self.nanoseconds(time))
    }

    /// `duration` in whole nanoseconds, rounded to the nearest (`.seconds(0.6)` is 600,000,000, not one less).
    static func nanoseconds(_ duration: Duration) -> Nanoseconds {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + (attoseconds + 500_000_000) / 1_000_000_000
    }
}

// Runtime+Driving: driving a runtime by hand in a test, as the script runner does a line at a time: launch, an event
// or action at a virtual time, each followed by its work. For any game.

import Lifecycle
import Runtime

extension Runtime {
    /// Sends `launched` now and performs its work (the launch, `loadSnapshot`): the app is active on the screen the
    /// game starts or restores on. Returns the runtime, so that a test can make and launch one in one expression.
    @discardableResult
    public func launch() -> Runtime<Game> {
        send(.launched)
        settle()
        return self
    }

    /// Advances virtual time to `time` (nanoseconds since the start), then sends `event` and performs its work, as
    /// a script's `at <t> <event>` line does.
    public func inject(_ event: Event, at time: Nanoseconds) {
        advance(to: time)
        send(event)
        settle()
    }

    /// `inject(_:at:)` with the time as a duration since the start: `at: .seconds(3.7)`, `at: .milliseconds(500)`
    /// (rounded to the nearest nanosecond).
    public func inject(_ event: Event, at time: Duration) {
        inject(event, at: Self.nanoseconds(time))
    }

    /// Sends each event now, one after the other, each followed by its work (as a window's loop does).
    public func inject(_ events: Event...) {
        for event in events {
            send(event)
            settle()
        }
    }

    /// Advances virtual time to `time` (nanoseconds since the start), then performs the player's `action` and its
    /// work, as a script's `at <t> <action>` line does.
    public func act(_ action: GameAction, at time: Nanoseconds) {
        advance(to: time)
        perform(action)
        settle()
    }

    /// `act(_:at:)` with the time as a duration since the start (rounded to the nearest nanosecond).
    public func act(_ action: GameAction, at time: Duration) {
        act(action, at: Self.nanoseconds(time))
    }

    /// `duration` in whole nanoseconds, rounded to the nearest (`.seconds(0.6)` is 600,000,000, not one less).
    static func nanoseconds(_ duration: Duration) -> Nanoseconds {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + (attoseconds + 500_000_000) / 1_000_000_000
    }
}

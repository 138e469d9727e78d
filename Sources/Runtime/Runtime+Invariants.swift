// Runtime+Invariants: the runtime as the checker sees it (Checker.swift), and the points where it lets the checker
// observe. `check` runs an observation and writes what the checker found to the transcript, in the order found.
// After every step and every event's work (`checkInvariants`), the runtime first does what is its own to do (a
// restore that has proved itself, an app that called GL past the display's gate ended as iOS ends it), then asks the
// checker.

import InterludeNetwork
import Lifecycle
import Saves

extension Runtime: CheckedRuntime {
    var liveTimers: [LiveTimer] { machine.timers.live }
    var leaderboardRequestsInFlight: Int { leaderboard.inFlight.count }
    var isMatchConnected: Bool { match.isConnected }

    func newestSaveOnDisk() throws -> SavedGame<Game.SavedState>? {
        guard let bytes = try snapshots.load() else { return nil }
        return try decodePlayable(bytes)
    }

    func auditLeaderboard(acknowledged: Set<Int64>) -> String? {
        leaderboard.transport.audit(acknowledged: acknowledged)
    }
}

extension Runtime {
    /// Lets the checker observe (`observe` is given it and this runtime, read-only), then writes each violation it
    /// found to the transcript.
    func check<Result>(_ observe: (inout Checker<Game>, Runtime) -> Result) -> Result {
        let before = checker.violations.count
        let result = observe(&checker, self)
        for violation in checker.violations[before...] {
            transcript.append(now, .violation(invariant: violation.invariant, detail: violation.detail))
        }
        return result
    }

    /// Reports a broken rule the runtime found itself (a GL call while forbidden, a task ended twice, a failed save).
    func violate(_ rule: Violation.Rule, _ detail: String) {
        check { checker, _ in checker.report(rule, detail) }
    }

    /// After a step or an event's work: a restore that has proved itself is let go, a GL call refused by the
    /// display's own gate ends the app (1), then the checker checks 2 to 6.
    func checkInvariants(afterEvent: Bool) {
        if process.crashGuard.pending != nil { proveRestore() }
        if let refused = display?.refusedGLCalls, refused.count > refusedGLCallsSeen {
            let entries = refused[refusedGLCallsSeen...]
            refusedGLCallsSeen = refused.count
            for entry in entries { killForGL(entry) }
        }
        check { $0.check(afterEvent: afterEvent, in: $1) }
    }
}

// Runtime+Faults: what the seeded fault simulation (issue 30, `Faults`, `interlude simulate`) and a script's fault
// lines do to a runtime, and the invariants that only faults can break (CONTRACT §6, 9 to 11). A kill ends the
// process at once (`kill`: no callback, nothing saved; the next `launched` relaunches from the disk). After a kill,
// the relaunch must restore the newest save the runtime reported durable, or a later one (9). A resumed timer must
// continue from what was left of it (10). The leaderboard's service must hold every score it acknowledged, once (11).
// The environment (Environment.swift) answers where it may misbehave: a save refused or cut short, a callback late.

import InterludeNetwork
import Lifecycle
import Saves

extension Runtime {
    /// The process is killed now (SIGKILL, a power loss, the OS's watchdog): no callback, no work, nothing saved.
    /// The transcript says `STATE -> terminated` with reason `killed`; everything in memory is gone, the disk stays.
    /// The next `launched` relaunches the app from its snapshot store: `store`, when given, is that disk as the new
    /// process opens it (what the old process held in memory, a write not yet made, is gone with it). Nothing more
    /// happens when the app has ended already.
    public func kill(reopening store: (any SnapshotStore)? = nil) {
        if let store { snapshots = store }
        guard appState != .terminated, appState != .notRunning else { return }
        let left = appState
        machine.killProcess()
        transcript.append(now, .transition(from: left, to: .terminated, reason: .killed))
        invariantState.durableOwedAfterKill = invariantState.lastDurableGeneration
        invariantState.snapshotOwed = nil  // a dead process owes nothing more
        endProcess()
    }

    /// 9: a save the runtime reported durable survives a kill: called when a launch has restored (or not).
    func checkRestoreAfterKill() {
        guard let owed = invariantState.durableOwedAfterKill else { return }
        invariantState.durableOwedAfterKill = nil
        invariantState.lastDurableGeneration = snapshotGeneration  // the disk holds this now, reported or not
        guard snapshotGeneration < owed else { return }
        violate(
            .savedSnapshotSurvivesKill,
            "after the process was killed, the relaunch restored generation #\(snapshotGeneration), but #\(owed) "
                + "had been reported saved: a durable save was lost")
    }

    /// A save of generation `generation` finished; `durable` when it is on the disk for good (every save of a
    /// synchronous store; full and final saves of any).
    func noteDurable(_ generation: Int64, durable: Bool) {
        if durable { invariantState.lastDurableGeneration = generation }
    }

    /// Schedules the session's timers, each continuing from what was left of it, and checks that it did (10).
    func scheduleTimersKeepingTime() -> Int {
        var left = machine.timers.remaining
        // The OS's timer service, as the environment has it.
        let scheduled = machine.scheduleTimers(now: now, step: game.steps, left: environment.resumed(left))
        for timer in machine.timers.live {
            guard let expected = left.removeValue(forKey: timer.name) else { continue }
            let found = timer.deadline - (timer.clock == .game ? game.steps : now)
            guard found != expected else { continue }
            let unit = timer.clock == .game ? " steps" : " ns"
            violate(
                .timerKeepsItsTime,
                "timer \(timer.name) resumed with \(found)\(unit) to go, but \(expected)\(unit) were left when it was "
                    + "invalidated: it fires later than in an uninterrupted game")
        }
        return scheduled
    }

    /// 11: the leaderboard's service holds every score it acknowledged, once (its `audit`). Called after answers
    /// were taken.
    func auditLeaderboard(_ results: [LeaderboardResult]) {
        for case .submitted(let key) in results { invariantState.acknowledgedScores.insert(key) }
        guard !results.isEmpty,
            let problem = leaderboard.transport.audit(acknowledged: invariantState.acknowledgedScores)
        else { return }
        guard problem != invariantState.lastAuditProblem else { return }
        invariantState.lastAuditProblem = problem
        violate(.scoreStoredOnce, problem)
    }

    /// Whether the save now fails for iOS data protection: only while the locked device's protected data is
    /// unavailable, and only if the environment refuses it then.
    func protectedDataRefusesSave() -> Bool {
        process.protectedData == .unavailable && environment.refusesProtectedSave()
    }

    /// Whether the enter-background callback's save outlasts the watchdog now: the OS kills the app before the save
    /// finishes (the process ends once the work line is written).
    func watchdogKillsSave(for callback: Callback?) -> Bool {
        guard environment.watchdogEndsSave(of: callback) else { return false }
        process.killPending = true
        return true
    }

    /// The callback of `move` the environment holds back, with its work and the step (30 later, half a second) it
    /// arrives at; nil when none is.
    func callbackDeliveredLate(in move: Transition) -> (callback: Callback, work: [Work], step: Int64)? {
        guard let callback = environment.heldBack(in: move),
            let segment = move.segments.first(where: { $0.callback == callback })
        else { return nil }
        return (callback, segment.work, nextStep + 30)
    }

    /// At its step, the callback a quirk held back arrives with its work, if the app is still active (else the
    /// moment has passed and it is dropped, as an engine would drop a stale resume). Called at each fixed step.
    func deliverLateCallback() {
        guard let late = process.lateCallback, nextStep >= late.step else { return }
        process.lateCallback = nil
        guard appState == .active else { return }
        deliver(late.callback, inSession: game.isInSession)
        machine.enqueue(late.work, for: late.callback)
        settle()
    }
}

/// iOS data protection refused a save (`storage.protectedData.unavailable`): the file of complete protection cannot be
/// opened while the locked device's protected data is unavailable.
struct ProtectedDataUnavailable: Error, CustomStringConvertible {
    var description: String { "EPERM: the device is locked and its protected data is unavailable" }
}

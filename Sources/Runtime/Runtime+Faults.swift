// Runtime+Faults: the environment's side of the runtime: the OS's timer service resuming timers, a save cut short by
// the watchdog, a callback held back, data protection. The environment (Environment.swift) answers where the world
// may misbehave; the disk refuses a locked save itself (Replay's `DataProtectedStore`). The checker (Checker.swift) is
// told of timers resumed (10: each goes on from what was left of it). A kill is the kernel's (Runtime+Work.swift).

import InterludeNetwork
import Lifecycle
import Saves

extension Runtime {
    /// Schedules the session's timers, each continuing from what was left of it, and checks that it did (10).
    func scheduleTimersKeepingTime() -> Int {
        let left = machine.timers.remaining
        // The OS's timer service, as the environment has it.
        let scheduled = machine.scheduleTimers(now: now, step: game.steps, left: environment.resumed(left))
        check { $0.timersScheduled(left: left, in: $1) }
        return scheduled
    }

    /// Data protection moves to `state`; the disk is told when its protected files lock or unlock (Replay's
    /// `DataProtectedStore` may refuse saves there while they are locked).
    func setProtectedData(_ state: ProtectedData) {
        let wasLocked = process.protectedData == .unavailable
        process.protectedData = state
        if wasLocked != (state == .unavailable) { snapshots.protectedData(isAvailable: state != .unavailable) }
    }

    /// Whether the enter-background callback's save outlasts the watchdog now: the OS kills the app before the save
    /// finishes (the process ends once the work line is written).
    func watchdogKillsSave(for callback: Callback?) -> Bool {
        guard environment.watchdogEndsSave(of: callback) else { return false }
        killAfterThisWork()
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

    /// Keeps the callback the environment held back until its step (`deliverLateCallback`).
    func holdBack(_ late: (callback: Callback, work: [Work], step: Int64)) { process.lateCallback = late }

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

// Runtime+Faults: what the seeded fault simulation (issue 30, `Faults`, `interlude simulate`) and a script's fault
// lines do to a runtime. A kill ends the process at once (`kill`: no callback, nothing saved; the next `launched`
// relaunches from the disk). The checker (Checker.swift) is told of the kill and of the relaunch (9: the newest save
// reported durable survives it) and of timers resumed (10: each goes on from what was left of it). The environment
// (Environment.swift) answers where the world may misbehave: a save refused or cut short, a callback late.

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
        check { checker, _ in checker.killed() }
        endProcess()
    }

    /// Schedules the session's timers, each continuing from what was left of it, and checks that it did (10).
    func scheduleTimersKeepingTime() -> Int {
        let left = machine.timers.remaining
        // The OS's timer service, as the environment has it.
        let scheduled = machine.scheduleTimers(now: now, step: game.steps, left: environment.resumed(left))
        check { $0.timersScheduled(left: left, in: $1) }
        return scheduled
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

// Runtime+CrashGuard: the runtime's side of the saves' crash guard (Saves' CrashGuard.swift, CONTRACT §10): the
// guard dies with the process (`AppProcess.crashGuard`), its mark lives on the disk (`snapshots`).

import Lifecycle
import Saves

extension Runtime {
    /// Steps of play after which a restored game has proved itself: 10 seconds.
    public static var restoreProofSteps: Int64 { 10 * Int64(stepsPerSecond) }

    /// Removes the mark once the restored game has proved itself (or `ended`: the process ends through the life
    /// cycle, not by a crash). Called after every step and every event.
    func proveRestore(ended: Bool = false) {
        process.crashGuard.prove(steps: game.steps, inSession: game.isInSession, ended: ended, in: snapshots, log: log)
    }
}

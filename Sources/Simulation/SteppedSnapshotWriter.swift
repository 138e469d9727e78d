// SteppedSnapshotWriter: the background writer of a simulated process (Storage's `SnapshotWriter` port). What a
// `BackgroundSnapshotStore` hands it waits until the simulation lets it run (`runPending`, drawn at the start of a
// move from a generator of its own) or until the store is flushed (a full or final save, which the runtime must have
// on the disk before it goes on). A kill drops the writer with what never ran, as the process's thread dies with it:
// the simulation finds a save handed over and not yet written, on the same seed every time.

import Storage

/// A writer that runs what it is handed only when told, on the caller's thread. Open: a test's double breaks it (a
/// flush that returns before the work ran).
open class SteppedSnapshotWriter: SnapshotWriter, @unchecked Sendable {
    private var pending: [@Sendable () -> Void] = []

    public init() {}

    /// Pieces of work handed over and not yet run.
    public var pendingCount: Int { pending.count }

    open func submit(_ work: @escaping @Sendable () -> Void) { pending.append(work) }

    /// Runs what was handed over, oldest first (what a piece hands over meanwhile runs too).
    open func waitUntilIdle() { runPending() }

    /// The writer's thread gets to its work now.
    public func runPending() {
        while !pending.isEmpty { pending.removeFirst()() }
    }
}

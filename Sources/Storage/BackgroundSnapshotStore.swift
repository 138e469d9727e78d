// BackgroundSnapshotStore: a snapshot store whose disk writes (with their fsyncs, 0.5 ms typically but 30-50 ms
// at the 99th percentile on this machine's disk) happen on a serial background queue, so a save never holds up the
// frame loop for more than the time to hand over the bytes. The newest bytes win: a save that arrives while an
// older one waits replaces it (the older one would have been overwritten at once). `flush` waits for the disk;
// the runtime calls it for full and final saves, which must be durable before the app is suspended or ended.
// The writer is a port (`SnapshotWriter`): a serial queue of its own in a real process; in the seeded simulation, one
// the simulation runs by hand, so that a kill can find a save handed over and not yet written, deterministically.

import Dispatch
import Foundation
import Saves

/// Where a background store's writes run, one after another.
public protocol SnapshotWriter: AnyObject, Sendable {
    /// Runs `work` later, after the work handed over before it.
    func submit(_ work: @escaping @Sendable () -> Void)
    /// Returns once every piece of work handed over so far has run.
    func waitUntilIdle()
}

/// The writer of a real process: a serial dispatch queue of its own.
public final class QueueSnapshotWriter: SnapshotWriter {
    private let queue = DispatchQueue(label: "interlude.snapshot-writer")

    public init() {}

    public func submit(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }
    public func waitUntilIdle() { queue.sync {} }
}

/// Writes snapshots through `store` on a background queue; `load` sees a saved snapshot at once.
public final class BackgroundSnapshotStore: SnapshotStore, @unchecked Sendable {
    public let store: any SnapshotStore & Sendable
    private let writer: any SnapshotWriter
    private let lock = NSLock()
    private var waiting: [UInt8]? = nil  // newest bytes not yet handed to the disk; guarded by lock
    private var writing: [UInt8]? = nil  // bytes being written now; guarded by lock
    private var isDraining = false  // a drain is queued or running; guarded by lock
    private var failure: (any Error)? = nil  // the last background write's error, reported once; guarded by lock
    private var counts = (written: 0, superseded: 0)  // guarded by lock

    /// Writes through `store` (usually a `FileSnapshotStore`), on `writer` (default: a queue of its own).
    public init(wrapping store: any SnapshotStore & Sendable, writer: any SnapshotWriter = QueueSnapshotWriter()) {
        self.store = store
        self.writer = writer
    }

    /// Snapshots written to the disk, and snapshots replaced by a newer one before they were written.
    public var statistics: (written: Int, superseded: Int) { lock.withLock { counts } }

    /// Hands `bytes` to the writer and returns; throws the error of an earlier background write, if any.
    public func save(_ bytes: [UInt8]) throws {
        let startsDrain: Bool = try lock.withLock {
            if let failure {
                self.failure = nil
                throw failure
            }
            if waiting != nil { counts.superseded += 1 }
            waiting = bytes
            defer { isDraining = true }
            return !isDraining
        }
        if startsDrain { writer.submit { self.drain() } }
    }

    private func drain() {
        while let next = lock.withLock({ () -> [UInt8]? in
            writing = waiting
            waiting = nil
            if writing == nil { isDraining = false }
            return writing
        }) {
            do {
                try store.save(next)
                lock.withLock { counts.written += 1 }
            } catch {
                lock.withLock { failure = error }
            }
        }
    }

    /// A save is on the disk only after `flush` (or when the writer thread gets to it).
    public var savesAreDurable: Bool { false }

    /// Waits until every saved snapshot is on disk; throws a background write's error.
    public func flush() throws {
        writer.waitUntilIdle()
        try lock.withLock {
            if let failure {
                self.failure = nil
                throw failure
            }
        }
    }

    public func load() throws -> [UInt8]? {
        if let unwritten = lock.withLock({ waiting ?? writing }) { return unwritten }
        return try store.load()
    }

    public func generations() throws -> [StoredGeneration] {
        try flush()
        return try store.generations()
    }

    public func quarantine(_ name: String) throws -> String {
        try flush()
        return try store.quarantine(name)
    }

    /// The mark is read and written at once, on the caller's thread: it must be on disk before a restore begins.
    public func restoreMark() throws -> [UInt8]? { try store.restoreMark() }
    public func setRestoreMark(_ bytes: [UInt8]?) throws { try store.setRestoreMark(bytes) }
    public func protectedData(isAvailable: Bool) { store.protectedData(isAvailable: isAvailable) }
}

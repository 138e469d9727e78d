// FaultyFileSystem: the storage fault points at the file system's port (Docs/Simulation.md; Contract §6, invariant 9;
// §7.1, the `fault` line). It wraps any `FileSystem` (the real one, or a test's double) and disturbs the steps of a
// snapshot's save where they happen: the write of the new generation's scratch file (`storage.write.noSpace`,
// `storage.write.ioError`), its fsync (`storage.fsync.fails`; `storage.kill.beforeRename` as the fsync returns), its
// rename into place (`storage.kill.betweenRenames`, before it) and the folder's fsync after that rename
// (`storage.kill.beforeFolderSync`, before it). Other files (the crash guard's mark, a copy of the previous
// generation) are never disturbed, so a save reaches each point once, in that order. Once the process is dead
// (a point killed it, or the schedule did) every step fails with `SimulatedKill`: a dead process writes nothing.
// Every step that ran is told to the run's `DurabilityLedger`, which a power loss (`FaultInjector.losePower`) asks
// what to lose: durability is taken from the fsyncs that really ran through here, not from what the store meant to do.
// Owns: FaultyFileSystem, `FileSnapshotStore.faulty(folder:injector:)`.

import Faults
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// A `FileSystem` whose snapshot steps the storage fault points disturb, and whose steps a power loss judges.
/// Confined to the thread that drives its runtime, as its `FaultInjector` is.
public final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    /// The file system the steps run on when nothing is disturbed.
    public let inner: any FileSystem
    public let injector: FaultInjector
    /// The run's ledger (one per injector, whatever number of stores and processes).
    public let ledger: DurabilityLedger
    /// The name of the file whose write, fsync and rename the points disturb: a snapshot's new generation.
    public let disturbedName: String
    /// Folders into which the disturbed file was renamed, not fsynced since (this process's).
    private var renamedInto: Set<String> = []

    /// Disturbs the steps of `inner` under `injector`, on files named `disturbedName`.
    public init(
        wrapping inner: any FileSystem = PosixFileSystem(), injector: FaultInjector,
        disturbedName: String = FileSnapshotStore.temporaryName
    ) {
        self.inner = inner
        self.injector = injector
        self.disturbedName = disturbedName
        ledger = injector.powerLossHandler { DurabilityLedger() }
    }

    /// Throws when the process is dead.
    private func requireAlive() throws {
        if let killer = injector.killedBy { throw SimulatedKill(killer) }
    }

    private func isDisturbed(_ path: String) -> Bool { path == disturbedName || path.hasSuffix("/" + disturbedName) }

    public func write(_ bytes: [UInt8], to path: String) throws {
        try requireAlive()
        if isDisturbed(path) {
            if injector.fires(.writeNoSpace) { throw FileStoreError.system("write", path, ENOSPC) }
            if injector.fires(.writeIOError) { throw FileStoreError.system("write", path, EIO) }
        }
        let created = !ledger.exists(path)
        do {
            try inner.write(bytes, to: path)
        } catch {
            // A write that failed half-way may still have created the file.
            if created, ledger.exists(path) { ledger.wrote(path, created: true) }
            throw error
        }
        ledger.wrote(path, created: created)
    }

    public func sync(_ path: String) throws {
        try requireAlive()
        let disturbed = isDisturbed(path)
        if disturbed, injector.fires(.fsyncFails) { throw FileStoreError.system("fsync", path, EIO) }
        try inner.sync(path)
        ledger.synced(path)
        if disturbed { try injector.kill(at: .killBeforeRename) }
    }

    public func rename(_ from: String, _ to: String) throws {
        try requireAlive()
        let disturbed = isDisturbed(from)
        if disturbed { try injector.kill(at: .killBetweenRenames) }
        let replaced = ledger.kept(to)
        try inner.rename(from, to)
        ledger.renamed(from, to, replaced: replaced)
        if disturbed { renamedInto.insert(DurabilityLedger.folder(of: to)) }
    }

    public func link(_ from: String, _ to: String) throws {
        try requireAlive()
        try inner.link(from, to)
        ledger.linked(from, to)
    }

    public func unlink(_ path: String) throws {
        try requireAlive()
        let kept = ledger.kept(path)
        try inner.unlink(path)
        ledger.unlinked(path, kept: kept)
    }

    public func syncFolder(_ folder: String) throws {
        try requireAlive()
        if renamedInto.remove(DurabilityLedger.key(folder)) != nil { try injector.kill(at: .killBeforeFolderSync) }
        try inner.syncFolder(folder)
        ledger.syncedFolder(folder)
    }
}

extension FileSnapshotStore {
    /// A store on `folder` whose steps go through `FaultyFileSystem` over `files` (the real file system unless
    /// given): the storage points fire under `injector`, and its power loss loses what the steps did not make
    /// durable. What the simulation, its shrinker and a replay with fault lines save to.
    public static func faulty(
        folder: String, injector: FaultInjector, wrapping files: any FileSystem = PosixFileSystem(),
        maximumBytes: Int = 1 << 20
    ) throws -> FileSnapshotStore {
        try FileSnapshotStore(
            folder: folder, maximumBytes: maximumBytes, files: FaultyFileSystem(wrapping: files, injector: injector))
    }
}

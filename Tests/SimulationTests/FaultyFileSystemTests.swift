// FaultyFileSystemTests: the storage fault points at the file system's port, driven alone (no runtime): what a power
// loss keeps and loses by the ledger of the steps that really ran (Docs/Simulation.md, "The power-loss model"), each
// kill point thrown at its own step, the write and fsync points failing their step, files other than a snapshot's
// new generation never disturbed, and doubles that skip the folder's fsync (under a snapshot store) or a file's (under
// `DurableFile.replace`, as the leaderboard's outbox writes) caught by a power loss.

import Faults
import Foundation
import InterludeTesting
import Simulation
import Storage
import Testing

@Suite("the storage fault points at the file system's port")
struct FaultyFileSystemTests {
    /// A folder with a disturbed file system over it, and its injector (nothing enabled: only armed points fire).
    struct Disk {
        let folder: TemporaryFolder
        let injector = FaultInjector(seed: 1, enabled: [])
        let files: FaultyFileSystem

        init() throws {
            folder = try TemporaryFolder("faulty-files")
            files = FaultyFileSystem(injector: injector)
        }

        func path(_ name: String) -> String { folder.path + "/" + name }
        func read(_ name: String) -> [UInt8]? { try? DurableFile.read(path(name), limit: 1 << 20) }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
    }

    @Test("written, fsynced, renamed and the folder fsynced: a power loss keeps the file")
    func durableWriteSurvives() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        try disk.files.write(Array("new".utf8), to: disk.path("snapshot.tmp"))
        try disk.files.sync(disk.path("snapshot.tmp"))
        try disk.files.rename(disk.path("snapshot.tmp"), disk.path("snapshot.txt"))
        try disk.files.syncFolder(disk.folder.path)
        #expect(disk.files.ledger.pendingChanges == 0 && disk.files.ledger.unsynced.isEmpty)
        #expect(disk.injector.losePower().isEmpty)
        #expect(disk.read("snapshot.txt") == Array("new".utf8))
        #expect(disk.injector.killedBy == .powerLoss, "the power loss killed the process")
    }

    @Test("written and renamed with the folder fsynced but not the file: a power loss empties it")
    func unsyncedDataIsEmptied() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        try disk.files.write(Array("new".utf8), to: disk.path("snapshot.tmp"))
        try disk.files.rename(disk.path("snapshot.tmp"), disk.path("snapshot.txt"))
        try disk.files.syncFolder(disk.folder.path)
        #expect(disk.injector.losePower() == [disk.path("snapshot.txt")])
        #expect(disk.read("snapshot.txt") == [])
    }

    @Test("renamed over an old file without the folder's fsync: a power loss puts the old file back")
    func renameWithoutFolderSyncIsUndone() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        try disk.files.write(Array("old".utf8), to: disk.path("snapshot.txt"))
        try disk.files.sync(disk.path("snapshot.txt"))
        try disk.files.syncFolder(disk.folder.path)
        try disk.files.write(Array("new".utf8), to: disk.path("snapshot.tmp"))
        try disk.files.sync(disk.path("snapshot.tmp"))
        try disk.files.link(disk.path("snapshot.txt"), disk.path("snapshot.previous.tmp"))
        try disk.files.rename(disk.path("snapshot.previous.tmp"), disk.path("snapshot.previous.txt"))
        try disk.files.rename(disk.path("snapshot.tmp"), disk.path("snapshot.txt"))
        #expect(disk.read("snapshot.txt") == Array("new".utf8))
        #expect(disk.files.ledger.pendingChanges == 4)
        disk.injector.losePower()
        #expect(disk.read("snapshot.txt") == Array("old".utf8), "the rename is undone")
        #expect(!disk.exists("snapshot.tmp") && !disk.exists("snapshot.previous.txt"), "so are the creation and link")
        #expect(!disk.exists("snapshot.previous.tmp"))
    }

    @Test("an unlink without the folder's fsync comes back after a power loss, with its bytes")
    func unlinkWithoutFolderSyncIsUndone() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        try DurableFile.replace(disk.path("restoring.txt"), with: Array("mark".utf8), files: disk.files)
        try disk.files.unlink(disk.path("restoring.txt"))
        disk.injector.losePower()
        #expect(disk.read("restoring.txt") == Array("mark".utf8))
    }

    @Test("each kill point throws SimulatedKill at its own step; then every step fails")
    func killPointsAtTheirSteps() throws {
        for point in [FaultPoint.killBeforeRename, .killBetweenRenames, .killBeforeFolderSync] {
            let disk = try Disk()
            defer { disk.folder.remove() }
            disk.injector.arm(point)
            var thrownAt: String? = nil
            let steps: [(String, () throws -> Void)] = [
                ("write", { try disk.files.write(Array("new".utf8), to: disk.path("snapshot.tmp")) }),
                ("sync", { try disk.files.sync(disk.path("snapshot.tmp")) }),
                ("rename", { try disk.files.rename(disk.path("snapshot.tmp"), disk.path("snapshot.txt")) }),
                ("syncFolder", { try disk.files.syncFolder(disk.folder.path) }),
            ]
            for (name, step) in steps where thrownAt == nil {
                do { try step() } catch let killed as SimulatedKill {
                    #expect(killed.point == point)
                    thrownAt = name
                }
            }
            let expected = [FaultPoint.killBeforeRename: "sync", .killBetweenRenames: "rename"][point] ?? "syncFolder"
            #expect(thrownAt == expected, "\(point.name)")
            if point == .killBeforeRename { #expect(disk.files.ledger.unsynced.isEmpty, "killed after the fsync") }
            if point == .killBetweenRenames { #expect(disk.exists("snapshot.tmp") && !disk.exists("snapshot.txt")) }
            #expect(throws: SimulatedKill(point)) { try disk.files.unlink(disk.path("other")) }
            #expect(throws: SimulatedKill(point)) { try disk.files.write([1], to: disk.path("other")) }
        }
    }

    @Test("the write and fsync points fail their step with ENOSPC, EIO; a failed fsync leaves the data unsynced")
    func writeAndFsyncPoints() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        let temporary = disk.path("snapshot.tmp")
        disk.injector.arm(.writeNoSpace)
        #expect(throws: FileStoreError.self) { try disk.files.write([1], to: temporary) }
        #expect(!disk.exists("snapshot.tmp"), "nothing written")
        disk.injector.arm(.writeIOError)
        do {
            try disk.files.write([1], to: temporary)
            Issue.record("the write should fail")
        } catch FileStoreError.system(let call, let path, let code) {
            #expect(call == "write" && path == temporary && code == EIO)
        }
        try disk.files.write([1], to: temporary)
        disk.injector.arm(.fsyncFails)
        #expect(throws: FileStoreError.self) { try disk.files.sync(temporary) }
        #expect(disk.files.ledger.unsynced == [temporary])
        #expect(disk.injector.fired[.writeNoSpace] == 1 && disk.injector.fired[.fsyncFails] == 1)
    }

    @Test("files other than a snapshot's new generation are never disturbed (the crash guard's mark)")
    func otherFilesUndisturbed() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        for point in [FaultPoint.writeNoSpace, .fsyncFails, .killBeforeRename, .killBetweenRenames] {
            disk.injector.arm(point)
        }
        try DurableFile.replace(disk.path("restoring.txt"), with: Array("mark".utf8), files: disk.files)
        #expect(disk.read("restoring.txt") == Array("mark".utf8))
        #expect(disk.injector.reached.isEmpty, "no point reached")
        #expect(disk.files.ledger.pendingChanges == 0 && disk.files.ledger.unsynced.isEmpty, "durable")
    }

    @Test("every process's store shares the run's ledger: one per injector")
    func oneLedgerPerInjector() throws {
        let injector = FaultInjector(seed: 1, enabled: [])
        #expect(FaultyFileSystem(injector: injector).ledger === FaultyFileSystem(injector: injector).ledger)
    }

    /// A file system that skips every fsync of a folder, or of a file, reporting success: what it skips is never
    /// durable.
    final class SkipsSyncs: FileSystem, @unchecked Sendable {
        let inner: any FileSystem
        let skipsFiles: Bool
        init(_ inner: any FileSystem, files: Bool = false) {
            self.inner = inner
            skipsFiles = files
        }
        func write(_ bytes: [UInt8], to path: String) throws { try inner.write(bytes, to: path) }
        func sync(_ path: String) throws { if !skipsFiles { try inner.sync(path) } }
        func rename(_ from: String, _ to: String) throws { try inner.rename(from, to) }
        func link(_ from: String, _ to: String) throws { try inner.link(from, to) }
        func unlink(_ path: String) throws { try inner.unlink(path) }
        func syncFolder(_ folder: String) throws { if skipsFiles { try inner.syncFolder(folder) } }
    }

    @Test("a store whose folder fsync is skipped loses a save it returned from when the power goes")
    func skippedFolderSyncIsCaught() throws {
        let folder = try TemporaryFolder("skips-folder-sync")
        defer { folder.remove() }
        let injector = FaultInjector(seed: 1, enabled: [])
        let sound = try FileSnapshotStore.faulty(folder: folder.path, injector: injector)
        try sound.save(Array("one".utf8))
        let broken = try FileSnapshotStore(
            folder: folder.path, files: SkipsSyncs(FaultyFileSystem(injector: injector)))
        try broken.save(Array("two".utf8))
        #expect(try broken.load() == Array("two".utf8), "saved, as far as the store knows")
        injector.losePower()
        injector.relaunch()
        #expect(try sound.load() == Array("one".utf8), "the save the store returned from is gone")
        // The same save through the sound store survives.
        try sound.save(Array("three".utf8))
        injector.losePower()
        #expect(try sound.load() == Array("three".utf8))
    }

    @Test("DurableFile.replace through a double that skips the file's fsync: a power loss empties what it wrote")
    func replaceWithoutFsyncIsCaught() throws {
        let disk = try Disk()
        defer { disk.folder.remove() }
        let outbox = disk.path("outbox.json")
        try DurableFile.replace(outbox, with: Array("scores".utf8), files: SkipsSyncs(disk.files, files: true))
        #expect(disk.read("outbox.json") == Array("scores".utf8), "written, as far as the writer knows")
        disk.injector.losePower()
        #expect(disk.read("outbox.json") == [], "its data never reached the disk")
        disk.injector.relaunch()
        try DurableFile.replace(outbox, with: Array("scores".utf8), files: disk.files)
        disk.injector.losePower()
        #expect(disk.read("outbox.json") == Array("scores".utf8), "through the sound port it survives")
    }
}

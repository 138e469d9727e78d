// FileSnapshotStore: the snapshot on disk, two generations deep, written so that a crash or power cut at any
// moment leaves a snapshot that loads, and the last good generation is never removed before the new one is in place.
// A save (`saveSteps`): write `snapshot.tmp` and fsync it; set aside anything under a generation's name that is not
// a regular file; hard-link the current `snapshot.txt` as `snapshot.previous.tmp`; rename that over
// `snapshot.previous.txt`; rename `snapshot.tmp` over `snapshot.txt`; fsync the folder. Each rename replaces its
// target atomically, so after any prefix of the steps `snapshot.txt` holds the old generation or the new one.
// A bad generation is moved aside as `snapshot.damaged-N.txt` (N counts up), never deleted: a directory, FIFO,
// socket or device under a generation's name too (it is listed as unreadable, never opened).
// Every step that writes, fsyncs, renames, links or unlinks goes through the store's `FileSystem` (the real one unless
// its maker composes another), so that whoever checks durability sees the steps that really ran (Contract §6,
// invariant 9).

import Foundation
import Saves

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the snapshot in `folder/snapshot.txt`; the previous generation stays in `snapshot.previous.txt`.
/// Synchronous: `save` returns once the snapshot is durable. `BackgroundSnapshotStore` moves that off the frame loop.
public final class FileSnapshotStore: SnapshotStore, Sendable {
    public let folder: String
    /// The largest snapshot, in bytes, a generation may hold: a larger file is listed as unreadable, never read.
    public let maximumBytes: Int
    /// The steps of every write (`PosixFileSystem` unless the store's maker composes another).
    public let files: any FileSystem

    /// The file names of the generations, newest first.
    public static let currentName = "snapshot.txt"
    public static let previousName = "snapshot.previous.txt"
    /// The new generation's scratch name, written and fsynced before it is renamed over `currentName`.
    public static let temporaryName = "snapshot.tmp"
    static let previousTemporaryName = "snapshot.previous.tmp"

    /// Creates the folder if needed; throws a one-line error naming the path when it is not a folder (a file, a
    /// FIFO) or cannot be created or written to. `maximumBytes` bounds what a load reads (1 MiB unless given: the
    /// shooter's snapshot limit; a game passes its own format's). `files` takes every step of a write.
    public init(folder: String, maximumBytes: Int = 1 << 20, files: any FileSystem = PosixFileSystem()) throws {
        self.folder = folder
        self.maximumBytes = maximumBytes
        self.files = files
        try DurableFile.makeFolder(folder)
    }

    /// The platform's user data folder for the game `app`: `$XDG_DATA_HOME/APP`, else `~/.local/share/APP`.
    public static func defaultFolder(app: String = "interlude") -> String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/" + app }
        return (environment["HOME"] ?? ".") + "/.local/share/" + app
    }

    /// The full path of the file `name` in the folder.
    public func path(_ name: String) -> String { folder + "/" + name }

    public func save(_ bytes: [UInt8]) throws {
        for step in saveSteps(bytes) { try step.run() }
    }

    /// One step of a save: its name (for tests and reports) and what it does.
    struct SaveStep {
        let name: String
        let run: () throws -> Void
    }

    /// The steps of a save, in order. A crash after any prefix of them leaves `snapshot.txt` as the old generation
    /// or the new one, and `snapshot.previous.txt` as the generation before that or the old one: nothing that was
    /// the newest good save is removed before the new one has replaced it. Leftover scratch files
    /// (`snapshot.tmp`, `snapshot.previous.tmp`) are never read and are removed by the next save.
    func saveSteps(_ bytes: [UInt8]) -> [SaveStep] {
        let temporary = path(Self.temporaryName)
        let current = path(Self.currentName)
        let previous = path(Self.previousName)
        let previousTemporary = path(Self.previousTemporaryName)
        let files = self.files
        return [
            SaveStep(name: "write and fsync snapshot.tmp") {
                try DurableFile.removeScratch(temporary, files: files)
                try DurableFile.write(bytes, to: temporary, files: files)
            },
            SaveStep(name: "set aside what is not a regular file") {
                for name in [Self.currentName, Self.previousName] {
                    if case .other = try DurableFile.kind(self.path(name)) { _ = try self.quarantine(name) }
                }
            },
            SaveStep(name: "link snapshot.txt as snapshot.previous.tmp") {
                try self.keepCurrent(current, as: previousTemporary, unlessAlready: previous)
            },
            SaveStep(name: "rename snapshot.previous.tmp over snapshot.previous.txt") {
                guard try DurableFile.kind(previousTemporary) != .missing else { return }
                try files.rename(previousTemporary, previous)
            },
            SaveStep(name: "rename snapshot.tmp over snapshot.txt") { try files.rename(temporary, current) },
            SaveStep(name: "fsync the folder") { try files.syncFolder(self.folder) },
        ]
    }

    /// Puts the current generation under `scratch` (a hard link, else a durable copy), to become the previous one;
    /// nothing when there is no current generation or `previous` is already the same file (a save that crashed
    /// after its previous-generation rename).
    private func keepCurrent(_ current: String, as scratch: String, unlessAlready previous: String) throws {
        try DurableFile.removeScratch(scratch, files: files)
        guard case .regular = try DurableFile.kind(current) else { return }
        var currentInfo = stat()
        var previousInfo = stat()
        if lstat(current, &currentInfo) == 0, lstat(previous, &previousInfo) == 0,
            currentInfo.st_dev == previousInfo.st_dev, currentInfo.st_ino == previousInfo.st_ino
        {
            return
        }
        do {
            try files.link(current, scratch)
            return
        } catch is FileStoreError {
            // File systems without hard links: a copy, fsynced before it is renamed into place.
        }
        guard let bytes = try DurableFile.read(current, limit: maximumBytes + 1) else { return }
        try DurableFile.write(bytes, to: scratch, files: files)
    }

    /// The newest generation that can be read: the current one, else the previous one (the current one was set
    /// aside or is not a regular file).
    public func load() throws -> [UInt8]? {
        for name in [Self.currentName, Self.previousName] {
            do {
                if let bytes = try DurableFile.read(path(name), limit: maximumBytes + 1) { return bytes }
            } catch FileStoreError.notRegular {
                continue
            }
        }
        return nil
    }

    /// The current and previous generations that exist; a file larger than a snapshot can be is not read, and a
    /// file that cannot be read (not a regular file, no permission) is listed with why, so that the runtime can fall
    /// back past it and set it aside. What a launch restores from: it fsyncs the folder first, since a save that died
    /// after its rename and before the folder's fsync left a name that a power cut may still take back, and a game
    /// restored from it would then be lost with it (Contract §6, invariant 9: the relaunch counts from what it
    /// restored). A folder that cannot be synced is still read: a save's own folder fsync reports that.
    public func generations() throws -> [StoredGeneration] {
        try? files.syncFolder(folder)
        var found: [StoredGeneration] = []
        for name in [Self.currentName, Self.previousName] {
            do {
                guard let size = try DurableFile.size(path(name)) else { continue }
                guard size <= maximumBytes else {
                    let why = "the file is \(size) bytes; a snapshot is at most \(maximumBytes) bytes"
                    found.append(
                        StoredGeneration(name: name, contents: .failure(StoredGenerationError(why, isTooLarge: true))))
                    continue
                }
                guard let bytes = try DurableFile.read(path(name), limit: maximumBytes + 1) else {
                    continue
                }
                found.append(StoredGeneration(name: name, contents: .success(bytes)))
            } catch {
                found.append(StoredGeneration(name: name, contents: .failure(StoredGenerationError("\(error)"))))
            }
        }
        return found
    }

    /// Moves generation `name` to the first free `snapshot.damaged-N.txt`, then fsyncs the folder. A file (of any
    /// kind but a directory) is hard-linked there, which never replaces an earlier damaged file, and then unlinked;
    /// a directory, which cannot be linked, is renamed to a name checked to be free.
    public func quarantine(_ name: String) throws -> String {
        guard name == Self.currentName || name == Self.previousName else {
            throw FileStoreError.unknownGeneration(name)
        }
        var info = stat()
        guard lstat(path(name), &info) == 0 else { throw FileStoreError.system("lstat", path(name), errno) }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        var number = 1
        while true {
            let keptAs = path("snapshot.damaged-\(number).txt")
            if isDirectory {
                if try DurableFile.kind(keptAs) == .missing {
                    try files.rename(path(name), keptAs)
                    break
                }
            } else if try linkUnlessTaken(path(name), keptAs) {
                try files.unlink(path(name))
                break
            }
            number += 1
        }
        try files.syncFolder(folder)
        return "snapshot.damaged-\(number).txt"
    }

    /// Links `from` as `to`; false when `to` is taken (`EEXIST`).
    private func linkUnlessTaken(_ from: String, _ to: String) throws -> Bool {
        do {
            try files.link(from, to)
            return true
        } catch FileStoreError.system(_, _, let code) where code == EEXIST {
            return false
        }
    }

    /// The names of the damaged files kept aside, in order.
    public func quarantinedNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("snapshot.damaged-") }.sorted {
            $0.count != $1.count ? $0.count < $1.count : $0 < $1
        }
    }
}

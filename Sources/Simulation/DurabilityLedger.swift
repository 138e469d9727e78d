// DurabilityLedger: what a power cut would take from the simulated disk, learnt from the steps that really ran
// through `FaultyFileSystem` (Docs/Simulation.md, "The power-loss model"; Contract §6, invariant 9). The model is the
// least a POSIX file system promises to keep:
// - a file's data is durable once an fsync of the file returned; data written since is lost (the file is emptied);
// - a change to a folder's entries (a file created, renamed over another, linked, unlinked) is durable once an fsync
//   of that folder returned (of both folders, for a rename between two); a change not made durable is undone, newest
//   first, so a renamed file goes back to its old name and the file it replaced comes back with the data it had.
// A journalled file system (ext4) usually keeps more; a store that is durable here is durable there too.
// One ledger per fault injector (a run: every process's store shares it, as they share the disk); `losePower` reaches
// it through the injector (`PowerLossHandler`), so the scripts' runner needs no file system of its own.
// Owns: DurabilityLedger. It acts on the real disk with plain POSIX calls (`PosixFileSystem`).

import Faults
import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// The steps not yet made durable, and what a power cut does to them.
public final class DurabilityLedger: PowerLossHandler, @unchecked Sendable {
    /// A file's bytes before a step replaced or removed it, and whether they were durable.
    struct Kept {
        let bytes: [UInt8]
        let unsynced: Bool
    }

    /// A change to a folder's entries, as a power cut undoes it.
    enum Change {
        case created(String)
        case renamed(from: String, to: String, replaced: Kept?)
        case linked(String)
        case unlinked(String, Kept?)
    }

    /// Paths whose data was written and not fsynced since (by their names now: a rename carries the data along).
    public private(set) var unsynced: Set<String> = []
    /// Entry changes not yet durable, oldest first, each with the folders whose fsync it still waits for.
    private var pending: [(change: Change, folders: Set<String>)] = []
    /// How the ledger undoes: the real file system, never a caller's double.
    private let files = PosixFileSystem()

    public init() {}

    /// The changes to folders' entries not yet made durable.
    public var pendingChanges: Int { pending.count }

    /// The folder holding `path`, as `syncedFolder` names folders.
    static func folder(of path: String) -> String {
        let parent = DurableFile.parentFolder(of: path)
        return parent.isEmpty ? "." : parent
    }

    /// `folder` as a key: the folder `folder/x` is in (no trailing slash, "." for "").
    static func key(_ folder: String) -> String { Self.folder(of: folder + "/x") }

    /// Whether something (of any kind) is at `path`, a symlink not followed.
    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// What `path` holds now, to put back after a power cut; nil when it is missing or not a regular file.
    func kept(_ path: String) -> Kept? {
        guard let bytes = try? DurableFile.read(path, limit: 1 << 26) else { return nil }
        return Kept(bytes: bytes, unsynced: unsynced.contains(path))
    }

    /// `path` was written (`created`: it did not exist before).
    func wrote(_ path: String, created: Bool) {
        unsynced.insert(path)
        if created { pending.append((.created(path), [Self.folder(of: path)])) }
    }

    /// `path`'s data was fsynced.
    func synced(_ path: String) { unsynced.remove(path) }

    /// `from` was renamed over `to`, which held `replaced` (nil: nothing).
    func renamed(_ from: String, _ to: String, replaced: Kept?) {
        if unsynced.remove(from) != nil { unsynced.insert(to) } else { unsynced.remove(to) }
        pending.append(
            (.renamed(from: from, to: to, replaced: replaced), [Self.folder(of: from), Self.folder(of: to)]))
    }

    /// `from` was linked as `to`: the same data, as durable.
    func linked(_ from: String, _ to: String) {
        if unsynced.contains(from) { unsynced.insert(to) } else { unsynced.remove(to) }
        pending.append((.linked(to), [Self.folder(of: to)]))
    }

    /// `path`, which held `kept`, was unlinked.
    func unlinked(_ path: String, kept: Kept?) {
        unsynced.remove(path)
        pending.append((.unlinked(path, kept), [Self.folder(of: path)]))
    }

    /// `folder` was fsynced: its entry changes are durable.
    func syncedFolder(_ folder: String) {
        let key = Self.key(folder)
        pending = pending.compactMap { entry in
            var folders = entry.folders
            folders.remove(key)
            return folders.isEmpty ? nil : (entry.change, folders)
        }
    }

    /// The power went: undoes every entry change not durable, newest first, then empties every file whose data was
    /// not fsynced. Returns the paths touched.
    public func losePower() -> [String] {
        var lost: Set<String> = []
        for (change, _) in pending.reversed() { lost.formUnion(undo(change)) }
        pending.removeAll()
        for path in unsynced where exists(path) {
            _ = truncate(path, 0)
            lost.insert(path)
        }
        unsynced.removeAll()
        return lost.sorted()
    }

    /// Undoes one change on the disk; returns the paths it touched.
    private func undo(_ change: Change) -> [String] {
        switch change {
        case .created(let path), .linked(let path):
            try? files.unlink(path)
            unsynced.remove(path)
            return [path]
        case .renamed(let from, let to, let replaced):
            try? files.rename(to, from)
            if unsynced.remove(to) != nil { unsynced.insert(from) }
            putBack(replaced, at: to)
            return [from, to]
        case .unlinked(let path, let kept):
            putBack(kept, at: path)
            return [path]
        }
    }

    /// Writes what a file held back at `path` (durable or not, as it was).
    private func putBack(_ kept: Kept?, at path: String) {
        guard let kept else { return }
        try? files.write(kept.bytes, to: path)
        if kept.unsynced { unsynced.insert(path) }
    }
}

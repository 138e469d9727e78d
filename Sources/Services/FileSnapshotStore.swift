// FileSnapshotStore: the snapshot on disk, two generations deep, written so that a crash or power cut at any
// moment leaves a snapshot that loads. A save writes `snapshot.tmp`, fsyncs it, hard-links the current
// `snapshot.txt` as `snapshot.previous.txt`, renames the temporary file over `snapshot.txt` and fsyncs the folder.
// A bad generation is moved aside as `snapshot.damaged-N.txt` (N counts up), never deleted.

import Foundation
import GameCore
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the snapshot in `folder/snapshot.txt`; the previous generation stays in `snapshot.previous.txt`.
/// Synchronous: `save` returns once the snapshot is durable. `BackgroundSnapshotStore` moves that off the frame loop.
public final class FileSnapshotStore: SnapshotStore, Sendable {
    public let folder: String

    /// The file names of the generations, newest first.
    public static let currentName = "snapshot.txt"
    public static let previousName = "snapshot.previous.txt"
    static let temporaryName = "snapshot.tmp"

    /// Creates the folder if needed.
    public init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The platform's user data folder for Interlude: `$XDG_DATA_HOME/interlude`, else `~/.local/share/interlude`.
    public static func defaultFolder() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/interlude" }
        return (environment["HOME"] ?? ".") + "/.local/share/interlude"
    }

    /// The full path of the file `name` in the folder.
    public func path(_ name: String) -> String { folder + "/" + name }

    public func save(_ bytes: [UInt8]) throws {
        let temporary = path(Self.temporaryName)
        let current = path(Self.currentName)
        let previous = path(Self.previousName)
        try DurableFile.write(bytes, to: temporary)
        if try DurableFile.size(current) != nil {
            // Keep the current generation as the previous one before the rename replaces it. A crash between these
            // steps leaves the current one in place, so some generation always loads.
            if unlink(previous) != 0, errno != ENOENT { throw FileStoreError.system("unlink", previous, errno) }
            if link(current, previous) != 0 { try copyDurably(current, to: previous) }
        }
        try DurableFile.rename(temporary, current)
        try DurableFile.syncFolder(folder)
    }

    /// For file systems without hard links: the previous generation as a durable copy.
    private func copyDurably(_ source: String, to destination: String) throws {
        guard let bytes = try DurableFile.read(source, limit: GameSnapshot.maximumBytes + 1) else { return }
        let temporary = destination + ".tmp"
        try DurableFile.write(bytes, to: temporary)
        try DurableFile.rename(temporary, destination)
    }

    /// The current generation's bytes, else the previous one's (the current one was set aside).
    public func load() throws -> [UInt8]? {
        for name in [Self.currentName, Self.previousName] {
            if let bytes = try DurableFile.read(path(name), limit: GameSnapshot.maximumBytes + 1) { return bytes }
        }
        return nil
    }

    /// The current and previous generations that exist; a file larger than a snapshot can be is not read, and a
    /// file that cannot be read is listed with why, so that the runtime can fall back past it.
    public func generations() throws -> [StoredGeneration] {
        var found: [StoredGeneration] = []
        for name in [Self.currentName, Self.previousName] {
            do {
                guard let size = try DurableFile.size(path(name)) else { continue }
                guard size <= GameSnapshot.maximumBytes else {
                    let why = "the file is \(size) bytes; a snapshot is at most \(GameSnapshot.maximumBytes) bytes"
                    found.append(
                        StoredGeneration(name: name, contents: .failure(StoredGenerationError(why, isTooLarge: true))))
                    continue
                }
                guard let bytes = try DurableFile.read(path(name), limit: GameSnapshot.maximumBytes + 1) else {
                    continue
                }
                found.append(StoredGeneration(name: name, contents: .success(bytes)))
            } catch {
                found.append(StoredGeneration(name: name, contents: .failure(StoredGenerationError("\(error)"))))
            }
        }
        return found
    }

    /// Moves generation `name` to the first free `snapshot.damaged-N.txt` (a hard link never replaces a file, so an
    /// earlier damaged file is never overwritten), then removes the old name and fsyncs the folder.
    public func quarantine(_ name: String) throws -> String {
        guard name == Self.currentName || name == Self.previousName else {
            throw FileStoreError.unknownGeneration(name)
        }
        var number = 1
        while true {
            let keptAs = "snapshot.damaged-\(number).txt"
            if link(path(name), path(keptAs)) == 0 { break }
            guard errno == EEXIST else { throw FileStoreError.system("link", path(keptAs), errno) }
            number += 1
        }
        guard unlink(path(name)) == 0 else { throw FileStoreError.system("unlink", path(name), errno) }
        try DurableFile.syncFolder(folder)
        return "snapshot.damaged-\(number).txt"
    }

    /// The names of the damaged files kept aside, in order.
    public func quarantinedNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("snapshot.damaged-") }.sorted {
            $0.count != $1.count ? $0.count < $1.count : $0 < $1
        }
    }
}

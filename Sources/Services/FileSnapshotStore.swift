// FileSnapshotStore: the snapshot on disk, written so that it survives a crash at any moment:
// write a temporary file, fsync it, rename it over the old one, fsync the folder.

import Foundation
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the snapshot in `folder/snapshot.txt`; the previous generation stays in `snapshot.previous.txt`.
public final class FileSnapshotStore: SnapshotStore {
    public let folder: String

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

    var currentPath: String { folder + "/snapshot.txt" }
    var previousPath: String { folder + "/snapshot.previous.txt" }

    public func save(_ bytes: [UInt8]) throws {
        let temporary = folder + "/snapshot.tmp"
        try Self.writeDurably(bytes, to: temporary)
        if FileManager.default.fileExists(atPath: currentPath) {
            // Keep the last good generation: link it aside before the rename replaces it.
            unlink(previousPath)
            link(currentPath, previousPath)
        }
        guard rename(temporary, currentPath) == 0 else { throw StoreError.system("rename", currentPath, errno) }
        try Self.syncFolder(folder)
    }

    public func load() throws -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: currentPath) else { return nil }
        return [UInt8](data)
    }

    /// Writes `bytes` to `path` and fsyncs the file before returning.
    static func writeDurably(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw StoreError.system("open", path, errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            guard result > 0 else { throw StoreError.system("write", path, errno) }
            written += result
        }
        guard fsync(descriptor) == 0 else { throw StoreError.system("fsync", path, errno) }
    }

    static func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw StoreError.system("open", folder, errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw StoreError.system("fsync", folder, errno) }
    }

    /// A failed system call, with the path.
    public enum StoreError: Error, CustomStringConvertible {
        case system(String, String, Int32)
        public var description: String {
            switch self {
            case .system(let call, let path, let code):
                return "\(path): \(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }
}

// DurableFile: the POSIX steps of a write that survives a crash or a power cut at any moment: write a temporary
// file, fsync it, rename it over the old one, fsync the folder. Reading is bounded, so a huge file is refused
// before it is read.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// File operations with their errors named by path and system call.
enum DurableFile {
    /// Writes `bytes` to `path` (created or truncated) and fsyncs the file before returning.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileStoreError.system("open", path, errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw FileStoreError.system("write", path, errno) }
            written += result
        }
        guard fsync(descriptor) == 0 else { throw FileStoreError.system("fsync", path, errno) }
    }

    /// Replaces `path` with `bytes` so that a crash at any moment leaves the old file or the new one, never a mix:
    /// writes `path.tmp`, fsyncs it, renames it over `path`, fsyncs the folder.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let temporary = path + ".tmp"
        try write(bytes, to: temporary)
        try rename(temporary, path)
        try syncFolder((path as NSString).deletingLastPathComponent)
    }

    /// Makes the folder's entries (created, renamed, linked) durable.
    static func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileStoreError.system("open", folder, errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileStoreError.system("fsync", folder, errno) }
    }

    /// Renames `from` to `to`, replacing `to` atomically.
    static func rename(_ from: String, _ to: String) throws {
        guard Glibc.rename(from, to) == 0 else { throw FileStoreError.system("rename", to, errno) }
    }

    /// The size of `path` in bytes, or nil when there is no such file.
    static func size(_ path: String) throws -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileStoreError.system("stat", path, errno)
        }
        return Int(info.st_size)
    }

    /// Reads at most `limit` bytes of `path`; nil when there is no such file.
    static func read(_ path: String, limit: Int) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileStoreError.system("open", path, errno)
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let result = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + filled, limit - filled)
            }
            if result < 0, errno == EINTR { continue }
            guard result >= 0 else { throw FileStoreError.system("read", path, errno) }
            if result == 0 { break }
            filled += result
        }
        return Array(bytes.prefix(filled))
    }
}

/// A failed system call, with the path.
public enum FileStoreError: Error, CustomStringConvertible {
    case system(String, String, Int32)
    case unknownGeneration(String)

    public var description: String {
        switch self {
        case .system(let call, let path, let code): return "\(path): \(call) failed: \(String(cString: strerror(code)))"
        case .unknownGeneration(let name): return "no snapshot generation named '\(name)'"
        }
    }
}

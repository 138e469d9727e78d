// DurableFile: a write that survives a crash or a power cut at any moment: write a temporary file, fsync it, rename it
// over the old one, fsync the folder, each step through a `FileSystem` (FileSystem.swift; the real one unless a
// caller gives another). Reading is bounded, so a huge file is refused before it is read, and only regular files (or
// symlinks to one) are opened: a directory, FIFO, socket or device under a file's name is refused by name, never
// opened, so it can neither hang a launch nor feed it endless bytes.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What is at a path: nothing, a regular file (or a symlink to one), or something else, described.
enum FileKind: Equatable {
    case missing
    case regular(size: Int)  // bytes
    case other(String)  // e.g. "a directory", "a symlink to a character device"
}

/// File operations with their errors named by path and system call: a durable replace (write-temp, fsync, rename,
/// fsync the folder, through a `FileSystem`), a bounded read that opens regular files only, and a checked folder.
public enum DurableFile {
    /// What is at `path`; a symlink is described by what it points to.
    static func kind(_ path: String) throws -> FileKind {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw FileStoreError.system("lstat", path, errno)
        }
        guard info.st_mode & S_IFMT == S_IFLNK else { return describe(info) }
        guard stat(path, &info) == 0 else {
            return .other(
                errno == ELOOP ? "a symlink loop" : "a symlink to nothing (\(String(cString: strerror(errno))))")
        }
        switch describe(info) {
        case .other(let what): return .other("a symlink to " + what)
        case let found: return found
        }
    }

    private static func describe(_ info: stat) -> FileKind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .other("a directory")
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        default: return .other("an unknown kind of file")
        }
    }

    /// Writes `bytes` to `path` (created or truncated) through `files` and fsyncs the file before returning.
    /// Refuses, without blocking, anything at `path` that is not a regular file (a symlink too: the file written is
    /// always `path`).
    static func write(_ bytes: [UInt8], to path: String, files: any FileSystem) throws {
        try files.write(bytes, to: path)
        try files.sync(path)
    }

    /// Removes a leftover scratch file (a temporary name only this code writes), whatever it is, unless it is a
    /// directory: then it is refused by name (a directory is never removed).
    static func removeScratch(_ path: String, files: any FileSystem) throws {
        do {
            try files.unlink(path)
        } catch FileStoreError.system(_, _, let code) where code == ENOENT {
            return
        } catch let error as FileStoreError {
            if case .system(_, _, let code) = error, code == EISDIR || code == EPERM,
                case .other(let what) = try kind(path)
            {
                throw FileStoreError.notRegular(path, what)
            }
            throw error
        }
    }

    /// Replaces `path` with `bytes` so that a crash at any moment leaves the old file or the new one, never a mix:
    /// writes `path.tmp`, fsyncs it, renames it over `path`, fsyncs the folder, each step through `files` (the
    /// real file system unless a caller composes another).
    public static func replace(_ path: String, with bytes: [UInt8], files: any FileSystem = PosixFileSystem()) throws {
        let temporary = path + ".tmp"
        try removeScratch(temporary, files: files)
        try write(bytes, to: temporary, files: files)
        try files.rename(temporary, path)
        let parent = parentFolder(of: path)
        try files.syncFolder(parent.isEmpty ? "." : parent)
    }

    /// Creates the folder `path` and its parents as needed; throws, naming the path, when something other than a
    /// folder is in the way (a regular file, a FIFO, a symlink to nothing) or the folder cannot be written to.
    public static func makeFolder(_ path: String) throws {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR else { throw FileStoreError.system("stat", path, errno) }
            let parent = parentFolder(of: path)
            if !parent.isEmpty, parent != path { try makeFolder(parent) }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw FileStoreError.system("mkdir", path, errno) }
            // EEXIST from a symlink to nothing: name what is there.
            guard stat(path, &info) == 0 else { throw FileStoreError.notFolder(path, try description(of: path)) }
        }
        try requireWritableFolder(path)
    }

    /// Throws, naming the path, unless `path` is a folder this process can create files in.
    static func requireWritableFolder(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileStoreError.system("stat", path, errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileStoreError.notFolder(path, try description(of: path)) }
        guard access(path, W_OK | X_OK) == 0 else { throw FileStoreError.system("write access", path, errno) }
    }

    /// The folder holding `path` ("" for a bare name, "/" for an entry of the root), by plain string work: Foundation's
    /// `deletingLastPathComponent` traps on a one-character path on Linux (Swift 6.3: `"a"`).
    public static func parentFolder(of path: String) -> String {
        var scalars = Array(path.unicodeScalars)
        while scalars.count > 1, scalars.last == "/" { scalars.removeLast() }
        guard let slash = scalars.lastIndex(of: "/") else { return "" }
        var end = slash
        while end > 0, scalars[end - 1] == "/" { end -= 1 }
        return end == 0 ? "/" : String(String.UnicodeScalarView(scalars[..<end]))
    }

    /// What is at `path`, in words ("a regular file", "a FIFO", ...).
    static func description(of path: String) throws -> String {
        switch try kind(path) {
        case .missing: return "nothing"
        case .regular: return "a regular file"
        case .other(let what): return what
        }
    }

    /// The size of `path` in bytes, or nil when there is nothing at `path`; throws for anything but a regular file.
    static func size(_ path: String) throws -> Int? {
        switch try kind(path) {
        case .missing: return nil
        case .regular(let size): return size
        case .other(let what): throw FileStoreError.notRegular(path, what)
        }
    }

    /// Reads at most `limit` bytes of `path`; nil when there is nothing at `path`. Only a regular file (or a symlink
    /// to one) is opened, and without blocking, so a FIFO or device swapped in at the last moment is refused too.
    public static func read(_ path: String, limit: Int) throws -> [UInt8]? {
        guard try size(path) != nil else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileStoreError.system("open", path, errno)
        }
        defer { close(descriptor) }
        let size = try requireRegular(descriptor, path)
        // Room for the size the file says it has and one byte more (to see it grow), never more than `limit`:
        // a limit of megabytes costs nothing for a small file.
        var bytes = [UInt8](repeating: 0, count: min(limit, max(4096, size + 1)))
        var filled = 0
        while filled < limit {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: min(limit - filled, bytes.count)) }
            let room = bytes.count - filled
            let result = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, room) }
            if result < 0, errno == EINTR { continue }
            guard result >= 0 else { throw FileStoreError.system("read", path, errno) }
            if result == 0 { break }
            filled += result
        }
        return Array(bytes.prefix(filled))
    }

    /// Throws unless the open `descriptor` is a regular file; returns its size.
    static func requireRegular(_ descriptor: Int32, _ path: String) throws -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileStoreError.system("fstat", path, errno) }
        if case .other(let what) = describe(info) { throw FileStoreError.notRegular(path, what) }
        return max(0, Int(info.st_size))
    }
}

/// A failed system call, with the path; or a path that is not a regular file.
public enum FileStoreError: Error, CustomStringConvertible {
    case system(String, String, Int32)
    case unknownGeneration(String)
    case notRegular(String, String)  // path, what is there instead
    case notFolder(String, String)  // path, what is there instead
    case tooLarge(String, Int)  // path, the most bytes it may have

    public var description: String {
        switch self {
        case .system(_, let path, _), .notRegular(let path, _), .notFolder(let path, _), .tooLarge(let path, _):
            return "\(path): \(reason)"
        case .unknownGeneration: return reason
        }
    }

    /// What went wrong, without the path (for messages that name the path already).
    public var reason: String {
        switch self {
        case .system(let call, _, let code): return "\(call) failed: \(String(cString: strerror(code)))"
        case .unknownGeneration(let name): return "no snapshot generation named '\(name)'"
        case .notRegular(_, let what): return "\(what), not a regular file"
        case .notFolder(_, let what): return "\(what), not a folder"
        case .tooLarge(_, let limit): return "more than \(limit) bytes, too large to be read"
        }
    }
}

// FileSystem: the port through which Storage makes a file durable (Docs/Contract.md §6, invariant 9: a save the
// runtime reported durable survives a kill or a power cut). It holds the POSIX steps whose order and fsyncs decide
// what a crash leaves on the disk: create and write a file, fsync it, rename, hard-link, unlink, fsync a folder.
// `PosixFileSystem` is the real one, which every store uses unless its maker gives another: whoever composes a store
// may put another behind it (the simulation's disturbed disk, a test's broken double) without the store knowing.
// Reads and the checks of what is at a path stay in DurableFile: they decide nothing about durability.

#if canImport(Glibc)
    import Glibc
#endif

/// The steps of a durable write. Each throws `FileStoreError.system(call, path, errno)` when its system call fails
/// (callers read the errno: nothing to unlink, a name already taken by a link), or another error of the
/// implementation's own, which callers pass on.
public protocol FileSystem: Sendable {
    /// Creates `path` (or truncates it) and writes `bytes` to it, without fsync: a power cut may still lose the data.
    /// Refuses, without blocking, anything at `path` that is not a regular file (a symlink too: the file written is
    /// always `path`).
    func write(_ bytes: [UInt8], to path: String) throws
    /// Makes the data of the regular file `path` durable (fsync). Its name is durable once its folder is synced.
    func sync(_ path: String) throws
    /// Renames `from` to `to`, replacing `to` atomically.
    func rename(_ from: String, _ to: String) throws
    /// Gives the file `from` the second name `to` (a hard link); fails (`EEXIST`) when `to` is taken.
    func link(_ from: String, _ to: String) throws
    /// Removes the name `path` (never a directory's).
    func unlink(_ path: String) throws
    /// Makes the folder's entries (created, renamed, linked, removed) durable (fsync of the folder).
    func syncFolder(_ folder: String) throws
}

/// The real file system: one POSIX call (or one open, call and close) per step.
public struct PosixFileSystem: FileSystem {
    public init() {}

    public func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw FileStoreError.notRegular(path, "a symlink") }
            if errno == EISDIR { throw FileStoreError.notRegular(path, "a directory") }
            throw FileStoreError.system("open", path, errno)
        }
        defer { close(descriptor) }
        _ = try DurableFile.requireRegular(descriptor, path)  // its size is of no use to a write
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw FileStoreError.system("write", path, errno) }
            written += result
        }
    }

    /// Opens the file again to fsync it: an fsync flushes the file's data whichever descriptor wrote it. The open
    /// refuses what `write` refuses (a symlink, anything but a regular file) and never blocks.
    public func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw FileStoreError.notRegular(path, "a symlink") }
            throw FileStoreError.system("open", path, errno)
        }
        defer { close(descriptor) }
        _ = try DurableFile.requireRegular(descriptor, path)
        guard fsync(descriptor) == 0 else { throw FileStoreError.system("fsync", path, errno) }
    }

    public func rename(_ from: String, _ to: String) throws {
        guard Glibc.rename(from, to) == 0 else { throw FileStoreError.system("rename", to, errno) }
    }

    public func link(_ from: String, _ to: String) throws {
        guard Glibc.link(from, to) == 0 else { throw FileStoreError.system("link", to, errno) }
    }

    public func unlink(_ path: String) throws {
        guard Glibc.unlink(path) == 0 else { throw FileStoreError.system("unlink", path, errno) }
    }

    public func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileStoreError.system("open", folder, errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileStoreError.system("fsync", folder, errno) }
    }
}

// HostPaths: the paths a command takes from its user (`--data-dir`, `--out`, `--record`, script and level files),
// checked before anything runs, with one-line errors that name the path and what is wrong with it: a folder where a
// file belongs or the reverse, a FIFO or device (never opened, so never waited on), a file too large to be one.

#if canImport(Glibc)
    import Glibc
#endif

/// Checks and reads the paths given on a command line.
public enum HostPaths {
    /// Creates `path` (and its parents) as a folder if needed; throws, naming the path, when something other than a
    /// folder is in the way or it cannot be written to.
    public static func prepareFolder(_ path: String) throws { try DurableFile.makeFolder(path) }

    /// The bytes of the regular file (or symlink to one) `path`; throws, naming the path, when there is nothing
    /// there, something other than a regular file (never opened), or more than `limit` bytes.
    public static func readFile(_ path: String, limit: Int) throws -> [UInt8] {
        guard let bytes = try DurableFile.read(path, limit: limit + 1) else {
            throw FileStoreError.system("open", path, ENOENT)
        }
        guard bytes.count <= limit else { throw FileStoreError.tooLarge(path, limit) }
        return bytes
    }

    /// Throws, naming the path, unless a file can later be written at `path`: nothing or a regular file is there,
    /// and its folder exists and can be written to.
    public static func checkOutputFile(_ path: String) throws {
        if case .other(let what) = try DurableFile.kind(path) { throw FileStoreError.notRegular(path, what) }
        let folder = DurableFile.parentFolder(of: path)
        try DurableFile.requireWritableFolder(folder.isEmpty ? "." : folder)
    }
}

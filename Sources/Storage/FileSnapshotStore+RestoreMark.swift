// FileSnapshotStore+RestoreMark: the crash guard's mark as the file `restoring.txt` beside the snapshots. Written
// durably (write-temp, fsync, rename, fsync the folder) before a restore; removed without waiting for the disk
// (a mark that comes back after a power cut says no crash, so nothing is set aside). While a mark is on disk a crash
// appends to it (CrashSignals). Both go through the store's `FileSystem`, as a save does.


#if canImport(Glibc)
    import Glibc
#endif

extension FileSnapshotStore {
    /// The mark's file name.
    public static let restoreMarkName = "restoring.txt"

    public func restoreMark() throws -> [UInt8]? {
        try DurableFile.read(path(Self.restoreMarkName), limit: 4096)
    }

    public func setRestoreMark(_ bytes: [UInt8]?) throws {
        let path = path(Self.restoreMarkName)
        guard let bytes else {
            CrashSignals.disarm()
            do {
                try files.unlink(path)
            } catch FileStoreError.system(_, _, let code) where code == ENOENT {
                // No mark: nothing to remove.
            }
            return
        }
        try DurableFile.replace(path, with: bytes, files: files)
        CrashSignals.arm(markPath: path)
    }
}

// Storage: what a game's host keeps on disk so that it survives a crash or a power cut at any instant. It owns the
// port of a durable write's steps (FileSystem: write, fsync, rename, link, unlink, fsync a folder; PosixFileSystem the
// real one), the durable write itself (DurableFile: write-temp, fsync, rename, fsync the folder; bounded reads that
// open regular files only), the snapshot store a `Runtime` saves to (FileSnapshotStore, two generations deep, damaged
// generations set aside, never deleted; BackgroundSnapshotStore moves its writes off the frame loop), the crash
// guard's signal handler (CrashSignals), paths taken from a user checked before use (HostPaths), and PNG files
// through libpng (PNGFile, `writePNG` for the hosts' captures). It imports Runtime (the `SnapshotStore` port),
// Foundation and CPNG, never a game: any game adopts it. Start reading at FileSnapshotStore.

/// Writes `rgba` (8-bit RGBA, top row first) as a PNG file at `path`, durably: the image writer a host's captures
/// use (`OffscreenDisplay`'s `imageWriter`).
public func writePNG(_ rgba: [UInt8], _ width: Int, _ height: Int, _ path: String) throws {
    try PNGFile.write(rgba: rgba, width: width, height: height, to: path)
}

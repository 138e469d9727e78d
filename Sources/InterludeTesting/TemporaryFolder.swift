// TemporaryFolder: a fresh, empty folder for one test's files (snapshots, transcripts, outputs).

import Foundation

/// A new empty folder under the system's temporary folder, named `interlude-LABEL-UUID`, so that tests running at
/// the same time never share one. Public: a game's tests need somewhere to put a file snapshot store or a replay's
/// outputs; the package's own tests use it too. Left in place unless `remove()` is called, so that a failed test's
/// files can be looked at.
public struct TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates the folder; `label` says whose it is in its name (`interlude-renderer-3F2A...`).
    public init(_ label: String = "test") throws {
        let name = "interlude-\(label)-\(UUID().uuidString)"
        path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Deletes the folder and everything in it; a folder already gone is not an error.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

// BuiltProducts: the executables this build made, for the tests that run them as a user would.

import Foundation

/// The executables of this build and the checkout they were built from.
public enum BuiltProducts {
    /// The checkout's root, found from this file's path.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `interlude` command of this build.
    public static let interlude = executable("interlude")

    /// `interlude` with a game that hangs or crashes on purpose (Apps/Sources/interlude-test-doubles): tests only.
    public static let interludeTestDoubles = executable("interlude-test-doubles")

    /// The executable `name` built beside the running test bundle, else the one in the checkout's `.build/debug`
    /// (the commands are the second package's, Apps/Package.swift).
    public static func executable(_ name: String) -> URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/\(name)")
    }
}

// CLibrary: the tests' game libraries, built from Libraries/counter.c with `cc` (once per variant and test run, in a
// temporary folder), each -D breaking one rule of interlude_game.h.

import Foundation
import TestSupport

enum CLibrary {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let header = folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CInterludeGame")
    private static let output = FileManager.default.temporaryDirectory
        .appendingPathComponent("interlude-foreign-\(getpid())")
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [String: String] = [:]

    /// The path of `counter.c` built with `defines` (e.g. `["MISSING_STEP"]`), as `libcounter-DEFINES.so`.
    static func counter(_ defines: String...) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let key = defines.joined(separator: "-")
        if let path = built[key] { return path }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let path = output.appendingPathComponent(key.isEmpty ? "libcounter.so" : "libcounter-\(key).so").path
        let arguments =
            ["-std=c99", "-Wall", "-Werror", "-O1", "-fPIC", "-shared", "-fvisibility=hidden", "-I", header.path]
            + defines.map { "-D\($0)" } + ["-o", path, folder.appendingPathComponent("Libraries/counter.c").path]
        let result = try Program.run(URL(fileURLWithPath: "/usr/bin/cc"), arguments, deadline: 120)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cc failed: \(result.errorText)"])
        }
        built[key] = path
        return path
    }
}

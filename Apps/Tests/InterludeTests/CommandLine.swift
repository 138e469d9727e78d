import Foundation
import TestSupport
import XCTest

/// Runs the built `interlude` binary as a user would, and reports what it printed and its exit status.
struct CommandResult {
    let status: Int32
    let output: String
    let errors: String
}

enum Interlude {
    /// The checkout's root.
    static let root = BuiltProducts.root

    /// The `interlude` binary built beside this test bundle.
    static let binary = BuiltProducts.interlude

    /// Runs `interlude arguments...` in the checkout's root (killed after 10 minutes).
    static func run(_ arguments: [String]) throws -> CommandResult {
        let result = try Program.run(binary, arguments, in: root)
        return CommandResult(status: result.status, output: result.outputText, errors: result.errorText)
    }

    static var bundledScripts: [String] {
        let folder = root.appendingPathComponent("Assets/Interruptions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".script") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}

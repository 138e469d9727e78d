import Foundation
import XCTest

/// Runs the built `interlude` binary as a user would, and reports what it printed and its exit status.
struct CommandResult {
    let status: Int32
    let output: String
    let errors: String
}

enum Interlude {
    /// The checkout's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `interlude` binary built beside this test bundle.
    static let binary: URL = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("interlude")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/interlude")
    }()

    /// Runs `interlude arguments...` in the checkout's root.
    static func run(_ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }

    static var bundledScripts: [String] {
        let folder = root.appendingPathComponent("Assets/Interruptions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".script") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}

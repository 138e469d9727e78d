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

    /// Runs `interlude arguments...` in the checkout's root with this process's environment and `changes` (a nil
    /// value removes the variable); killed after `seconds` (`ProgramDeadlinePassed`).
    static func run(_ arguments: [String], environment changes: [String: String?], deadline seconds: Double = 600)
        throws -> CommandResult
    {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        let result = try Program.run(binary, arguments, in: root, environment: environment, deadline: seconds)
        return CommandResult(status: result.status, output: result.outputText, errors: result.errorText)
    }

    /// Runs `interlude-test-doubles arguments...` (the shooter made to misbehave, Apps/Sources/interlude-test-doubles)
    /// with `hooks` added to the environment: `["HANG": "home-single-player"]` sets INTERLUDE_TEST_HANG.
    static func runDoubles(
        _ arguments: [String], hooks: [String: String], environment changes: [String: String?] = [:],
        deadline seconds: Double = 600
    ) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        for (name, script) in hooks { environment["INTERLUDE_TEST_" + name] = script }
        let result = try Program.run(
            BuiltProducts.interludeTestDoubles, arguments, in: root, environment: environment, deadline: seconds)
        return CommandResult(status: result.status, output: result.outputText, errors: result.errorText)
    }

    static var bundledScripts: [String] {
        let folder = root.appendingPathComponent("Assets/Interruptions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".script") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Every profile, in CONTRACT §5's order.
    static let profiles = ["ios4", "ios5", "ios13", "ios26", "android28", "android34"]

    /// The names of the bundled scripts' replays, and so of their outputs: a matrix script's (`profiles all`, or the
    /// profiles it lists by name, the bundled ones' two forms) once per profile as NAME@PROFILE, any other script's as
    /// NAME.
    static var bundledReplayNames: [String] {
        bundledScripts.flatMap { path -> [String] in
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("profiles ") }) else {
                return [name]
            }
            let listed = line.dropFirst("profiles ".count).split(whereSeparator: { $0 == "," || $0 == " " })
            let names = listed.contains("all") ? profiles : profiles.filter { listed.contains(Substring($0)) }
            return names.map { "\(name)@\($0)" }
        }
    }
}

import ArgumentParser
import Foundation
import GameCore
import PlatformEGL
import Replay
import Runtime
import Services

/// `interlude replay`: headless, virtual-time replay of interruption scripts.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay interruption scripts headless and check their expectations.",
        discussion: """
            Each script runs in virtual time (a 60-second script takes well under a second) on a fresh
            simulated phone. For each SCRIPT.script, DIR receives SCRIPT.transcript.jsonl (CONTRACT §8) and
            the PNG of every `capture` line; DIR/index.md and DIR/index.json summarise the run.
            All scripts are parsed before any runs: one invalid script stops everything.

            Exit status: 0 every expectation held and no invariant broke; 1 some did not; 2 a script or
            an option was invalid (the message names file:line:column).
            """)

    @Argument(help: "Script files (.script). Default: every script in Assets/Interruptions.")
    var files: [String] = []

    @Option(name: .shortAndLong, help: "Folder for transcripts, frames and the index.")
    var out: String = "out"

    @Flag(help: "Do not render (no GL at all); frames are identified by a hash of the scene.")
    var noRender = false

    @Option(help: "Frame width in pixels.")
    var width: Int = 640

    @Option(help: "Frame height in pixels.")
    var height: Int = 360

    @Option(help: "Render every N-th fixed step while the frame loop runs (1 = 60 fps of virtual time).")
    var presentEvery: Int = 1

    @Option(help: "The Assets folder (default: ./Assets, or the checkout this binary was built from).")
    var assets: String?

    @Option(
        help: ArgumentHelp(
            "Keep each script's snapshots on disk in DIR/SCRIPT (default: in memory).",
            discussion: "Files already there are what the first launch finds, e.g. a damaged snapshot to recover from.")
    )
    var dataDir: String?

    @Option(
        help: ArgumentHelp(
            "Leaderboard server URL (default: a fresh embedded server on loopback per script).",
            discussion: "With a shared server, `leaderboard down`/`up` lines cannot act and transcripts may vary."))
    var leaderboard: String?

    func validate() throws {
        guard (16...4096).contains(width), (16...4096).contains(height) else {
            throw ValidationError("--width and --height must be within 16...4096")
        }
        guard presentEvery >= 1 else { throw ValidationError("--present-every must be at least 1") }
    }

    /// An invalid `--leaderboard` is an invalid option: exit 2 before anything runs.
    private func checkLeaderboardURL() throws {
        guard let leaderboard else { return }
        do { _ = try LeaderboardConnection.baseURL(leaderboard) } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw Exit.invalid
        }
    }

    func run() throws {
        try checkLeaderboardURL()
        let scripts: [Script]
        let levels: [Level]
        do {
            scripts = try loadScripts()
            levels = try loadLevels()
        } catch let error as ReplayInputError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw Exit.invalid
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var results: [(ReplayResult, Double)] = []
        for script in scripts {
            let started = Date()
            let result = try replay(script, levels: levels)
            let seconds = Date().timeIntervalSince(started)
            try Data(result.transcript.utf8).write(to: URL(fileURLWithPath: "\(out)/\(script.name).transcript.jsonl"))
            results.append((result, seconds))
            print(verdictLine(result, seconds: seconds))
            for failure in result.failures { print("    " + failure) }
        }
        try ReplayIndex.write(results, to: out)
        let failed = results.filter { !$0.0.ok }.count
        print("\(results.count - failed) passed, \(failed) failed")
        print("transcripts, frames and index.md in \(out)/")
        if failed > 0 { throw Exit.failed }
    }

    private func verdictLine(_ result: ReplayResult, seconds: Double) -> String {
        let verdict = result.ok ? "PASS" : "FAIL"
        return "\(verdict)  \(result.scriptName)  \(result.expectations) expectations, \(result.frames.count) frames, "
            + "ends \(result.finalState.rawValue), hash \(result.simulationHash)  (\(String(format: "%.2f", seconds)) s)"
    }

    private func replay(_ script: Script, levels: [Level]) throws -> ReplayResult {
        let store: any SnapshotStore =
            try dataDir.map { BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: "\($0)/\(script.name)")) }
            ?? InMemorySnapshotStore()
        let logToStandardError: (Runtime) -> Void = { runtime in
            runtime.log = { FileHandle.standardError.write(Data(("\(script.name): " + $0 + "\n").utf8)) }
        }
        defer { try? store.flush() }
        let connection = try LeaderboardConnection(
            url: leaderboard, databasePath: nil, identityFolder: nil, replaying: true)
        defer { connection.close() }
        let configure: (Runtime) -> Void = { runtime in
            logToStandardError(runtime)
            runtime.useLeaderboard(connection.transport, pacing: .virtual)
        }
        guard !noRender else {
            return ScriptRunner.run(
                script, snapshots: store, presentEvery: Int64(presentEvery), levels: levels,
                configure: configure)
        }
        let directory = try AssetDirectory.locate(assets)
        let display = try OffscreenDisplay(width: width, height: height, outputDirectory: out, assets: directory)
        return ScriptRunner.run(
            script, display: display, snapshots: store, presentEvery: Int64(presentEvery), levels: levels,
            configure: configure)
    }

    /// The game's levels from Assets/Levels; a bad level file is an invalid input (exit 2).
    private func loadLevels() throws -> [Level] {
        do {
            return try LevelFiles.load(from: try AssetDirectory.locate(assets))
        } catch let error as LevelFileError {
            throw ReplayInputError.other(error.description + "\nnothing was replayed.")
        } catch {
            throw ReplayInputError.other("\(error)")
        }
    }

    private func loadScripts() throws -> [Script] {
        var paths = files
        if paths.isEmpty {
            let directory: AssetDirectory
            do { directory = try AssetDirectory.locate(assets) } catch { throw ReplayInputError.other("\(error)") }
            paths = (try? directory.files(in: "Interruptions", suffix: ".script")) ?? []
            guard !paths.isEmpty else {
                throw ReplayInputError.other("no scripts in \(directory.path("Interruptions"))")
            }
        }
        var scripts: [Script] = []
        var errors: [String] = []
        var names: [String: String] = [:]
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                errors.append("\(path): error: cannot read the file")
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                errors.append("\(path):1:1: error: the script is not UTF-8 text")
                continue
            }
            do {
                let script = try ScriptParser.parse(text, file: path)
                if let other = names[script.name] {
                    errors.append(
                        "\(path): error: two scripts named '\(script.name)' (also \(other)) would overwrite each other's outputs"
                    )
                }
                names[script.name] = path
                scripts.append(script)
            } catch {
                errors.append(error.description)
            }
        }
        if !errors.isEmpty { throw ReplayInputError.scripts(errors) }
        return scripts
    }
}

/// Why nothing was replayed.
enum ReplayInputError: Error, CustomStringConvertible {
    case scripts([String])
    case other(String)

    var description: String {
        switch self {
        case .scripts(let errors): return errors.joined(separator: "\n") + "\nnothing was replayed."
        case .other(let message): return "error: " + message
        }
    }
}

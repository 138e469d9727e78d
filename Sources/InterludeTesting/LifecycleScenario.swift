// InterludeTesting: the testing library a game's own test target uses (issue 13, point 4), with Swift Testing or
// XCTest. Replay an interruption script (CONTRACT §7; a file, a multi-line string, or every script in a folder) on
// your game headless (no display, or one you make), get the transcript (CONTRACT §8), the frames and the end state,
// and assert with readable failures: the script line, what it expected and what was found, the transcript lines
// before it; the runtime checks the contract's invariants (CONTRACT §6) after every step and every event's work.
//
// Owns: LifecycleScenario (this file: how to make the game and what to replay), ScenarioResult and its report
// (ScenarioResult.swift, ScenarioResult+Report.swift), ScenarioError, the assertions (Assertions+Testing.swift:
// `expectPasses`; Assertions+XCTest.swift: `assertPasses`), and the helpers the package's own tests share
// (Runtime+Driving.swift: launch, inject, act; TemporaryFolder.swift). Imports Lifecycle, Runtime, Replay,
// Foundation (files), Testing and XCTest; never a game, GL or the command line.
// Start reading at `LifecycleScenario.replay(_:name:)`.

import Foundation
import Lifecycle
import Replay
import Runtime
import Saves

/// How to replay scripts on one game: the game made from a script's seed, and optionally a display, a snapshot store
/// and a last look at each runtime before it runs. Public: it is the library's entry point; a test makes one and
/// replays scripts with it. Sendable, so that one scenario can be shared by tests that run in parallel; each replay
/// makes its own runtime, display and store.
public struct LifecycleScenario<Game: LifecycleGame>: Sendable where Game.Action: ScriptAction {
    private let makeGame: @Sendable (UInt64) -> Game
    private let makeDisplay: (@Sendable (String) throws -> any Display<Game.Scene>)?
    private let makeSnapshots: @Sendable (String) throws -> any SnapshotStore
    private let configure: @Sendable (Runtime<Game>) -> Void

    /// A scenario for the game `game` makes from a script's seed.
    ///
    /// - `display`: makes the display one script draws on, given the script's name; nil (the default) renders
    ///   nothing, and a `capture` line then hashes the scene (`GameScene.contentHash`). An error it throws ends the
    ///   replay (rethrown by `replay`).
    /// - `snapshots`: makes the "disk" one script saves to, given the script's name (default: in memory).
    /// - `configure`: called with each runtime before its script runs (a log, a leaderboard transport).
    public init(
        game: @escaping @Sendable (UInt64) -> Game,
        display: (@Sendable (_ script: String) throws -> any Display<Game.Scene>)? = nil,
        snapshots: @escaping @Sendable (_ script: String) throws -> any SnapshotStore = { _ in
            InMemorySnapshotStore()
        },
        configure: @escaping @Sendable (Runtime<Game>) -> Void = { _ in }
    ) {
        self.makeGame = game
        self.makeDisplay = display
        self.makeSnapshots = snapshots
        self.configure = configure
    }

    /// Replays the script in `text` (multi-line, as a `.script` file holds it). `name` is the file name messages
    /// show (`inline.script:12: ...`); the script's name is `name` without `.script`.
    ///
    /// Throws `ScenarioError.invalidScript` when the text does not parse (described as the command line prints it:
    /// `name:line:column: error: message`); nothing runs then. Rethrows what the display or store factory throws.
    ///
    /// A matrix script (`profiles ...`, CONTRACT §7) is replayed under its first profile; `replayEachProfile`
    /// replays it under each, as `interlude replay` does.
    public func replay(_ text: String, name: String = "inline.script") throws -> ScenarioResult<Game> {
        try replayEachProfile(text, name: name, firstOnly: true)[0]
    }

    /// Replays the script in `text` once per profile it names (a matrix script, CONTRACT §7: each result named
    /// `NAME@PROFILE`), or once under its own profile; as `replay(_:name:)` otherwise.
    public func replayEachProfile(_ text: String, name: String = "inline.script") throws -> [ScenarioResult<Game>] {
        try replayEachProfile(text, name: name, firstOnly: false)
    }

    private func replayEachProfile(_ text: String, name: String, firstOnly: Bool) throws -> [ScenarioResult<Game>] {
        let parsed: Script<Game.Action>
        do {
            parsed = try ScriptParser.parse(text, file: name)
        } catch {
            throw ScenarioError.invalidScript(error)
        }
        let replays = parsed.replays()
        return try (firstOnly ? Array(replays.prefix(1)) : replays).map { try replay($0, text: text, name: name) }
    }

    private func replay(_ script: Script<Game.Action>, text: String, name: String) throws -> ScenarioResult<Game> {
        let display = try makeDisplay?(script.name)
        let snapshots = try makeSnapshots(script.name)
        var runtime: Runtime<Game>?  // the replay's, kept for its final game
        let replayed = ScriptRunner.run(
            script, display: display, snapshots: snapshots, game: makeGame,
            configure: {
                runtime = $0
                configure($0)
            })
        // The runner makes its runtime before anything runs and always configures it.
        let game = runtime!.game
        return ScenarioResult(replayed, game: game, of: script, text: text, file: name)
    }

    /// Replays the script file at `path` (messages name the path as given).
    ///
    /// Throws `ScenarioError.unreadable` or `.notUTF8` for a file that cannot be read as text, and what
    /// `replay(_:name:)` throws.
    public func replay(file path: String) throws -> ScenarioResult<Game> {
        try replay(try ScriptFile.text(at: path), name: path)
    }

    /// Replays the script file at `path` under each profile it names (`replayEachProfile(_:name:)`).
    public func replayEachProfile(file path: String) throws -> [ScenarioResult<Game>] {
        try replayEachProfile(try ScriptFile.text(at: path), name: path)
    }

    /// Replays every `*.script` in `folder` (not its subfolders), sorted by file name (bytewise, as `interlude
    /// replay --shard` sorts), a matrix script once per profile it names (results `NAME@PROFILE`). A script that
    /// cannot be read or parsed is a failed result of its own (`ScenarioResult.error`) and the others still run.
    ///
    /// Throws `ScenarioError.unreadable` when the folder cannot be listed, and what the factories throw.
    public func replayFolder(_ folder: String) throws -> [ScenarioResult<Game>] {
        try ScriptFile.paths(in: folder).flatMap { path in
            do {
                return try replayEachProfile(file: path)
            } catch let error as ScenarioError {
                return [ScenarioResult(error: error, file: path)]
            }
        }
    }
}

/// Script files: listing a folder, reading one as text.
enum ScriptFile {
    /// The `*.script` paths in `folder`, sorted by name bytewise.
    static func paths(in folder: String) throws(ScenarioError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadable(path: folder, reason: reason(error))
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.filter { $0.hasSuffix(".script") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { prefix + $0 }
    }

    /// The text of the regular file at `path`, which must be UTF-8.
    static func text(at path: String) throws(ScenarioError) -> String {
        let bytes: Data
        do {
            // A FIFO or device named `.script` would block a read or never end: only regular files are opened.
            let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            guard type == .typeRegular else { throw ScenarioError.unreadable(path: path, reason: "not a regular file") }
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: reason(error))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(path: path) }
        return text
    }

    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
    }
}

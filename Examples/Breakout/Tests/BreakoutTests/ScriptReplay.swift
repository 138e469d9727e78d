// ScriptReplay: how these tests replay one script by hand: Replay's ScriptRunner, headless (no display:
// frames are the scene's content hash) with the snapshots in memory, for tests that look at the typed result or a
// shortened script. The whole folder goes through Interlude's testing library in TestingLibraryTests.swift.

import Breakout
import Foundation
import Replay
import Runtime

/// Examples/Breakout/Scripts, found from this file's place.
let scriptFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts")

/// The names of the breakout scripts (`Scripts/NAME.script`), sorted.
func scriptNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: scriptFolder.path)) ?? []
    return files.filter { $0.hasSuffix(".script") }.map { String($0.dropLast(".script".count)) }.sorted()
}

/// `Scripts/NAME.script`, parsed.
func loadScript(named name: String) throws -> Script {
    let path = scriptFolder.appendingPathComponent(name + ".script").path
    return try ScriptParser.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
}

/// Replays `script` on breakout (seeded with the script's seed) and returns what happened.
func replay(_ script: Script) -> ReplayResult {
    ScriptRunner.run(script, game: { Breakout(seed: $0) })
}

/// Replays `Scripts/NAME.script`.
func replayScript(named name: String) throws -> ReplayResult {
    replay(try loadScript(named: name))
}

// ScriptReplay: how these tests replay one script by hand: Replay's ScriptRunner, headless (no display:
// frames are the scene's content hash) with the snapshots in memory, for tests that look at the typed result or a
// shortened script. The scripts are matrix scripts (`profiles all`): each is replayed under every profile it names,
// one replay per `NAME@PROFILE` (`replayNames()`), as `breakout replay` does. The whole folder goes through
// Interlude's testing library in TestingLibraryTests.swift.

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

/// The replays of the breakout scripts, as `breakout replay` names them: `NAME@PROFILE` for each profile of a
/// matrix script (`profiles all`, CONTRACT §7), `NAME` for a script of one profile; by script, then in the
/// profiles' order. A script that does not parse is listed as `NAME`, so that its test fails on the parse.
func replayNames() -> [String] {
    scriptNames().flatMap { name -> [String] in
        guard let script = try? loadScript(named: name), script.isMatrix else { return [name] }
        return script.profileNames.map { "\(name)@\($0)" }
    }
}

/// The replay `NAME@PROFILE` (the script under that profile alone: its scoped expectations apply by that name) or
/// `NAME` (the script as written) of `Scripts/NAME.script`.
func loadReplay(named replayName: String) throws -> Script {
    guard let at = replayName.firstIndex(of: "@") else { return try loadScript(named: replayName) }
    return try loadScript(named: String(replayName[..<at])).under(String(replayName[replayName.index(after: at)...]))
}

/// Replays `script` on breakout (seeded with the script's seed) under one profile and returns what happened: its
/// own, or, for a matrix script as parsed, the first it names (`Script.under` picks another).
func replay(_ script: Script) -> ReplayResult {
    ScriptRunner.run(script, game: { Breakout(seed: $0) })
}

/// Replays `NAME` or `NAME@PROFILE` of `replayNames()`.
func replayScript(named replayName: String) throws -> ReplayResult {
    replay(try loadReplay(named: replayName))
}

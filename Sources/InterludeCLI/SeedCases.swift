import Foundation
import Lifecycle
import Replay
import Runtime
import Storage

/// The situations a game's entry names for drawing (the shooter's: the four the project's specification drew, the
/// bundled scripts' "Situation 1–4"). Each is replayed (headless, no rendering) on every profile and drawn as a
/// timeline: `Diagrams/case-NAME-PROFILE.mmd` and `.svg`, which `interlude diagram --check` (the staleness test)
/// compares with what the code gives today.
///
/// A situation is one of the game's scripts with its `profile` line set to each profile in turn, so that the two
/// drawings of a situation differ only by what the profile does (an iOS 4 SMS alert against an iOS 5 banner). The
/// scripts' `expect` lines are left out: they were written for one profile, and these drawings show what happens,
/// not what one script asserted (the replay report shows those).
enum SeedCases {
    static let profiles = Profile.all.map(\.name)

    /// Every case's files of `entry`'s situations: name → contents (`case-sms-ios4.mmd`, `case-sms-ios4.svg`, …).
    static func files<Entry: GameEntry>(_ entry: Entry) throws -> [(String, String)] {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlude-seed-cases-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let replay = try ReplayCommand.parse(["--no-render", "--in-process", "--out", scratch])
        var files: [(String, String)] = []
        for situation in entry.diagramSituations {
            let path = situation.path
            let bytes = try HostPaths.readFile(path, limit: ReplayCommand.maximumScriptBytes)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw GameEntryError.other("\(path): not UTF-8 text")
            }
            let original: Replay.Script<Entry.Game.Action> = try ScriptParser.parse(text, file: path)
            for profile in profiles {
                let name = "case-\(situation.name)-\(profile)"
                var script = original
                script.name = name
                script.profileName = profile
                script.smsStyle = nil
                script.callStyle = nil
                script.targetSdk = nil
                script.lines.removeAll { if case .expect = $0.command { return true } else { return false } }
                _ = try replay.replayHere(LoadedScript(script: script, path: path), entry: entry, heartbeatPath: nil)
                let transcript = try String(contentsOfFile: "\(scratch)/\(name).transcript.jsonl", encoding: .utf8)
                let timeline = Timeline(
                    title: "\(situation.name) on \(profile) (\(situation.shownAs), expectations left out)",
                    lines: try TranscriptReader.read(transcript, file: name))
                files.append(("\(name).mmd", timeline.mermaid(origin: situation.shownAs)))
                files.append(("\(name).svg", timeline.svg()))
            }
        }
        return files
    }
}

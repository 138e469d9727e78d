import Foundation
import GameCore
import Lifecycle
import Replay
import Runtime
import ShooterPlatform

/// The four situations the project's specification drew (the bundled scripts' "Situation 1–4"): an SMS during a
/// single-player game, a call answered during multiplayer, the home button, the lock button on the menu. Each is
/// replayed (headless, no rendering) on every profile and drawn as a timeline: `Diagrams/case-NAME-PROFILE.mmd`
/// and `.svg`, which `interlude diagram --check` (the staleness test) compares with what the code gives today.
///
/// A situation is one bundled script with its `profile` line set to each profile in turn, so that the two
/// drawings of a situation differ only by what the profile does (an iOS 4 SMS alert against an iOS 5 banner). The
/// scripts' `expect` lines are left out: they were written for one profile, and these drawings show what happens,
/// not what one script asserted (the replay report shows those).
enum SeedCases {
    /// (case name, bundled script) in the specification's order.
    static let situations: [(name: String, script: String)] = [
        ("sms", "sms-ios4-dismissed"),
        ("call-multiplayer", "call-multiplayer-answered"),
        ("home", "home-single-player"),
        ("lock", "lock-menu-ios4"),
    ]

    static let profiles = Profile.all.map(\.name)

    /// Every case's files: name → contents (`case-sms-ios4.mmd`, `case-sms-ios4.svg`, …).
    static func files(assets: String? = nil) throws -> [(String, String)] {
        let directory = try AssetDirectory.locate(assets)
        let levels = try LevelFiles.load(from: directory)
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlude-seed-cases-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let replay = try ReplayCommand.parse(["--no-render", "--in-process", "--out", scratch])
        var files: [(String, String)] = []
        for (situation, scriptName) in situations {
            let path = directory.path("Interruptions/\(scriptName).script")
            let text = try directory.text("Interruptions/\(scriptName).script")
            let original = try ScriptParser.parse(text, file: path)
            for profile in profiles {
                let name = "case-\(situation)-\(profile)"
                var script = original
                script.name = name
                script.profileName = profile
                script.smsStyle = nil
                script.callStyle = nil
                script.lines.removeAll { if case .expect = $0.command { return true } else { return false } }
                _ = try replay.replayHere(LoadedScript(script: script, path: path), levels: levels, heartbeatPath: nil)
                let transcript = try String(contentsOfFile: "\(scratch)/\(name).transcript.jsonl", encoding: .utf8)
                let timeline = Timeline(
                    title:
                        "\(situation) on \(profile) (Assets/Interruptions/\(scriptName).script, expectations left out)",
                    lines: try TranscriptReader.read(transcript, file: name))
                files.append(("\(name).mmd", timeline.mermaid(origin: "Assets/Interruptions/\(scriptName).script")))
                files.append(("\(name).svg", timeline.svg()))
            }
        }
        return files
    }
}

// BreakoutEntry: Breakout as the game of Interlude's command line (InterludeCLI's GameEntry): how to make one, its
// scripts, its offscreen and window drawing (BreakoutRenderer), its keys and its demo. main.swift hands it to
// InterludeTool, which gives breakout `replay`, `simulate`, `explore`, `diagram` and `play`.

import Breakout
import BreakoutRenderer
import Foundation
import InterludeCLI
import PlatformEGL
import Runtime
import Storage

/// Breakout, with its scripts in `scripts`.
struct BreakoutEntry: GameEntry {
    /// The folder of Breakout's own scripts.
    let scripts: String

    /// `--assets DIR` (a folder of scripts), else ./Scripts when it holds Breakout's, else this package's.
    init(scriptFolder: String?) throws(GameEntryError) {
        if let scriptFolder {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scriptFolder, isDirectory: &isFolder), isFolder.boolValue
            else { throw .other("--assets: '\(scriptFolder)' is not a folder") }
            scripts = scriptFolder
        } else if FileManager.default.fileExists(atPath: "Scripts/purge-relaunch.script") {
            scripts = "Scripts"
        } else {
            scripts =
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Scripts").path
        }
    }

    var name: String { "Breakout" }

    func makeGame(seed: UInt64) -> Breakout { Breakout(seed: seed) }

    var scriptFolder: String? { scripts }

    var rendersOffscreen: Bool { true }

    func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<Breakout> {
        let display = try OffscreenDisplay(
            width: request.width, height: request.height, outputDirectory: request.outputDirectory,
            imageWriter: writePNG
        ) { try BreakoutRenderer() }
        display.redrawsUnchangedScenes = request.redrawsUnchangedScenes
        guard request.phoneScreens else { return OffscreenRendering(display: display, showPhoneScreens: { _ in }) }
        return try display.withPhoneScreens()
    }

    var windowDrawing: WindowDrawing<Breakout>? {
        WindowDrawing(
            title: "Breakout", controls: KeyHelp.controls,
            demo: WindowDemo(actions: [.start(level: 1), .serve]) {
                var autopilot = Autopilot()
                return { autopilot.steer($0) }
            }
        ) { try BreakoutRenderer() }
    }

    var diagramSituations: [DiagramSituation] {
        [("sms", "sms-ios4-dismissed"), ("purge", "purge-relaunch")].map {
            DiagramSituation(name: $0.0, path: "\(scripts)/\($0.1).script", shownAs: "Scripts/\($0.1).script")
        }
    }
}

// Support: the bundled levels and scripts, read as the command line reads them, and the shooter's runtime maker.

import Foundation
import GameCore
import Lifecycle
import Replay
import Runtime

enum Bundled {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Assets/Levels/*.level in name order (as the command line loads them), parsed once.
    static let levels: [Level] = {
        let folder = root.appendingPathComponent("Assets/Levels")
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".level")
            }
            return try names.sorted().map {
                try LevelFile.parse(String(contentsOfFile: folder.appendingPathComponent($0).path, encoding: .utf8))
            }
        } catch {
            fatalError("the bundled levels do not load: \(error)")
        }
    }()

    /// The shooter, as `interlude explore` makes it.
    @Sendable static func game(_ seed: UInt64) -> Game { Game(seed: seed, levels: levels) }

    /// A bundled script, parsed.
    static func script(_ name: String) throws -> Script {
        let path = root.appendingPathComponent("Assets/Interruptions/\(name).script").path
        return try ScriptParser.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
    }
}

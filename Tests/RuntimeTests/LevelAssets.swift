// LevelAssets: the bundled level files (Assets/Levels), read the way the command line reads them.

import Foundation
import GameCore
import Runtime

enum LevelAssets {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Assets/Levels/*.level in name order, parsed.
    static func levels() throws -> [Level] {
        let folder = root.appendingPathComponent("Assets/Levels")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".level") }
        return try names.sorted().map {
            try LevelFile.parse(String(contentsOfFile: folder.appendingPathComponent($0).path, encoding: .utf8))
        }
    }

    /// The text of a file under the repository root.
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: root.appendingPathComponent(relative).path, encoding: .utf8)
    }
}

import Foundation
import InterludeTesting
import XCTest

/// The command line with level files: a bad level stops `interlude replay` with exit 2 and names
/// `file:line:column`; the bundled levels are what scripts play.
final class LevelFileCommandTests: XCTestCase {
    /// An assets folder with the real shaders and fonts and the given level files.
    private func assets(levels: [String: String]) throws -> URL {
        let folder = try TemporaryFolder().url
        for name in ["Shaders", "Fonts", "Textures"] {
            let source = Interlude.root.appendingPathComponent("Assets/\(name)")
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.createSymbolicLink(
                    at: folder.appendingPathComponent(name), withDestinationURL: source)
            }
        }
        let levelFolder = folder.appendingPathComponent("Levels")
        try FileManager.default.createDirectory(at: levelFolder, withIntermediateDirectories: true)
        for (name, text) in levels {
            try text.write(to: levelFolder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Walks east for a second: on a level whose exit is two cells east, that wins the game.
    private func script(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("short.script")
        let lines = [
            "interlude-script 1", "at 0s launched", "at 1s play singlePlayer", "at +0.1s input forward 1s",
            "at +2s memoryWarned", "expect screen gameOver",
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        return script.path
    }

    func testABadLevelFileExitsTwoWithItsLineAndColumn() throws {
        let bad = "interlude-level 1\nname Broken\nmap\n#####\n#P.X#\n#.?.#\n#####\n"
        let folder = try assets(levels: ["01-broken.level": bad])
        let result = try Interlude.run(
            ["replay", "--no-render", "--assets", folder.path, "--out", folder.path, try script(in: folder)])
        XCTAssertEqual(result.status, 2, result.output + result.errors)
        XCTAssertTrue(
            result.errors.contains("Levels/01-broken.level:6:3: error: expected one of # . P E + * X, found '?'"),
            result.errors)
        XCTAssertTrue(result.errors.contains("nothing was replayed"), result.errors)
    }

    func testScriptsPlayTheLevelsOfTheAssetsFolder() throws {
        let level = "interlude-level 1\nname Tiny\nmap\n#####\n#P.X#\n#####\n"
        let folder = try assets(levels: ["01-tiny.level": level])
        let result = try Interlude.run(
            ["replay", "--no-render", "--assets", folder.path, "--out", folder.path, try script(in: folder)])
        XCTAssertEqual(
            result.status, 0, "the only level, two cells long, was cleared: " + result.output + result.errors)
        let bundled = try Interlude.run(["replay", "--no-render", "--out", folder.path, try script(in: folder)])
        XCTAssertEqual(bundled.status, 1, "the bundled level 1 is not cleared in a second: " + bundled.output)
    }
}

// Hostile paths on the command line (issue 12): a path of the wrong kind (a file where a folder belongs, a folder
// where a file belongs, a FIFO or device where a script or level belongs) is an invalid option: one line naming the
// option and the path, exit 2 (CONTRACT §9), at once, never a hang or a raw NSError with exit 1.

import Foundation
import InterludeTesting
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class HostileOptionTests: XCTestCase {
    /// Runs `interlude arguments...`, killing it after `seconds`; the result and how long it took.
    private func run(_ arguments: [String], within seconds: Double = 20) throws -> (CommandResult, Double) {
        let process = Process()
        process.executableURL = Interlude.binary
        process.arguments = arguments
        process.currentDirectoryURL = Interlude.root
        let folder = try TemporaryFolder().url
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        while process.isRunning, Date().timeIntervalSince(started) < seconds { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("interlude \(arguments.joined(separator: " ")) hung for \(seconds) s")
        }
        process.waitUntilExit()
        let read = { (path: String) in
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        let result = CommandResult(status: process.terminationStatus, output: read(outPath), errors: read(errPath))
        return (result, Date().timeIntervalSince(started))
    }

    /// Expects exit 2 with exactly `line` on standard error and nothing else.
    private func expectInvalid(
        _ arguments: [String], _ line: String, file: StaticString = #filePath, lineNumber: UInt = #line
    )
        throws
    {
        let (result, seconds) = try run(arguments)
        XCTAssertEqual(result.status, 2, result.output + result.errors, file: file, line: lineNumber)
        XCTAssertEqual(result.errors, line + "\n", file: file, line: lineNumber)
        XCTAssertEqual(result.output, "", file: file, line: lineNumber)
        XCTAssertLessThan(seconds, 10, file: file, line: lineNumber)
    }

    private func scratch() throws -> (folder: String, file: String, fifo: String) {
        let folder = try TemporaryFolder().path
        let file = folder + "/a-file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let fifo = folder + "/a-fifo"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        return (folder, file, fifo)
    }

    func testDataDirThatIsAFileExitsTwoWithOneLine() throws {
        let (folder, file, fifo) = try scratch()
        let out = folder + "/out"
        try expectInvalid(
            ["replay", "--no-render", "--data-dir", file, "--out", out],
            "error: --data-dir: \(file): a regular file, not a folder")
        try expectInvalid(
            ["replay", "--no-render", "--data-dir", fifo + "/under", "--out", out],
            "error: --data-dir: \(fifo): a FIFO, not a folder")
        // A file where one script's own folder belongs (DIR/SCRIPT).
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/data/purge-relaunch", contents: nil))
        let script = Interlude.root.appendingPathComponent("Assets/Interruptions/purge-relaunch.script").path
        try expectInvalid(
            ["replay", "--no-render", "--data-dir", folder + "/data", "--out", out, script],
            "error: --data-dir: \(folder)/data/purge-relaunch: a regular file, not a folder")
        try expectInvalid(
            ["soak", "--data-dir", file, "--cycles", "1"],
            "interlude soak: --data-dir: \(file): a regular file, not a folder")
        try expectInvalid(
            ["play", "--data-dir", file], "interlude play: --data-dir: \(file): a regular file, not a folder")
    }

    func testOutputPathsOfTheWrongKindExitTwo() throws {
        let (folder, file, _) = try scratch()
        try expectInvalid(
            ["replay", "--no-render", "--out", file], "error: --out: \(file): a regular file, not a folder")
        try expectInvalid(
            ["replay", "--merge", folder, "--out", file],
            "error: \(folder)/index.json: cannot read the file: open failed: No such file or directory (is \(folder) "
                + "the --out of a replay?)")
        try expectInvalid(
            ["play", "--data-dir", folder, "--record", folder],
            "interlude play: --record: \(folder): a directory, not a regular file")
        try expectInvalid(
            ["play", "--data-dir", folder, "--record", file + "/x.script"],
            "interlude play: --record: \(file): a regular file, not a folder")
        try expectInvalid(
            ["replay", "--no-render", "--assets", folder, "--out", folder + "/out"],
            "error: cannot find the Assets folder (with Shaders/ inside); tried: \(folder). Pass --assets DIR or set "
                + "INTERLUDE_ASSETS.")
    }

    func testScriptThatIsAFIFOOrADeviceIsRefusedAtOnce() throws {
        let (folder, _, fifo) = try scratch()
        let out = folder + "/out"
        try expectInvalid(
            ["replay", "--no-render", "--out", out, fifo],
            "\(fifo): error: cannot read the script: a FIFO, not a regular file\nnothing was replayed.")
        try expectInvalid(
            ["replay", "--no-render", "--out", out, "/dev/zero"],
            "/dev/zero: error: cannot read the script: a character device, not a regular file\nnothing was replayed.")
        // A folder stands for its .script files: this one has none.
        try expectInvalid(
            ["replay", "--no-render", "--out", out, folder],
            "\(folder): error: a folder with no .script files\nnothing was replayed.")
    }

    /// An assets folder with the real shaders, fonts and textures, and `levels` (name → text, or nil for a FIFO).
    private func assets(levels: [String: String?]) throws -> String {
        let folder = try TemporaryFolder().url
        for name in ["Shaders", "Fonts", "Textures", "Interruptions"] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name),
                withDestinationURL: Interlude.root.appendingPathComponent("Assets/\(name)"))
        }
        let levelFolder = folder.appendingPathComponent("Levels").path
        try FileManager.default.createDirectory(atPath: levelFolder, withIntermediateDirectories: true)
        for (name, text) in levels {
            if let text {
                try text.write(toFile: levelFolder + "/" + name, atomically: true, encoding: .utf8)
            } else {
                XCTAssertEqual(mkfifo(levelFolder + "/" + name, 0o644), 0)
            }
        }
        return folder.path
    }

    func testTheOversizedLevelIsRefusedWithFileLineColumn() throws {
        var rows = ["interlude-level 1", "name Swarm", "map", String(repeating: "#", count: 200)]
        for z in 1..<199 {
            let inner = z == 1 ? "P" + String(repeating: "E", count: 197) : String(repeating: "E", count: 198)
            rows.append("#" + (z == 198 ? String(inner.dropLast()) + "X" : inner) + "#")
        }
        rows.append(String(repeating: "#", count: 200))
        let folder = try assets(levels: ["01-swarm.level": rows.joined(separator: "\n") + "\n"])
        let script = Interlude.root.appendingPathComponent("Assets/Interruptions/purge-relaunch.script").path
        try expectInvalid(
            ["replay", "--no-render", "--assets", folder, "--out", folder + "/out", script],
            "error: \(folder)/Levels/01-swarm.level:4:129: error: expected at most 128 cells in a row, found 200\n"
                + "nothing was replayed.")
    }

    func testALevelThatIsAFIFOIsRefusedAtOnce() throws {
        let folder = try assets(levels: ["01-fifo.level": nil])
        let script = Interlude.root.appendingPathComponent("Assets/Interruptions/purge-relaunch.script").path
        try expectInvalid(
            ["replay", "--no-render", "--assets", folder, "--out", folder + "/out", script],
            "error: \(folder)/Levels/01-fifo.level: error: cannot read the level: a FIFO, not a regular file\n"
                + "nothing was replayed.")
    }

    func testUsageErrorsExitTwoAndSayWhatIsWrongFirst() throws {
        for (arguments, first) in [
            (["replay", "--width", "3"], "Error: --width and --height must be within 16...4096"),
            (["replay", "--no-such-option"], "Error: Unknown option '--no-such-option'"),
            (["play", "--level", "0"], "Error: --level must be 1 or more"),
            (["soak"], "Error: Missing expected argument '--data-dir <data-dir>'"),
        ] {
            let (result, _) = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.errors)")
            XCTAssertTrue(result.errors.hasPrefix(first), "\(arguments): \(result.errors)")
        }
    }

    func testAFIFONamedSnapshotTxtDoesNotHangAReplay() throws {
        let data = try TemporaryFolder().path
        let out = data + "/out"
        let folder = data + "/purge-relaunch"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder + "/snapshot.txt", 0o644), 0)
        let script = Interlude.root.appendingPathComponent("Assets/Interruptions/purge-relaunch.script").path
        let (result, seconds) = try run(["replay", "--no-render", "--data-dir", data, "--out", out, script])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertLessThan(seconds, 10)
        XCTAssertTrue(
            result.errors.contains("snapshot.txt: a FIFO, not a regular file (kept as snapshot.damaged-1.txt)"),
            result.errors)
        var info = stat()
        XCTAssertEqual(lstat(folder + "/snapshot.damaged-1.txt", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is kept aside")
        XCTAssertNotNil(FileManager.default.contents(atPath: folder + "/snapshot.txt"), "the game saved in its place")
    }

    func testDiagramAndLeaderboardPathsOfTheWrongKindExitTwo() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file").path
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let fifo = folder.appendingPathComponent("a-fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let cases: [([String], String)] = [
            (["diagram", "--out", file], "Error: --out: \(file): a regular file, not a folder"),
            (
                ["leaderboard", "serve", "--db", folder.path],
                "Error: --db: \(folder.path): a directory, not a regular file"
            ),
            (["leaderboard", "serve", "--db", fifo], "Error: --db: \(fifo): a FIFO, not a regular file"),
            (
                ["leaderboard", "serve", "--db", file + "/x.sqlite"],
                "Error: --db: \(file): a regular file, not a folder"
            ),
        ]
        for (arguments, message) in cases {
            let (result, seconds) = try run(arguments, within: 10)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.errors.split(separator: "\n").first.map(String.init), message)
            XCTAssertLessThan(seconds, 10)
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "x", "the file in the way is untouched")
    }
}

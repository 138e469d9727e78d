// LevelFiles: reads the game's levels from Assets/Levels/*.level (format in Sources/GameCore/LevelFile.swift),
// in file-name order (01-..., 02-..., ...), so level N is the N-th file.

import Foundation
import GameCore
import Runtime
import Storage

/// Why the levels could not be read: the file and, for a parse error, `line:column` and what was expected.
public struct LevelFileError: Error, CustomStringConvertible {
    public let path: String
    public let line: Int  // 0 when the whole file is at fault
    public let column: Int
    public let message: String

    public var description: String {
        line == 0 ? "\(path): error: \(message)" : "\(path):\(line):\(column): error: \(message)"
    }
}

/// Loads level files.
public enum LevelFiles {
    /// Every `*.level` in `assets`' Levels folder, in name order. Throws on the first bad file.
    public static func load(from assets: AssetDirectory) throws(LevelFileError) -> [Level] {
        let folder = assets.path("Levels")
        let paths: [String]
        do {
            paths = try assets.files(in: "Levels", suffix: ".level")
        } catch {
            throw LevelFileError(path: folder, line: 0, column: 0, message: "cannot list the level files: \(error)")
        }
        guard !paths.isEmpty else {
            throw LevelFileError(path: folder, line: 0, column: 0, message: "no .level files")
        }
        var levels: [Level] = []
        for path in paths { levels.append(try load(path: path)) }
        return levels
    }

    /// The largest level file read, in bytes (a 128 x 128 map is about 17 KB).
    public static let maximumBytes = 1 << 20

    /// One level file: a regular file of at most `maximumBytes` (a FIFO, device or folder is refused unopened).
    public static func load(path: String) throws(LevelFileError) -> Level {
        let bytes: [UInt8]
        do {
            bytes = try HostPaths.readFile(path, limit: maximumBytes)
        } catch let error as FileStoreError {
            throw LevelFileError(path: path, line: 0, column: 0, message: "cannot read the level: \(error.reason)")
        } catch {
            throw LevelFileError(path: path, line: 0, column: 0, message: "cannot read the level: \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LevelFileError(path: path, line: 1, column: 1, message: "the level is not UTF-8 text")
        }
        do {
            return try LevelFile.parse(text)
        } catch {
            throw LevelFileError(path: path, line: error.line, column: error.column, message: error.message)
        }
    }
}

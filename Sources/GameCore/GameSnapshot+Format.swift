// GameSnapshot+Format: the bytes of a snapshot. Version 2, UTF-8 text:
//
//   interlude-snapshot 2        header: the format version
//   ammo=50                     one `key=integer` line per value, keys sorted (GameSnapshot.values)
//   ...
//   checksum=0123456789abcdef   FNV-1a 64 of every byte before this line, 16 lowercase hex digits
//   end                         end marker: a file without it was cut short (torn or truncated)
//
// The frame (header, checksum, end marker) and the key=integer lines are the runtime's SnapshotFraming, which tells
// apart: empty, not a snapshot, a newer version, too large, cut short (no end marker), damaged (checksum), malformed
// (a line that is not key=integer, a key twice); a field out of range is found here. Version 1 (the same without
// the end marker) is still read. Gameplay fields map to keys in GameSnapshot.swift.
//
// Inside the runtime's frame (Saves' SnapshotFrame.swift) this text is the game's part of a save and holds only
// the game's values (`decodeState` refuses any other key); a whole file of it, with the runtime's values among the
// game's, is what the shooter wrote before that frame, and is still read (`Game.decodeLegacySnapshot`).

import Lifecycle
import Runtime
import Saves

extension GameSnapshot {
    /// Why bytes are not a snapshot (the name gameplay code uses).
    public typealias DecodeError = SnapshotDecodeError

    /// The version this build writes.
    public static let version = 2
    /// The oldest version this build reads.
    public static let oldestReadableVersion = 1
    /// The header line this build writes.
    public static var header: String { headerPrefix + String(version) }
    /// The largest snapshot accepted, in bytes; a larger file is refused before it is read.
    public static let maximumBytes = 1 << 20

    static let headerPrefix = "interlude-snapshot "

    /// The header, checksum and end marker (version 1 had no end marker).
    static let framing = SnapshotFraming(
        headerPrefix: headerPrefix, version: version, oldestReadableVersion: oldestReadableVersion,
        firstVersionWithEndMarker: 2, maximumBytes: maximumBytes, noun: "an Interlude snapshot", writer: "Interlude")

    /// The bytes written to disk.
    public func encoded() -> [UInt8] {
        var bytes = Array((Self.header + "\n").utf8)
        bytes += valueLines()
        Self.framing.seal(&bytes)
        return bytes
    }

    /// The bytes as `encoded()` writes them, built the plain way from `values` with Strings: the reference the
    /// byte-level encoder is tested against.
    public func encodedThroughStrings() -> [UInt8] {
        var text = Self.header + "\n"
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { text += "\(key)=\(value)\n" }
        var bytes = Array(text.utf8)
        Self.framing.seal(&bytes)
        return bytes
    }

    /// True when `bytes` begin as this format does.
    public static func isOwnFile(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array(headerPrefix.utf8)) }

    /// The game's part of a save in the runtime's frame: this format with the game's values only.
    public static func decodeState(_ bytes: [UInt8]) throws(DecodeError) -> GameState {
        let snapshot = try decodeText(bytes)
        guard let key = snapshot.extras.keys.min() else { return snapshot.state }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let index = lines.firstIndex { $0.starts(with: Array((key + "=").utf8)) } ?? -1
        throw DecodeError(
            .malformed, line: index + 1, column: 1,
            message: "'\(key)' is not one of the game's values (the runtime's stand outside the game's part)")
    }

    /// Reads a shooter's save file, as a launch does: the runtime's frame around the game's part (its values become
    /// `extras`), or a whole file of this text from before the frame. Never traps; errors name the file's place.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> GameSnapshot {
        try SnapshotFrame.checkSize(bytes)
        guard SnapshotFrame.isFramed(bytes) else { return try decodeText(bytes) }
        let opened = try SnapshotFrame.open(bytes)
        do {
            return GameSnapshot(state: try decodeState(opened.game), extras: opened.runtime)
        } catch {
            throw opened.place(error)
        }
    }

    /// Reads this text back (a whole file, the runtime's values among the game's, or the game's part of a framed
    /// save), checking size, header, version, end marker and checksum before any value.
    public static func decodeText(_ bytes: [UInt8]) throws(DecodeError) -> GameSnapshot {
        let (version, body) = try framing.open(bytes)
        let values = try SnapshotFraming.integerValues(body)
        do {
            return try snapshot(from: values)
        } catch  where version < Self.version && error.kind == .malformed {
            // An intact older file that lacks what this game needs (version 1 predates enemies and pickups).
            throw DecodeError(
                .malformed, line: error.line, column: error.column,
                message: error.message + " (a version \(version) snapshot, from before this game's levels, enemies "
                    + "and pickups: it cannot be continued)")
        }
    }
}

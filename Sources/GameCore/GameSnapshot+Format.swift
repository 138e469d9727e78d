// GameSnapshot+Format: the bytes of a snapshot. Version 2, UTF-8 text:
//
//   interlude-snapshot 2        header: the format version
//   ammo=50                     one `key=integer` line per value, keys sorted (GameSnapshot.values)
//   ...
//   checksum=0123456789abcdef   FNV-1a 64 of every byte before this line, 16 lowercase hex digits
//   end                         end marker: a file without it was cut short (torn or truncated)
//
// Decoding tells apart: empty, not a snapshot, a newer version, too large, cut short (no end marker), damaged
// (checksum), malformed (a line that is not key=integer, a key twice, a field out of range). Version 1 (the same
// without the end marker) is still read. Gameplay fields map to keys in GameSnapshot.swift.

import Lifecycle
import Runtime

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
    static let endMarker = "end"

    /// The bytes written to disk.
    public func encoded() -> [UInt8] {
        var bytes = Array((Self.header + "\n").utf8)
        bytes += valueLines()
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        bytes += Array("checksum=\(hasher.hex)\n\(Self.endMarker)\n".utf8)
        return bytes
    }

    /// The bytes as `encoded()` writes them, built the plain way from `values` with Strings: the reference the
    /// byte-level encoder is tested against.
    public func encodedThroughStrings() -> [UInt8] {
        var text = Self.header + "\n"
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { text += "\(key)=\(value)\n" }
        var hasher = StateHasher()
        hasher.combine(bytes: text.utf8)
        text += "checksum=\(hasher.hex)\n\(Self.endMarker)\n"
        return Array(text.utf8)
    }

    /// Reads a snapshot back, checking size, header, version, end marker and checksum before any value.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> GameSnapshot {
        guard !bytes.isEmpty else { throw DecodeError(.empty, line: 0, message: "the file is empty (0 bytes)") }
        guard bytes.count <= maximumBytes else {
            throw DecodeError(
                .tooLarge, line: 0,
                message: "the file is \(bytes.count) bytes; a snapshot is at most \(maximumBytes) bytes")
        }
        let lines = splitLines(bytes)
        let version = try readVersion(lines[0])
        var checksumIndex = lines.count - 1
        if version >= 2 {
            // The last line is empty when the file ends in a newline, as every complete file does.
            guard lines.count >= 3, lines[lines.count - 1].isEmpty,
                Array(lines[lines.count - 2]) == Array(endMarker.utf8)
            else {
                throw DecodeError(
                    .truncated, line: lines.count, column: 1,
                    message: "no end marker after \(bytes.count) bytes: the file was cut short (torn or truncated)")
            }
            checksumIndex = lines.count - 3
        } else {
            checksumIndex = lines.lastIndex { $0.starts(with: Array("checksum=".utf8)) } ?? 0
            guard checksumIndex > 0 else {
                throw DecodeError(.truncated, line: 0, message: "no checksum line: the file was cut short")
            }
        }
        guard checksumIndex >= 1 else {
            throw DecodeError(.corrupt, line: 2, column: 1, message: "no checksum line: the file is damaged")
        }
        try verifyChecksum(bytes, lines: lines, at: checksumIndex)
        let values = try readValues(lines[1..<checksumIndex])
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

    private static func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    private static func readVersion(_ line: ArraySlice<UInt8>) throws(DecodeError) -> Int {
        let prefix = Array(headerPrefix.utf8)
        guard line.starts(with: prefix) else {
            throw DecodeError(
                .notSnapshot, line: 1, column: 1,
                message: "expected '\(header)', found '\(printable(line))': not an Interlude snapshot")
        }
        let digits = line.dropFirst(prefix.count)
        guard let text = String(validating: digits, as: UTF8.self), let version = Int(text), version >= 1 else {
            throw DecodeError(
                .notSnapshot, line: 1, column: prefix.count + 1,
                message: "expected a version number, found '\(printable(digits))'")
        }
        guard version <= Self.version else {
            throw DecodeError(
                .futureVersion, line: 1, column: prefix.count + 1,
                message: "snapshot version \(version) was written by a newer Interlude; this one reads versions "
                    + "\(oldestReadableVersion) to \(Self.version)")
        }
        return version
    }

    private static func verifyChecksum(_ bytes: [UInt8], lines: [ArraySlice<UInt8>], at index: Int)
        throws(DecodeError)
    {
        let line = lines[index]
        let prefix = Array("checksum=".utf8)
        guard line.starts(with: prefix) else {
            throw DecodeError(
                .corrupt, line: index + 1, column: 1,
                message: "expected 'checksum=', found '\(printable(line))': the file is damaged")
        }
        var hasher = StateHasher()
        hasher.combine(bytes: bytes[..<line.startIndex])
        guard Array(line.dropFirst(prefix.count)) == Array(hasher.hex.utf8) else {
            throw DecodeError(
                .corrupt, line: index + 1, column: prefix.count + 1,
                message: "checksum does not match the contents (\(hasher.hex)): the file is damaged")
        }
    }

    private static func readValues(_ lines: ArraySlice<ArraySlice<UInt8>>) throws(DecodeError) -> [String: Int64] {
        var values: [String: Int64] = [:]
        values.reserveCapacity(lines.count)
        for (index, line) in zip(lines.indices, lines) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")), equals > line.startIndex,
                let value = line[(equals + 1)...].decimalInt64,
                let key = String(validating: line[..<equals], as: UTF8.self)
            else {
                throw DecodeError(
                    .malformed, line: index + 1, column: 1, message: "expected key=integer, found '\(printable(line))'")
            }
            guard values.updateValue(value, forKey: key) == nil else {
                throw DecodeError(.malformed, line: index + 1, column: 1, message: "'\(key)' appears twice")
            }
        }
        return values
    }

    /// At most 40 bytes of `bytes`, as text, with anything unprintable as `?`.
    static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = bytes.prefix(40).map { (32..<127).contains($0) ? Character(UnicodeScalar($0)) : "?" }
        return String(shown) + (bytes.count > 40 ? "..." : "")
    }
}

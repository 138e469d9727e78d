// SnapshotText: named integers as text. `encodeValues`/`decodeValues` are a game's part of a save when its state is
// named integers (the default `LifecycleGame.encodeState` for `[String: Int64]`): `key=integer` lines, no header,
// inside the runtime's frame (SnapshotFrame.swift). `encode`/`decode` are a whole file of their own (the small
// games' saves before the runtime's frame): a versioned header, one `key=value` line per value (keys sorted), an
// FNV-1a checksum of everything before it and an end marker. Decoding never traps and names the line and column of
// what is wrong. That frame is SnapshotFraming's, which the shooter's own format uses too.
//
//   clicker 1
//   clicks=12
//   generation=3
//   checksum=0123456789abcdef
//   end

/// Encodes and decodes named integers as a versioned, checksummed text. Public: it is for games under the runtime.
public enum SnapshotText {
    /// The largest text accepted, in bytes (a larger one is refused before it is read).
    public static let maximumBytes = 1 << 20

    /// The bytes of `values` under the header `format version` (`format`: letters, digits and `-`).
    public static func encode(format: String, version: Int, values: [String: Int64]) -> [UInt8] {
        var text = "\(format) \(version)\n"
        for key in values.keys.sorted() { text += "\(key)=\(values[key]!)\n" }
        var bytes = Array(text.utf8)
        framing(format, versions: version...version).seal(&bytes)
        return bytes
    }

    /// The version and the values of `bytes` written by `encode` with this `format`, of a version in `versions`.
    public static func decode(
        _ bytes: [UInt8], format: String, versions: ClosedRange<Int>
    ) throws(SnapshotDecodeError) -> (version: Int, values: [String: Int64]) {
        let (version, body) = try framing(format, versions: versions).open(bytes)
        return (version, try SnapshotFraming.integerValues(body))
    }

    /// A game's named integers as its part of a save (`LifecycleGame.encodeState`'s default): one `key=integer`
    /// line per value, keys sorted, no header (the runtime's frame versions and checksums the file).
    public static func encodeValues(_ values: [String: Int64]) -> [UInt8] {
        var text = ""
        for key in values.keys.sorted() { text += "\(key)=\(values[key]!)\n" }
        return Array(text.utf8)
    }

    /// The named integers `encodeValues` wrote; a line that is not `key=integer` (each ending in a newline), or a
    /// key given twice, is malformed, named by its line.
    public static func decodeValues(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        guard !bytes.isEmpty else { return [:] }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines[lines.count - 1].isEmpty else {
            throw SnapshotDecodeError(
                .malformed, line: lines.count, column: 1, message: "the last line does not end with a newline")
        }
        return try SnapshotFraming.integerValues(lines[..<(lines.count - 1)])
    }

    private static func framing(_ format: String, versions: ClosedRange<Int>) -> SnapshotFraming {
        SnapshotFraming(
            headerPrefix: format + " ", version: versions.upperBound, oldestReadableVersion: versions.lowerBound,
            maximumBytes: maximumBytes, noun: "a \(format) snapshot", writer: format)
    }
}

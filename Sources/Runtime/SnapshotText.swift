// SnapshotText: a ready-made snapshot format for a game whose state is a handful of named integers, so that a game
// need not write its own codec to be safe: a versioned header, one `key=value` line per value (keys sorted), an
// FNV-1a checksum of everything before it and an end marker. Decoding never traps and names the line and column of
// what is wrong. (The shooter and Breakout have formats of their own, of the same shape.)
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
        var hasher = StateHasher()
        hasher.combine(bytes: text.utf8)
        text += "checksum=\(hasher.hex)\nend\n"
        return Array(text.utf8)
    }

    /// The version and the values of `bytes` written by `encode` with this `format`, of a version in `versions`.
    public static func decode(
        _ bytes: [UInt8], format: String, versions: ClosedRange<Int>
    ) throws(SnapshotDecodeError) -> (version: Int, values: [String: Int64]) {
        guard !bytes.isEmpty else { throw SnapshotDecodeError(.empty, line: 0, message: "the file is empty") }
        guard bytes.count <= maximumBytes else {
            throw SnapshotDecodeError(.tooLarge, line: 0, message: "\(bytes.count) bytes; at most \(maximumBytes)")
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let header = lines[0].split(separator: " ")
        guard header.count == 2, header[0] == format else {
            throw SnapshotDecodeError(.notSnapshot, line: 1, message: "expected the header '\(format) N'")
        }
        guard let version = Int(header[1]), version >= 0 else {
            throw SnapshotDecodeError(.malformed, line: 1, column: format.count + 2, message: "expected a version")
        }
        guard version <= versions.upperBound else {
            throw SnapshotDecodeError(.futureVersion, line: 1, message: "version \(version) is newer than this game")
        }
        guard versions.contains(version) else {
            throw SnapshotDecodeError(.malformed, line: 1, message: "version \(version) is no longer read")
        }
        guard lines.count >= 4, lines[lines.count - 2] == "end", lines[lines.count - 1].isEmpty else {
            throw SnapshotDecodeError(.truncated, line: 0, message: "no end marker: the file was cut short")
        }
        let checksumLine = lines.count - 3
        var hasher = StateHasher()
        for line in lines[..<checksumLine] { hasher.combine(bytes: (line + "\n").utf8) }
        guard lines[checksumLine] == "checksum=" + hasher.hex else {
            throw SnapshotDecodeError(.corrupt, line: checksumLine + 1, message: "the checksum does not match")
        }
        var values: [String: Int64] = [:]
        for index in 1..<checksumLine {
            let parts = lines[index].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Int64(parts[1]) else {
                throw SnapshotDecodeError(.malformed, line: index + 1, message: "expected key=integer")
            }
            guard values.updateValue(value, forKey: String(parts[0])) == nil else {
                throw SnapshotDecodeError(.malformed, line: index + 1, message: "'\(parts[0])' is given twice")
            }
        }
        return (version, values)
    }
}

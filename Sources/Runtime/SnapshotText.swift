// SnapshotText: a ready-made snapshot format for a game whose state is a handful of named integers, so that a game
// need not write its own codec to be safe: a versioned header, one `key=value` line per value (keys sorted), an
// FNV-1a checksum of everything before it and an end marker. Decoding never traps and names the line and column of
// what is wrong. The frame is SnapshotFraming's, which the shooter's format uses too (Breakout writes its own).
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

    private static func framing(_ format: String, versions: ClosedRange<Int>) -> SnapshotFraming {
        SnapshotFraming(
            headerPrefix: format + " ", version: versions.upperBound, oldestReadableVersion: versions.lowerBound,
            maximumBytes: maximumBytes, noun: "a \(format) snapshot", writer: format)
    }
}

// SnapshotFraming: the frame of a snapshot file, shared by the formats that use it (the shooter's, SnapshotText's):
//
//   PREFIX VERSION              header: the format and its version
//   ...                         body lines (the format's own: `key=integer` for both of these)
//   checksum=0123456789abcdef   FNV-1a 64 of every byte before this line, 16 lowercase hex digits
//   end                         end marker: a file without it was cut short (torn or truncated)
//
// Opening tells apart, before the body is read: empty, too large, not this format, a newer version, cut short (no
// end marker; versions before `firstVersionWithEndMarker` had none and end at their last checksum line), damaged
// (checksum). Never traps, whatever the bytes.

/// The header, checksum and end marker around a snapshot's body. Public: a game's own format builds on it.
public struct SnapshotFraming: Sendable {
    /// The header up to the version number, e.g. `interlude-snapshot `.
    public let headerPrefix: String
    /// The version written; versions up to it are read.
    public let version: Int
    /// The oldest version read.
    public let oldestReadableVersion: Int
    /// The first version whose files end with the end marker.
    public let firstVersionWithEndMarker: Int
    /// The largest file accepted, in bytes; a larger one is refused before it is read.
    public let maximumBytes: Int
    /// What a file of this format is, for messages: `an Interlude snapshot`.
    public let noun: String
    /// Who writes newer versions, for messages: `Interlude` ("written by a newer Interlude").
    public let writer: String

    static let checksumPrefix = Array("checksum=".utf8)
    static let endMarker = "end"

    public init(
        headerPrefix: String, version: Int, oldestReadableVersion: Int = 1, firstVersionWithEndMarker: Int = 1,
        maximumBytes: Int = 1 << 20, noun: String, writer: String
    ) {
        self.headerPrefix = headerPrefix
        self.version = version
        self.oldestReadableVersion = oldestReadableVersion
        self.firstVersionWithEndMarker = firstVersionWithEndMarker
        self.maximumBytes = maximumBytes
        self.noun = noun
        self.writer = writer
    }

    /// The header line this framing writes (without its newline).
    public var header: String { headerPrefix + String(version) }

    /// Ends `bytes` (the header line and the body lines, each ending in a newline) with the checksum and end lines.
    public func seal(_ bytes: inout [UInt8]) {
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        bytes += Array("checksum=\(hasher.hex)\n\(Self.endMarker)\n".utf8)
    }

    /// Checks size, header, version, end marker and checksum; returns the version and the body lines, indexed by their
    /// place in the file (line number - 1), so that a body reader names lines as the file numbers them.
    public func open(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> (
        version: Int, body: ArraySlice<ArraySlice<UInt8>>
    ) {
        guard !bytes.isEmpty else {
            throw SnapshotDecodeError(.empty, line: 0, message: "the file is empty (0 bytes)")
        }
        guard bytes.count <= maximumBytes else {
            throw SnapshotDecodeError(
                .tooLarge, line: 0,
                message: "the file is \(bytes.count) bytes; a snapshot is at most \(maximumBytes) bytes")
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let version = try readVersion(lines[0])
        var checksumIndex = lines.count - 1
        if version >= firstVersionWithEndMarker {
            // The last line is empty when the file ends in a newline, as every complete file does.
            guard lines.count >= 3, lines[lines.count - 1].isEmpty,
                Array(lines[lines.count - 2]) == Array(Self.endMarker.utf8)
            else {
                throw SnapshotDecodeError(
                    .truncated, line: lines.count, column: 1,
                    message: "no end marker after \(bytes.count) bytes: the file was cut short (torn or truncated)")
            }
            checksumIndex = lines.count - 3
        } else {
            checksumIndex = lines.lastIndex { $0.starts(with: Self.checksumPrefix) } ?? 0
            guard checksumIndex > 0 else {
                throw SnapshotDecodeError(.truncated, line: 0, message: "no checksum line: the file was cut short")
            }
        }
        guard checksumIndex >= 1 else {
            throw SnapshotDecodeError(.corrupt, line: 2, column: 1, message: "no checksum line: the file is damaged")
        }
        try verifyChecksum(bytes, line: lines[checksumIndex], at: checksumIndex)
        return (version, lines[1..<checksumIndex])
    }

    /// The body's `key=integer` lines by key; a line that is not one, or a key given twice, is malformed.
    public static func integerValues(_ body: ArraySlice<ArraySlice<UInt8>>) throws(SnapshotDecodeError) -> [String:
        Int64]
    {
        var values: [String: Int64] = [:]
        values.reserveCapacity(body.count)
        for (index, line) in zip(body.indices, body) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")), equals > line.startIndex,
                let value = line[(equals + 1)...].decimalInt64,
                let key = String(validating: line[..<equals], as: UTF8.self)
            else {
                throw SnapshotDecodeError(
                    .malformed, line: index + 1, column: 1, message: "expected key=integer, found '\(printable(line))'")
            }
            guard values.updateValue(value, forKey: key) == nil else {
                throw SnapshotDecodeError(.malformed, line: index + 1, column: 1, message: "'\(key)' appears twice")
            }
        }
        return values
    }

    /// At most 40 bytes of `bytes`, as text, with anything unprintable as `?`.
    public static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = bytes.prefix(40).map { (32..<127).contains($0) ? Character(UnicodeScalar($0)) : "?" }
        return String(shown) + (bytes.count > 40 ? "..." : "")
    }

    private func readVersion(_ line: ArraySlice<UInt8>) throws(SnapshotDecodeError) -> Int {
        let prefix = Array(headerPrefix.utf8)
        guard line.starts(with: prefix) else {
            throw SnapshotDecodeError(
                .notSnapshot, line: 1, column: 1,
                message: "expected '\(header)', found '\(Self.printable(line))': not \(noun)")
        }
        let digits = line.dropFirst(prefix.count)
        guard let text = String(validating: digits, as: UTF8.self), let found = Int(text), found >= 1 else {
            throw SnapshotDecodeError(
                .notSnapshot, line: 1, column: prefix.count + 1,
                message: "expected a version number, found '\(Self.printable(digits))'")
        }
        guard found <= version else {
            throw SnapshotDecodeError(
                .futureVersion, line: 1, column: prefix.count + 1,
                message: "snapshot version \(found) was written by a newer \(writer); this one reads versions "
                    + "\(oldestReadableVersion) to \(version)")
        }
        guard found >= oldestReadableVersion else {
            throw SnapshotDecodeError(
                .malformed, line: 1, column: prefix.count + 1,
                message: "snapshot version \(found) is no longer read; this one reads versions "
                    + "\(oldestReadableVersion) to \(version)")
        }
        return found
    }

    private func verifyChecksum(_ bytes: [UInt8], line: ArraySlice<UInt8>, at index: Int) throws(SnapshotDecodeError) {
        guard line.starts(with: Self.checksumPrefix) else {
            throw SnapshotDecodeError(
                .corrupt, line: index + 1, column: 1,
                message: "expected 'checksum=', found '\(Self.printable(line))': the file is damaged")
        }
        var hasher = StateHasher()
        hasher.combine(bytes: bytes[..<line.startIndex])
        guard Array(line.dropFirst(Self.checksumPrefix.count)) == Array(hasher.hex.utf8) else {
            throw SnapshotDecodeError(
                .corrupt, line: index + 1, column: Self.checksumPrefix.count + 1,
                message: "checksum does not match the contents (\(hasher.hex)): the file is damaged")
        }
    }
}

extension ArraySlice<UInt8> {
    /// The decimal integer these bytes spell, as `Int64(String)` reads it: an optional sign, then one or more digits,
    /// nothing else, within Int64's range; nil otherwise. Without building a String (a snapshot has thousands).
    package var decimalInt64: Int64? {
        var rest = self[...]
        let isNegative = rest.first == UInt8(ascii: "-")
        if isNegative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }
}

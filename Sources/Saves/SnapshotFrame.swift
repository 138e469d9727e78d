// SnapshotFrame: the runtime's file around a game's save (Docs/Contract.md §10). The runtime owns the frame and its
// own values; the game's part is bytes of the game's own (`LifecycleGame.encodeState`), carried by length, never
// read here. Version 1:
//
//   interlude-save 1            header: the frame and its version
//   generation=3                the runtime's values, `key=integer`, keys strictly ascending: `generation`,
//   outbox.72057594039927937=90   `outbox.KEY`, `outboxMs.KEY`, `setting.NAME`, `timer.NAME`
//   timer.autosave=7000000000
//   game 812                    the game's part: its length in bytes, then exactly that many bytes, then a newline
//   ...812 bytes...
//   checksum=0123456789abcdef   FNV-1a 64 (`StateHasher`) of every byte before this line, 16 lowercase hex digits
//   end                         end marker: a file without it was cut short (torn or truncated)
//
// Opening is strict and never traps, whatever the bytes: size, header and version, end marker and checksum come
// first; then every runtime line, the game line and the length. Numbers are written one way (no `+`, no leading
// zero) and read only that way. Errors name the line and column in the file; an
// error in the game's part is moved to the file's lines (`place(_:)`).

/// The runtime's frame of a snapshot file: its values and the game's bytes, versioned and checksummed.
public enum SnapshotFrame {
    /// The header up to the version number.
    public static let headerPrefix = "interlude-save "
    /// The version this build writes; versions 1 to it are read.
    public static let version = 1
    /// The header line this build writes (without its newline).
    public static var header: String { headerPrefix + String(version) }
    /// The largest file accepted, in bytes; a larger one is refused before it is read.
    public static let maximumBytes = 1 << 20
    /// The prefixes (and the one whole key) a runtime value's key may have.
    public static let runtimeKeys = ["generation", "outbox.", "outboxMs.", "setting.", "timer."]

    static let gameLinePrefix = Array("game ".utf8)
    static let checksumPrefix = Array("checksum=".utf8)
    /// `checksum=` + 16 hex digits + newline, then `end` + newline.
    static let trailerCount = checksumPrefix.count + 16 + 1 + 4

    /// A file opened: its version, the runtime's values, the game's bytes and the file line they start on.
    public struct Opened: Sendable {
        public let version: Int
        public let runtime: [String: Int64]
        public let game: [UInt8]
        /// The file's line number of the game part's first line (1-based).
        public let gameLine: Int
        /// The file's byte offset of the game part's first byte.
        public let gameOffset: Int

        /// `error`, thrown by the game's decoder over `game`, placed in the file: its line moved to the file's.
        public func place(_ error: SnapshotDecodeError) -> SnapshotDecodeError {
            guard error.line > 0 else {
                return SnapshotDecodeError(
                    error.kind, line: 0,
                    message: "the game's part (\(game.count) bytes at byte \(gameOffset)): " + error.message)
            }
            return SnapshotDecodeError(
                error.kind, line: error.line + gameLine - 1, column: error.column, message: error.message)
        }
    }

    /// True when `key` is one the runtime keeps (`runtimeKeys`): `generation`, or a name under one of its prefixes.
    public static func isRuntimeKey(_ key: String) -> Bool {
        runtimeKeys.contains { $0.hasSuffix(".") ? key.hasPrefix($0) && key.count > $0.count : key == $0 }
    }

    /// True when `bytes` begin as this frame does (else they may be a game's older format: `decodeLegacySnapshot`).
    public static func isFramed(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array(headerPrefix.utf8)) }

    /// The file for the runtime's `values` (keys as `runtimeKeys` allow) and the game's bytes.
    public static func encode(runtime values: [String: Int64], game: [UInt8]) -> [UInt8] {
        var text = header + "\n"
        for key in values.keys.sorted() { text += "\(key)=\(values[key]!)\n" }
        text += "game \(game.count)\n"
        var bytes = Array(text.utf8)
        bytes += game
        bytes.append(UInt8(ascii: "\n"))
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        bytes += Array("checksum=\(hasher.hex)\nend\n".utf8)
        return bytes
    }

    /// Refuses an empty or oversized file, before anything else is read.
    public static func checkSize(_ bytes: [UInt8]) throws(SnapshotDecodeError) {
        guard !bytes.isEmpty else { throw SnapshotDecodeError(.empty, line: 0, message: "the file is empty (0 bytes)") }
        guard bytes.count <= maximumBytes else {
            throw SnapshotDecodeError(
                .tooLarge, line: 0,
                message: "the file is \(bytes.count) bytes; a snapshot is at most \(maximumBytes) bytes")
        }
    }

    /// Opens a file written by `encode` (this version or an older one).
    public static func open(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> Opened {
        try checkSize(bytes)
        let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let found = try readVersion(bytes[..<headerEnd])
        let checksumStart = bytes.count - trailerCount
        guard bytes.count >= headerEnd + 1 + trailerCount, bytes.suffix(5).elementsEqual("\nend\n".utf8) else {
            throw SnapshotDecodeError(
                .truncated, line: lineNumber(of: bytes.count, in: bytes), column: 1,
                message: "no end marker after \(bytes.count) bytes: the file was cut short (torn or truncated)")
        }
        let checksumLine = lineNumber(of: checksumStart, in: bytes)
        guard bytes[checksumStart - 1] == UInt8(ascii: "\n"), bytes[checksumStart...].starts(with: checksumPrefix)
        else {
            throw SnapshotDecodeError(
                .corrupt, line: checksumLine, column: 1,
                message: "expected 'checksum=' and 16 hex digits before the end marker: the file is damaged")
        }
        var hasher = StateHasher()
        hasher.combine(bytes: bytes[..<checksumStart])
        let stored = bytes[(checksumStart + checksumPrefix.count)..<(bytes.count - 5)]
        guard stored.elementsEqual(hasher.hex.utf8) else {
            throw SnapshotDecodeError(
                .corrupt, line: checksumLine, column: checksumPrefix.count + 1,
                message: "checksum does not match the contents (\(hasher.hex)): the file is damaged")
        }
        return try readBody(bytes, from: headerEnd + 1, to: checksumStart, version: found)
    }

    /// The runtime's lines, then the game line and the game's bytes, which must end one newline before `end`.
    private static func readBody(
        _ bytes: [UInt8], from start: Int, to end: Int, version: Int
    ) throws(SnapshotDecodeError) -> Opened {
        var runtime: [String: Int64] = [:]
        var position = start
        var line = 2
        var previousKey: String? = nil
        while position < end {
            let lineEnd = bytes[position..<end].firstIndex(of: UInt8(ascii: "\n")) ?? end
            let text = bytes[position..<lineEnd]
            if text.starts(with: gameLinePrefix) {
                let digits = text.dropFirst(gameLinePrefix.count)
                guard let count = digits.decimalInt64, isCanonical(digits, count), count >= 0,
                    lineEnd < end, count <= end - (lineEnd + 1)
                else {
                    throw SnapshotDecodeError(
                        .malformed, line: line, column: gameLinePrefix.count + 1,
                        message: "expected the game part's length in bytes (at most what is left before the "
                            + "checksum), found '\(SnapshotFraming.printable(digits))'")
                }
                let gameStart = lineEnd + 1
                let gameEnd = gameStart + Int(count)
                guard gameEnd + 1 == end, bytes[gameEnd] == UInt8(ascii: "\n") else {
                    throw SnapshotDecodeError(
                        .malformed, line: line, column: gameLinePrefix.count + 1,
                        message: "the game's part is said to be \(count) bytes, but \(end - gameStart) bytes (its "
                            + "part and one newline) stand before the checksum")
                }
                return Opened(
                    version: version, runtime: runtime, game: Array(bytes[gameStart..<gameEnd]), gameLine: line + 1,
                    gameOffset: gameStart)
            }
            let (key, value) = try readValue(text, line: line)
            if let previousKey, previousKey >= key {
                throw SnapshotDecodeError(
                    .malformed, line: line, column: 1,
                    message: previousKey == key
                        ? "'\(key)' appears twice" : "'\(key)' comes after '\(previousKey)': the keys must be sorted")
            }
            previousKey = key
            runtime[key] = value
            position = lineEnd + 1
            line += 1
        }
        throw SnapshotDecodeError(
            .malformed, line: line, column: 1, message: "no 'game N' line: the file holds no game state")
    }

    /// One runtime line: `key=integer`, the key one the runtime writes.
    private static func readValue(
        _ text: ArraySlice<UInt8>, line: Int
    ) throws(SnapshotDecodeError) -> (String, Int64) {
        guard let equals = text.firstIndex(of: UInt8(ascii: "=")), equals > text.startIndex,
            let key = String(validating: text[..<equals], as: UTF8.self), isKey(key),
            let value = text[(equals + 1)...].decimalInt64, isCanonical(text[(equals + 1)...], value)
        else {
            throw SnapshotDecodeError(
                .malformed, line: line, column: 1,
                message: "expected key=integer or 'game N', found '\(SnapshotFraming.printable(text))'")
        }
        guard isRuntimeKey(key) else {
            throw SnapshotDecodeError(
                .malformed, line: line, column: 1,
                message: "'\(key)' is not one of the runtime's values (\(runtimeKeys.joined(separator: ", ")))")
        }
        return (key, value)
    }

    /// True when `digits` spell `value` as the encoder writes it: no sign but a minus, no leading zero.
    private static func isCanonical(_ digits: ArraySlice<UInt8>, _ value: Int64) -> Bool {
        digits.elementsEqual(String(value).utf8)
    }

    /// Letters, digits, `_`, `.` and `-` (an outbox key is a signed integer), starting with a letter.
    private static func isKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, (65...90).contains(first) || (97...122).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 95
                || byte == 46 || byte == 45
        }
    }

    private static func readVersion(_ line: ArraySlice<UInt8>) throws(SnapshotDecodeError) -> Int {
        let prefix = Array(headerPrefix.utf8)
        guard line.starts(with: prefix) else {
            throw SnapshotDecodeError(
                .notSnapshot, line: 1, column: 1,
                message: "expected '\(header)', found '\(SnapshotFraming.printable(line))': not an Interlude save")
        }
        let digits = line.dropFirst(prefix.count)
        guard let found = digits.decimalInt64, isCanonical(digits, found), found >= 1 else {
            throw SnapshotDecodeError(
                .notSnapshot, line: 1, column: prefix.count + 1,
                message: "expected a version number, found '\(SnapshotFraming.printable(digits))'")
        }
        guard found <= version else {
            throw SnapshotDecodeError(
                .futureVersion, line: 1, column: prefix.count + 1,
                message: "save version \(found) was written by a newer Interlude; this one reads versions 1 to "
                    + "\(version)")
        }
        return Int(found)
    }

    /// The 1-based line that byte `offset` is on (the line after the last newline before it).
    static func lineNumber(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

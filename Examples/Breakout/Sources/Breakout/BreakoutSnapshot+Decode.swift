// BreakoutSnapshot+Decode: reading a save back. Whatever the bytes, it returns a snapshot or throws a
// `SnapshotDecodeError` naming the line and column, and never traps: the size is checked before anything is
// read, then the header and version, the end marker (a file cut short has none), the checksum, and only then each
// `key=value` line. Told apart: empty, not a breakout save, a newer version, too large, cut short, damaged
// (checksum), malformed (not key=value, an unknown or repeated key, a missing one, a value that is not of its kind).

import Runtime
import Saves

extension BreakoutSnapshot {
    /// Why bytes are not a save.
    public typealias DecodeError = SnapshotDecodeError

    /// Reads a save written by `encoded()`.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> BreakoutSnapshot {
        guard !bytes.isEmpty else { throw DecodeError(.empty, line: 0, message: "the file is empty (0 bytes)") }
        guard bytes.count <= maximumBytes else {
            throw DecodeError(
                .tooLarge, line: 0,
                message: "the file is \(bytes.count) bytes; a breakout save is at most \(maximumBytes) bytes")
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        try readVersion(lines[0])
        // A whole file ends in "checksum=...\nend\n": its last line (after the final newline) is empty.
        guard lines.count >= 4, lines[lines.count - 1].isEmpty, Array(lines[lines.count - 2]) == Array(endMarker.utf8)
        else {
            throw DecodeError(
                .truncated, line: lines.count, column: 1,
                message: "no '\(endMarker)' line after \(bytes.count) bytes: the file was cut short")
        }
        let checksumIndex = lines.count - 3
        try verifyChecksum(bytes, line: lines[checksumIndex], index: checksumIndex)
        return try readValues(lines[1..<checksumIndex])
    }

    private static func readVersion(_ line: ArraySlice<UInt8>) throws(DecodeError) {
        let prefix = Array(headerPrefix.utf8)
        guard line.starts(with: prefix) else {
            throw DecodeError(
                .notSnapshot, line: 1, column: 1,
                message: "expected '\(headerPrefix)\(version)', found '\(printable(line))': not a breakout save")
        }
        let digits = line.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw DecodeError(
                .notSnapshot, line: 1, column: prefix.count + 1,
                message: "expected a version number, found '\(printable(digits))'")
        }
        let number = Int(String(decoding: digits.prefix(19), as: UTF8.self)) ?? .max
        guard number != 0 else {
            throw DecodeError(.notSnapshot, line: 1, column: prefix.count + 1, message: "there is no version 0")
        }
        guard digits.count <= 18, number <= version else {
            throw DecodeError(
                .futureVersion, line: 1, column: prefix.count + 1,
                message: "version \(printable(digits)) was written by a newer breakout; this one reads version "
                    + "\(version)")
        }
    }

    private static func verifyChecksum(_ bytes: [UInt8], line: ArraySlice<UInt8>, index: Int) throws(DecodeError) {
        let prefix = Array(checksumPrefix.utf8)
        guard line.starts(with: prefix) else {
            throw DecodeError(
                .corrupt, line: index + 1, column: 1,
                message: "expected '\(checksumPrefix)', found '\(printable(line))': the file is damaged")
        }
        var hasher = StateHasher()
        hasher.combine(bytes: bytes[..<line.startIndex])
        guard Array(line.dropFirst(prefix.count)) == Array(hasher.hex.utf8) else {
            throw DecodeError(
                .corrupt, line: index + 1, column: prefix.count + 1,
                message: "the checksum does not match the contents (\(hasher.hex)): the file is damaged")
        }
    }

    /// The `key=value` lines between the header and the checksum: every game field once, extras under `runtime.`.
    private static func readValues(_ lines: ArraySlice<ArraySlice<UInt8>>) throws(DecodeError) -> BreakoutSnapshot {
        let byKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })
        var state = BreakoutState.onMenu(random: SeededRandom(seed: 0))
        var extras: [String: Int64] = [:]
        var seen: Set<String> = []
        for (index, line) in zip(lines.indices, lines) {
            let number = index + 1
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")), equals > line.startIndex,
                let key = String(validating: line[..<equals], as: UTF8.self),
                let text = String(validating: line[(equals + 1)...], as: UTF8.self)
            else {
                throw DecodeError(
                    .malformed, line: number, column: 1, message: "expected key=value, found '\(printable(line))'")
            }
            let column = equals - line.startIndex + 2
            guard seen.insert(key).inserted else {
                throw DecodeError(.malformed, line: number, column: 1, message: "'\(shown(key))' appears twice")
            }
            if key.hasPrefix(extraPrefix) {
                let name = String(key.dropFirst(extraPrefix.count))
                guard !name.isEmpty, let value = Int64(text, radix: 10) else {
                    throw DecodeError(
                        .malformed, line: number, column: column,
                        message: "'\(shown(key))' needs a whole number, found '\(shown(text))'")
                }
                extras[name] = value
            } else if let field = byKey[key] {
                if let expected = field.read(&state, text) {
                    throw DecodeError(
                        .malformed, line: number, column: column,
                        message: "'\(key)' needs \(expected), found '\(shown(text))'")
                }
            } else {
                throw DecodeError(.malformed, line: number, column: 1, message: "unknown key '\(shown(key))'")
            }
        }
        if let missing = fields.first(where: { !seen.contains($0.key) }) {
            throw DecodeError(.malformed, line: 0, message: "the save has no '\(missing.key)'")
        }
        return BreakoutSnapshot(state: state, extras: extras)
    }

    /// At most 40 bytes, with anything unprintable as `?`.
    static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = bytes.prefix(40).map { (32..<127).contains($0) ? Character(UnicodeScalar($0)) : "?" }
        return String(shown) + (bytes.count > 40 ? "..." : "")
    }

    private static func shown(_ text: String) -> String { printable(ArraySlice(text.utf8)) }
}

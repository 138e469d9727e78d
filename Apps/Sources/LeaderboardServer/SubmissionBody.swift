// SubmissionBody: the body of a score submission read without JSONDecoder when it has the plain shape every client
// sends: one object holding "level", "score" and maybe "milliseconds", each a non-negative integer without sign,
// fraction or exponent, in any order, with JSON whitespace anywhere between tokens. Anything else (another key, a
// key twice, an escape, a string, null, a negative or oversized number, trailing bytes...) is left to JSONDecoder,
// whose answer and error messages stay those of the API; on what it accepts, this gives what JSONDecoder gives
// (SubmissionBodyTests compares both on generated bodies). JSONDecoder cost about 5 % of the server's CPU a
// submission.

import Foundation

/// A plain submission body's three numbers, or nil when the body is not plain.
enum SubmissionBody {
    static func plain(_ bytes: some ContiguousBytes) -> (level: Int64, score: Int64, milliseconds: Int64?)? {
        bytes.withUnsafeBytes { plain(raw: $0) }
    }

    /// Read over the bytes in place: no copy, no array (the first version, generic over `Data`'s indices and
    /// building each key as an array, cost 8 % of the handler's thread time).
    private static func plain(raw bytes: UnsafeRawBufferPointer) -> (level: Int64, score: Int64, milliseconds: Int64?)?
    {
        var level: Int64?
        var score: Int64?
        var milliseconds: Int64?
        var index = 0
        let end = bytes.count
        func skipSpace() {
            while index != end {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }
        func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index != end, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        /// A key: the bytes between quotes (at most 16), none of them a backslash or a control character.
        func key() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index != end, bytes[index] != UInt8(ascii: "\"") {
                let byte = bytes[index]
                guard byte != UInt8(ascii: "\\"), byte >= 0x20, index - start < 16 else { return nil }
                index += 1
            }
            guard index != end else { return nil }
            index += 1
            return start..<index - 1
        }
        func isKey(_ range: Range<Int>, _ name: StaticString) -> Bool {
            range.count == name.utf8CodeUnitCount
                && memcmp(bytes.baseAddress! + range.lowerBound, name.utf8Start, range.count) == 0
        }
        /// `0`, or a digit 1-9 then at most 17 digits, not followed by a fraction or an exponent.
        func number() -> Int64? {
            skipSpace()
            var value: Int64 = 0
            var digits = 0
            while index != end, (48...57).contains(bytes[index]) {
                if digits == 1 && value == 0 { return nil }  // a leading zero
                guard digits < 18 else { return nil }  // checked first: 19 digits may overflow Int64
                value = value * 10 + Int64(bytes[index] - 48)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index != end {
                switch bytes[index] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
                default: break
                }
            }
            return value
        }

        guard !bytes.isEmpty, take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = key(), take(UInt8(ascii: ":")), let value = number() else { return nil }
            if isKey(key, "level"), level == nil {
                level = value
            } else if isKey(key, "score"), score == nil {
                score = value
            } else if isKey(key, "milliseconds"), milliseconds == nil {
                milliseconds = value
            } else {
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let level, let score else { return nil }
        skipSpace()
        guard index == end else { return nil }
        return (level, score, milliseconds)
    }
}

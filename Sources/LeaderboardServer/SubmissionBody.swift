// SubmissionBody: the body of a score submission read without JSONDecoder when it has the plain shape every client
// sends: one object holding "level", "score" and maybe "milliseconds", each a non-negative integer without sign,
// fraction or exponent, in any order, with JSON whitespace anywhere between tokens. Anything else (another key, a
// key twice, an escape, a string, null, a negative or oversized number, trailing bytes...) is left to JSONDecoder,
// whose answer and error messages stay those of the API; on what it accepts, this gives what JSONDecoder gives
// (SubmissionBodyTests compares both on generated bodies). JSONDecoder cost about 5 % of the server's CPU a
// submission.

/// A plain submission body's three numbers, or nil when the body is not plain.
enum SubmissionBody {
    static func plain(_ bytes: some Collection<UInt8>) -> (level: Int64, score: Int64, milliseconds: Int64?)? {
        var level: Int64?
        var score: Int64?
        var milliseconds: Int64?
        var index = bytes.startIndex
        func skipSpace() {
            while index != bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index = bytes.index(after: index)
            }
        }
        func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index != bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }
        /// A key: the bytes between quotes, none of them a backslash or a control character.
        func key() -> [UInt8]? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var key: [UInt8] = []
            while index != bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
                let byte = bytes[index]
                guard byte != UInt8(ascii: "\\"), byte >= 0x20, key.count < 16 else { return nil }
                key.append(byte)
                index = bytes.index(after: index)
            }
            guard index != bytes.endIndex else { return nil }
            index = bytes.index(after: index)
            return key
        }
        /// `0`, or a digit 1-9 then at most 17 digits, not followed by a fraction or an exponent.
        func number() -> Int64? {
            skipSpace()
            var value: Int64 = 0
            var digits = 0
            while index != bytes.endIndex, (48...57).contains(bytes[index]) {
                if digits == 1 && value == 0 { return nil }  // a leading zero
                guard digits < 18 else { return nil }  // checked first: 19 digits may overflow Int64
                value = value * 10 + Int64(bytes[index] - 48)
                digits += 1
                index = bytes.index(after: index)
            }
            guard digits > 0 else { return nil }
            if index != bytes.endIndex,
                [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index])
            {
                return nil
            }
            return value
        }

        guard take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = key(), take(UInt8(ascii: ":")), let value = number() else { return nil }
            switch key {
            case Array("level".utf8) where level == nil: level = value
            case Array("score".utf8) where score == nil: score = value
            case Array("milliseconds".utf8) where milliseconds == nil: milliseconds = value
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let level, let score else { return nil }
        skipSpace()
        guard index == bytes.endIndex else { return nil }
        return (level, score, milliseconds)
    }
}

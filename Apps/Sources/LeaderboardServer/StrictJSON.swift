// StrictJSON: the leaderboard reads its bodies as RFC 8259 JSON and nothing looser, so that what a client sends means
// one thing on every server and every JSON library: no trailing comma, no key twice in one object (JSONDecoder kept
// the first, another library the last), no comment, no leading zero, and every number the API takes written as an
// integer (`7`, never `7.0`, `7e0` or `-0`, which JSONDecoder read as 7 and 0). Checked before JSONDecoder reads a
// body (Validation.decodeBody); the plain bodies SubmissionBody reads itself are strict by construction. Nesting is
// bounded (32), so a body of brackets cannot exhaust the stack.

/// Checks a body is strict JSON as the leaderboard accepts it.
enum StrictJSON {
    /// Why `bytes` is not strict JSON (one line, with the byte offset), or nil when it is.
    static func problem(in bytes: some Collection<UInt8>) -> String? {
        var reader = Reader(bytes: Array(bytes))
        do {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.at == reader.bytes.count else { throw Reader.Failure(reader.at, "bytes after the value") }
            return nil
        } catch let failure as Reader.Failure {
            return "\(failure.why) at byte \(failure.offset)"
        } catch {
            return "\(error)"
        }
    }

    struct Reader {
        struct Failure: Error {
            let offset: Int
            let why: String
            init(_ offset: Int, _ why: String) {
                self.offset = offset
                self.why = why
            }
        }

        let bytes: [UInt8]
        var at = 0
        static let maximumDepth = 32

        init(bytes: [UInt8]) { self.bytes = bytes }

        var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpace() {
            while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
            guard next == byte else { throw Failure(at, "expected \(what)") }
            at += 1
        }

        mutating func value(depth: Int) throws(Failure) {
            guard depth < Self.maximumDepth else { throw Failure(at, "nested deeper than \(Self.maximumDepth)") }
            guard let byte = next else { throw Failure(at, "the body ended where a value was expected") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try integer()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            default: throw Failure(at, "not a JSON value")
            }
        }

        mutating func object(depth: Int) throws(Failure) {
            var keys = Set<[UInt8]>()
            try elements(closing: UInt8(ascii: "}")) { reader throws(Failure) in
                let start = reader.at
                guard reader.next == UInt8(ascii: "\"") else {
                    throw Failure(reader.at, "expected a key (a trailing comma?)")
                }
                guard keys.insert(try reader.string()).inserted else {
                    throw Failure(start, "a key twice in one object")
                }
                reader.skipSpace()
                try reader.expect(UInt8(ascii: ":"), "':'")
                reader.skipSpace()
                try reader.value(depth: depth + 1)
            }
        }

        mutating func array(depth: Int) throws(Failure) {
            try elements(closing: UInt8(ascii: "]")) { reader throws(Failure) in
                guard reader.next != UInt8(ascii: "]") else { throw Failure(reader.at, "a trailing comma") }
                try reader.value(depth: depth + 1)
            }
        }

        /// The elements of an object or array after its opening byte: none, or `element`s separated by commas, then
        /// `closing`.
        mutating func elements(
            closing: UInt8, _ element: (inout Reader) throws(Failure) -> Void
        ) throws(Failure) {
            at += 1
            skipSpace()
            if next == closing {
                at += 1
                return
            }
            while true {
                skipSpace()
                try element(&self)
                skipSpace()
                guard next == UInt8(ascii: ",") else { break }
                at += 1
            }
            try expect(closing, "',' or '\(Character(Unicode.Scalar(closing)))'")
        }

        /// A string's raw bytes between its quotes (escapes kept as written, so `"a"` and `"\u0061"` are two keys:
        /// a client that writes the same key two ways is refused by JSONDecoder's own duplicate rules, if at all).
        mutating func string() throws(Failure) -> [UInt8] {
            let start = at
            at += 1
            while let byte = next {
                switch byte {
                case UInt8(ascii: "\""):
                    at += 1
                    return Array(bytes[start + 1..<at - 1])
                case UInt8(ascii: "\\"):
                    at += 1
                    guard let escaped = next else { break }
                    if escaped == UInt8(ascii: "u") {
                        let digits = bytes[min(at + 1, bytes.count)..<min(at + 5, bytes.count)]
                        guard digits.count == 4, digits.allSatisfy(\.isHexDigit) else {
                            throw Failure(at, "a \\u escape needs four hex digits")
                        }
                        at += 5
                    } else {
                        guard Array("\"\\/bfnrt".utf8).contains(escaped) else { throw Failure(at, "an unknown escape") }
                        at += 1
                    }
                case 0x00..<0x20: throw Failure(at, "a control character inside a string")
                default: at += 1
                }
            }
            throw Failure(start, "a string that does not end")
        }

        mutating func integer() throws(Failure) {
            let start = at
            if next == UInt8(ascii: "-") { at += 1 }
            let digitsStart = at
            while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { at += 1 }
            guard at > digitsStart else { throw Failure(start, "a '-' without digits") }
            if bytes[digitsStart] == UInt8(ascii: "0"), at - digitsStart > 1 { throw Failure(start, "a leading zero") }
            if at - start == 2, bytes[start] == UInt8(ascii: "-"), bytes[digitsStart] == UInt8(ascii: "0") {
                throw Failure(start, "-0 (write 0)")
            }
            if let byte = next, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte) {
                throw Failure(start, "a number that is not written as an integer")
            }
        }

        mutating func word(_ word: String) throws(Failure) {
            let expected = Array(word.utf8)
            guard bytes.count - at >= expected.count, Array(bytes[at..<at + expected.count]) == expected else {
                throw Failure(at, "not a JSON value")
            }
            at += expected.count
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}

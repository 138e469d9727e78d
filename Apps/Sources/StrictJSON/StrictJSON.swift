// StrictJSON: RFC 8259 JSON and nothing looser, for both servers (the leaderboard's request bodies, the match
// protocol's text frames), so that what a client sends means one thing on every server and every JSON library: UTF-8
// with no byte-order mark, no trailing comma, no key twice in one object (JSONDecoder kept the first, another library
// the last), no comment, no leading zero, and every number written as an integer (`7`, never `7.0`, `7e0` or `-0`,
// which JSONDecoder read as 7 and 0): neither server takes any other number. Each server checks a text here before
// JSONDecoder reads it (Validation.decodeBody, MatchWire's decodeEnvelope). Nesting is bounded (32), so a text of
// brackets cannot exhaust the stack. Imports nothing.

/// Checks a text is strict JSON as the servers accept it.
public enum StrictJSON {
    /// Why `bytes` is not strict JSON (one line naming what was wrong, with the byte offset), or nil when it is.
    public static func problem(in bytes: some Collection<UInt8>) -> String? {
        var reader = Reader(bytes: Array(bytes))
        do throws(Reader.Failure) {
            if let offset = invalidUTF8Offset(in: reader.bytes) {
                throw Reader.Failure(offset, "bytes that are not UTF-8")
            }
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                throw Reader.Failure(0, "a byte-order mark (U+FEFF) before the JSON text")
            }
            reader.skipSpace()
            try reader.value(depth: 0, key: nil)
            reader.skipSpace()
            guard reader.at == reader.bytes.count else { throw Reader.Failure(reader.at, "bytes after the value") }
            return nil
        } catch {
            return "\(error.why) at byte \(error.offset)"
        }
    }

    /// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8 (an overlong form, a
    /// surrogate, a code point past U+10FFFF, a truncated sequence), or nil when all of it is UTF-8.
    public static func invalidUTF8Offset(in bytes: some Collection<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
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

        /// One value; `key` is the object key it belongs to (its raw bytes), nil in an array or at the top.
        mutating func value(depth: Int, key: [UInt8]?) throws(Failure) {
            guard depth < Self.maximumDepth else { throw Failure(at, "nested deeper than \(Self.maximumDepth)") }
            guard let byte = next else { throw Failure(at, "the text ended where a value was expected") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try integer(key: key)
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
                guard reader.next == UInt8(ascii: "\"") else { throw Failure(reader.at, "expected a key") }
                let key = try reader.string()
                guard keys.insert(key).inserted else {
                    throw Failure(start, "duplicate key \"\(Self.text(key))\" (a key twice in one object)")
                }
                reader.skipSpace()
                try reader.expect(UInt8(ascii: ":"), "':'")
                reader.skipSpace()
                try reader.value(depth: depth + 1, key: key)
            }
        }

        mutating func array(depth: Int) throws(Failure) {
            try elements(closing: UInt8(ascii: "]")) { reader throws(Failure) in
                try reader.value(depth: depth + 1, key: nil)
            }
        }

        /// The elements of an object or array after its opening byte: none, or `element`s separated by commas, then
        /// `closing`. A comma followed by `closing` is a trailing comma.
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
                let comma = at
                at += 1
                skipSpace()
                if next == closing { throw Failure(comma, "a trailing comma") }
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

        /// A number, which must be an integer: the whole RFC 8259 number is read, so that the refusal quotes it
        /// (`'level' must be an integer, not 7.0`).
        mutating func integer(key: [UInt8]?) throws(Failure) {
            let start = at
            if next == UInt8(ascii: "-") { at += 1 }
            let digitsStart = at
            skipDigits()
            guard at > digitsStart else { throw Failure(start, "a '-' without digits") }
            let integerEnd = at
            if next == UInt8(ascii: ".") {
                at += 1
                let fraction = at
                skipDigits()
                guard at > fraction else { throw Failure(start, "a number without digits after its '.'") }
            }
            if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                at += 1
                if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
                let exponent = at
                skipDigits()
                guard at > exponent else { throw Failure(start, "a number without digits in its exponent") }
            }
            let name = key.map { "'\(Self.text($0))'" } ?? "a number"
            guard at == integerEnd else {
                throw Failure(start, "\(name) must be an integer, not \(Self.text(bytes[start..<at]))")
            }
            if bytes[digitsStart] == UInt8(ascii: "0"), at - digitsStart > 1 { throw Failure(start, "a leading zero") }
            if at - start == 2, bytes[start] == UInt8(ascii: "-"), bytes[digitsStart] == UInt8(ascii: "0") {
                throw Failure(start, "\(name) is -0 (write 0)")
            }
        }

        mutating func skipDigits() {
            while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { at += 1 }
        }

        mutating func word(_ word: String) throws(Failure) {
            let expected = Array(word.utf8)
            guard bytes.count - at >= expected.count, Array(bytes[at..<at + expected.count]) == expected else {
                throw Failure(at, "not a JSON value")
            }
            at += expected.count
        }

        /// Bytes from the text quoted in a refusal: at most 40 of them, as UTF-8.
        static func text(_ bytes: some Collection<UInt8>) -> String {
            String(decoding: bytes.prefix(40), as: UTF8.self) + (bytes.count > 40 ? "..." : "")
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}

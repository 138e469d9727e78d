// TranscriptReader: reads a transcript back (CONTRACT §8, JSON Lines) into typed lines, for the tools that draw or
// report a replay after the fact (`interlude diagram --transcript`, the replay report). It reads exactly what
// `TranscriptLine.json` writes: one flat object per line, strings, integers, booleans and null, nothing nested.
// Anything else is an error naming the line and column, never a crash.

import Lifecycle
import Runtime

/// A transcript line that cannot be read: where, and what was expected.
public struct TranscriptReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int  // 1-based
    public let column: Int  // 1-based, in Unicode scalars
    public let message: String

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Reads transcripts.
public enum TranscriptReader {
    /// The longest transcript line read, in bytes (a written line is under a few hundred).
    public static let longestLine = 64 << 10

    /// The typed lines of `text`, a whole transcript; `file` names it in errors. Empty lines are skipped.
    public static func read(_ text: String, file: String) throws(TranscriptReadError) -> [TranscriptLine] {
        var lines: [TranscriptLine] = []
        for (offset, scalars) in ScriptTokenizer.lines(of: text).enumerated() where !scalars.isEmpty {
            lines.append(try line(Array(scalars), file: file, number: offset + 1))
        }
        return lines
    }

    /// One line, `{"t":…,"type":…,…}`, as a typed line.
    static func line(_ scalars: [Unicode.Scalar], file: String, number: Int) throws(TranscriptReadError)
        -> TranscriptLine
    {
        func fail(_ column: Int, _ message: String) -> TranscriptReadError {
            TranscriptReadError(file: file, line: number, column: column, message: message)
        }
        guard scalars.count <= longestLine else { throw fail(1, "a line longer than \(longestLine) characters") }
        var object = FlatObject(scalars: scalars)
        let fields: [String: FlatValue]
        do { fields = try object.parse() } catch { throw fail(error.column, error.message) }
        guard case .integer(let milliseconds)? = fields["t"], milliseconds >= 0, milliseconds <= 1 << 40 else {
            throw fail(1, "`t` must be a whole number of milliseconds, 0 or more")
        }
        guard case .string(let type)? = fields["type"] else { throw fail(1, "`type` (a string) is missing") }
        let entry: TranscriptEntry
        do { entry = try Self.entry(type, fields) } catch { throw fail(1, error.message) }
        return TranscriptLine(time: milliseconds * 1_000_000, entry: entry)
    }

    private struct FieldError: Error { let message: String }

    /// One line's fields, read as the line type needs them; every miss names the field.
    private struct Fields {
        let type: String
        let values: [String: FlatValue]

        func string(_ key: String) throws(FieldError) -> String {
            guard case .string(let value)? = values[key] else {
                throw FieldError(message: "a \(type) line needs `\(key)` (a string)")
            }
            return value
        }
        func optionalString(_ key: String) throws(FieldError) -> String? {
            switch values[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw FieldError(message: "`\(key)` must be a string or null")
            }
        }
        func boolean(_ key: String) throws(FieldError) -> Bool {
            guard case .boolean(let value)? = values[key] else {
                throw FieldError(message: "a \(type) line needs `\(key)` (true or false)")
            }
            return value
        }
        func integer(_ key: String) throws(FieldError) -> Int {
            guard case .integer(let value)? = values[key], let small = Int(exactly: value) else {
                throw FieldError(message: "a \(type) line needs `\(key)` (a whole number)")
            }
            return small
        }
        func named<T: RawRepresentable>(_ key: String, _: T.Type, _ what: String) throws(FieldError) -> T
        where T.RawValue == String {
            let name = try string(key)
            guard let value = T(rawValue: name) else { throw FieldError(message: "'\(name)' is not \(what)") }
            return value
        }
    }

    private static func entry(_ type: String, _ values: [String: FlatValue]) throws(FieldError) -> TranscriptEntry {
        let f = Fields(type: type, values: values)
        switch type {
        case "event": return .event(name: try f.string("name"), args: try f.optionalString("args"))
        case "rejected":
            return .rejected(
                name: try f.string("name"), state: try f.named("state", AppState.self, "a state"),
                why: try f.string("why"))
        case "ignored":
            return .ignored(name: try f.string("name"), state: try f.named("state", AppState.self, "a state"))
        case "transition":
            let reason = try f.optionalString("reason")
            guard reason.map({ Reason(rawValue: $0) != nil }) ?? true else {
                throw FieldError(message: "'\(reason ?? "")' is not a reason")
            }
            return .transition(
                from: try f.named("from", AppState.self, "a state"), to: try f.named("to", AppState.self, "a state"),
                reason: reason.flatMap { Reason(rawValue: $0) })
        case "callback": return .callback(try f.named("name", Callback.self, "a callback"))
        case "window": return .window(name: try f.string("name"), args: try f.optionalString("args"))
        case "engine": return .engine(engine: try f.string("engine"), event: try f.string("event"))
        case "work": return .work(try f.named("name", Work.self, "a work item"), detail: try f.optionalString("detail"))
        case "expect":
            return .expect(line: try f.integer("line"), ok: try f.boolean("ok"), detail: try f.optionalString("detail"))
        case "frame":
            return .frame(name: try f.string("name"), file: try f.optionalString("file"), hash: try f.string("hash"))
        case "violation": return .violation(invariant: try f.integer("invariant"), detail: try f.string("detail"))
        case "end":
            return .end(
                state: try f.named("state", AppState.self, "a state"), simulationHash: try f.string("simulationHash"),
                ok: try f.boolean("ok"))
        default:
            throw FieldError(
                message: "unknown line type '\(type)' (expected event, rejected, ignored, transition, "
                    + "callback, window, engine, work, expect, frame, violation or end)")
        }
    }
}

/// A value of a flat JSON object.
enum FlatValue: Equatable {
    case string(String)
    case integer(Int64)
    case boolean(Bool)
    case null
}

/// A JSON object whose values are strings, integers, booleans or null (what a transcript line holds).
struct FlatObject {
    struct Failure: Error {
        let column: Int
        let message: String
    }

    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() throws(Failure) -> [String: FlatValue] {
        var fields: [String: FlatValue] = [:]
        skipSpace()
        try expect("{")
        skipSpace()
        if peek == "}" {
            index += 1
        } else {
            while true {
                skipSpace()
                let keyColumn = index + 1
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                let value = try self.value()
                guard fields.updateValue(value, forKey: key) == nil else {
                    throw Failure(column: keyColumn, message: "the key '\(key)' appears twice")
                }
                skipSpace()
                if peek == "," {
                    index += 1
                    continue
                }
                try expect("}")
                break
            }
        }
        skipSpace()
        guard index == scalars.count else { throw failure("nothing may follow the object") }
        return fields
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func failure(_ message: String) -> Failure { Failure(column: index + 1, message: message) }

    private mutating func skipSpace() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\r" { index += 1 }
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(Failure) {
        guard peek == scalar else {
            throw failure("expected '\(scalar)', found \(peek.map { "'\($0.escaped(asASCII: true))'" } ?? "the end")")
        }
        index += 1
    }

    private mutating func value() throws(Failure) -> FlatValue {
        switch peek {
        case "\""?: return .string(try string())
        case "t"?:
            try word("true")
            return .boolean(true)
        case "f"?:
            try word("false")
            return .boolean(false)
        case "n"?:
            try word("null")
            return .null
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): return .integer(try integer())
        default: throw failure("expected a string, a whole number, true, false or null")
        }
    }

    private mutating func word(_ word: String) throws(Failure) {
        for scalar in word.unicodeScalars { try expect(scalar) }
    }

    private mutating func integer() throws(Failure) -> Int64 {
        let start = index
        var negative = false
        if peek == "-" {
            negative = true
            index += 1
        }
        var value: Int64 = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            let digit = Int64(scalar.value - 48)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw Failure(column: start + 1, message: "a number out of range") }
            value = sum
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw failure("expected a digit") }
        if let scalar = peek, scalar == "." || scalar == "e" || scalar == "E" {
            throw failure("expected a whole number")
        }
        return negative ? -value : value
    }

    private mutating func string() throws(Failure) -> String {
        try expect("\"")
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw failure("a string is not closed") }
            index += 1
            switch scalar {
            case "\"": return String(text)
            case "\\": text.append(try escape())
            default:
                guard scalar.value >= 0x20 else {
                    throw Failure(column: index, message: "a control character in a string")
                }
                text.append(scalar)
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let scalar = peek else { throw failure("a string is not closed") }
        index += 1
        switch scalar {
        case "\"", "\\", "/": return scalar
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let high = try hex4()
            guard (0xD800..<0xDC00).contains(high) else {
                guard let value = Unicode.Scalar(high) else { throw failure("a lone low surrogate") }
                return value
            }
            guard peek == "\\" else { throw failure("a high surrogate without its low half") }
            index += 1
            try expect("u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low),
                let value = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw failure("a high surrogate without its low half") }
            return value
        default: throw Failure(column: index, message: "an unknown escape '\\\(scalar.escaped(asASCII: true))'")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = UInt32(String(scalar), radix: 16) else {
                throw failure("expected four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}

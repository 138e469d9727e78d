// Transcript: the JSON Lines record of a run (CONTRACT §8), written by hand so key order and number
// formatting are fixed: the same script gives the same bytes on every run and machine.

import Lifecycle
import Replay

/// The lines of a run's transcript, in order.
public struct Transcript: Sendable {
    public private(set) var lines: [String] = []

    public init() {}

    /// The whole transcript, one JSON object per line, ending in a newline.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    mutating func append(_ time: Nanoseconds, _ type: String, _ fields: [(String, JSONValue)]) {
        var line = "{\"t\":\(time / 1_000_000),\"type\":\"\(type)\""
        for (key, value) in fields {
            line += ",\"\(key)\":" + value.encoded
        }
        lines.append(line + "}")
    }
}

/// The few JSON values a transcript holds.
enum JSONValue {
    case string(String)
    case integer(Int64)
    case boolean(Bool)
    case null

    var encoded: String {
        switch self {
        case .string(let text): return Self.quote(text)
        case .integer(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

// Transcript: the JSON Lines record of a run (CONTRACT §8), written by hand so key order and number
// formatting are fixed: the same script gives the same bytes on every run and machine.

import Lifecycle
import Replay

/// The lines of a run's transcript, in order: every line, or with a `limit` only the most recent ones.
public struct Transcript: Sendable {
    /// The lines kept, oldest first: all of them, or with a `limit`, the last `limit` to `1.125 * limit` of them.
    public private(set) var lines: [String] = []
    /// Lines appended, then let go because of `limit` (always 0 without one). `lines` starts after these.
    public private(set) var droppedLines = 0
    /// How many of the most recent lines to keep at least; nil keeps every line. A replay keeps every line (it writes
    /// the whole transcript); a session that never writes it (the window, the soak harness) sets a limit, so that its
    /// memory does not grow with its length (`interlude-bench memory` measured 4.4 KB a background/foreground cycle kept).
    public var limit: Int? {
        didSet { trim() }
    }

    /// The limit a long-running session that never writes its transcript uses (`play`, `soak`): the last 1,000
    /// lines (a few dozen interruptions, or some minutes of autosaves), for a diagnosis; about 150 KB.
    public static let sessionLimit = 1_000

    /// Told every line as it is appended, before any `limit` lets it go: a replay streams its transcript to disk
    /// with it, so that a run that hangs or crashes later still leaves every line written so far.
    public var sink: (@Sendable (String) -> Void)?

    public init(limit: Int? = nil) { self.limit = limit }

    /// The kept lines, one JSON object per line, ending in a newline: the whole transcript when nothing was dropped.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    mutating func append(_ time: Nanoseconds, _ type: String, _ fields: [(String, JSONValue)]) {
        var line = "{\"t\":\(time / 1_000_000),\"type\":\"\(type)\""
        for (key, value) in fields {
            line += ",\"\(key)\":" + value.encoded
        }
        line += "}"
        sink?(line)
        lines.append(line)
        if let limit, lines.count >= limit + max(limit / 8, 1) { trim() }
    }

    /// Lets go of all but the last `limit` lines (in batches of an eighth of `limit`, so that appending stays
    /// amortised O(1) while the kept lines stay within 1.125 x `limit`).
    private mutating func trim() {
        guard let limit, lines.count > max(limit, 0) else { return }
        let drop = lines.count - max(limit, 0)
        lines.removeFirst(drop)
        droppedLines += drop
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

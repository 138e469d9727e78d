// Transcript: the record of a run (CONTRACT §8) as typed entries, encoded to JSON Lines at one edge
// (`TranscriptLine.json`), written by hand so key order and number formatting are fixed: the same script gives the
// same bytes on every run and machine. Tests and tools match the typed entries; the bytes are for files.

import InterludeNetwork
import Lifecycle

/// What one transcript line says (CONTRACT §8: the line's `type` and its fields). The runtime writes every kind
/// but `expect`, `frame` and `end`, which a script runner adds through `Runtime.noteExpectation`, `noteFrame` and
/// `noteEnd`.
public enum TranscriptEntry: Hashable, Sendable {
    /// An OS event (`name` is the event's) or a player's action (`name` the action's, `args` its words).
    case event(name: String, args: String?)
    /// An event or action that is illegal now, with why; nothing happened.
    case rejected(name: String, state: AppState, why: String)
    /// An event that changes nothing in this state (e.g. an SMS while suspended).
    case ignored(name: String, state: AppState)
    /// A change of state, or of the inactive reason.
    case transition(from: AppState, to: AppState, reason: Reason?)
    /// A callback delivered to the game.
    case callback(Callback)
    /// Android's window focus or surface notification (`WindowNotice`): not a callback (issue 29).
    case window(name: String, args: String?)
    /// An event a game engine's own platform code would deliver for the line before (CONTRACT §8 `engine`): written
    /// only for the engines a replay asks for (Replay's `EngineFollower`).
    case engine(engine: String, event: String)
    /// A piece of work performed, with what it did.
    case work(Work, detail: String?)
    /// An `expect` line of a script (its line number) and whether it held; `detail` says what was found instead.
    case expect(line: Int, ok: Bool, detail: String?)
    /// A captured frame: its name, the PNG written (nil when none) and the hash of what was seen.
    case frame(name: String, file: String?, hash: String)
    /// A broken invariant (CONTRACT §6).
    case violation(invariant: Int, detail: String)
    /// The run's end: the state, the simulation's hash, and whether every expectation held.
    case end(state: AppState, simulationHash: String, ok: Bool)

    /// The line's `type`.
    public var type: String {
        switch self {
        case .event: return "event"
        case .rejected: return "rejected"
        case .ignored: return "ignored"
        case .transition: return "transition"
        case .callback: return "callback"
        case .window: return "window"
        case .engine: return "engine"
        case .work: return "work"
        case .expect: return "expect"
        case .frame: return "frame"
        case .violation: return "violation"
        case .end: return "end"
        }
    }

    /// The line's fields after `t` and `type`, in the order they are written.
    var fields: [(String, JSONValue)] {
        switch self {
        case .event(let name, let args):
            return [("name", .string(name))] + (args.map { [("args", .string($0))] } ?? [])
        case .rejected(let name, let state, let why):
            return [("name", .string(name)), ("state", .string(state.rawValue)), ("why", .string(why))]
        case .ignored(let name, let state):
            return [("name", .string(name)), ("state", .string(state.rawValue))]
        case .transition(let from, let to, let reason):
            return [("from", .string(from.rawValue)), ("to", .string(to.rawValue))]
                + (reason.map { [("reason", .string($0.rawValue))] } ?? [])
        case .callback(let callback):
            return [("name", .string(callback.rawValue))]
        case .window(let name, let args):
            return [("name", .string(name))] + (args.map { [("args", .string($0))] } ?? [])
        case .engine(let engine, let event):
            return [("engine", .string(engine)), ("event", .string(event))]
        case .work(let work, let detail):
            return [("name", .string(work.rawValue))] + (detail.map { [("detail", .string($0))] } ?? [])
        case .expect(let line, let ok, let detail):
            return [("line", .integer(Int64(line))), ("ok", .boolean(ok))]
                + (detail.map { [("detail", .string($0))] } ?? [])
        case .frame(let name, let file, let hash):
            return [("name", .string(name)), ("file", file.map { .string($0) } ?? .null), ("hash", .string(hash))]
        case .violation(let invariant, let detail):
            return [("invariant", .integer(Int64(invariant))), ("detail", .string(detail))]
        case .end(let state, let simulationHash, let ok):
            return [
                ("state", .string(state.rawValue)), ("simulationHash", .string(simulationHash)), ("ok", .boolean(ok)),
            ]
        }
    }
}

/// One line: when (virtual time) and what.
public struct TranscriptLine: Hashable, Sendable {
    public let time: Nanoseconds
    public let entry: TranscriptEntry

    public init(time: Nanoseconds, entry: TranscriptEntry) {
        self.time = time
        self.entry = entry
    }

    /// The line as JSON (CONTRACT §8): `t` in whole milliseconds, `type`, then the entry's fields; no newline.
    public var json: String {
        var line = "{\"t\":\(time / 1_000_000),\"type\":\"\(entry.type)\""
        for (key, value) in entry.fields { line += ",\"\(key)\":" + value.encoded }
        return line + "}"
    }
}

/// The lines of a run's transcript, in order: every line, or with a `limit` only the most recent ones.
public struct Transcript: Sendable {
    /// The entries kept, oldest first: all of them, or with a `limit`, the last `limit` to `1.125 * limit` of them.
    public private(set) var entries: [TranscriptLine] = []
    /// Lines appended, then let go because of `limit` (always 0 without one). `entries` starts after these.
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

    /// `text` as a JSON string, escaped as every transcript line is: for tools that write lines of their own kind
    /// beside a transcript's (`interlude simulate`'s `simulation` lines).
    public static func jsonString(_ text: String) -> String { JSONValue.quote(text) }

    /// The kept lines as JSON, oldest first.
    public var lines: [String] { entries.map(\.json) }

    /// Every line appended so far, kept or let go: grows by one with each line.
    public var appendedCount: Int { entries.count + droppedLines }

    /// The kept lines, one JSON object per line, ending in a newline: the whole transcript when nothing was dropped.
    public var text: String { entries.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    mutating func append(_ time: Nanoseconds, _ entry: TranscriptEntry) {
        let line = TranscriptLine(time: time, entry: entry)
        if let sink { sink(line.json) }
        entries.append(line)
        if let limit, entries.count >= limit + max(limit / 8, 1) { trim() }
    }

    /// Lets go of all but the last `limit` lines (in batches of an eighth of `limit`, so that appending stays
    /// amortised O(1) while the kept lines stay within 1.125 x `limit`).
    private mutating func trim() {
        guard let limit, entries.count > max(limit, 0) else { return }
        let drop = entries.count - max(limit, 0)
        entries.removeFirst(drop)
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

// BreakoutSnapshot: the game's state and the runtime's extras as a save, in breakout's own text format, version 1:
//
//   breakout-snapshot 1          header: the format version
//   screen=singlePlayer          one `key=value` line per game value, in the order of `fields` below: whole
//   paddle.x=160.0               numbers, `0`/`1` flags, floats as the shortest decimal that reads back exactly,
//   row.1=1111111111             and each row of the wall as one digit per brick (hits left)
//   runtime.generation=3         the runtime's extras (`generation`, `timer.NAME`, `outbox.KEY`, `setting.NAME`),
//   ...                          each under `runtime.`, sorted by key, whole numbers
//   checksum=0123456789abcdef    FNV-1a 64 (`StateHasher`) of every byte before this line, 16 lowercase hex digits
//   end                          the end marker: a file without it was cut short
//
// Inside the runtime's frame (Runtime's SnapshotFrame) this text is the game's part of a save, with no `runtime.`
// lines (`decodeState` refuses them); a whole file of it with them is what breakout wrote before that frame, still
// read (`Breakout.decodeLegacySnapshot`). The decoder (BreakoutSnapshot+Decode.swift) never traps; a value it reads may still be one play could not
// produce, which `Breakout.whyCannotRestore` refuses (Breakout+Validation.swift).

import Runtime
import Saves

/// A save: the game's state and the runtime's named integers.
public struct BreakoutSnapshot: Hashable, Sendable {
    public var state: BreakoutState
    public var extras: [String: Int64]  // the runtime's facts by name, e.g. "generation", "timer.speedup"

    public init(state: BreakoutState, extras: [String: Int64] = [:]) {
        self.state = state
        self.extras = extras
    }

    /// The version this build writes (and the only one it reads so far).
    public static let version = 1
    /// The largest save accepted, in bytes; a larger one is refused before it is read.
    public static let maximumBytes = 1 << 20
    static let headerPrefix = "breakout-snapshot "
    static let checksumPrefix = "checksum="
    static let extraPrefix = "runtime."
    static let endMarker = "end"

    /// True when `bytes` begin as this format does.
    public static func isOwnFile(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array(headerPrefix.utf8)) }

    /// The game's part of a save in the runtime's frame: this format with no runtime values.
    public static func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> BreakoutState {
        let snapshot = try decode(bytes)
        guard let key = snapshot.extras.keys.min() else { return snapshot.state }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let index = lines.firstIndex { $0.starts(with: Array((extraPrefix + key + "=").utf8)) } ?? -1
        throw SnapshotDecodeError(
            .malformed, line: index + 1, column: 1,
            message: "'\(extraPrefix)\(key)' is not one of the game's values (the runtime's stand outside its part)")
    }

    /// The bytes of the save.
    public func encoded() -> [UInt8] {
        var text = Self.headerPrefix + "\(Self.version)\n"
        for field in Self.fields { text += field.key + "=" + field.write(state) + "\n" }
        for (key, value) in extras.sorted(by: { $0.key < $1.key }) { text += Self.extraPrefix + key + "=\(value)\n" }
        var hasher = StateHasher()
        hasher.combine(bytes: Array(text.utf8))
        text += Self.checksumPrefix + hasher.hex + "\n" + Self.endMarker + "\n"
        return Array(text.utf8)
    }

    /// Every value as a whole number by key, as `expect snapshot` reads them: flags are 0 or 1, the screen is its
    /// index in `Screen.allCases` (with `inSession` beside it), positions are whole field units (rounded toward
    /// zero) and the ball's direction thousandths; the wall is `brick.ROW.COLUMN` (hits left, from 1) with
    /// `bricks` (bricks left) and `hits` (hits left in all); the runtime's extras keep their own names.
    public var values: [String: Int64] {
        let state = self.state
        var values: [String: Int64] = [
            "screen": Int64(Screen.allCases.firstIndex(of: state.screen) ?? 0),
            "inSession": state.isInSession ? 1 : 0, "paused": state.isPaused ? 1 : 0, "level": Int64(state.level),
            "score": state.score, "lives": Int64(state.lives), "steps": state.steps,
            "speedups": Int64(state.speedups), "run": state.run, "random": Int64(bitPattern: state.random.state),
            "won": state.hasWon ? 1 : 0, "paddle.x": Self.whole(state.paddleX), "ball.x": Self.whole(state.ball.x),
            "ball.y": Self.whole(state.ball.y), "ball.dx": Self.whole(state.ball.dx * 1000),
            "ball.dy": Self.whole(state.ball.dy * 1000), "ball.onPaddle": state.ball.isOnPaddle ? 1 : 0,
            "held.left": state.heldLeft, "held.right": state.heldRight,
            "bricks": Int64(state.wall.brickCount), "hits": Int64(state.wall.totalHits),
        ]
        for (index, hits) in state.wall.hits.enumerated() {
            values["brick.\(index / Field.columns + 1).\(index % Field.columns + 1)"] = Int64(hits)
        }
        for (key, value) in extras { values[key] = value }
        return values
    }

    /// `number` rounded toward zero, and never a trap: NaN is 0, and what does not fit is the nearest end.
    static func whole(_ number: Float) -> Int64 {
        guard !number.isNaN else { return 0 }
        guard abs(number) < 1e18 else { return number < 0 ? .min : .max }
        return Int64(number.rounded(.towardZero))
    }
}

/// One game value of the format: its key, how it is written, and how it is read back into a state (nil: read;
/// else what the text should have been).
struct SnapshotField: Sendable {
    let key: String
    let write: @Sendable (BreakoutState) -> String
    let read: @Sendable (inout BreakoutState, String) -> String?
}

extension BreakoutSnapshot {
    /// The game's values, in the order they are written. Every one is required when reading.
    static let fields: [SnapshotField] =
        [
            SnapshotField(key: "screen", write: { $0.screen.rawValue }) { state, text in
                guard let screen = Screen(rawValue: text) else {
                    return "one of \(Screen.allCases.map(\.rawValue).joined(separator: ", "))"
                }
                state.screen = screen
                return nil
            },
            flag("paused", \.isPaused), integer("level", \.level), integer("score", \.score),
            integer("lives", \.lives), integer("steps", \.steps), integer("speedups", \.speedups),
            integer("run", \.run), integer("random", \.random.state), flag("won", \.hasWon),
            float("paddle.x", \.paddleX), float("ball.x", \.ball.x), float("ball.y", \.ball.y),
            float("ball.dx", \.ball.dx), float("ball.dy", \.ball.dy), flag("ball.onPaddle", \.ball.isOnPaddle),
            integer("held.left", \.heldLeft), integer("held.right", \.heldRight),
        ] + (0..<Field.rows).map(row)

    private static func flag(_ key: String, _ path: WritableKeyPath<BreakoutState, Bool> & Sendable)
        -> SnapshotField
    {
        SnapshotField(key: key, write: { $0[keyPath: path] ? "1" : "0" }) { state, text in
            guard text == "0" || text == "1" else { return "0 or 1" }
            state[keyPath: path] = text == "1"
            return nil
        }
    }

    private static func integer<Number: FixedWidthInteger & Sendable>(
        _ key: String, _ path: WritableKeyPath<BreakoutState, Number> & Sendable
    ) -> SnapshotField {
        SnapshotField(key: key, write: { "\($0[keyPath: path])" }) { state, text in
            guard let number = Number(text, radix: 10) else {
                return "a whole number in \(Number.min)...\(Number.max)"
            }
            state[keyPath: path] = number
            return nil
        }
    }

    /// A float as the shortest decimal that reads back exactly (`Float.description`); only digits, a sign, a
    /// point and an exponent are read (no `nan`, `inf` or hexadecimal), and the value must be finite.
    private static func float(_ key: String, _ path: WritableKeyPath<BreakoutState, Float> & Sendable)
        -> SnapshotField
    {
        SnapshotField(key: key, write: { $0[keyPath: path].description }) { state, text in
            let allowed = Set("0123456789+-.eE")
            guard !text.isEmpty, text.count <= 64, text.allSatisfy(allowed.contains), let number = Float(text),
                number.isFinite
            else { return "a finite decimal number" }
            state[keyPath: path] = number
            return nil
        }
    }

    /// Row `index` of the wall (`row.1` is the top one): one digit per column, the hits left in that brick.
    private static func row(_ index: Int) -> SnapshotField {
        SnapshotField(
            key: "row.\(index + 1)",
            write: { state in (0..<Field.columns).map { String(state.wall[index, $0]) }.joined() }
        ) { state, text in
            let digits = text.compactMap(\.wholeNumberValue)
            guard text.unicodeScalars.count == Field.columns, text.unicodeScalars.allSatisfy({ $0.isASCII }),
                digits.count == Field.columns
            else { return "\(Field.columns) digits, one per brick" }
            for (column, hits) in digits.enumerated() { state.wall[index, column] = hits }
            return nil
        }
    }
}

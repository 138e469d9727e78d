// ScriptParser+Timed: `at <t> <event>` and `at <t> <game action>`, and reading times and durations.

import Lifecycle
import Runtime

extension ScriptReader {
    static let actionNames = ["play", "openLeaderboard", "closeLeaderboard", "menu", "resume", "fire", "input", "look"]

    /// `at <t> <event>` or `at <t> <action> ...`.
    mutating func readTimed(_ cursor: inout LineCursor) throws(ScriptError) -> Command? {
        let timeToken = try cursor.require("a time like 1.5s, 500ms or +2s", after: "at")
        let time = try resolve(timeToken, in: cursor)
        let name = try cursor.require("an event or a game action", after: "the time")
        lastTime = time
        if let event = Event(rawValue: name.text) {
            try cursor.finish(after: "the event '\(name.text)'")
            return .event(time: time, event)
        }
        return .action(time: time, try readAction(name, &cursor))
    }

    /// The absolute time `token` stands for, checked not to go backwards nor past `ScriptParser.latestTime`.
    private func resolve(_ token: Token, in cursor: LineCursor) throws(ScriptError) -> Nanoseconds {
        let isRelative = token.text.hasPrefix("+")
        let previous = lastTime ?? 0
        let latest = ScriptParser.latestTime
        let tooLate =
            "time '\(token.shown)' is past the end of a script's timeline: timed lines run to "
            + "\(TimeText.format(latest)) (24 h) at most"
        let value = try Self.duration(token, offset: isRelative ? 1 : 0, atMost: latest, else: tooLate, in: cursor)
        guard isRelative else {
            guard value >= previous else {
                throw cursor.error(
                    .timeWentBackwards, at: token,
                    "time \(token.shown) is before the previous timed line (\(TimeText.format(previous))); "
                        + "times never go backwards")
            }
            return value
        }
        // Both are within the cap, so the sum cannot overflow.
        guard previous + value <= latest else { throw cursor.error(.badTime, at: token, tooLate) }
        return previous + value
    }

    /// The duration spelt by `token` from scalar `offset` on (a relative time's `+` is skipped that way), at most
    /// `limit`; a longer one (or one too large to hold) is a `badTime` error saying `tooLong`.
    static func duration(
        _ token: Token, offset: Int = 0, atMost limit: Nanoseconds, else tooLong: @autoclosure () -> String,
        in cursor: LineCursor
    ) throws(ScriptError) -> Nanoseconds {
        let text = token.text.unicodeScalars.dropFirst(offset)
        guard !text.isEmpty else {
            throw cursor.error(.missingArgument, at: token, "expected a time like 1.5s or 500ms")
        }
        switch TimeText.nanoseconds(Substring(text)) {
        case .success(let value):
            guard value <= limit else { throw cursor.error(.badTime, at: token, tooLong()) }
            return value
        case .failure(.badUnit(let unit)):
            let found = unit.isEmpty ? "no unit" : "unit '\(Quoted.text(unit))'"
            throw cursor.error(
                .badUnit, at: token, "time '\(token.shown)' has \(found); expected ms or s, as in 500ms or 1.5s")
        case .failure(.badNumber):
            throw cursor.error(
                .badTime, at: token, "bad time '\(token.shown)'; expected a number and a unit, as in 1.5s")
        case .failure(.tooPrecise):
            throw cursor.error(.badTime, at: token, "time '\(token.shown)' is finer than a nanosecond")
        case .failure(.tooLarge):
            throw cursor.error(.badTime, at: token, tooLong())
        }
    }

    private func readAction(_ name: Token, _ cursor: inout LineCursor) throws(ScriptError) -> GameAction {
        let action: GameAction
        switch name.text {
        case "play": action = try readPlay(&cursor)
        case "openLeaderboard": action = .openLeaderboard
        case "closeLeaderboard": action = .closeLeaderboard
        case "menu": action = .menu
        case "resume": action = .resume
        case "fire": action = .fire
        case "input": action = try readInput(&cursor)
        case "look": action = try readLook(&cursor)
        default: throw unknownEventOrAction(name, in: cursor)
        }
        try cursor.finish(after: "the action '\(name.text)'")
        return action
    }

    /// `play singlePlayer|multiplayer [level=N]`.
    private func readPlay(_ cursor: inout LineCursor) throws(ScriptError) -> GameAction {
        let modes = GameMode.allCases.map(\.rawValue)
        let token = try cursor.require(modes.joined(separator: " or "), after: "play")
        guard let mode = GameMode(rawValue: token.text) else {
            throw cursor.error(
                .unknownMode, at: token,
                "unknown game mode '\(token.shown)'\(Suggestion.phrase(for: token.text, among: modes)); "
                    + "expected \(modes.joined(separator: " or "))")
        }
        let prefix = "level="
        guard let option = cursor.next() else { return .play(mode, level: 1) }
        guard option.text.hasPrefix(prefix) else {
            throw cursor.error(
                .unexpectedToken, at: option,
                "unexpected '\(option.shown)' after play \(mode.rawValue); expected level=N or the end of the line")
        }
        guard let level: Int = NumberText.unsigned(option.text.dropFirst(prefix.count)), level >= 1 else {
            throw cursor.error(
                .badNumber, at: option, offset: prefix.count,
                "bad level '\(Quoted.text(option.text.dropFirst(prefix.count)))'; expected a whole number from 1")
        }
        return .play(mode, level: level)
    }

    /// `input <key> <duration>`, the duration more than zero.
    private func readInput(_ cursor: inout LineCursor) throws(ScriptError) -> GameAction {
        let keys = Control.allCases.map(\.rawValue)
        let token = try cursor.require("a control (\(keys.joined(separator: ", ")))", after: "input")
        guard let key = Control(rawValue: token.text) else {
            throw cursor.error(
                .unknownKey, at: token,
                "unknown control '\(token.shown)'\(Suggestion.phrase(for: token.text, among: keys)); "
                    + "expected one of \(keys.joined(separator: ", "))")
        }
        let durationToken = try cursor.require("a duration like 500ms", after: "input \(key.rawValue)")
        let limit = ScriptParser.longestDuration
        let duration = try Self.duration(
            durationToken, atMost: limit,
            else: "input duration '\(durationToken.shown)' is too long: an input lasts \(TimeText.format(limit)) "
                + "(1 h) at most",
            in: cursor)
        guard duration > 0 else {
            throw cursor.error(.badTime, at: durationToken, "an input must last longer than 0ms")
        }
        return .input(key, duration: duration)
    }

    /// `look <yaw> [<pitch>]` in degrees, e.g. `look 90`, `look -12.5 3`.
    private func readLook(_ cursor: inout LineCursor) throws(ScriptError) -> GameAction {
        let yawToken = try cursor.require("an angle in degrees like 90 or -12.5", after: "look")
        let yaw = try Self.millidegrees(yawToken, in: cursor)
        guard let pitchToken = cursor.next() else { return .look(yawMillidegrees: yaw, pitchMillidegrees: 0) }
        return .look(yawMillidegrees: yaw, pitchMillidegrees: try Self.millidegrees(pitchToken, in: cursor))
    }

    /// Degrees as thousandths: an optional `-`, digits, and up to 3 decimals; within ±100000 degrees.
    static func millidegrees(_ token: Token, in cursor: LineCursor) throws(ScriptError) -> Int64 {
        let text = token.text
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : text[...]
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole: Int64? = NumberText.unsigned(parts[0])
        let fraction = parts.count == 2 ? parts[1] : ""
        let fractionDigits: Int64? = fraction.isEmpty ? 0 : NumberText.unsigned(fraction)
        guard let whole, whole <= 100_000, let fractionDigits, fraction.count <= 3,
            parts.count == 1 || !fraction.isEmpty
        else {
            throw cursor.error(
                .badNumber, at: token,
                "bad angle '\(token.shown)'; expected degrees like 90, -12.5 or 0.125 (at most 3 decimals, within 100000)"
            )
        }
        var scale: Int64 = 1
        for _ in fraction.count..<3 { scale *= 10 }
        let value = whole * 1000 + fractionDigits * scale
        guard value <= 100_000_000 else {
            throw cursor.error(.badNumber, at: token, "bad angle '\(token.shown)'; an angle is within 100000 degrees")
        }
        return negative ? -value : value
    }

    /// The error for a word after `at <t>` that is neither an event nor an action: `unknownAction` when it
    /// looks like an action (close to one, or followed by arguments), else `unknownEvent`.
    private func unknownEventOrAction(_ name: Token, in cursor: LineCursor) -> ScriptError {
        let events = Event.allCases.map(\.rawValue)
        let suggestion = Suggestion.closest(to: name.text, among: events + Self.actionNames)
        let looksLikeAction =
            suggestion.map { Self.actionNames.contains($0) } ?? (cursor.index < cursor.tokens.count)
        let kind = looksLikeAction ? "action" : "event"
        // With a suggestion the message stays short; without one it lists every name there is.
        let expected =
            suggestion.map { " (did you mean \($0)?); expected an event or a game action" }
            ?? "; expected an event (\(events.joined(separator: ", "))) or a game action "
            + "(\(Self.actionNames.joined(separator: ", ")))"
        return cursor.error(
            looksLikeAction ? .unknownAction : .unknownEvent, at: name, "unknown \(kind) '\(name.shown)'\(expected)")
    }
}

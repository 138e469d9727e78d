// ScriptParser+Timed: `at <t> <event>` and `at <t> <game action>` (the action's words read by the game's grammar,
// `ScriptAction`), and reading times and durations.

import Faults
import Lifecycle
import Runtime

extension ScriptReader {
    /// `at <t> <event>` or `at <t> <action> ...`.
    mutating func readTimed(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        let timeToken = try cursor.require("a time like 1.5s, 500ms or +2s", after: "at")
        let time = try resolve(timeToken, in: cursor)
        let name = try cursor.require("an event or a game action", after: "the time")
        lastTime = time
        if name.text == ScriptSyntax.faultKeyword {
            let (point, skip) = try readFault(after: name, &cursor)
            return .fault(time: time, point, skip: skip)
        }
        if name.text == ScriptSyntax.waitKeyword {
            try cursor.finish(after: "wait")
            return .wait(time: time)
        }
        if let event = Event(rawValue: name.text) {
            try cursor.finish(after: "the event '\(name.text)'")
            return .event(time: time, event)
        }
        return .action(time: time, try readAction(name, &cursor))
    }

    /// The fault point after `at <t> fault` (a name of `FaultPoint.all`, a quirk or one of `extraFaults`: a test's seeded bugs) and its optional
    /// `skip=N` (0 to 1,000,000); then the line must end.
    private func readFault(after keyword: Token, _ cursor: inout LineCursor) throws(ScriptError) -> (FaultPoint, Int) {
        let word = try cursor.require(
            "a fault point like storage.fsync.fails (interlude simulate --list)", after: "fault")
        let names = (FaultPoint.all + FaultPoint.quirks + extraFaults).map(\.name)
        guard let point = FaultPoint.named(word.text) ?? extraFaults.first(where: { $0.name == word.text }) else {
            throw cursor.error(
                .unknownFault, at: word,
                "unknown fault point '\(word.shown)'\(Suggestion.phrase(for: word.text, among: names)); "
                    + "`interlude simulate --list` lists them")
        }
        var skip = 0
        if let word = cursor.next() {
            guard word.text.hasPrefix("skip="), let value: Int = NumberText.unsigned(word.text.dropFirst(5)),
                value <= ScriptSyntax.mostFaultSkips
            else {
                throw cursor.error(
                    .unexpectedToken, at: word,
                    "unexpected '\(word.shown)' after the fault point '\(point.name)'; expected skip=N "
                        + "(0 to \(ScriptSyntax.mostFaultSkips): the reaches to let pass first) or the end of the line")
            }
            skip = value
        }
        try cursor.finish(after: "the fault line")
        return (point, skip)
    }

    /// The absolute time `token` stands for, checked not to go backwards nor past `ScriptParser.latestTime`.
    private func resolve(_ token: Token, in cursor: LineCursor) throws(ScriptError) -> Nanoseconds {
        let isRelative = token.text.hasPrefix("+")
        let previous = lastTime ?? 0
        let latest = ScriptParser.latestTime
        let tooLate =
            "time '\(token.shown)' is past the end of a script's timeline: timed lines run to "
            + "\(TimeText.format(latest)) (24 h) at most"
        let value = try ScriptSyntax.duration(
            token, offset: isRelative ? 1 : 0, atMost: latest, else: tooLate, in: cursor)
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

    /// The action line's words after the time, read by the game's grammar; then the line must end.
    private func readAction(_ name: Token, _ cursor: inout LineCursor) throws(ScriptError) -> Action {
        guard Action.scriptNames.contains(name.text) else { throw unknownEventOrAction(name, in: cursor) }
        var words = ActionWords(cursor: cursor)
        let action = try Action.read(&words)
        cursor = words.cursor
        try cursor.finish(after: "the action '\(name.text)'")
        return action
    }

    /// The error for a word after `at <t>` that is neither an event nor an action: `unknownAction` when it
    /// looks like an action (close to one, or followed by arguments), else `unknownEvent`.
    private func unknownEventOrAction(_ name: Token, in cursor: LineCursor) -> ScriptError {
        let events = Event.allCases.map(\.rawValue)
        let suggestion = Suggestion.closest(to: name.text, among: events + Action.scriptNames)
        let looksLikeAction =
            suggestion.map { Action.scriptNames.contains($0) } ?? (cursor.index < cursor.tokens.count)
        let kind = looksLikeAction ? "action" : "event"
        // With a suggestion the message stays short; without one it lists every name there is.
        let expected =
            suggestion.map { " (did you mean \($0)?); expected an event or a game action" }
            ?? "; expected an event (\(ScriptSyntax.names(events))) or a game action "
            + "(\(Action.scriptNames.joined(separator: ", ")))"
        return cursor.error(
            looksLikeAction ? .unknownAction : .unknownEvent, at: name, "unknown \(kind) '\(name.shown)'\(expected)")
    }
}

extension ScriptSyntax {
    /// The longest list of names a message spells out: past it, the first ones and how many more (the six profiles'
    /// events and callbacks would make a message too long for one terminal line; CONTRACT §2, §3 list them all).
    static let namesListed = 16

    /// `names` for a message: all of them, or the first `namesListed` and how many more.
    static func names(_ names: [String]) -> String {
        guard names.count > namesListed else { return names.joined(separator: ", ") }
        return names.prefix(namesListed).joined(separator: ", ") + ", and \(names.count - namesListed) more"
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
}

// GameAction+Script: the shooter's words: how the transcript names an action (`PlayerAction`) and the grammar of its
// action lines (Docs/Contract.md §7.3), read after `at <t>` by the script parser through `ScriptAction` and
// written back for recordings:
//   play singlePlayer|multiplayer [level=N] | openLeaderboard | closeLeaderboard | menu | resume | fire
//   | input <control> <duration> | look <yaw> [<pitch>]

import Replay
import Runtime

extension GameAction: PlayerAction {
    /// The transcript's `event` line: `play` with `singlePlayer level=1`, `input` with `forward 500ms`, `look` with
    /// `90 -12.5`, the others by their name alone.
    public var transcriptName: String {
        switch self {
        case .play: return "play"
        case .openLeaderboard: return "openLeaderboard"
        case .closeLeaderboard: return "closeLeaderboard"
        case .menu: return "menu"
        case .resume: return "resume"
        case .input: return "input"
        case .fire: return "fire"
        case .look: return "look"
        }
    }

    public var transcriptArgs: String? {
        switch self {
        case .play(let mode, let level): return "\(mode.rawValue) level=\(level)"
        case .input(let key, let duration): return "\(key.rawValue) \(duration / 1_000_000)ms"
        case .look(let yaw, let pitch):
            return Self.degrees(yaw) + (pitch == 0 ? "" : " " + Self.degrees(pitch))
        case .openLeaderboard, .closeLeaderboard, .menu, .resume, .fire: return nil
        }
    }

    public static func shell(_ action: ShellAction) -> GameAction? {
        switch action {
        case .openLeaderboard: return .openLeaderboard
        case .closeLeaderboard: return .closeLeaderboard
        case .menu: return .menu
        case .resume: return .resume
        }
    }

    /// The app shell's action this is, nil for the shooter's own.
    public var shellAction: ShellAction? { ShellAction(rawValue: transcriptName) }

    /// As the explorer's reports name a move: `play singlePlayer` (the level left out), else the transcript's words.
    public var description: String {
        if case .play(let mode, _) = self { return "play \(mode.rawValue)" }
        return transcriptArgs.map { "\(transcriptName) \($0)" } ?? transcriptName
    }
}

extension GameAction: ScriptAction {
    public static let scriptNames = [
        "play", "openLeaderboard", "closeLeaderboard", "menu", "resume", "fire", "input", "look",
    ]

    /// A scripted peer's `peer fire NAME`: it shoots at us (`GameMessage.shot`, BotPilot's pose).
    public static let peerWords = ["fire"]

    public static func read(_ words: inout ActionWords) throws(ScriptError) -> GameAction {
        switch words.name.text {
        case "play": return try readPlay(&words)
        case "openLeaderboard": return .openLeaderboard
        case "closeLeaderboard": return .closeLeaderboard
        case "menu": return .menu
        case "resume": return .resume
        case "fire": return .fire
        case "input": return try readInput(&words)
        default: return try readLook(&words)
        }
    }

    /// Canonical: `play` omits `level=1`, a duration as `TimeText` writes it, angles as the shortest exact decimal.
    public var scriptText: String {
        switch self {
        case .play(let mode, let level): return "play \(mode.rawValue)" + (level == 1 ? "" : " level=\(level)")
        case .input(let key, let duration): return "input \(key.rawValue) \(TimeText.format(duration))"
        case .look(let yaw, let pitch):
            return "look \(Self.degrees(yaw))" + (pitch == 0 ? "" : " \(Self.degrees(pitch))")
        case .openLeaderboard, .closeLeaderboard, .menu, .resume, .fire: return transcriptName
        }
    }

    /// `play singlePlayer|multiplayer [level=N]`.
    private static func readPlay(_ words: inout ActionWords) throws(ScriptError) -> GameAction {
        let modes = GameMode.allCases.map(\.rawValue)
        let token = try words.require(modes.joined(separator: " or "), after: "play")
        guard let mode = GameMode(rawValue: token.text) else {
            throw words.error(
                .unknownMode, at: token,
                "unknown game mode '\(token.shown)'\(ActionWords.suggestion(for: token.text, among: modes)); "
                    + "expected \(modes.joined(separator: " or "))")
        }
        let prefix = "level="
        guard let option = words.next() else { return .play(mode, level: 1) }
        guard option.text.hasPrefix(prefix) else {
            throw words.error(
                .unexpectedToken, at: option,
                "unexpected '\(option.shown)' after play \(mode.rawValue); expected level=N or the end of the line")
        }
        guard let level: Int = ActionWords.unsigned(option.text.dropFirst(prefix.count)), level >= 1 else {
            throw words.error(
                .badNumber, at: option, offset: prefix.count,
                "bad level '\(ActionWords.quoted(option.text.dropFirst(prefix.count)))'; "
                    + "expected a whole number from 1")
        }
        return .play(mode, level: level)
    }

    /// `input <key> <duration>`, the duration more than zero.
    private static func readInput(_ words: inout ActionWords) throws(ScriptError) -> GameAction {
        let keys = Control.allCases.map(\.rawValue)
        let token = try words.require("a control (\(keys.joined(separator: ", ")))", after: "input")
        guard let key = Control(rawValue: token.text) else {
            throw words.error(
                .unknownKey, at: token,
                "unknown control '\(token.shown)'\(ActionWords.suggestion(for: token.text, among: keys)); "
                    + "expected one of \(keys.joined(separator: ", "))")
        }
        let durationToken = try words.require("a duration like 500ms", after: "input \(key.rawValue)")
        let limit = ScriptParser.longestDuration
        let duration = try words.duration(
            durationToken, atMost: limit,
            else: "input duration '\(durationToken.shown)' is too long: an input lasts \(TimeText.format(limit)) "
                + "(1 h) at most")
        guard duration > 0 else {
            throw words.error(.badTime, at: durationToken, "an input must last longer than 0ms")
        }
        return .input(key, duration: duration)
    }

    /// `look <yaw> [<pitch>]` in degrees, e.g. `look 90`, `look -12.5 3`.
    private static func readLook(_ words: inout ActionWords) throws(ScriptError) -> GameAction {
        let yawToken = try words.require("an angle in degrees like 90 or -12.5", after: "look")
        let yaw = try millidegrees(yawToken, in: words)
        guard let pitchToken = words.next() else { return .look(yawMillidegrees: yaw, pitchMillidegrees: 0) }
        return .look(yawMillidegrees: yaw, pitchMillidegrees: try millidegrees(pitchToken, in: words))
    }

    /// Degrees as thousandths: an optional `-`, digits, and up to 3 decimals; within ±100000 degrees.
    static func millidegrees(_ token: Token, in words: ActionWords) throws(ScriptError) -> Int64 {
        let text = token.text
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : text[...]
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole: Int64? = ActionWords.unsigned(parts[0])
        let fraction = parts.count == 2 ? parts[1] : ""
        let fractionDigits: Int64? = fraction.isEmpty ? 0 : ActionWords.unsigned(fraction)
        guard let whole, whole <= 100_000, let fractionDigits, fraction.count <= 3,
            parts.count == 1 || !fraction.isEmpty
        else {
            throw words.error(
                .badNumber, at: token,
                "bad angle '\(token.shown)'; expected degrees like 90, -12.5 or 0.125 (at most 3 decimals, within 100000)"
            )
        }
        var scale: Int64 = 1
        for _ in fraction.count..<3 { scale *= 10 }
        let value = whole * 1000 + fractionDigits * scale
        guard value <= 100_000_000 else {
            throw words.error(.badNumber, at: token, "bad angle '\(token.shown)'; an angle is within 100000 degrees")
        }
        return negative ? -value : value
    }
}

extension ScriptParser {
    /// The shooter's script in `text` (its action lines in `GameAction`), or the first error in it.
    public static func parse(_ text: String, file: String) throws(ScriptError) -> Script<GameAction> {
        try parse(text, file: file, as: GameAction.self)
    }
}

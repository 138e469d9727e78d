// ScriptParser+Other: the untimed commands `capture "name"` and `leaderboard ...`.

import InterludeNetwork
import Runtime

extension ScriptReader {
    /// `capture "name"`, the name non-empty, at most 100 characters: letters, digits, `-`, `_`, `.`.
    func readCapture(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        let token = try cursor.require("a quoted name like \"after-sms\"", after: "capture")
        guard let name = token.quotedContent else {
            throw cursor.error(
                .badName, at: token, "capture name '\(token.shown)' is not quoted; expected capture \"\(token.shown)\"")
        }
        guard !name.isEmpty else { throw cursor.error(.badName, at: token, "the capture name is empty") }
        let longest = ScriptParser.longestCaptureName
        guard name.unicodeScalars.count <= longest else {
            throw cursor.error(
                .badName, at: token, "capture name \(token.shown) is too long; it has \(longest) characters at most")
        }
        if let bad = name.unicodeScalars.firstIndex(where: { !Identifier.isCaptureScalar($0) }) {
            let offset = name.unicodeScalars.distance(from: name.unicodeScalars.startIndex, to: bad) + 1
            throw cursor.error(
                .badName, at: token, offset: offset,
                "capture name \(token.shown) has '\(Quoted.escaped(name.unicodeScalars[bad]))'; "
                    + "allowed are letters, digits, '-', '_', '.'")
        }
        try cursor.finish(after: "the capture name")
        return .capture(name)
    }

    /// `leaderboard delay=<duration> | down | up | pending=<points>`.
    func readLeaderboard(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        let token = try cursor.require("delay=<duration>, down, up or pending=<points>", after: "leaderboard")
        let prefix = "delay="
        let pending = "pending="
        let setting: LeaderboardSetting
        switch token.text {
        case "down": setting = .down
        case "up": setting = .up
        case let text where text.hasPrefix(pending):
            let value = Token(
                text: String(text.dropFirst(pending.count)), column: token.column + pending.count, quotedContent: nil)
            guard let points: Int64 = NumberText.unsigned(value.text),
                (1...ScriptParser.mostPendingPoints).contains(points)
            else {
                throw cursor.error(
                    .unknownLeaderboardSetting, at: value,
                    "leaderboard pending '\(value.shown)' is not a score: expected a whole number of points from 1 to "
                        + "\(ScriptParser.mostPendingPoints)")
            }
            setting = .pending(points)
        case let text where text.hasPrefix(prefix):
            let value = Token(
                text: String(text.dropFirst(prefix.count)), column: token.column + prefix.count, quotedContent: nil)
            let limit = ScriptParser.longestDuration
            let delay = try ScriptSyntax.duration(
                value, atMost: limit,
                else: "leaderboard delay '\(value.shown)' is too long: the delay is \(TimeText.format(limit)) (1 h) "
                    + "at most",
                in: cursor)
            setting = .delay(delay)
        default:
            let hint = Suggestion.phrase(for: token.text, among: ["down", "up", "delay", "pending"])
            throw cursor.error(
                .unknownLeaderboardSetting, at: token,
                "unknown leaderboard setting '\(token.shown)'\(hint); expected delay=<duration>, down, up or "
                    + "pending=<points>")
        }
        try cursor.finish(after: "leaderboard \(token.shown)")
        return .leaderboard(setting)
    }
}

extension ScriptSyntax {
    /// The longest peer name, in characters.
    static let longestPeerName = 32
}

extension ScriptReader {
    /// `peer join NAME | leave NAME | WORD NAME`, WORD one of the game's `peerWords`.
    func readPeer(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        let verbs = ["join", "leave"] + Action.peerWords
        let listed = Self.alternatives(verbs)
        let verb = try cursor.require(listed, after: "peer")
        guard verbs.contains(verb.text) else {
            throw cursor.error(
                .unknownMatchSetting, at: verb,
                "unknown peer action '\(verb.shown)'\(Suggestion.phrase(for: verb.text, among: verbs)); "
                    + "expected \(listed)")
        }
        let token = try cursor.require("a peer's name", after: "peer \(verb.text)")
        let name = try Self.peerName(token, in: cursor)
        try cursor.finish(after: "peer \(verb.text) \(name)")
        switch verb.text {
        case "join": return .match(.peerJoin(name))
        case "leave": return .match(.peerLeave(name))
        default: return .match(.peerSends(name, word: verb.text))
        }
    }

    /// `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// `match down | up`.
    func readMatch(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        let token = try cursor.require("down or up", after: "match")
        let setting: MatchSetting
        switch token.text {
        case "down": setting = .down
        case "up": setting = .up
        default:
            throw cursor.error(
                .unknownMatchSetting, at: token,
                "unknown match setting '\(token.shown)'\(Suggestion.phrase(for: token.text, among: ["down", "up"])); "
                    + "expected down or up")
        }
        try cursor.finish(after: "match \(token.text)")
        return .match(setting)
    }

    /// A peer's name: starts with a letter, letters, digits or '_', at most `longestPeerName` characters.
    static func peerName(_ token: Token, in cursor: LineCursor) throws(ScriptError) -> String {
        guard Identifier.isName(token.text) else {
            throw cursor.error(
                .badName, at: token,
                "bad peer name '\(token.shown)'; a name starts with a letter and has letters, digits or '_'")
        }
        guard token.text.unicodeScalars.count <= ScriptSyntax.longestPeerName else {
            throw cursor.error(
                .badName, at: token,
                "peer name '\(token.shown)' is too long; it has \(ScriptSyntax.longestPeerName) characters at most")
        }
        return token.text
    }
}

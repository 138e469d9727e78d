// ScriptParser+Other: the untimed commands `capture "name"` and `leaderboard ...`.

import Runtime

extension ScriptReader {
    /// `capture "name"`, the name non-empty, at most 100 characters: letters, digits, `-`, `_`, `.`.
    func readCapture(_ cursor: inout LineCursor) throws(ScriptError) -> Command? {
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

    /// `leaderboard delay=<duration> | down | up`.
    func readLeaderboard(_ cursor: inout LineCursor) throws(ScriptError) -> Command? {
        let token = try cursor.require("delay=<duration>, down or up", after: "leaderboard")
        let prefix = "delay="
        let setting: LeaderboardSetting
        switch token.text {
        case "down": setting = .down
        case "up": setting = .up
        case let text where text.hasPrefix(prefix):
            let value = Token(
                text: String(text.dropFirst(prefix.count)), column: token.column + prefix.count, quotedContent: nil)
            let limit = ScriptParser.longestDuration
            let delay = try Self.duration(
                value, atMost: limit,
                else: "leaderboard delay '\(value.shown)' is too long: the delay is \(TimeText.format(limit)) (1 h) "
                    + "at most",
                in: cursor)
            setting = .delay(delay)
        default:
            let hint = Suggestion.phrase(for: token.text, among: ["down", "up", "delay"])
            throw cursor.error(
                .unknownLeaderboardSetting, at: token,
                "unknown leaderboard setting '\(token.shown)'\(hint); expected delay=<duration>, down or up")
        }
        try cursor.finish(after: "leaderboard \(token.shown)")
        return .leaderboard(setting)
    }
}

// ScriptParser+Header: `profile` and `seed`, each at most once and before the first timed line.

import Lifecycle

extension ScriptReader {
    /// `profile ios4|ios5 [smsStyle=alert|banner]`.
    mutating func readProfile(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        try checkHeader(cursor, seen: hasProfile)
        hasProfile = true
        let names = Profile.all.map(\.name)
        let name = try cursor.require(names.joined(separator: " or "), after: "profile")
        guard names.contains(name.text) else {
            throw cursor.error(
                .unknownProfile, at: name,
                "unknown profile '\(name.shown)'\(Suggestion.phrase(for: name.text, among: names)); "
                    + "expected \(names.joined(separator: " or "))")
        }
        script.profileName = name.text
        let prefix = "smsStyle="
        if let option = cursor.next() {
            guard option.text.hasPrefix(prefix) else {
                throw cursor.error(
                    .unexpectedToken, at: option,
                    "unexpected '\(option.shown)' after the profile; expected smsStyle=alert, smsStyle=banner "
                        + "or the end of the line")
            }
            let value = String(option.text.dropFirst(prefix.count))
            guard let style = SMSStyle(rawValue: value) else {
                let styles = SMSStyle.allCases.map(\.rawValue)
                throw cursor.error(
                    .unknownSMSStyle, at: option, offset: prefix.count,
                    "unknown SMS style '\(Quoted.text(value))'\(Suggestion.phrase(for: value, among: styles)); "
                        + "expected \(styles.joined(separator: " or "))")
            }
            script.smsStyle = style
        }
        try cursor.finish(after: "the profile")
        return nil
    }

    /// `seed N`, N a UInt64.
    mutating func readSeed(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        try checkHeader(cursor, seen: hasSeed)
        hasSeed = true
        let token = try cursor.require("a number", after: "seed")
        guard let seed: UInt64 = NumberText.unsigned(token.text) else {
            throw cursor.error(
                .badNumber, at: token, "bad seed '\(token.shown)'; expected a whole number from 0 to \(UInt64.max)")
        }
        script.seed = seed
        try cursor.finish(after: "the seed")
        return nil
    }

    /// Refuses a header line after a timed line, or one seen before.
    private func checkHeader(_ cursor: LineCursor, seen: Bool) throws(ScriptError) {
        let keyword = cursor.keyword
        guard lastTime == nil else {
            throw cursor.error(
                .headerAfterTimedLine, at: keyword, "'\(keyword.text)' must come before the first timed line")
        }
        guard !seen else {
            throw cursor.error(.duplicateHeader, at: keyword, "'\(keyword.text)' is already set above")
        }
    }
}

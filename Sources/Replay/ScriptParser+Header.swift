// ScriptParser+Header: `profile` and `seed`, each at most once and before the first timed line.

import Lifecycle

extension ScriptReader {
    /// `profile NAME [SETTING=VALUE...]`: ios4 and ios5 take `smsStyle=alert|banner`, ios26 and android34
    /// `callStyle=banner|fullScreen`, android28 and android34 `targetSdk=21…36` (`Profile.settings`), each at most once.
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
        let profile = Profile.named(name.text)!
        var seen: Set<String> = []
        while let option = cursor.next() {
            let (key, value) =
                option.text.firstIndex(of: "=").map {
                    (String(option.text[..<$0]), String(option.text[option.text.index(after: $0)...]))
                } ?? (option.text, "")
            guard profile.settings.contains(key), !seen.contains(key) else {
                let expected = profile.settings.flatMap { setting in
                    Profile.values(ofSetting: setting).map { "\(setting)=\($0)" }
                }
                throw cursor.error(
                    .unexpectedToken, at: option,
                    "unexpected '\(option.shown)' after the profile; expected "
                        + listing(expected + ["the end of the line"]))
            }
            seen.insert(key)
            try readSetting(key, value, at: option, cursor)
        }
        try cursor.finish(after: "the profile")
        return nil
    }

    /// One `SETTING=VALUE` of the `profile` line, its key known to the profile (Contract §5).
    private mutating func readSetting(
        _ key: String, _ value: String, at option: Token, _ cursor: LineCursor
    ) throws(ScriptError) {
        let offset = key.count + 1
        switch key {
        case "smsStyle":
            script.smsStyle = try style(key, value, .unknownSMSStyle, "SMS style", at: option, offset, cursor)
        case "callStyle":
            script.callStyle = try style(key, value, .unknownCallStyle, "call style", at: option, offset, cursor)
        default:
            let range = AndroidLevels.targets
            guard let level = Int(value), range.contains(level), value.allSatisfy(\.isASCII) else {
                throw cursor.error(
                    .badTargetSdk, at: option, offset: offset,
                    "targetSdk '\(Quoted.text(value))' is not an API level from \(range.lowerBound) to "
                        + "\(range.upperBound); expected targetSdk=N, e.g. targetSdk=27 (saves before onStop)")
            }
            script.targetSdk = level
        }
    }

    /// A setting's named value (`smsStyle=`, `callStyle=`), or the error at the value naming the ones it takes.
    private func style<Style: RawRepresentable>(
        _ key: String, _ value: String, _ kind: ScriptError.Kind, _ what: String, at option: Token, _ offset: Int,
        _ cursor: LineCursor
    ) throws(ScriptError) -> Style where Style.RawValue == String {
        guard let style = Style(rawValue: value) else {
            let values = Profile.values(ofSetting: key)
            throw cursor.error(
                kind, at: option, offset: offset,
                "unknown \(what) '\(Quoted.text(value))'\(Suggestion.phrase(for: value, among: values)); "
                    + "expected \(values.joined(separator: " or "))")
        }
        return style
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
    func checkHeader(_ cursor: LineCursor, seen: Bool) throws(ScriptError) {
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

/// `items` as a phrase: "a, b or c".
private func listing(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + items.last!
}

// ScriptParser+Profiles: the profile patterns of a matrix script (`profiles all`, `profiles ios5,android*`) and of
// a scoped expectation (`expect[android*] callbacks onPause`), CONTRACT §7.

import Lifecycle

extension ScriptReader {
    /// `profiles all | PATTERN...`: the script is a matrix script, replayed under each profile matched (separated by
    /// commas, spaces or both). Instead of `profile`, at most once, before the first timed line.
    mutating func readProfiles(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        let keyword = cursor.keyword
        guard !hasProfile || lastTime != nil else {
            throw cursor.error(
                .duplicateHeader, at: keyword,
                "'profiles' cannot follow 'profile' or 'profiles': a script names one profile or a list of them")
        }
        try checkHeader(cursor, seen: hasProfile)
        hasProfile = true
        let items = try Self.listItems(cursor.rest(), of: "profile", in: cursor)
        guard !items.isEmpty else {
            throw ScriptError(
                .missingArgument, at: cursor.endLocation,
                "expected profiles after profiles, as in profiles all or profiles ios5, ios26, android34")
        }
        var patterns: [String] = []
        for item in items { patterns.append(try Self.pattern(item, in: cursor, at: item, offset: 0)) }
        let names = ProfileScope(patterns: patterns).profileNames
        script.profileNames = names
        script.profileName = names[0]
        return nil
    }

    /// The scope of `expect[PATTERN,...]`, read from the keyword itself (no spaces inside the brackets).
    func readScope(_ cursor: LineCursor) throws(ScriptError) -> ProfileScope {
        let keyword = cursor.keyword
        let scalars = Array(keyword.text.unicodeScalars)
        let open = "expect[".unicodeScalars.count
        let example = "as in expect[android*] callbacks onPause, with no spaces inside the brackets"
        guard scalars.last == "]", scalars.count > open else {
            throw cursor.error(
                .unexpectedToken, at: keyword, offset: scalars.count,
                "expected ']' closing the profiles of '\(keyword.shown)', \(example)")
        }
        let inside = Array(scalars[open..<(scalars.count - 1)])
        guard !inside.isEmpty else {
            throw cursor.error(
                .missingArgument, at: keyword, offset: open, "expected profiles inside 'expect[]', \(example)")
        }
        var patterns: [String] = []
        var start = 0
        for index in 0...inside.count where index == inside.count || inside[index] == "," {
            let text = String(String.UnicodeScalarView(inside[start..<index]))
            guard !text.isEmpty else {
                // The comma with nothing after it (the last one) or before it.
                let comma = index == inside.count ? index - 1 : index
                throw cursor.error(
                    .unexpectedToken, at: keyword, offset: open + comma,
                    "unexpected ',' with no profile before or after it; expected profiles separated by commas, "
                        + "as in expect[ios13,ios26]")
            }
            let piece = Token(text: text, column: keyword.column + open + start, quotedContent: nil)
            patterns.append(try Self.pattern(piece, in: cursor, at: keyword, offset: open + start))
            start = index + 1
        }
        return ProfileScope(patterns: patterns)
    }

    /// One profile pattern (`all`, a name, a glob), refused at `token` + `offset` when it is not well formed or
    /// matches no known profile.
    private static func pattern(
        _ piece: Token, in cursor: LineCursor, at token: Token, offset: Int
    ) throws(ScriptError) -> String {
        let names = Profile.all.map(\.name)
        let expected = "expected all, a profile (\(names.joined(separator: ", "))) or a pattern such as android*"
        guard ProfileScope.isWellFormed(piece.text) else {
            throw cursor.error(
                .badName, at: token, offset: offset,
                "bad profile pattern '\(piece.shown)'; a pattern has letters, digits, '*' and '?' "
                    + "(at most \(ProfileScope.longestPattern) characters): \(expected)")
        }
        guard !ProfileScope(patterns: [piece.text]).profileNames.isEmpty else {
            throw cursor.error(
                .unknownProfile, at: token, offset: offset,
                "profile pattern '\(piece.shown)' matches no profile"
                    + "\(Suggestion.phrase(for: piece.text, among: names + ["ios*", "android*", ProfileScope.every])); \(expected)"
            )
        }
        return piece.text
    }
}

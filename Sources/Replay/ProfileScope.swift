// ProfileScope: which profiles a line or a script is for (CONTRACT §7): `expect[android*] ...` and `profiles all`.
// A pattern is a profile's name, a glob on the names (`*` any run of characters, `?` one), or `all` (every
// profile). The parser refuses a pattern that matches no profile of `Profile.all`, so a scope always names one.

import Lifecycle

/// A list of profile patterns, e.g. `android*,ios13`.
public struct ProfileScope: Hashable, Sendable, CustomStringConvertible {
    public var patterns: [String]  // as written, each matching at least one name of `Profile.all`

    public init(patterns: [String]) {
        self.patterns = patterns
    }

    /// True when one of the patterns matches `profileName`.
    public func matches(_ profileName: String) -> Bool {
        patterns.contains { Self.pattern($0, matches: profileName) }
    }

    /// The known profiles the scope matches, in the order of `Profile.all`.
    public var profileNames: [String] {
        Profile.all.map(\.name).filter(matches)
    }

    /// The patterns as a script spells them: `android*,ios13`.
    public var description: String { patterns.joined(separator: ",") }

    /// The word that stands for every profile.
    public static let every = "all"

    /// True when `pattern` (`all`, a name, or a glob with `*` and `?`) matches `name`.
    public static func pattern(_ pattern: String, matches name: String) -> Bool {
        if pattern == every { return true }
        return glob(Array(pattern.unicodeScalars)[...], Array(name.unicodeScalars)[...])
    }

    /// The longest pattern, in characters.
    public static let longestPattern = 32

    /// True when a pattern may be written: letters, digits, `*` and `?`, 1 to `longestPattern` characters.
    static func isWellFormed(_ pattern: String) -> Bool {
        !pattern.isEmpty && pattern.unicodeScalars.count <= longestPattern
            && pattern.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "*"
                    || $0 == "?"
            }
    }

    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case "*":
            // Profile names are short and a pattern at most `longestPattern` characters: trying every split is
            // cheap once a run of stars counts as one.
            let after = pattern.drop { $0 == "*" }
            guard !after.isEmpty else { return true }
            var rest = name
            while true {
                if glob(after, rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !name.isEmpty && glob(pattern.dropFirst(), name.dropFirst())
        default:
            return name.first == first && glob(pattern.dropFirst(), name.dropFirst())
        }
    }
}

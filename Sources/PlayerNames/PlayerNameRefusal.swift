/// Why a name is refused (`PlayerName.key(_:)`): a case per rule, and a sentence naming the code point at fault.
public enum PlayerNameRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// More UTF-8 bytes than `PlayerName.maximumBytes`.
    case tooLong(bytes: Int)
    /// A control character, or a line or paragraph separator.
    case control(Unicode.Scalar)
    /// An invisible format character: zero-width space or joiner, a bidirectional control, a soft hyphen.
    case invisible(Unicode.Scalar)
    /// A private-use, unassigned or surrogate code point.
    case unassigned(Unicode.Scalar)
    /// A character that shows nothing and is not a space: a Hangul filler, the Braille blank.
    case blank(Unicode.Scalar)
    /// Letters of more than one of Latin, Greek and Cyrillic (the scripts, sorted).
    case mixedScripts([String])
    /// Nothing is left once spaces, accents and invisible characters are taken out.
    case empty

    public var description: String {
        switch self {
        case .tooLong(let bytes): return "a name of \(bytes) bytes; the most is \(PlayerName.maximumBytes)"
        case .control(let scalar): return "the name holds a control character (\(Self.code(scalar)))"
        case .invisible(let scalar): return "the name holds an invisible character (\(Self.code(scalar)))"
        case .unassigned(let scalar):
            return "the name holds a private-use or unassigned character (\(Self.code(scalar)))"
        case .blank(let scalar): return "the name holds a blank that is not a space (\(Self.code(scalar)))"
        case .mixedScripts(let scripts): return "the name mixes \(scripts.joined(separator: " and ")) letters"
        case .empty: return "the name is empty once spaces, accents and invisible characters are taken out"
        }
    }

    /// `U+2800`.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

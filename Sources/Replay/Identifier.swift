// Identifier: which words may name a screen, a snapshot key or a capture.

/// Character rules for free names in scripts; ASCII only, so they are safe as file names.
public enum Identifier {
    /// A letter, then letters, digits or `_`: `menu`, `singlePlayer`.
    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    /// A letter, then letters, digits, `_` or `.`: `score`, `held.forward`.
    public static func isKey(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" || $0 == "." }
    }

    /// Letters, digits, `-`, `_`, `.`.
    static func isCaptureScalar(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar) || scalar == "-" || scalar == "_" || scalar == "."
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}

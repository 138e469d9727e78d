// NumberText: whole numbers as scripts spell them: ASCII digits, an optional leading `-` where allowed.

/// Reads whole numbers strictly (no `+`, no spaces, no underscores).
enum NumberText {
    /// `text` as digits only, or nil when it is not that or does not fit.
    static func unsigned<Number: FixedWidthInteger>(_ text: Substring) -> Number? {
        guard !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Number(text)
    }

    /// `text` as digits only, or nil when it is not that or does not fit.
    static func unsigned<Number: FixedWidthInteger>(_ text: String) -> Number? {
        unsigned(text[...])
    }

    /// `text` as digits with an optional leading `-`, or nil when it is not that or does not fit.
    static func signed<Number: FixedWidthInteger & SignedInteger>(_ text: Substring) -> Number? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Number(text)
    }
}

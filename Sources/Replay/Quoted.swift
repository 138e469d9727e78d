// Quoted: a script's words as error messages show them. A hostile script may hold a megabyte-long word or
// control bytes; a message quotes at most `limit` scalars of it, with unprintable ones escaped, so that it
// stays one short line on a terminal.

/// Words of a script made safe to show in a one-line message.
enum Quoted {
    /// The most scalars of one word a message shows; longer words end in `...`.
    static let limit = 40

    /// `text` as a message shows it: unprintable scalars as `\u{1B}`, cut after `limit` scalars with `...`.
    static func text<Text: StringProtocol>(_ text: Text) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { return shown + "..." }
            shown += escaped(scalar)
            count += 1
        }
        return shown
    }

    /// One scalar: itself when printable, else `\u{HEX}`.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII { return (0x20..<0x7F).contains(scalar.value) ? String(scalar) : hex(scalar) }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate,
            .unassigned:
            return hex(scalar)
        default:
            return String(scalar)
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}

extension Token {
    /// The word as an error message quotes it (see `Quoted`).
    public var shown: String { Quoted.text(text) }
}

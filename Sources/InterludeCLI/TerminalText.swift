// TerminalText: every line the command prints goes through here, so that a name from outside (a script's file
// name, a path, a peer's name from a match server, a message in an error) can neither forge a line of its own (a
// newline then `PASS ...` in a CI log) nor reach the terminal as a control sequence (escape codes, a carriage
// return that overwrites the line, a right-to-left override that reverses what follows). One line in, one line out:
// control and format characters are written as `\n`, `\u{1B}`, `\u{202E}`; everything else is printed as it is.
// `index.md` escapes its text and link targets with `markdownText` and `linkTarget`.

import Foundation

/// What the command prints, made safe to print.
enum TerminalText {
    /// `text` as one line a terminal shows as written: C0 and C1 controls, DEL, the line and paragraph separators and
    /// the bidirectional controls escaped as `\n`, `\r`, `\t` or `\u{X}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var line = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                line.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            default: line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return line
    }

    /// A scalar a terminal would act on rather than show: controls, the line and paragraph separators, and the
    /// invisible bidirectional controls (embeddings, overrides, isolates, marks).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
            return true
        default:
            return false
        }
    }

    /// `text` for a Markdown table cell or list item: escaped as a terminal line first, then every character that
    /// Markdown could read as markup (emphasis, code, links, images, tables, headings, autolinks) backslash-escaped
    /// and `<`, `>`, `&` written as entities (no raw HTML), so a name is shown as the text it is.
    static func markdownText(_ text: String) -> String {
        var result = ""
        for character in escaped(text) {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "(", ")", "#", "!", "|", "~", ":":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// `path` as a relative Markdown link target: every byte outside RFC 3986's unreserved characters and `/`
    /// percent-encoded, so a name can be neither a scheme (`javascript:`) nor break out of the parentheses.
    static func linkTarget(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var target = ""
        for byte in path.utf8 {
            if unreserved.contains(byte) {
                target.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                target += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        // A leading "/" or "//" would leave the output folder or name a host: keep links relative.
        return target.hasPrefix("/") ? "." + target : target
    }
}

/// Prints `line` on standard output at once, as one line (TerminalText.escaped), with no buffer: verdict lines of a
/// long run appear as scripts end, in the order they were printed relative to standard error.
public func say(_ line: String) {
    FileHandle.standardOutput.write(Data((TerminalText.escaped(line) + "\n").utf8))
}

/// Prints `line` on standard error, as one line (TerminalText.escaped).
public func sayError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
}

// ScriptTokenizer: a script's text cut into lines and each line into words, with their columns.
// Columns count Unicode scalars from 1, so a message points at the same place an editor does for ASCII.

/// One word of a script line.
public struct Token: Hashable, Sendable {
    public internal(set) var text: String  // verbatim, quotes included
    public internal(set) var column: Int  // 1-based, where the word starts
    var quotedContent: String?  // what is between the double quotes when the word is quoted, else nil

    /// The column just past the word.
    var endColumn: Int { column + text.unicodeScalars.count }
}

/// Cuts text into lines and lines into tokens.
enum ScriptTokenizer {
    /// The lines of `text` as scalars, without line breaks (`\n`, `\r\n` or a lone `\r`, so that a file saved with
    /// old Mac line ends still has its lines) and without a leading byte-order mark.
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\n", "\r": lines.append([])
            default: lines[lines.count - 1].append(scalar)
            }
        }
        if lines[0].first == "\u{FEFF}" { lines[0].removeFirst() }
        return lines
    }

    /// The words of one line, up to a `#` outside quotes. Throws only for a quote that is never closed.
    static func tokens(of line: [Unicode.Scalar], at location: (file: String, line: Int)) throws(ScriptError)
        -> [Token]
    {
        var tokens: [Token] = []
        var index = 0
        while index < line.count {
            let scalar = line[index]
            if isSpace(scalar) {
                index += 1
                continue
            }
            if scalar == "#" { break }
            let start = index
            if scalar == "\"" {
                guard let close = line[(start + 1)...].firstIndex(of: "\"") else {
                    let place = SourceLocation(file: location.file, line: location.line, column: start + 1)
                    throw ScriptError(.unterminatedQuote, at: place, "the quoted name has no closing '\"'")
                }
                index = close + 1
                let content = String(String.UnicodeScalarView(line[(start + 1)..<close]))
                tokens.append(Token(text: text(line[start..<index]), column: start + 1, quotedContent: content))
                continue
            }
            while index < line.count, !isSpace(line[index]), line[index] != "#" { index += 1 }
            tokens.append(Token(text: text(line[start..<index]), column: start + 1, quotedContent: nil))
        }
        return tokens
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}

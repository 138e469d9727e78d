// BitmapFont+Parsing: reads the text format of Assets/Fonts/*.font. Comment lines start with ';'; blank lines
// and comments may separate glyphs; each glyph is a header (`char 'A'` or `char 65`, optionally followed by a
// ';' comment) and then exactly 8 rows of 8 pixels, '#' for ink and '.' for paper, top row first.
// Trailing spaces, tabs and carriage returns are ignored. Every code 32...126 appears exactly once.

extension BitmapFont {
    /// Parses the text of a `.font` file; throws the first problem found, with its line and column.
    public init(parsing text: String) throws(ParseError) {
        let lines = Self.lines(of: text)
        var glyphs: [UInt32: (line: Int, rows: [UInt8])] = [:]  // by character code
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if Self.separatesGlyphs(line) {
                index += 1
                continue
            }
            let header = try Self.header(line, number: index + 1)
            if let first = glyphs[header.code] {
                throw ParseError(
                    line: index + 1, column: header.column,
                    problem: .duplicateGlyph(code: header.code, firstLine: first.line))
            }
            var rows: [UInt8] = []
            for offset in 1...Self.glyphSize {
                let rowIndex = index + offset
                // A blank line, a comment, the next header or the end of the text cuts the glyph short.
                guard rowIndex < lines.count, !Self.separatesGlyphs(lines[rowIndex]), !Self.isHeader(lines[rowIndex])
                else {
                    // Cut short by the end of the text: the place is the end of the last line, not a line after it.
                    let atEnd = rowIndex >= lines.count
                    throw ParseError(
                        line: atEnd ? lines.count : rowIndex + 1, column: atEnd ? lines[lines.count - 1].count + 1 : 1,
                        problem: .missingRows(found: rows.count))
                }
                rows.append(try Self.row(lines[rowIndex], number: rowIndex + 1))
            }
            glyphs[header.code] = (index + 1, rows)
            index += Self.glyphSize + 1
        }
        var allRows: [UInt8] = []
        for code in Self.codes {
            guard let glyph = glyphs[code] else {
                throw ParseError(line: lines.count, column: 1, problem: .missingGlyph(code: code))
            }
            allRows += glyph.rows
        }
        rows = allRows
    }

    /// The lines of `text` as Unicode scalars, without trailing spaces, tabs and carriage returns.
    private static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" { lines.append([]) } else { lines[lines.count - 1].append(scalar) }
        }
        return lines.map { line in
            var trimmed = line
            while let last = trimmed.last, isSpace(last) || last == "\r" { trimmed.removeLast() }
            return trimmed
        }
    }

    /// True for blank lines and comments, which may only appear between glyphs.
    private static func separatesGlyphs(_ line: [Unicode.Scalar]) -> Bool { line.isEmpty || line[0] == ";" }

    private static let keyword = Array("char".unicodeScalars)

    /// A parsed `char` line: the character code and the 1-based column where the character starts.
    private typealias Header = (code: UInt32, column: Int)

    private static func isHeader(_ line: [Unicode.Scalar]) -> Bool { line.starts(with: keyword) }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// The character of a `char` line.
    private static func header(_ line: [Unicode.Scalar], number: Int) throws(ParseError) -> Header {
        guard isHeader(line), line.count > keyword.count, isSpace(line[keyword.count]) else {
            throw ParseError(line: number, column: 1, problem: .expectedHeader)
        }
        var position = keyword.count
        while position < line.count, isSpace(line[position]) { position += 1 }
        let start = position
        let code: UInt32
        if position + 2 < line.count, line[position] == "'", line[position + 2] == "'" {
            code = line[position + 1].value
            position += 3
        } else {
            var digits = ""
            while position < line.count, ("0"..."9").contains(line[position]) {
                digits.unicodeScalars.append(line[position])
                position += 1
            }
            guard !digits.isEmpty else {
                throw ParseError(line: number, column: start + 1, problem: .expectedCharacter)
            }
            code = UInt32(digits) ?? UInt32.max
        }
        guard codes.contains(code) else {
            throw ParseError(line: number, column: start + 1, problem: .codeOutOfRange(code))
        }
        while position < line.count, isSpace(line[position]) { position += 1 }
        guard position == line.count || line[position] == ";" else {
            throw ParseError(line: number, column: position + 1, problem: .unexpectedText)
        }
        return (code, start + 1)
    }

    /// One glyph row as bits, bit 7 leftmost.
    private static func row(_ line: [Unicode.Scalar], number: Int) throws(ParseError) -> UInt8 {
        var bits: UInt8 = 0
        for (column, scalar) in line.enumerated() {
            guard column < glyphSize else {
                throw ParseError(line: number, column: column + 1, problem: .wrongRowWidth(found: line.count))
            }
            switch scalar {
            case "#": bits |= 0x80 >> column
            case ".": break
            default: throw ParseError(line: number, column: column + 1, problem: .badPixel(Character(scalar)))
            }
        }
        guard line.count == glyphSize else {
            throw ParseError(line: number, column: line.count + 1, problem: .wrongRowWidth(found: line.count))
        }
        return bits
    }
}

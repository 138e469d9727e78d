// fuzz-font: the bitmap font parser (Renderer's BitmapFont(parsing:)) on any bytes (decoded as UTF-8, invalid
// sequences replaced). Properties beyond "no crash":
//   - an error names a place inside the text: line 1...lines, column 1...(the line's length + 1);
//   - a font that parses, written back as `char N` and 8 rows per glyph, parses to the same pixels; every glyph
//     lookup (codes inside and outside 32...126) answers.

import FuzzSupport
import Renderer

fuzz { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let font: BitmapFont
    do throws(BitmapFont.ParseError) {
        font = try BitmapFont(parsing: text)
    } catch {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        fuzzCheck((1...lines.count).contains(error.line), "line \(error.line) of \(lines.count): \(error)")
        let length = lines[error.line - 1].count
        fuzzCheck((1...length + 1).contains(error.column), "column \(error.column) of \(length): \(error)")
        fuzzCheck(!error.description.contains("\n"), "the message is not one line: \(error)")
        return
    }
    let size = BitmapFont.glyphSize
    var written = "; written back by fuzz-font\n"
    for code in BitmapFont.codes {
        written += "char \(code)\n"
        for row in 0..<size {
            written += String((0..<size).map { font.isInk(code, column: $0, row: row) ? "#" : "." }) + "\n"
        }
    }
    let reread: BitmapFont
    do {
        reread = try BitmapFont(parsing: written)
    } catch {
        return fuzzCheck(false, "the font written back does not parse: \(error)")
    }
    fuzzCheck(reread == font, "the font written back has other pixels")
    for code: UInt32 in [0, 31, 127, 0x1F600] {
        fuzzCheck(
            (0..<size).allSatisfy { font.isInk(code, column: $0, row: 0) == font.isInk(63, column: $0, row: 0) },
            "code \(code) is not drawn as '?'")
    }
}

// BitmapFontTests: the font asset parses into 95 well-formed glyphs, the atlas holds exactly their pixels, and
// every kind of malformed font text is reported at the right line and column. Pure: no GL.

import XCTest

@testable import Renderer

final class BitmapFontTests: XCTestCase {
    /// A change to the lines of a well-formed font.
    private typealias Edit = (inout [String]) -> Void

    func testAssetHasAllNinetyFiveGlyphs() throws {
        let font = try BitmapFont(parsing: fontText())
        XCTAssertEqual(font.rows.count, 95 * 8)
        var seen: [[UInt8]: UInt32] = [:]
        for code in BitmapFont.codes {
            let glyph = Array(font.rows[Int(code - 32) * 8..<Int(code - 31) * 8])
            let name = String(Character(Unicode.Scalar(code)!))
            XCTAssertEqual(glyph.contains { $0 != 0 }, code != 32, "only space is blank: \(name)")
            XCTAssertTrue(glyph.allSatisfy { $0 & 1 == 0 }, "the right column of \(name) stays paper")
            XCTAssertEqual(glyph[7] != 0, "gjpqy,;_".contains(name), "only descenders use the last row: \(name)")
            if let twin = seen[glyph] { XCTFail("\(name) looks like \(Character(Unicode.Scalar(twin)!))") }
            seen[glyph] = code
        }
    }

    func testAtlasHoldsEveryGlyphPixel() throws {
        let font = try BitmapFont(parsing: fontText())
        let atlas = font.atlas()
        XCTAssertEqual(atlas.count, BitmapFont.atlasWidth * BitmapFont.atlasHeight)
        XCTAssertEqual(atlas.filter { $0 == 255 }.count, font.rows.reduce(0) { $0 + $1.nonzeroBitCount })
        // 'A' (code 65) is slot 33: column 1, row 2, so its pixels start at texel (8, 16).
        XCTAssertTrue(BitmapFont.slot(of: 65) == (1, 2))
        for row in 0..<8 {
            for column in 0..<8 {
                let texel = atlas[(16 + row) * BitmapFont.atlasWidth + 8 + column]
                XCTAssertEqual(texel == 255, font.isInk(65, column: column, row: row))
            }
        }
        XCTAssertTrue(BitmapFont.slot(of: 0xE9) == BitmapFont.slot(of: 63), "unknown characters draw as '?'")
        XCTAssertTrue(BitmapFont.slot(of: 31) == BitmapFont.slot(of: 63))
        XCTAssertEqual(font.isInk(0xE9, column: 3, row: 6), font.isInk(63, column: 3, row: 6))
    }

    func testCommentsCarriageReturnsAndTrailingSpacesAreAccepted() throws {
        let plain = try BitmapFont(parsing: fontText())
        let windows = try fontText().split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " \r\n")
        XCTAssertEqual(try BitmapFont(parsing: windows), plain)
        var lines = Self.validLines()
        lines[0] = "char 32 ; space, with a comment"
        lines.insert("; a comment between glyphs", at: 9)
        XCTAssertNoThrow(try BitmapFont(parsing: lines.joined(separator: "\n")))
    }

    func testEachProblemIsReportedWhereItIs() {
        // validLines(): line 1 is `char 32`, lines 2-9 its rows, line 10 `char 33`, ... line 9 * 95 the last row.
        let problems: [(edit: Edit, line: Int, column: Int, problem: BitmapFont.ParseError.Problem)] = [
            ({ $0[2] = "#.#.#.#" }, 3, 8, .wrongRowWidth(found: 7)),
            ({ $0[2] = "#.#.#.#.#" }, 3, 9, .wrongRowWidth(found: 9)),
            ({ $0[12] = "#.x....." }, 13, 3, .badPixel("x")),
            ({ $0[12] = "#.é....." }, 13, 3, .badPixel("é")),
            ({ $0.removeSubrange(9 * 33..<9 * 34) }, 9 * 94, 1, .missingGlyph(code: 65)),
            (
                { $0 += ["char 'A'"] + $0[9 * 33 + 1..<9 * 34] }, 9 * 95 + 1, 6,
                .duplicateGlyph(code: 65, firstLine: 298)
            ),
            ({ $0.remove(at: 5) }, 9, 1, .missingRows(found: 7)),
            ({ $0[5] = "" }, 6, 1, .missingRows(found: 4)),
            // Cut short by the end of the text: reported at the end of the last line (its 8 pixels, column 9).
            ({ $0.removeLast() }, 9 * 95 - 1, 9, .missingRows(found: 7)),
            ({ $0[9] = "glyph 33" }, 10, 1, .expectedHeader),
            ({ $0[9] = "char" }, 10, 1, .expectedHeader),
            ({ $0[9] = "char  A" }, 10, 7, .expectedCharacter),
            ({ $0[9] = "char 127" }, 10, 6, .codeOutOfRange(127)),
            ({ $0[9] = "char 'é'" }, 10, 6, .codeOutOfRange(0xE9)),
            ({ $0[9] = "char '!' x" }, 10, 10, .unexpectedText),
        ]
        for (index, expected) in problems.enumerated() {
            var lines = Self.validLines()
            expected.edit(&lines)
            XCTAssertThrowsError(try BitmapFont(parsing: lines.joined(separator: "\n")), "case \(index)") { error in
                let error = error as? BitmapFont.ParseError
                XCTAssertEqual(error?.problem, expected.problem, "case \(index)")
                XCTAssertEqual(error?.line, expected.line, "case \(index): \(error?.description ?? "")")
                XCTAssertEqual(error?.column, expected.column, "case \(index): \(error?.description ?? "")")
            }
        }
    }

    func testErrorSaysWhereAndWhatWasExpected() {
        var lines = Self.validLines()
        lines[2] = "#.#.#.#.#"
        do {
            _ = try BitmapFont(parsing: lines.joined(separator: "\n"))
            XCTFail("a nine-pixel row parsed")
        } catch {
            XCTAssertEqual(String(describing: error), "font line 3:9: expected a row of 8 pixels, found 9")
        }
    }

    /// A well-formed font with decimal headers and one distinct pattern per glyph, without a final newline.
    private static func validLines() -> [String] {
        var lines: [String] = []
        for code in BitmapFont.codes {
            lines.append("char \(code)")
            for row in 0..<8 {
                let pixels: [Character] = (0..<8).map { column in
                    (Int(code) >> ((row + column) % 7)) & 1 == 1 ? "#" : "."
                }
                lines.append(String(pixels))
            }
        }
        return lines
    }
}

// BitmapFont: the renderer's 8x8 bitmap font for ASCII 32...126, parsed from the text of
// Assets/Fonts/interlude-8x8.font (the file's header documents the format; the parser is BitmapFont+Parsing.swift),
// and the atlas texture built from it: 16 glyphs across, 6 down, 128x48 texels.

/// An 8x8 bitmap font with one glyph for each character code 32...126.
public struct BitmapFont: Hashable, Sendable {
    /// The character codes with a glyph; other characters are drawn as '?'.
    public static let codes: ClosedRange<UInt32> = 32...126
    /// Pixels per glyph side.
    public static let glyphSize = 8
    static let fallbackCode: UInt32 = 63  // '?', drawn for characters outside `codes`
    static let glyphsAcross = 16
    static let glyphsDown = 6
    static let atlasWidth = glyphsAcross * glyphSize  // texels
    static let atlasHeight = glyphsDown * glyphSize  // texels

    /// One byte per glyph row, top row first, `glyphSize` rows per glyph for `codes` in order;
    /// bit 7 is the leftmost pixel.
    let rows: [UInt8]

    /// True when the pixel at `column`, `row` (0...7 from the top-left corner) of the glyph drawn for `code`
    /// is ink; codes outside `codes` give the pixels of '?'.
    public func isInk(_ code: UInt32, column: Int, row: Int) -> Bool {
        precondition((0..<Self.glyphSize).contains(column) && (0..<Self.glyphSize).contains(row))
        let bits = rows[Self.index(of: code) * Self.glyphSize + row]
        return bits & (0x80 >> column) != 0
    }

    /// The atlas slot (column, row) of a character code; codes without a glyph map to '?'.
    static func slot(of code: UInt32) -> (column: Int, row: Int) {
        let index = index(of: code)
        return (index % glyphsAcross, index / glyphsAcross)
    }

    /// The atlas as one byte per texel (255 ink, 0 paper), top texel row first.
    func atlas() -> [UInt8] {
        var texels = [UInt8](repeating: 0, count: Self.atlasWidth * Self.atlasHeight)
        for code in Self.codes {
            let slot = Self.slot(of: code)
            for row in 0..<Self.glyphSize {
                for column in 0..<Self.glyphSize where isInk(code, column: column, row: row) {
                    let y = slot.row * Self.glyphSize + row
                    texels[y * Self.atlasWidth + slot.column * Self.glyphSize + column] = 255
                }
            }
        }
        return texels
    }

    /// The glyph index of `code`, counted from the first of `codes`; codes without a glyph give '?'.
    private static func index(of code: UInt32) -> Int {
        Int((codes.contains(code) ? code : fallbackCode) - codes.lowerBound)
    }
}

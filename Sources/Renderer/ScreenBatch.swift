// ScreenBatch: one frame's 2D geometry in pixel coordinates (origin top-left, y down): translucent rectangles
// for the flat program and font-glyph quads for the text program. Pure: no GL.

import GameCore

/// The rectangles and glyph quads of one frame, in drawing order.
struct ScreenBatch {
    /// Floats per attribute of a flat vertex: pixel position, RGBA colour.
    static let flatLayout = [2, 4]
    /// Floats per attribute of a text vertex: pixel position, atlas coordinate, RGBA colour.
    static let textLayout = [2, 2, 4]
    /// Pixels per glyph side at scale 1.
    static let glyphSize = 8

    private(set) var flatVertices: [Float] = []
    private(set) var textVertices: [Float] = []

    /// True when there is nothing to draw.
    var isEmpty: Bool { flatVertices.isEmpty && textVertices.isEmpty }

    /// Adds a solid rectangle with its top-left corner at (`x`, `y`).
    mutating func rectangle(x: Float, y: Float, width: Float, height: Float, color: Color, alpha: Float) {
        for (cornerX, cornerY) in Self.corners(x, y, x + width, y + height) {
            flatVertices += [cornerX, cornerY, color.r, color.g, color.b, alpha]
        }
    }

    /// Adds `line` with its top-left corner at (`x`, `y`), each glyph `scale` x 8 pixels square.
    /// Characters outside ASCII 32...126 show as '?'.
    mutating func text(_ line: String, x: Float, y: Float, scale: Int, color: Color, alpha: Float = 1) {
        let size = Float(Self.glyphSize * scale)
        let texelWidth = 1 / Float(BitmapFont.atlasWidth)
        let texelHeight = 1 / Float(BitmapFont.atlasHeight)
        var left = x
        for scalar in line.unicodeScalars {
            let slot = BitmapFont.slot(of: scalar.value)
            let atlasLeft = Float(slot.column * Self.glyphSize) * texelWidth
            let atlasTop = Float(slot.row * Self.glyphSize) * texelHeight
            let atlasRight = atlasLeft + Float(Self.glyphSize) * texelWidth
            let atlasBottom = atlasTop + Float(Self.glyphSize) * texelHeight
            let positions = Self.corners(left, y, left + size, y + size)
            let atlas = Self.corners(atlasLeft, atlasTop, atlasRight, atlasBottom)
            for index in 0..<6 {
                textVertices += [positions[index].0, positions[index].1, atlas[index].0, atlas[index].1]
                textVertices += [color.r, color.g, color.b, alpha]
            }
            left += size
        }
    }

    /// The width in pixels of `line` drawn at `scale`.
    static func width(of line: String, scale: Int) -> Int { line.unicodeScalars.count * glyphSize * scale }

    /// The six corners of two triangles covering the box from (left, top) to (right, bottom).
    private static func corners(_ left: Float, _ top: Float, _ right: Float, _ bottom: Float) -> [(Float, Float)] {
        [(left, top), (left, bottom), (right, bottom), (left, top), (right, bottom), (right, top)]
    }
}

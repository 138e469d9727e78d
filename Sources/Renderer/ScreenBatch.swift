// ScreenBatch: one frame's 2D layer in pixel coordinates (origin top-left, y down), in drawing order: textured
// quads (weapon, muzzle flash), solid rectangles (a white texel) and font glyphs, all in one vertex list for the
// screen program. Consecutive quads with the same texture form one run, drawn with one call. Pure: no GL.

import GameCore
import Runtime

/// The quads of one frame's 2D layer and the texture runs to draw them with.
struct ScreenBatch {
    /// Floats per attribute of a screen vertex: pixel position, texture coordinate, RGBA colour.
    static let layout = [2, 2, 4]
    /// Floats per screen vertex.
    static let floatsPerVertex = 8
    /// Pixels per glyph side at scale 1.
    static let glyphSize = 8

    /// Which texture a quad samples.
    enum Source: Hashable {
        case white  // solid rectangles
        case font  // the bitmap-font atlas
        case named(String)  // a texture of the library, e.g. the weapon
    }

    /// Vertices `first ..< first + count` drawn with `source`.
    struct Run: Hashable {
        let source: Source
        let first: Int
        var count: Int
    }

    private(set) var vertices: [Float] = []
    private(set) var runs: [Run] = []

    /// True when there is nothing to draw.
    var isEmpty: Bool { vertices.isEmpty }

    /// Empties the batch, keeping its storage for the next frame.
    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
    }

    /// Adds a solid rectangle with its top-left corner at (`x`, `y`).
    mutating func rectangle(x: Float, y: Float, width: Float, height: Float, color: Color, alpha: Float) {
        quad(.white, x, y, x + width, y + height, 0, 0, 1, 1, color, alpha)
    }

    /// Adds the whole texture `source` stretched over the box with its top-left corner at (`x`, `y`).
    mutating func image(
        _ source: Source, x: Float, y: Float, width: Float, height: Float, color: Color = Color(1, 1, 1),
        alpha: Float = 1
    ) {
        quad(source, x, y, x + width, y + height, 0, 0, 1, 1, color, alpha)
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
            quad(.font, left, y, left + size, y + size, atlasLeft, atlasTop, atlasRight, atlasBottom, color, alpha)
            left += size
        }
    }

    /// The width in pixels of `line` drawn at `scale`.
    static func width(of line: String, scale: Int) -> Int { line.unicodeScalars.count * glyphSize * scale }

    /// Two triangles covering the box from (left, top) to (right, bottom), texture corners (u0, v0)...(u1, v1).
    private mutating func quad(
        _ source: Source, _ left: Float, _ top: Float, _ right: Float, _ bottom: Float, _ u0: Float, _ v0: Float,
        _ u1: Float, _ v1: Float, _ color: Color, _ alpha: Float
    ) {
        let first = vertices.count / Self.floatsPerVertex
        if let last = runs.last, last.source == source {
            runs[runs.count - 1].count += 6
        } else {
            runs.append(Run(source: source, first: first, count: 6))
        }
        // One call per vertex: array literals here would allocate temporaries for every quad of every frame.
        vertex(left, top, u0, v0, color, alpha)
        vertex(left, bottom, u0, v1, color, alpha)
        vertex(right, bottom, u1, v1, color, alpha)
        vertex(left, top, u0, v0, color, alpha)
        vertex(right, bottom, u1, v1, color, alpha)
        vertex(right, top, u1, v0, color, alpha)
    }

    private mutating func vertex(_ x: Float, _ y: Float, _ u: Float, _ v: Float, _ color: Color, _ alpha: Float) {
        vertices.append(x)
        vertices.append(y)
        vertices.append(u)
        vertices.append(v)
        vertices.append(color.r)
        vertices.append(color.g)
        vertices.append(color.b)
        vertices.append(alpha)
    }
}

// LevelChunk: a square of the level's cells and where its triangles lie in each texture's mesh, so that a frame
// draws only the chunks it can see: a chunk wholly outside the view frustum, or wholly beyond the fog's end (where
// every pixel is the fog colour, which is also the clear colour), adds nothing to the picture. The level's vertices
// were shaded, clipped and set up every frame whatever the camera saw: a quarter of a 320x180 frame's time on
// llvmpipe (Benchmarks/README.md). Pure: no GL.

import GameCore
import Runtime

/// Cells `minX..<maxX` x `minZ..<maxZ` (world units: a cell is a unit square, walls 0...1 high) and, per texture
/// group of `GeometryBuilder.chunkedLevel`, the vertices of this chunk's faces.
struct LevelChunk: Hashable {
    let minX: Int
    let minZ: Int
    let maxX: Int
    let maxZ: Int
    let ranges: [Range<Int>]

    /// Extra world units around a chunk's box, so that rounding in the plane test never drops a face at the edge.
    static let margin: Float = 0.01

    /// Whether any of the chunk's box can show from `eye` (see `ViewVolume`).
    func isVisible(from eye: Vec3, viewProjection: Matrix, fogEnd: Float) -> Bool {
        ViewVolume(eye: eye, viewProjection: viewProjection, fogEnd: fogEnd).mayShow(self)
    }

    /// For each texture group, the vertex ranges of the visible chunks among `chunks`, neighbours merged (a
    /// chunk's vertices follow the previous chunk's in every group). `culling` false: every chunk.
    static func visibleRanges(
        _ chunks: [LevelChunk], groups: Int, eye: Vec3, viewProjection: Matrix, fogEnd: Float, culling: Bool
    ) -> [[Range<Int>]] {
        var ranges = Array(repeating: [Range<Int>](), count: groups)
        let volume = ViewVolume(eye: eye, viewProjection: viewProjection, fogEnd: fogEnd)  // once a frame
        for chunk in chunks where !culling || volume.mayShow(chunk) {
            for (group, range) in chunk.ranges.enumerated() where !range.isEmpty {
                if let last = ranges[group].last, last.upperBound == range.lowerBound {
                    ranges[group][ranges[group].count - 1] = last.lowerBound..<range.upperBound
                } else {
                    ranges[group].append(range)
                }
            }
        }
        return ranges
    }
}

/// What a frame's camera can see: the six planes of its frustum (from `viewProjection`, column-major; the planes of
/// Gribb and Hartmann) and the fog's end around the eye, computed once a frame for every chunk's test.
struct ViewVolume {
    let eye: Vec3
    let fogEnd: Float
    let planes: [(a: Float, b: Float, c: Float, d: Float)]

    init(eye: Vec3, viewProjection: Matrix, fogEnd: Float) {
        let m = viewProjection.elements
        let row = { (i: Int) in (m[i], m[4 + i], m[8 + i], m[12 + i]) }
        let (x, y, z, w) = (row(0), row(1), row(2), row(3))
        self.eye = eye
        self.fogEnd = fogEnd
        planes = [
            (w.0 + x.0, w.1 + x.1, w.2 + x.2, w.3 + x.3), (w.0 - x.0, w.1 - x.1, w.2 - x.2, w.3 - x.3),
            (w.0 + y.0, w.1 + y.1, w.2 + y.2, w.3 + y.3), (w.0 - y.0, w.1 - y.1, w.2 - y.2, w.3 - y.3),
            (w.0 + z.0, w.1 + z.1, w.2 + z.2, w.3 + z.3), (w.0 - z.0, w.1 - z.1, w.2 - z.2, w.3 - z.3),
        ]
    }

    /// Whether any of `chunk`'s box (cells, 0...1 high, widened by `LevelChunk.margin`) can show: within `fogEnd` of
    /// the eye on the ground plane (every point beyond is at least that far in 3D, so fully fogged) and not wholly
    /// outside one of the frustum's planes.
    func mayShow(_ chunk: LevelChunk) -> Bool {
        let margin = LevelChunk.margin
        let low = (x: Float(chunk.minX) - margin, y: -margin, z: Float(chunk.minZ) - margin)
        let high = (x: Float(chunk.maxX) + margin, y: 1 + margin, z: Float(chunk.maxZ) + margin)
        let nearestX = min(max(eye.x, low.x), high.x)
        let nearestZ = min(max(eye.z, low.z), high.z)
        let (dx, dz) = (nearestX - eye.x, nearestZ - eye.z)
        guard dx * dx + dz * dz <= fogEnd * fogEnd else { return false }
        for plane in planes {
            // The box corner farthest along the plane's normal: if even it is outside, the whole box is.
            let px = plane.a >= 0 ? high.x : low.x
            let py = plane.b >= 0 ? high.y : low.y
            let pz = plane.c >= 0 ? high.z : low.z
            if plane.a * px + plane.b * py + plane.c * pz + plane.d < 0 { return false }
        }
        return true
    }
}

// GeometryBuilder: the level's static triangles, grouped by texture (walls, floor, ceiling) so each texture is
// one mesh and one draw call. Vertices are interleaved position, normal, texture coordinate and a baked shade
// (a per-cell brightness variation, darker where floor meets wall). Pure: no GL, so testable on its own.

import GameCore
import Runtime

/// Accumulates quads as two counter-clockwise triangles each (front faces for back-face culling).
struct GeometryBuilder {
    /// Floats per attribute of a world vertex: position, normal, texture coordinate, shade.
    static let worldLayout = [3, 3, 2, 3]
    /// Floats per world vertex.
    static let floatsPerVertex = 11
    /// How dark a corner gets where a floor or ceiling meets a wall, and a wall's foot.
    static let cornerShade: Float = 0.62

    private(set) var vertices: [Float] = []

    /// One corner of a quad: where it is, its texture coordinate, its brightness.
    struct Corner {
        var position: Vec3
        var u: Float
        var v: Float
        var shade: Float
    }

    /// Adds the quad whose corners `a b c d` run counter-clockwise seen from the side `normal` points to.
    mutating func quad(_ a: Corner, _ b: Corner, _ c: Corner, _ d: Corner, normal: Vec3) {
        for corner in [a, b, c, a, c, d] {
            let p = corner.position
            vertices += [p.x, p.y, p.z, normal.x, normal.y, normal.z, corner.u, corner.v]
            vertices += [corner.shade, corner.shade, corner.shade]
        }
    }

    /// The level's triangles by texture name, in the order walls, floor, ceiling (names shared by two surfaces
    /// are merged into one list, so each texture is drawn once), laid out chunk by chunk (`chunkedLevel`).
    static func level(_ level: Level) -> [(texture: String, vertices: [Float])] { chunkedLevel(level).groups }

    /// Cells per side of a chunk: the unit the renderer culls the level by (`LevelChunk`).
    static let chunkSize = 8

    /// The level's triangles by texture (as `level`), with each texture's vertices ordered chunk by chunk (chunks of
    /// `chunkSize` x `chunkSize` cells, row by row), and where each chunk's vertices lie in each texture's list.
    static func chunkedLevel(_ level: Level) -> (groups: [(texture: String, vertices: [Float])], chunks: [LevelChunk]) {
        let theme = level.theme
        var names: [String] = []
        for name in [theme.wall, theme.floor, theme.ceiling] where !names.contains(name) { names.append(name) }
        var builders = Array(repeating: GeometryBuilder(), count: names.count)
        let (walls, floor, ceiling) = (
            names.firstIndex(of: theme.wall)!, names.firstIndex(of: theme.floor)!, names.firstIndex(of: theme.ceiling)!
        )
        var chunks: [LevelChunk] = []
        let floatsPerVertex = Self.floatsPerVertex
        for chunkZ in stride(from: 0, to: level.depth, by: chunkSize) {
            for chunkX in stride(from: 0, to: level.width, by: chunkSize) {
                let starts = builders.map { $0.vertices.count / floatsPerVertex }
                let (maxX, maxZ) = (min(chunkX + chunkSize, level.width), min(chunkZ + chunkSize, level.depth))
                for z in chunkZ..<maxZ {
                    for x in chunkX..<maxX where !level.isWall(x, z) {
                        builders[floor].floorOrCeiling(x, z, in: level, height: 0)
                        builders[ceiling].floorOrCeiling(x, z, in: level, height: 1)
                        builders[walls].walls(around: x, z, in: level)
                    }
                }
                let ranges = zip(starts, builders).map { $0..<($1.vertices.count / floatsPerVertex) }
                chunks.append(LevelChunk(minX: chunkX, minZ: chunkZ, maxX: maxX, maxZ: maxZ, ranges: ranges))
            }
        }
        return (zip(names, builders).map { ($0, $1.vertices) }, chunks)
    }

    /// The floor (height 0, facing up) or ceiling (height 1, facing down) of the open cell (x, z), one texture
    /// tile per cell; corners next to a wall are darker.
    private mutating func floorOrCeiling(_ x: Int, _ z: Int, in level: Level, height: Float) {
        let shade = Self.shade(x, z)
        func corner(_ dx: Int, _ dz: Int) -> Corner {
            // The corner (x + dx, z + dz) touches the four cells around it; any wall among them darkens it.
            let nearWall =
                level.isWall(x + dx - 1, z + dz - 1) || level.isWall(x + dx, z + dz - 1)
                || level.isWall(x + dx - 1, z + dz) || level.isWall(x + dx, z + dz)
            return Corner(
                position: Vec3(Float(x + dx), height, Float(z + dz)), u: Float(dx), v: Float(dz),
                shade: shade * (nearWall ? Self.cornerShade : 1))
        }
        if height == 0 {
            quad(corner(0, 0), corner(0, 1), corner(1, 1), corner(1, 0), normal: Vec3(0, 1, 0))
        } else {
            quad(corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1), normal: Vec3(0, -1, 0))
        }
    }

    /// The faces of the walls around the open cell (x, z), each facing into the cell.
    private mutating func walls(around x: Int, _ z: Int, in level: Level) {
        let neighbours: [(dx: Int, dz: Int)] = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        for (dx, dz) in neighbours where level.isWall(x + dx, z + dz) {
            wallFace(cellX: x, cellZ: z, normal: Vec3(Float(-dx), 0, Float(-dz)), shade: Self.shade(x + dx, z + dz))
        }
    }

    /// A wall face on the side of cell (cellX, cellZ) opposite to `normal`, textured with u to the right as seen
    /// from the cell and v = 0 at the top; its foot is darker.
    private mutating func wallFace(cellX: Int, cellZ: Int, normal: Vec3, shade: Float) {
        // Seen from the cell, "right" is up x normal.
        let right = Vec3(normal.z, 0, -normal.x)
        let centreX = Float(cellX) + 0.5 - normal.x * 0.5
        let centreZ = Float(cellZ) + 0.5 - normal.z * 0.5
        let left = Vec3(centreX - right.x * 0.5, 0, centreZ - right.z * 0.5)
        let rightEnd = Vec3(centreX + right.x * 0.5, 0, centreZ + right.z * 0.5)
        let foot = shade * Self.cornerShade
        quad(
            Corner(position: left, u: 0, v: 1, shade: foot),
            Corner(position: rightEnd, u: 1, v: 1, shade: foot),
            Corner(position: Vec3(rightEnd.x, 1, rightEnd.z), u: 1, v: 0, shade: shade),
            Corner(position: Vec3(left.x, 1, left.z), u: 0, v: 0, shade: shade), normal: normal)
    }

    /// A deterministic brightness factor in 0.9...1.1 for the cell (x, z).
    static func shade(_ x: Int, _ z: Int) -> Float {
        var mixed = UInt32(truncatingIfNeeded: x) &* 73_856_093 ^ UInt32(truncatingIfNeeded: z) &* 19_349_663
        mixed ^= mixed >> 13
        mixed &*= 0x5bd1_e995
        mixed ^= mixed >> 15
        return 0.9 + 0.2 * Float(mixed & 0xFF) / 255
    }
}

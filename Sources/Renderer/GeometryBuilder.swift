// GeometryBuilder: the static triangle lists of the 3D view (level walls, floor and ceiling; the sprite box),
// as interleaved position, normal and colour. Pure: no GL, so the geometry is testable on its own.

import GameCore

/// Accumulates quads as two counter-clockwise triangles each (front faces for back-face culling).
struct GeometryBuilder {
    /// Floats per attribute of a world vertex: position, normal, colour.
    static let worldLayout = [3, 3, 3]

    private(set) var vertices: [Float] = []

    /// Adds the quad `origin`, `origin + along`, `origin + along + across`, `origin + across`, facing
    /// `along x across` (which must equal `normal`'s direction).
    mutating func quad(origin: Vec3, along: Vec3, across: Vec3, normal: Vec3, color: Color) {
        let corners = [
            origin, Self.sum(origin, along), Self.sum(Self.sum(origin, along), across), origin,
            Self.sum(Self.sum(origin, along), across), Self.sum(origin, across),
        ]
        for corner in corners {
            vertices += [corner.x, corner.y, corner.z, normal.x, normal.y, normal.z, color.r, color.g, color.b]
        }
    }

    /// The walls facing each open cell, and every open cell's floor (y = 0) and ceiling (y = 1).
    static func level(_ level: Level) -> [Float] {
        var builder = GeometryBuilder()
        for z in 0..<level.depth {
            for x in 0..<level.width where !level.isWall(x, z) {
                builder.cell(x, z, in: level)
            }
        }
        return builder.vertices
    }

    /// A box one unit on each side, its base centred on the origin, white, normals outward.
    static func box() -> [Float] {
        var builder = GeometryBuilder()
        let white = Color(1, 1, 1)
        let faces: [(origin: Vec3, along: Vec3, across: Vec3, normal: Vec3)] = [
            (Vec3(0.5, 0, -0.5), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(1, 0, 0)),
            (Vec3(-0.5, 0, -0.5), Vec3(0, 0, 1), Vec3(0, 1, 0), Vec3(-1, 0, 0)),
            (Vec3(-0.5, 0, 0.5), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)),
            (Vec3(-0.5, 0, -0.5), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)),
            (Vec3(-0.5, 1, -0.5), Vec3(0, 0, 1), Vec3(1, 0, 0), Vec3(0, 1, 0)),
            (Vec3(-0.5, 0, -0.5), Vec3(1, 0, 0), Vec3(0, 0, 1), Vec3(0, -1, 0)),
        ]
        for face in faces {
            builder.quad(origin: face.origin, along: face.along, across: face.across, normal: face.normal, color: white)
        }
        return builder.vertices
    }

    /// Floor, ceiling and the faces of neighbouring walls for the open cell (x, z).
    private mutating func cell(_ x: Int, _ z: Int, in level: Level) {
        let left = Float(x)
        let near = Float(z)
        let shade = Self.shade(x, z)
        let checker: Float = (x + z) % 2 == 0 ? 1 : 0.8
        let floor = Color(0.40 * checker * shade, 0.42 * checker * shade, 0.46 * checker * shade)
        quad(
            origin: Vec3(left, 0, near), along: Vec3(0, 0, 1), across: Vec3(1, 0, 0), normal: Vec3(0, 1, 0),
            color: floor)
        let ceiling = Color(0.30 * shade, 0.31 * shade, 0.34 * shade)
        quad(
            origin: Vec3(left, 1, near), along: Vec3(1, 0, 0), across: Vec3(0, 0, 1), normal: Vec3(0, -1, 0),
            color: ceiling)
        // Each wall face belongs to the wall cell behind it, which gives it its shade.
        if level.isWall(x - 1, z) {
            quad(
                origin: Vec3(left, 0, near), along: Vec3(0, 1, 0), across: Vec3(0, 0, 1), normal: Vec3(1, 0, 0),
                color: Self.wallColor(x - 1, z))
        }
        if level.isWall(x + 1, z) {
            quad(
                origin: Vec3(left + 1, 0, near), along: Vec3(0, 0, 1), across: Vec3(0, 1, 0), normal: Vec3(-1, 0, 0),
                color: Self.wallColor(x + 1, z))
        }
        if level.isWall(x, z - 1) {
            quad(
                origin: Vec3(left, 0, near), along: Vec3(1, 0, 0), across: Vec3(0, 1, 0), normal: Vec3(0, 0, 1),
                color: Self.wallColor(x, z - 1))
        }
        if level.isWall(x, z + 1) {
            quad(
                origin: Vec3(left, 0, near + 1), along: Vec3(0, 1, 0), across: Vec3(1, 0, 0), normal: Vec3(0, 0, -1),
                color: Self.wallColor(x, z + 1))
        }
    }

    /// A warm concrete colour, varied per wall cell; every fourth cell is a blue-grey panel.
    private static func wallColor(_ x: Int, _ z: Int) -> Color {
        let shade = shade(x, z)
        let isPanel = (x * 7 + z * 3) % 4 == 0
        return isPanel
            ? Color(0.42 * shade, 0.50 * shade, 0.62 * shade) : Color(0.68 * shade, 0.58 * shade, 0.46 * shade)
    }

    /// A deterministic brightness factor in 0.85...1.15 for the cell (x, z).
    private static func shade(_ x: Int, _ z: Int) -> Float {
        var mixed = UInt32(truncatingIfNeeded: x) &* 73_856_093 ^ UInt32(truncatingIfNeeded: z) &* 19_349_663
        mixed ^= mixed >> 13
        mixed &*= 0x5bd1_e995
        mixed ^= mixed >> 15
        return 0.85 + 0.3 * Float(mixed & 0xFF) / 255
    }

    private static func sum(_ first: Vec3, _ second: Vec3) -> Vec3 {
        Vec3(first.x + second.x, first.y + second.y, first.z + second.z)
    }
}

// SpriteBatch: one frame's sprites as world-space triangles, grouped by kind so each kind's texture is bound
// once. Billboards stand upright and face the camera (cylindrical: they turn about y only, parallel to the
// view plane, as in DOOM); corpses lie flat on the floor, their top pointing away from the camera. Pure: no GL.

import GameCore
import Runtime

/// The billboard triangles of one frame and, per sprite kind, which vertices are that kind's.
struct SpriteBatch {
    /// Floats per attribute of a sprite vertex: position, texture coordinate, tint (rgb) and hit flash.
    static let layout = [3, 2, 4]
    /// Floats per sprite vertex.
    static let floatsPerVertex = 9
    /// Height of a corpse above the floor, so it never fights the floor for depth.
    static let corpseLift: Float = 0.01

    private(set) var vertices: [Float] = []
    /// Vertices `first ..< first + count` show `kind`; only kinds present, in `SpriteKind.allCases` order.
    private(set) var runs: [(kind: SpriteKind, first: Int, count: Int)] = []

    /// Empties the batch, keeping its storage for the next frame.
    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
    }

    /// Adds `sprites` as seen by `camera`, kind by kind.
    mutating func add(_ sprites: [Sprite], camera: Camera) {
        let cosine = Trigonometry.cosine(camera.yaw)
        let sine = Trigonometry.sine(camera.yaw)
        // Yaw 0 looks down -z with +x to the right; yaw turns both counter-clockwise seen from above.
        let right = (x: cosine, z: -sine)
        let forward = (x: -sine, z: -cosine)
        for kind in SpriteKind.allCases {
            let first = vertices.count / Self.floatsPerVertex
            for sprite in sprites where sprite.kind == kind {
                if kind == .corpse {
                    flat(sprite, right: right, forward: forward)
                } else {
                    upright(sprite, right: right)
                }
            }
            let count = vertices.count / Self.floatsPerVertex - first
            if count > 0 { runs.append((kind, first, count)) }
        }
    }

    private mutating func upright(_ sprite: Sprite, right: (x: Float, z: Float)) {
        let half = sprite.size / 2
        let p = sprite.position
        let left = (x: p.x - right.x * half, z: p.z - right.z * half)
        let rightEnd = (x: p.x + right.x * half, z: p.z + right.z * half)
        let top = p.y + sprite.size
        corners(
            sprite, (left.x, p.y, left.z, 0, 1), (rightEnd.x, p.y, rightEnd.z, 1, 1),
            (rightEnd.x, top, rightEnd.z, 1, 0),
            (left.x, top, left.z, 0, 0))
    }

    private mutating func flat(_ sprite: Sprite, right: (x: Float, z: Float), forward: (x: Float, z: Float)) {
        let half = sprite.size / 2
        let p = sprite.position
        let y = p.y + Self.corpseLift
        func at(_ along: Float, _ ahead: Float) -> (Float, Float) {
            (p.x + right.x * along + forward.x * ahead, p.z + right.z * along + forward.z * ahead)
        }
        let nearLeft = at(-half, -half)
        let nearRight = at(half, -half)
        let farRight = at(half, half)
        let farLeft = at(-half, half)
        corners(
            sprite, (nearLeft.0, y, nearLeft.1, 0, 1), (nearRight.0, y, nearRight.1, 1, 1),
            (farRight.0, y, farRight.1, 1, 0), (farLeft.0, y, farLeft.1, 0, 0))
    }

    /// Two triangles a b c, a c d; each corner is (x, y, z, u, v).
    private mutating func corners(
        _ sprite: Sprite, _ a: (Float, Float, Float, Float, Float), _ b: (Float, Float, Float, Float, Float),
        _ c: (Float, Float, Float, Float, Float), _ d: (Float, Float, Float, Float, Float)
    ) {
        let flash = min(max(sprite.flash, 0), 1)
        // One call per vertex: array literals here would allocate temporaries for every sprite of every frame.
        vertex(a, sprite.color, flash)
        vertex(b, sprite.color, flash)
        vertex(c, sprite.color, flash)
        vertex(a, sprite.color, flash)
        vertex(c, sprite.color, flash)
        vertex(d, sprite.color, flash)
    }

    private mutating func vertex(_ corner: (Float, Float, Float, Float, Float), _ tint: Color, _ flash: Float) {
        vertices.append(corner.0)
        vertices.append(corner.1)
        vertices.append(corner.2)
        vertices.append(corner.3)
        vertices.append(corner.4)
        vertices.append(tint.r)
        vertices.append(tint.g)
        vertices.append(tint.b)
        vertices.append(flash)
    }
}

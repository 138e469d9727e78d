// Geometry: the deterministic math of the simulation: sine without libm, rays and lines of sight on the grid.
// Only +, -, *, / and square roots (correctly rounded by IEEE 754), so every machine gets the same bits.

/// Sine by range reduction and a 9th-order polynomial: exact same bits on every machine, no libm needed.
func sinApproximation(_ angle: Float) -> Float {
    let twoPi = 2 * Float.pi
    var x = angle - (angle / twoPi).rounded(.down) * twoPi  // 0..<2π
    if x > Float.pi { x -= twoPi }  // -π...π
    if x > Float.pi / 2 { x = Float.pi - x }
    if x < -Float.pi / 2 { x = -Float.pi - x }
    let x2 = x * x
    return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72))))
}

/// `angle` brought into -π..<π (unchanged when already there), so that yaw keeps its precision however long
/// the player turns.
func wrappedAngle(_ angle: Float) -> Float {
    let twoPi = 2 * Float.pi
    return angle - ((angle + Float.pi) / twoPi).rounded(.down) * twoPi
}

/// Cosine as a shifted sine.
func cosApproximation(_ angle: Float) -> Float { sinApproximation(angle + Float.pi / 2) }

/// The unit vector a yaw looks along on the floor plane (yaw 0 looks down -z, positive turns left).
func facing(_ yaw: Float) -> (x: Float, z: Float) { (-sinApproximation(yaw), -cosApproximation(yaw)) }

extension Level {
    static let rayStep: Float = 1.0 / 32  // world units between samples along a ray
    static let maximumSamples = 1 << 16  // samples of one line of sight, at most (2,048 world units)

    /// How far a ray from (x, z) along the unit vector (dx, dz) goes before it enters a wall, up to `limit`.
    func wallDistance(x: Float, z: Float, dx: Float, dz: Float, limit: Float = 64) -> Float {
        var t: Float = 0
        while t < limit {
            t += Self.rayStep
            let px = x + dx * t
            let pz = z + dz * t
            if isWall(cellIndex(px), cellIndex(pz)) { return t }
        }
        return limit
    }

    /// True when no wall lies on the straight line between the two points.
    func isClear(fromX: Float, fromZ: Float, toX: Float, toZ: Float) -> Bool {
        let dx = toX - fromX
        let dz = toZ - fromZ
        // At most one sample per step over the widest level: far points (or NaN) never make a huge loop or trap.
        let length = ((dx * dx + dz * dz).squareRoot() / Self.rayStep).rounded(.up)
        guard length.isFinite else { return false }
        let samples = Int(min(length, Float(Self.maximumSamples)))
        guard samples > 1 else { return true }
        for index in 1..<samples {
            let fraction = Float(index) / Float(samples)
            if isWall(cellIndex(fromX + dx * fraction), cellIndex(fromZ + dz * fraction)) {
                return false
            }
        }
        return true
    }

    /// True when a square of half-side `radius` centred on (x, z) touches a wall.
    func isBlocked(x: Float, z: Float, radius: Float) -> Bool {
        for (cornerX, cornerZ) in [
            (x - radius, z - radius), (x + radius, z - radius), (x - radius, z + radius), (x + radius, z + radius),
        ] {
            if isWall(cellIndex(cornerX), cellIndex(cornerZ)) { return true }
        }
        return false
    }
}

/// The cell a world coordinate lies in; a coordinate no level reaches (not finite, or beyond ±2^30) is cell -1, which
/// is outside every level (a wall), so that a bad value never traps converting to Int.
func cellIndex(_ coordinate: Float) -> Int {
    guard coordinate.isFinite, abs(coordinate) < 1_073_741_824 else { return -1 }
    return Int(coordinate.rounded(.down))
}

/// The distance between two points of the floor plane.
func distance(_ ax: Float, _ az: Float, _ bx: Float, _ bz: Float) -> Float {
    ((ax - bx) * (ax - bx) + (az - bz) * (az - bz)).squareRoot()
}

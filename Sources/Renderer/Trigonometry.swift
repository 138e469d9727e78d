// Trigonometry: sine, cosine and tangent for the camera, since Renderer imports neither Foundation nor Glibc.
// Pure Swift, so every platform computes the same matrices bit for bit.

/// Sine and cosine by range reduction and a Taylor polynomial (error below 1e-7 on -pi/2...pi/2).
enum Trigonometry {
    /// The sine of `angle` (radians).
    static func sine(_ angle: Float) -> Float {
        let twoPi = 2 * Float.pi
        var x = angle - (angle / twoPi).rounded(.down) * twoPi
        // Fold 0..<2pi into -pi/2...pi/2, where the polynomial is accurate.
        if x > Float.pi { x -= twoPi }
        if x > Float.pi / 2 { x = Float.pi - x }
        if x < -Float.pi / 2 { x = -Float.pi - x }
        let square = x * x
        let tail = 1 - square / 110 * (1 - square / 156)
        return x * (1 - square / 6 * (1 - square / 20 * (1 - square / 42 * (1 - square / 72 * tail))))
    }

    /// The cosine of `angle` (radians).
    static func cosine(_ angle: Float) -> Float { sine(angle + Float.pi / 2) }

    /// The tangent of `angle` (radians), for angles away from odd multiples of pi/2.
    static func tangent(_ angle: Float) -> Float { sine(angle) / cosine(angle) }
}

// Game+Simulation: one fixed step of the simulation: held controls move and turn the player, walls stop it.

extension Game {
    static let moveSpeed: Float = 3.0 / Float(stepsPerSecond)  // world units per step
    static let turnSpeed: Float = 2.0 / Float(stepsPerSecond)  // radians per step
    static let playerRadius: Float = 0.25  // world units

    /// Advances the session by one fixed step. Call only while `state.isRunning`.
    public mutating func step() {
        precondition(state.isRunning, "the simulation steps only in a running session")
        state.steps += 1
        var forward: Float = 0
        var strafe: Float = 0
        for (control, left) in state.held.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            switch control {
            case .forward: forward += 1
            case .back: forward -= 1
            case .left: strafe -= 1
            case .right: strafe += 1
            case .turnLeft: state.player.yaw += Self.turnSpeed
            case .turnRight: state.player.yaw -= Self.turnSpeed
            case .lookUp: state.player.pitch = min(1.4, state.player.pitch + Self.turnSpeed)
            case .lookDown: state.player.pitch = max(-1.4, state.player.pitch - Self.turnSpeed)
            }
            state.held[control] = left == Int64.max ? left : (left > 1 ? left - 1 : nil)
        }
        // yaw 0 looks down -z; strafing right is +x at yaw 0.
        let sine = sinApproximation(state.player.yaw)
        let cosine = sinApproximation(state.player.yaw + Float.pi / 2)
        let dx = (-sine * forward + cosine * strafe) * Self.moveSpeed
        let dz = (-cosine * forward - sine * strafe) * Self.moveSpeed
        slide(dx: dx, dz: dz)
    }

    /// Moves along x, then along z, each only if the player's square stays out of walls: walls slide.
    private mutating func slide(dx: Float, dz: Float) {
        if !blocked(x: state.player.x + dx, z: state.player.z) { state.player.x += dx }
        if !blocked(x: state.player.x, z: state.player.z + dz) { state.player.z += dz }
    }

    private func blocked(x: Float, z: Float) -> Bool {
        let r = Self.playerRadius
        for (cornerX, cornerZ) in [(x - r, z - r), (x + r, z - r), (x - r, z + r), (x + r, z + r)] {
            if level.isWall(Int(cornerX.rounded(.down)), Int(cornerZ.rounded(.down))) { return true }
        }
        return false
    }
}

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

// Game+Simulation: one fixed step of the simulation, as a list: effects fade, held controls move and turn the
// player (walls stop and slide it), enemies walk, pickups are taken, the exit is checked.
// Enemies think (see and shoot) on the runtime's think timer, in Game+Enemies.swift.

import Lifecycle
import Runtime

extension Game {
    static let moveSpeed: Float = 3.0 / Float(stepsPerSecond)  // world units per step
    static let turnSpeed: Float = 2.0 / Float(stepsPerSecond)  // radians per step
    static let playerRadius: Float = 0.25  // world units, half the side of the player's square
    static let bobPerStep: Float = 0.25  // radians of walking bob per step of movement

    /// Advances the session by one fixed step. Call only while `state.isRunning`.
    public mutating func step() {
        precondition(state.isRunning, "the simulation steps only in a running session")
        state.steps += 1
        fadeEffects()
        fadePeers()
        movePlayer()
        moveEnemies()
        takePickups()
        checkExit()
        endRoundIfOver()
    }

    private mutating func fadeEffects() {
        state.effects.reload = max(0, state.effects.reload - 1)
        state.effects.recoil = max(0, state.effects.recoil - 1)
        state.effects.muzzle = max(0, state.effects.muzzle - 1)
        state.effects.hitMarker = max(0, state.effects.hitMarker - 1)
        state.effects.damage = max(0, state.effects.damage - 1)
        for index in state.enemies.indices { state.enemies[index].flash = max(0, state.enemies[index].flash - 1) }
    }

    private mutating func movePlayer() {
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
        state.player.yaw = wrappedAngle(state.player.yaw)
        // yaw 0 looks down -z; strafing right is +x at yaw 0.
        let ahead = facing(state.player.yaw)
        let dx = (ahead.x * forward - ahead.z * strafe) * Self.moveSpeed
        let dz = (ahead.z * forward + ahead.x * strafe) * Self.moveSpeed
        let before = (state.player.x, state.player.z)
        (state.player.x, state.player.z) = slide(
            x: state.player.x, z: state.player.z, dx: dx, dz: dz, radius: Self.playerRadius)
        if before != (state.player.x, state.player.z) { state.effects.bob += Self.bobPerStep }
    }

    /// Moves along x, then along z, each only if the square stays out of walls: against a wall, movement slides.
    func slide(x: Float, z: Float, dx: Float, dz: Float, radius: Float) -> (Float, Float) {
        var x = x
        var z = z
        if !level.isBlocked(x: x + dx, z: z, radius: radius) { x += dx }
        if !level.isBlocked(x: x, z: z + dz, radius: radius) { z += dz }
        return (x, z)
    }
}

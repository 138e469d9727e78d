// Game+Combat: the player's hitscan weapon and the damage the player takes.

extension Game {
    static let reloadSteps: Int64 = 12  // steps between shots (5 per second)
    static let enemyRadius: Float = 0.35  // world units: how wide an enemy is to a shot
    static let killScore: Int64 = 100

    /// Why the weapon cannot fire now, or nil when it can.
    public var whyCannotFire: String? {
        if !state.isRunning { return "fire needs a running game" }
        if state.player.ammo == 0 { return "out of ammo" }
        if state.effects.reload > 0 { return "the weapon is reloading (\(state.effects.reload) steps left)" }
        return nil
    }

    /// Fires one shot along the view: the nearest living enemy on the line, in front of the first wall, is hit.
    /// Damage is 20...35 from the seeded random source. Returns false when the weapon could not fire.
    @discardableResult
    public mutating func fire() -> Bool {
        guard whyCannotFire == nil else { return false }
        state.player.ammo -= 1
        state.shots += 1
        state.effects.reload = Self.reloadSteps
        state.effects.recoil = 8
        state.effects.muzzle = 2
        let target = enemyInSight()
        let enemyDistance =
            target.map { distance(state.enemies[$0].x, state.enemies[$0].z, state.player.x, state.player.z) }
            ?? Float.infinity
        if shootPeers(enemyDistance: enemyDistance) { return true }
        guard let target else { return true }
        state.hits += 1
        state.effects.hitMarker = 12
        var enemy = state.enemies[target]
        enemy.health -= 20 + Int(state.random.below(16))
        enemy.flash = 6
        enemy.mode = .chasing
        (enemy.targetX, enemy.targetZ) = (state.player.x, state.player.z)
        if enemy.health <= 0 {
            enemy.health = 0
            enemy.mode = .dead
            state.kills += 1
            state.score += Self.killScore
        }
        state.enemies[target] = enemy
        return true
    }

    /// The index of the nearest living enemy the view's ray meets before a wall, if any.
    func enemyInSight() -> Int? {
        let player = state.player
        let ray = facing(player.yaw)
        let wall = level.wallDistance(x: player.x, z: player.z, dx: ray.x, dz: ray.z)
        var best: (index: Int, distance: Float)? = nil
        let radius = Self.enemyRadius
        for (index, enemy) in state.enemies.enumerated() where enemy.isAlive {
            let toX = enemy.x - player.x
            let toZ = enemy.z - player.z
            let along = toX * ray.x + toZ * ray.z
            guard along > 0 else { continue }
            let offSquared = toX * toX + toZ * toZ - along * along
            guard offSquared <= radius * radius else { continue }
            let hitAt = along - (radius * radius - offSquared).squareRoot()
            if hitAt < wall, hitAt < best?.distance ?? Float.infinity { best = (index, hitAt) }
        }
        return best?.index
    }

    /// The player takes `amount` damage; at 0 health the game is over.
    mutating func hurt(_ amount: Int) {
        state.player.health = max(0, state.player.health - amount)
        state.effects.damage = 30
        if state.player.health == 0 { endGame(won: false) }
    }
}

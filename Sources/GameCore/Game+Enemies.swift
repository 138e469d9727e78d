// Game+Enemies: enemies see, chase and shoot. `enemiesThink()` runs on the runtime's think timer (every
// `thinkSteps` steps of play): an enemy that sees the player (in range, no wall between) remembers where, and
// shoots when close enough and ready. Every step, a chasing enemy walks towards where it saw the player last,
// keeping its distance from the other enemies.

import Lifecycle
import Runtime

extension Game {
    /// Steps between two thinks (the runtime's enemy timer uses this period).
    public static let thinkSteps: Int64 = 6
    static let sightRange: Float = 14  // world units
    static let attackRange: Float = 8  // world units
    static let enemySpeed: Float = 1.5 / Float(stepsPerSecond)  // world units per step
    static let enemyRadius2: Float = 0.3  // world units, half the side of an enemy's square against walls
    static let keepAway: Float = 1.2  // world units: a chasing enemy stops this close to the player
    static let spacing: Float = 0.7  // world units: enemies keep this far apart

    /// Every living enemy looks for the player and, when it sees it in range and is ready, shoots:
    /// the hit chance falls with distance, damage is 4...9; all drawn from the seeded random source.
    public mutating func enemiesThink() {
        guard state.isRunning else { return }
        let player = state.player
        for index in state.enemies.indices where state.enemies[index].isAlive {
            var enemy = state.enemies[index]
            enemy.cooldown = max(0, enemy.cooldown - 1)
            let away = distance(enemy.x, enemy.z, player.x, player.z)
            let sees =
                away < Self.sightRange
                && level.isClear(fromX: enemy.x, fromZ: enemy.z, toX: player.x, toZ: player.z)
            if sees {
                enemy.mode = .chasing
                (enemy.targetX, enemy.targetZ) = (player.x, player.z)
            }
            state.enemies[index] = enemy
            guard sees, away < Self.attackRange, enemy.cooldown == 0 else { continue }
            state.enemies[index].cooldown = 5 + Int64(state.random.below(5))
            let chance = UInt64(75 - Int(away) * 6)
            if state.random.below(100) < chance {
                hurt(4 + Int(state.random.below(6)))
                if !state.isInSession { return }
            }
        }
    }

    /// True when (x, z) is closer than `spacing` to another living enemy that is not already closer to
    /// enemy `index` (so two enemies never merge, and one that is stuck can still move apart).
    private func isCrowded(x: Float, z: Float, by index: Int) -> Bool {
        let me = state.enemies[index]
        for (other, enemy) in state.enemies.enumerated() where other != index && enemy.isAlive {
            let after = distance(x, z, enemy.x, enemy.z)
            if after < Self.spacing, after < distance(me.x, me.z, enemy.x, enemy.z) { return true }
        }
        return false
    }

    /// Chasing enemies walk towards the player's last seen position, sliding along walls.
    mutating func moveEnemies() {
        let player = state.player
        for index in state.enemies.indices where state.enemies[index].mode == .chasing {
            var enemy = state.enemies[index]
            let toTarget = distance(enemy.x, enemy.z, enemy.targetX, enemy.targetZ)
            let toPlayer = distance(enemy.x, enemy.z, player.x, player.z)
            guard toTarget > Self.enemySpeed, toPlayer > Self.keepAway else { continue }
            let dx = (enemy.targetX - enemy.x) / toTarget * Self.enemySpeed
            let dz = (enemy.targetZ - enemy.z) / toTarget * Self.enemySpeed
            let (x, z) = slide(x: enemy.x, z: enemy.z, dx: dx, dz: dz, radius: Self.enemyRadius2)
            guard !isCrowded(x: x, z: z, by: index) else { continue }
            (enemy.x, enemy.z) = (x, z)
            state.enemies[index] = enemy
        }
    }
}

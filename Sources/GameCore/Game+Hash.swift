// Game+Hash: `stateHash`, over every gameplay value in a fixed order (menu animation and notices excluded).

import Lifecycle
import Runtime

extension Game {
    /// A hash of everything gameplay depends on, 16 hex digits.
    public var stateHash: String {
        var hasher = StateHasher()
        let state = self.state
        hasher.combine(state.screen.rawValue)
        for flag in [state.isPaused, state.hasWon] { hasher.combine(Int64(flag ? 1 : 0)) }
        for number in [Int64(state.levelNumber), state.score, state.steps, state.roundSeconds, state.hits] {
            hasher.combine(number)
        }
        for number in [state.shots, state.kills, Int64(state.levelsCleared), state.run] { hasher.combine(number) }
        let player = state.player
        for number in [player.x, player.z, player.yaw, player.pitch] { hasher.combine(number) }
        hasher.combine(Int64(player.health))
        hasher.combine(Int64(player.ammo))
        hasher.combine(state.random.state)
        for control in Control.allCases { hasher.combine(state.held[control] ?? 0) }
        hasher.combine(UInt64(state.enemies.count))
        for enemy in state.enemies {
            for number in [enemy.x, enemy.z, enemy.targetX, enemy.targetZ] { hasher.combine(number) }
            for number in [Int64(enemy.health), Int64(enemy.mode.rawValue), enemy.cooldown, enemy.flash] {
                hasher.combine(number)
            }
        }
        hasher.combine(UInt64(state.pickups.count))
        for pickup in state.pickups {
            for number in [pickup.kind.rawValue, pickup.x, pickup.z, pickup.isTaken ? 1 : 0] {
                hasher.combine(Int64(number))
            }
        }
        let effects = state.effects
        for number in [effects.reload, effects.recoil, effects.muzzle, effects.hitMarker, effects.damage] {
            hasher.combine(number)
        }
        hasher.combine(effects.bob)
        return hasher.hex
    }
}

// Level+Limits: how large a level may be, and why. A level's snapshot grows with its enemies and pickups (eight and
// four `key=value` lines each), and a snapshot the loader refuses (over `GameSnapshot.maximumBytes`) would be a save
// that cannot be restored. So a level file is refused when its size or entity counts pass the caps below, or when
// its worst-case snapshot (every field at its widest, plus room for the runtime's extras) would not fit.

import Lifecycle
import Runtime

extension Level {
    /// The most cells a level may have along x (width) and z (depth).
    public static let maximumSide = 128
    /// The most enemies ('E') a level may hold.
    public static let maximumEnemies = 256
    /// The most pickups ('+' and '*' together) a level may hold.
    public static let maximumPickups = 256
    /// Bytes of a snapshot kept for the runtime's frame and its values (timers, save generation, score outbox,
    /// settings; `SnapshotFrame`): a level's worst-case gameplay snapshot (the game's part) must fit in
    /// `GameSnapshot.maximumBytes` less this.
    public static let snapshotExtrasAllowance = 64 << 10
    /// The most bytes a level's gameplay snapshot may reach.
    public static var snapshotBudget: Int { GameSnapshot.maximumBytes - snapshotExtrasAllowance }

    /// The largest snapshot (without extras) a game on a level with `enemies` enemies and `pickups` pickups can
    /// write: the real encoding of a state whose every field holds its widest value (integers at their most
    /// negative, floats with every bit set).
    public static func worstCaseSnapshotBytes(enemies: Int, pickups: Int) -> Int {
        let wide = Int64.min
        let wideFloat = Float(bitPattern: .max)
        var state = GameState()
        state.screen = .singlePlayer
        state.levelNumber = Int(wide)
        (state.score, state.steps, state.roundSeconds, state.hits) = (wide, wide, wide, wide)
        (state.shots, state.kills, state.run, state.levelsCleared) = (wide, wide, wide, Int(wide))
        state.player = Player(x: wideFloat, z: wideFloat, yaw: wideFloat, pitch: wideFloat, health: .min, ammo: .min)
        state.random = SimulationRandom(seed: UInt64(bitPattern: wide))
        for control in Control.allCases { state.held[control] = wide }
        state.effects = Effects()
        (state.effects.reload, state.effects.recoil, state.effects.muzzle) = (wide, wide, wide)
        (state.effects.hitMarker, state.effects.damage, state.effects.bob) = (wide, wide, wideFloat)
        var enemy = Enemy(x: wideFloat, z: wideFloat, health: .min)
        (enemy.mode, enemy.targetX, enemy.targetZ, enemy.cooldown, enemy.flash) = (
            .chasing, wideFloat, wideFloat, wide, wide
        )
        state.enemies = Array(repeating: enemy, count: enemies)
        state.pickups = Array(repeating: Pickup(kind: .ammo, x: .min, z: .min, isTaken: true), count: pickups)
        return GameSnapshot(state: state).encoded().count
    }
}

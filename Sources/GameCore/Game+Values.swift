// Game+Values: what the shooter exports to scripts and failure messages (`LifecycleGame.exportedValues`): every
// gameplay value under its snapshot key (`score`, `level`, `health`, `ammo`, `enemy.0.health`, ...; Docs/Contract.md
// §10), so that a state hash that differs always names what moved, plus counts a script reads more easily.

import Runtime

extension Game {
    /// Every value `stateHash` covers, by its snapshot key (floats as their bit patterns, flags 0 or 1, `screen` the
    /// screen's index), and `enemiesLeft` (alive), `pickupsLeft` (not taken), `peers` (other players shown).
    public var exportedValues: [String: Int64] {
        var values = GameSnapshot(state: state, extras: [:]).values
        values["enemiesLeft"] = Int64(state.enemies.count { $0.isAlive })
        values["pickupsLeft"] = Int64(state.pickups.count { !$0.isTaken })
        values["peers"] = Int64(state.peers.count)
        return values
    }

    /// A `Game` is a struct of plain values: a copy is a snapshot (the runtime's invariant 8 keeps one).
    public static var copiesAreSnapshots: Bool { true }
}

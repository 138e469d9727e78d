// Support: small levels and a driver that runs the game as the runtime does (a think every `thinkSteps`).

import GameCore
import Lifecycle
import Runtime

/// A bare grid as a level (the hangar's format: rows only).
func grid(_ rows: String..., name: String = "test") -> Level {
    // The rows below are literals of the tests; a failure is a mistake in a test.
    try! Level.parse(name: name, rows.joined(separator: "\n"))
}

/// A game already playing level 1 of `levels`, facing east.
func playing(_ levels: [Level], seed: UInt64 = 1) -> Game {
    var game = Game(seed: seed, levels: levels)
    game.play(.singlePlayer, level: 1)
    return game
}

extension Game {
    /// Runs `count` steps with the runtime's timers: the enemies think every `thinkSteps`, the round timer
    /// every second; stops early when the session ends.
    mutating func run(steps count: Int) {
        for _ in 0..<count where state.isRunning {
            step()
            if state.steps % Game.thinkSteps == 0 { enemiesThink() }
            if state.steps % Int64(stepsPerSecond) == 0 { roundTimerFired() }
        }
    }

    /// Puts the player at (x, z) facing `yaw`.
    mutating func place(_ x: Float, _ z: Float, yaw: Float = -Float.pi / 2) {
        state.player.x = x
        state.player.z = z
        state.player.yaw = yaw
    }
}

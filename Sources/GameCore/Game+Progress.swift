// Game+Progress: pickups, the exit, the next level and the end of the game.

extension Game {
    static let pickupScore: Int64 = 10
    static let exitScore: Int64 = 500
    static let maxAmmo = 99

    /// Takes every pickup the player stands on that it can use (health only when hurt).
    mutating func takePickups() {
        for index in state.pickups.indices where !state.pickups[index].isTaken {
            let pickup = state.pickups[index]
            let centreX = Float(pickup.x) + 0.5
            let centreZ = Float(pickup.z) + 0.5
            guard abs(state.player.x - centreX) < 0.5, abs(state.player.z - centreZ) < 0.5 else { continue }
            switch pickup.kind {
            case .health:
                guard state.player.health < 100 else { continue }
                state.player.health = min(100, state.player.health + 25)
            case .ammo:
                guard state.player.ammo < Self.maxAmmo else { continue }
                state.player.ammo = min(Self.maxAmmo, state.player.ammo + 12)
            }
            state.pickups[index].isTaken = true
            state.score += Self.pickupScore
        }
    }

    /// On an exit cell the level is cleared: a bonus (more under par), then the next level or, after the last,
    /// the end of the game.
    mutating func checkExit() {
        guard state.isRunning else { return }
        let cellX = cellIndex(state.player.x)
        let cellZ = cellIndex(state.player.z)
        guard level.cell(cellX, cellZ) == .exit else { return }
        let underPar = max(0, Int64(level.parSeconds) - state.roundSeconds)
        state.score += Self.exitScore + underPar * 10
        state.levelsCleared += 1
        guard state.levelNumber < levels.count else { return endGame(won: true) }
        outcomes.append(.levelCompleted(level: state.levelNumber, score: state.score))
        enterLevel(state.levelNumber + 1)
    }

    /// The session ends on the game-over screen with its score.
    mutating func endGame(won: Bool) {
        state.screen = .gameOver
        state.hasWon = won
        state.held = [:]
        outcomes.append(.gameOver(won: won, score: state.score))
    }
}

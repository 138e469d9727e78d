// Game+Progress: pickups, the exit, the next level and the end of the game.

import Lifecycle

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

extension Game {
    /// The fewest simulation steps in which any player can reach `level`'s exit from its start, or nil when no path
    /// joins them. A lower bound, never more than the truth: the player's centre moves at most `moveSpeed` * sqrt(2) a
    /// step (forward and strafe held together), and it must cover at least the straight line from the start to the
    /// exit cell, and at least one unit for every two steps of the grid path (two cells that do not touch, not even
    /// at a corner, are a unit apart). Walls and the player's size only make the real run longer.
    public static func fastestClearSteps(of level: Level) -> Int64? {
        guard let start = level.positions(of: .start).first, let exit = level.positions(of: .exit).first,
            let rings = gridSteps(in: level, from: start, to: exit)
        else { return nil }
        let (startX, startZ) = (Double(start.x) + 0.5, Double(start.z) + 0.5)
        let gapX = max(0, Double(exit.x) - startX, startX - Double(exit.x + 1))
        let gapZ = max(0, Double(exit.z) - startZ, startZ - Double(exit.z + 1))
        let straight = (gapX * gapX + gapZ * gapZ).squareRoot()
        let distance = max(straight, rings >= 2 ? Double(rings / 2) + 0.5 : 0)
        let perStep = Double(moveSpeed) * 2.0.squareRoot()
        // 1 % less, so that float rounding in the simulation can never make a real run beat the bound.
        return Int64((distance / perStep * 0.99).rounded(.down))
    }

    /// The fewest whole seconds the round timer can count on `level` before its exit is reached (nil: unreachable).
    /// A timer ticking once a second ticks at least `floor(T)` times in any stretch of T seconds of play.
    public static func fastestClearSeconds(of level: Level) -> Int64? {
        fastestClearSteps(of: level).map { $0 / Int64(stepsPerSecond) }
    }

    /// The fewest milliseconds of play (a session's steps, paused time excluded) in which `level` can be cleared
    /// (nil: its exit cannot be reached): what the leaderboard holds a run's duration against.
    public static func fastestClearMilliseconds(of level: Level) -> Int64? {
        fastestClearSteps(of: level).map { $0 * 1000 / Int64(stepsPerSecond) }
    }

    /// The most points `level` gives without its exit being reached: every enemy killed, every pickup taken.
    public static func pointsBeforeExit(of level: Level) -> Int64 {
        let enemies = Int64(level.positions(of: .enemy).count)
        let pickups = Int64(level.positions(of: .health).count + level.positions(of: .ammo).count)
        return enemies * killScore + pickups * pickupScore
    }

    /// The most points one level can add to a session's score: every enemy killed, every pickup taken, and its exit
    /// reached with the bonus of the fastest possible clear (none when the exit cannot be reached).
    public static func maximumScore(of level: Level) -> Int64 {
        let kept = pointsBeforeExit(of: level)
        guard let fastest = fastestClearSeconds(of: level) else { return kept }
        return kept + exitScore + max(0, Int64(level.parSeconds) - fastest) * 10
    }

    /// Cells on the shortest 8-connected path (diagonals through corners allowed) from `start` to `exit` over open
    /// cells, or nil when none.
    private static func gridSteps(in level: Level, from start: (x: Int, z: Int), to exit: (x: Int, z: Int)) -> Int? {
        var distance = [Int](repeating: -1, count: level.width * level.depth)
        distance[start.z * level.width + start.x] = 0
        var queue = [start]
        var head = 0
        while head < queue.count {
            let cell = queue[head]
            head += 1
            let here = distance[cell.z * level.width + cell.x]
            if cell == exit { return here }
            for dz in -1...1 {
                for dx in -1...1 where (dx, dz) != (0, 0) && !level.isWall(cell.x + dx, cell.z + dz) {
                    let index = (cell.z + dz) * level.width + cell.x + dx
                    guard distance[index] < 0 else { continue }
                    distance[index] = here + 1
                    queue.append((cell.x + dx, cell.z + dz))
                }
            }
        }
        return nil
    }
}

// Breakout+Simulation: one fixed step of play: the paddle moves for the held controls, then the ball flies (in two
// half steps, so that it never skips a brick) and bounces off the walls, the bricks and the paddle. A ball past
// the bottom edge costs a life; the last brick broken clears the level.

import Lifecycle
import Runtime

extension Breakout {
    /// Lives at the start of a session.
    public static let startingLives = 3
    /// The most `speedup` timers that make the ball faster; later ones change nothing.
    public static let maximumSpeedups = 6
    /// The `speedup` timer's period: every 10 s of play.
    public static let speedupPeriod = Int64(10 * stepsPerSecond)

    /// The ball's speed in field units per step after `speedups` speedups: 2.5, then 0.25 faster each.
    public static func ballSpeed(speedups: Int) -> Float {
        2.5 + 0.25 * Float(min(max(0, speedups), maximumSpeedups))
    }

    /// One step of play (the runtime calls it only while the session runs).
    public mutating func step() {
        guard state.isRunning else { return }
        state.steps += 1
        movePaddle()
        if state.ball.isOnPaddle {
            state.ball = .onPaddle(at: state.paddleX)
        } else {
            let half = Self.ballSpeed(speedups: state.speedups) / 2
            for _ in 0..<2 where state.isRunning && !state.ball.isOnPaddle { moveBall(by: half) }
        }
    }

    private mutating func movePaddle() {
        var move: Float = 0
        if state.heldLeft > 0 {
            state.heldLeft -= 1
            move -= Field.paddleSpeed
        }
        if state.heldRight > 0 {
            state.heldRight -= 1
            move += Field.paddleSpeed
        }
        state.paddleX = min(max(state.paddleX + move, Field.paddleRange.lowerBound), Field.paddleRange.upperBound)
    }

    /// Moves the ball `distance` units along its direction, one axis at a time, bouncing off what it meets.
    private mutating func moveBall(by distance: Float) {
        let radius = Field.ballRadius
        var ball = state.ball
        let before = ball

        ball.x += ball.dx * distance
        if ball.x < Field.ballXRange.lowerBound {
            ball.x = Field.ballXRange.lowerBound
            ball.dx = abs(ball.dx)
        } else if ball.x > Field.ballXRange.upperBound {
            ball.x = Field.ballXRange.upperBound
            ball.dx = -abs(ball.dx)
        }
        if let cell = state.wall.brick(at: ball.x + (ball.dx > 0 ? radius : -radius), ball.y) {
            hitBrick(cell)
            ball.x = before.x
            ball.dx = -ball.dx
        }

        ball.y += ball.dy * distance
        if ball.y < radius {
            ball.y = radius
            ball.dy = abs(ball.dy)
        }
        if let cell = state.wall.brick(at: ball.x, ball.y + (ball.dy > 0 ? radius : -radius)) {
            hitBrick(cell)
            ball.y = before.y
            ball.dy = -ball.dy
        }

        let paddleTop = Field.paddleTop
        if ball.dy > 0, before.y + radius <= paddleTop, ball.y + radius >= paddleTop,
            abs(ball.x - state.paddleX) <= Field.paddleHalfWidth + radius
        {
            bounceOffPaddle(&ball)
        }
        state.ball = ball
        if state.wall.isCleared {
            clearLevel()
        } else if ball.y > Field.ballYRange.upperBound {
            loseBall()
        }
    }

    /// Where the ball meets the paddle sets its new direction: straight up at the centre, up to 53 degrees off
    /// vertical at the ends (dx at most 0.8, so dy at least 0.6).
    private func bounceOffPaddle(_ ball: inout Ball) {
        let offset = (ball.x - state.paddleX) / (Field.paddleHalfWidth + Field.ballRadius)
        ball.dx = min(max(offset, -1), 1) * 0.8
        ball.dy = -(1 - ball.dx * ball.dx).squareRoot()
        ball.y = Field.paddleTop - Field.ballRadius
    }

    private mutating func hitBrick(_ cell: (row: Int, column: Int)) {
        state.wall[cell.row, cell.column] -= 1
        state.score += Layout.pointsPerHit
    }

    /// The last brick is broken: the bonus, the score reported, and the next level (or the end: won).
    private mutating func clearLevel() {
        state.score += Layout.clearBonus
        guard state.level < Self.levels.count else {
            state.hasWon = true
            return endSession()
        }
        reports.append(.score(level: state.level, run: state.run, points: state.score))
        state.level += 1
        state.wall = Self.levels[state.level - 1].wall
        state.paddleX = Field.width / 2
        state.ball = .onPaddle(at: state.paddleX)
    }

    /// The ball fell past the paddle: a life lost, and the ball back on the paddle; the last life ends the session.
    private mutating func loseBall() {
        state.lives -= 1
        state.ball = .onPaddle(at: state.paddleX)
        if state.lives <= 0 { endSession() }
    }

    /// Game over (lost or won): the score reported and the session ended; the final state stays on show.
    mutating func endSession() {
        state.screen = .gameOver
        state.heldLeft = 0
        state.heldRight = 0
        reports += [.score(level: state.level, run: state.run, points: state.score), .sessionEnded]
    }

    /// Launches the ball off the paddle at one of eight angles the seeded generator picks (up to 44 degrees off
    /// vertical either way).
    mutating func launch() {
        let across: [Float] = [-0.7, -0.5, -0.3, -0.1, 0.1, 0.3, 0.5, 0.7]
        let dx = across[state.random.below(across.count)]
        state.ball = Ball(
            x: state.paddleX, y: Field.paddleTop - Field.ballRadius, dx: dx, dy: -(1 - dx * dx).squareRoot(),
            isOnPaddle: false)
    }
}

// Breakout+Validation: whether a state read from outside (a save) is one this game could have reached. A checksum
// proves the bytes are what was written, and anyone can recompute it: every value play turns into an index, a
// position or a sum is bounded here, so that continuing from a forged save never traps and never shows a ball
// outside the field, a brick the level does not have or a score no one could have made.

import Lifecycle
import Runtime

extension Breakout {
    /// The largest step count a restored game may hold: 2^53, millions of years of play, far from Int64's end.
    public static let counterLimit: Int64 = 1 << 53

    /// The most points a session can hold on `level` with `wall` left: every level before it cleared, and every
    /// hit taken on this one (the bonus too when it is cleared). `level` is in 1...levels.count.
    static func maximumScore(onLevel level: Int, wall: Wall) -> Int64 {
        let before = levels.prefix(level - 1).reduce(0) { $0 + $1.maximumPoints }
        let taken = Int64(levels[level - 1].totalHits - wall.totalHits) * Layout.pointsPerHit
        return before + taken + (wall.isCleared ? Layout.clearBonus : 0)
    }

    /// Why `state` is not one this game could have reached, naming the first value found wrong; nil when it could.
    public func whyUnreachable(_ state: BreakoutState) -> String? {
        guard (1...Self.levels.count).contains(state.level) else {
            return "level=\(state.level) is not a level of breakout (1...\(Self.levels.count))"
        }
        if let why = Self.whyWrongWall(state.wall, onLevel: state.level) { return why }
        if let why = Self.whyOutOfRange(counters(of: state)) { return why }
        if let why = Self.whyWrongPlace(state) { return why }
        if state.isInSession {
            guard state.lives >= 1 else { return "lives=0 in a session (the last life ends it)" }
            guard !state.wall.isCleared, !state.hasWon else { return "a cleared wall in a session" }
        }
        return nil
    }

    /// The counters of `state` with the range each may hold. Every bound is built from values already checked or
    /// kept >= 0, so that no range is ever inverted.
    private func counters(of state: BreakoutState) -> [(String, Int64, ClosedRange<Int64>)] {
        let steps = max(0, state.steps)
        return [
            ("lives", Int64(state.lives), 0...Int64(Self.startingLives)),
            ("steps", state.steps, 0...Self.counterLimit),
            ("speedups", Int64(state.speedups), 0...min(Int64(Self.maximumSpeedups), steps / Self.speedupPeriod)),
            ("score", state.score, 0...Self.maximumScore(onLevel: state.level, wall: state.wall)),
            ("score % \(Layout.pointsPerHit)", state.score % Layout.pointsPerHit, 0...0),
            ("held.left", state.heldLeft, 0...Int64.max),
            ("held.right", state.heldRight, 0...Int64.max),
        ]
    }

    private static func whyOutOfRange(_ counters: [(String, Int64, ClosedRange<Int64>)]) -> String? {
        for (key, value, range) in counters where !range.contains(value) {
            return "\(key)=\(value) is outside \(range.lowerBound)...\(range.upperBound)"
        }
        return nil
    }

    /// Each brick has at most the hits the level gave it: a broken brick never comes back, a cell of the level
    /// without a brick never has one.
    private static func whyWrongWall(_ wall: Wall, onLevel level: Int) -> String? {
        let start = levels[level - 1].wall
        guard wall.hits.count == start.hits.count else {
            return "the wall has \(wall.hits.count) cells; it has \(start.hits.count)"
        }
        for (index, (hits, most)) in zip(wall.hits, start.hits).enumerated() where !(0...most).contains(hits) {
            let row = index / Field.columns + 1
            let column = index % Field.columns + 1
            return "brick \(row).\(column) has \(hits) hits left; level \(level) (\(levels[level - 1].name)) "
                + "gives it \(most)"
        }
        return nil
    }

    /// The paddle and the ball are inside the field, the ball's direction is a unit vector that is never flat,
    /// and a ball on the paddle sits on it.
    private static func whyWrongPlace(_ state: BreakoutState) -> String? {
        let paddle = state.paddleX
        guard paddle.isFinite, Field.paddleRange.contains(paddle) else {
            return "paddle.x=\(paddle) is outside the field (\(Field.paddleRange))"
        }
        let ball = state.ball
        guard ball.x.isFinite, ball.y.isFinite, Field.ballXRange.contains(ball.x), Field.ballYRange.contains(ball.y)
        else { return "ball.x=\(ball.x), ball.y=\(ball.y) is outside the field" }
        let length = ball.dx * ball.dx + ball.dy * ball.dy
        guard ball.dx.isFinite, ball.dy.isFinite, abs(ball.dx) <= 0.81, abs(ball.dy) >= 0.59,
            (0.999...1.001).contains(length)
        else { return "ball.dx=\(ball.dx), ball.dy=\(ball.dy) is not a direction the ball can take" }
        if ball.isOnPaddle, ball != .onPaddle(at: paddle) {
            return "the ball is on the paddle at (\(ball.x), \(ball.y)) but the paddle is at \(paddle)"
        }
        return nil
    }
}

// Autopilot: `--demo`'s player. After each loop iteration it holds left or right (as the keys would) so that the
// paddle follows the ball, a little off centre so that the ball comes back at an angle.

import Breakout
import Runtime

struct Autopilot {
    private var held: Paddle? = nil

    /// Holds the control that brings the paddle under the ball, or none when it is there.
    mutating func steer(_ runtime: Runtime<Breakout>) {
        let state = runtime.game.state
        var wanted: Paddle? = nil
        if runtime.game.isRunning, !state.ball.isOnPaddle {
            let target = state.ball.x + Field.paddleHalfWidth / 3
            if state.paddleX < target - Field.paddleSpeed { wanted = .right }
            if state.paddleX > target + Field.paddleSpeed { wanted = .left }
        }
        guard wanted != held else { return }
        if let held { runtime.hold(held, false) }
        if let wanted { runtime.hold(wanted, true) }
        held = wanted
    }
}

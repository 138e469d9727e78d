// Breakout: a small deterministic breakout (a paddle, a ball, a wall of bricks, three levels, lives, a score) that
// runs under Interlude's life cycle through the library products only: it imports Lifecycle (time, steps), Runtime
// (the `LifecycleGame` protocol, the app shell, `StateHasher`, `SnapshotDecodeError`) and Replay (its script words,
// BreakoutAction.swift), never GL, never Foundation, and nothing of the shooter.
//
// Start reading here (the game and its configuration), then BreakoutState.swift (everything a save keeps),
// Breakout+Simulation.swift (one fixed step), Breakout+Actions.swift (what the player does),
// Breakout+Lifecycle.swift (the conformance), BreakoutSnapshot.swift (the bytes of a save),
// Breakout+Validation.swift (what a forged save cannot pass) and BreakoutScene.swift (what a display draws).
//
// Deterministic: one fixed step per `stepsPerSecond`th of a second of play, Float arithmetic without
// transcendental functions (only + - * / and square roots, exact in IEEE 754), and one seeded generator
// (`SeededRandom`) for the launch angle. No wall clock, no unseeded random.

import Lifecycle
import Runtime

/// The game: its seed, its state, and what it owes the runtime (reports) or shows beside the state (a notice).
public struct Breakout: Sendable {
    /// The seed a fresh game (and a relaunched one) starts its generator from.
    public let seed: UInt64
    /// Everything play depends on and a snapshot keeps.
    public internal(set) var state: BreakoutState
    var reports: [GameReport] = []  // what happened since the runtime last asked, oldest first
    var notice: String? = nil  // a one-line message for the player (`tell`); not saved, not hashed
    var menuFrames: Int64 = 0  // idle frames on a menu (the title's blink); not saved, not hashed

    /// A fresh game on the main menu, its generator seeded with `seed`.
    public init(seed: UInt64 = 1) {
        self.seed = seed
        state = BreakoutState.onMenu(random: SeededRandom(seed: seed))
    }

    /// The built-in levels, in order: `start level=N` starts on `levels[N - 1]`.
    public static let levels = Layout.all
}

/// The playing field, in field units (a 320 x 240 screen; x to the right, y down). Bricks sit in a grid of
/// `columns` x `rows` cells from `wallTop`; the paddle slides along `paddleTop`.
public enum Field {
    public static let width: Float = 320
    public static let height: Float = 240
    public static let columns = 10
    public static let rows = 6
    public static let brickWidth: Float = 32  // width / columns
    public static let brickHeight: Float = 12
    public static let wallTop: Float = 36  // the top row's upper edge; the HUD sits above it
    public static let paddleTop: Float = 224
    public static let paddleHeight: Float = 6
    public static let paddleHalfWidth: Float = 24
    public static let paddleSpeed: Float = 4  // units per step while left or right is held
    public static let ballRadius: Float = 3

    /// The paddle's centre can go this far left or right, and no further.
    public static let paddleRange: ClosedRange<Float> = paddleHalfWidth...(width - paddleHalfWidth)
    /// Where a ball's centre can be after a step: inside the walls, and not yet past the bottom edge by more than
    /// its radius (then it is lost, and back on the paddle).
    public static let ballXRange: ClosedRange<Float> = ballRadius...(width - ballRadius)
    public static let ballYRange: ClosedRange<Float> = ballRadius...(height + ballRadius)
}

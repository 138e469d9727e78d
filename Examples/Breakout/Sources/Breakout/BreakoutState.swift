// BreakoutState: everything play depends on, and so everything a snapshot keeps (BreakoutSnapshot.swift) and the
// state hash covers (except `run`, an identity for scores that play never reads).

/// The screen shown.
public enum Screen: String, Hashable, Sendable, CaseIterable {
    case menu, singlePlayer, leaderboard, gameOver
}

/// The ball: where it is and where it goes. On the paddle it rides with it until `fire`.
public struct Ball: Hashable, Sendable {
    public var x: Float  // field units, centre
    public var y: Float  // field units, centre
    public var dx: Float  // direction, a unit vector with dy != 0 (its speed is `Breakout.ballSpeed`)
    public var dy: Float
    public var isOnPaddle: Bool  // waiting for `fire`

    public init(x: Float, y: Float, dx: Float, dy: Float, isOnPaddle: Bool) {
        self.x = x
        self.y = y
        self.dx = dx
        self.dy = dy
        self.isOnPaddle = isOnPaddle
    }

    /// A ball resting on the paddle at `paddleX`, pointing straight up.
    public static func onPaddle(at paddleX: Float) -> Ball {
        Ball(x: paddleX, y: Field.paddleTop - Field.ballRadius, dx: 0, dy: -1, isOnPaddle: true)
    }
}

/// The game's whole state.
public struct BreakoutState: Hashable, Sendable {
    public var screen: Screen
    public var isPaused: Bool  // meaningful in a session only
    public var level: Int  // 1...Breakout.levels.count
    public var score: Int64  // points this session, levels cleared included
    public var lives: Int  // 0...startingLives; 0 only on the game-over screen
    public var steps: Int64  // steps played this session (paused time excluded): the game clock
    public var speedups: Int  // `speedup` timers fired this session, at most `Breakout.maximumSpeedups`
    public var run: Int64  // the session's identity for its scores (`ActionContext.run`)
    public var random: SeededRandom
    public var hasWon: Bool  // the last level was cleared (the game-over screen says so)
    public var paddleX: Float  // field units, the paddle's centre, in `Field.paddleRange`
    public var ball: Ball
    public var heldLeft: Int64  // steps the paddle still moves left (`paddle left`, a held key)
    public var heldRight: Int64  // steps the paddle still moves right
    public var wall: Wall

    public init(
        screen: Screen, isPaused: Bool, level: Int, score: Int64, lives: Int, steps: Int64, speedups: Int, run: Int64,
        random: SeededRandom, hasWon: Bool, paddleX: Float, ball: Ball, heldLeft: Int64, heldRight: Int64, wall: Wall
    ) {
        self.screen = screen
        self.isPaused = isPaused
        self.level = level
        self.score = score
        self.lives = lives
        self.steps = steps
        self.speedups = speedups
        self.run = run
        self.random = random
        self.hasWon = hasWon
        self.paddleX = paddleX
        self.ball = ball
        self.heldLeft = heldLeft
        self.heldRight = heldRight
        self.wall = wall
    }

    /// The main menu: level 1's wall on show, nothing played; `random` carries on from the last session.
    public static func onMenu(random: SeededRandom) -> BreakoutState {
        let centre = Field.width / 2
        return BreakoutState(
            screen: .menu, isPaused: false, level: 1, score: 0, lives: Breakout.startingLives, steps: 0, speedups: 0,
            run: 0, random: random, hasWon: false, paddleX: centre, ball: .onPaddle(at: centre), heldLeft: 0,
            heldRight: 0, wall: Breakout.levels[0].wall)
    }

    /// A session is on (not a menu, not the game-over screen).
    public var isInSession: Bool { screen == .singlePlayer }
    /// The session runs: the runtime steps it.
    public var isRunning: Bool { isInSession && !isPaused }
}

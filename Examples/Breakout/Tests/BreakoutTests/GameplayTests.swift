// Gameplay: the rules of breakout, played directly on the game value (no runtime): actions and refusals, the
// paddle, the ball's bounces, bricks and score, lives, a level cleared, the speedup timer.

import Breakout
import Lifecycle
import Runtime
import Testing

@Suite struct GameplayTests {
    let context = ActionContext(run: 42)

    /// A game in a running session on `level`.
    func playing(level: Int = 1, seed: UInt64 = 1) -> Breakout {
        var game = Breakout(seed: seed)
        #expect(game.perform(.start(level: level), context: context) == nil)
        #expect(game.takeReports() == [.sessionStarted(multiplayer: false)])
        return game
    }

    /// A game restored to `state` and resumed.
    func resumed(_ state: BreakoutState) -> Breakout {
        var game = Breakout(seed: 1)
        #expect(game.whyCannotRestore(state) == nil)
        #expect(game.restore(state) == .session(detail: "restored singlePlayer level \(state.level), paused"))
        #expect(game.perform(.resume, context: context) == nil)
        return game
    }

    @Test func refusesWhatBreakoutDoesNotHave() {
        var game = Breakout(seed: 1)
        #expect(game.perform(.start(level: 4), context: context) == "level 4 is not a level of breakout (1...3)")
        #expect(game.perform(.resume, context: context) == "resume needs a paused game")
        #expect(game.perform(.menu, context: context) == "already on the main menu")
        #expect(game.perform(.serve, context: context) == "serve needs a running game")
        game = playing()
        #expect(
            game.perform(.start(level: 1), context: context) == "start needs the main menu; the screen is singlePlayer")
        #expect(game.perform(.serve, context: context) == nil)
        #expect(game.perform(.serve, context: context) == "serve needs the ball on the paddle; it is in play")
        #expect(game.takeReports().isEmpty)
    }

    @Test func leaderboardScreenOpensAndCloses() {
        var game = Breakout(seed: 1)
        #expect(game.perform(.openLeaderboard, context: context) == nil)
        #expect(game.isShowingLeaderboard && game.screenName == "leaderboard")
        #expect(game.takeReports() == [.leaderboardOpened])
        #expect(game.perform(.start(level: 1), context: context) != nil)
        #expect(game.perform(.closeLeaderboard, context: context) == nil)
        #expect(game.screenName == "menu")
    }

    @Test func inputMovesThePaddleForItsDurationAndTheBallRidesOnIt() {
        var game = playing()
        let start = game.state.paddleX
        #expect(game.perform(.paddle(.left, duration: 250_000_000), context: context) == nil)  // 15 steps
        for _ in 0..<30 { game.step() }
        #expect(game.state.paddleX == start - 15 * Field.paddleSpeed)
        #expect(game.state.ball == .onPaddle(at: game.state.paddleX))
        #expect(game.steps == 30)
        #expect(game.perform(.paddle(.right, duration: 3_600_000_000_000), context: context) == nil)
        for _ in 0..<200 { game.step() }
        #expect(game.state.paddleX == Field.paddleRange.upperBound)
    }

    @Test func theBallBreaksBricksAndScores() {
        var game = playing()
        #expect(game.perform(.serve, context: context) == nil)
        var steps = 0
        while game.state.score == 0, steps < 600 {
            game.step()
            steps += 1
        }
        #expect(game.state.score == Layout.pointsPerHit)
        #expect(game.state.wall.brickCount == 39)
        #expect(game.state.ball.dy > 0)  // bounced back down
    }

    @Test func pausedGamesDoNotStep() {
        var game = playing()
        _ = game.perform(.serve, context: context)
        game.pause()
        let before = game.stateHash
        game.step()
        #expect(game.stateHash == before)
        #expect(game.perform(.serve, context: context) == "serve needs a running game")
        #expect(game.perform(.resume, context: context) == nil)
        game.step()
        #expect(game.stateHash != before)
    }

    @Test func theLastLifeEndsTheSessionWithItsScore() {
        var game = playing()
        var state = game.state
        state.lives = 1
        state.ball = Ball(x: 10, y: 230, dx: 0.6, dy: 0.8, isOnPaddle: false)
        state.paddleX = 200
        game = resumed(state)
        for _ in 0..<10 { game.step() }
        #expect(game.screenName == "gameOver")
        #expect(!game.isInSession)
        #expect(game.takeReports() == [.score(level: 1, run: 42, points: 0), .sessionEnded])
        #expect(game.perform(.menu, context: context) == nil)
        #expect(game.takeReports().isEmpty)
    }

    @Test func aLostBallCostsALifeAndGoesBackOnThePaddle() {
        var game = playing()
        var state = game.state
        state.ball = Ball(x: 10, y: 230, dx: 0.6, dy: 0.8, isOnPaddle: false)
        state.paddleX = 200
        game = resumed(state)
        for _ in 0..<10 { game.step() }
        #expect(game.state.lives == Breakout.startingLives - 1)
        #expect(game.state.ball == .onPaddle(at: 200))
        #expect(game.isRunning)
    }

    @Test func thePaddleSendsTheBallBackUp() {
        var game = playing()
        var state = game.state
        state.ball = Ball(x: 170, y: 200, dx: 0, dy: 1, isOnPaddle: false)
        game = resumed(state)
        for _ in 0..<12 { game.step() }
        #expect(game.state.ball.dy < 0)
        #expect(game.state.ball.dx > 0)  // it hit right of centre
        #expect(game.state.lives == Breakout.startingLives)
    }

    @Test func clearingALevelScoresItAndStartsTheNext() throws {
        var game = playing(level: 1)
        var hits = [Int](repeating: 0, count: Field.rows * Field.columns)
        hits[3 * Field.columns + 4] = 1  // one brick left: row 4, column 5
        var state = game.state
        state.wall = try #require(Wall(hits: hits))
        state.score = 390
        state.ball = Ball(x: 144, y: 150, dx: 0, dy: -1, isOnPaddle: false)
        game = resumed(state)
        for _ in 0..<40 { game.step() }
        #expect(game.takeReports() == [.score(level: 1, run: 42, points: 500)])
        #expect(game.state.level == 2)
        #expect(game.state.wall == Breakout.levels[1].wall)
        #expect(game.state.ball.isOnPaddle)
    }

    @Test func clearingTheLastLevelWins() throws {
        var game = playing(level: 3)
        var hits = [Int](repeating: 0, count: Field.rows * Field.columns)
        hits[0 * Field.columns + 4] = 1  // the fortress's top row
        var state = game.state
        state.wall = try #require(Wall(hits: hits))
        state.ball = Ball(x: 144, y: 100, dx: 0, dy: -1, isOnPaddle: false)
        game = resumed(state)
        for _ in 0..<40 { game.step() }
        let points = Layout.pointsPerHit + Layout.clearBonus  // the session started on level 3 with this brick
        #expect(game.takeReports() == [.score(level: 3, run: 42, points: points), .sessionEnded])
        #expect(game.state.hasWon && game.screenName == "gameOver")
    }

    @Test func theSpeedupTimerMakesTheBallFaster() {
        var game = playing()
        #expect(Breakout.timers == [GameTimer(.speedup, every: 600)])
        for _ in 0..<10 { game.timerFired(.speedup) }
        #expect(game.state.speedups == Breakout.maximumSpeedups)
        #expect(Breakout.ballSpeed(speedups: game.state.speedups) > Breakout.ballSpeed(speedups: 0))
    }

    @Test func menuEndsTheSessionWithItsScore() {
        var game = playing()
        #expect(game.perform(.menu, context: context) == nil)
        #expect(game.takeReports() == [.score(level: 1, run: 42, points: 0), .sessionEnded])
        #expect(game.screenName == "menu" && !game.isInSession)
    }

    @Test func aSavedMenuComesBackAsTheMenuWithItsGenerator() {
        var saved = BreakoutState.onMenu(random: SeededRandom(seed: 77))
        saved.screen = .gameOver
        var game = Breakout(seed: 1)
        #expect(game.restore(saved) == .noSession(detail: "main menu"))
        #expect(game.state == .onMenu(random: SeededRandom(seed: 77)))
    }

    @Test func scoresAreHonest() {
        let game = Breakout(seed: 1)
        #expect(game.levelCount == 3)
        #expect(game.maximumScore == Breakout.levels.reduce(0) { $0 + $1.maximumPoints })
        #expect(Breakout.levels.map(\.totalHits) == [40, 40, 62])
    }

    /// A window's held keys (`KeyHelp.controls`: A / D and the arrows) hold the paddle's move until released.
    @Test func heldKeysMoveThePaddle() {
        var game = playing()
        let centre = game.state.paddleX
        game.hold(.right, true)
        for _ in 0..<5 { game.step() }
        #expect(game.state.paddleX == centre + 5 * Field.paddleSpeed)
        game.hold(.right, false)
        game.hold(.left, true)
        game.step()
        game.hold(.left, false)
        game.step()
        #expect(game.state.paddleX == centre + 4 * Field.paddleSpeed)
        #expect(game.state.heldLeft == 0 && game.state.heldRight == 0)
    }
}

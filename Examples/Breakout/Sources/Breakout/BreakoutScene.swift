// BreakoutScene: what a display draws, as a plain value: boxes in field units (x right, y down, 320 x 240), the
// bricks with their hits left, text lines for the HUD and an overlay. No GL here: a renderer draws it later, and
// without one (`--no-render`, tests) `contentHash` stands for the frame.

import Runtime
import Saves

/// One frame of breakout.
public struct BreakoutScene: GameScene, Hashable {
    /// A rectangle in field units: its top-left corner and its size.
    public struct Box: Hashable, Sendable {
        public var x: Float
        public var y: Float
        public var width: Float
        public var height: Float

        public init(x: Float, y: Float, width: Float, height: Float) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A brick left standing; `hits` (1 to 3) picks its colour.
    public struct Brick: Hashable, Sendable {
        public var box: Box
        public var hits: Int
    }

    public var fieldWidth: Float = Field.width
    public var fieldHeight: Float = Field.height
    public var paddle: Box
    public var ball: Box  // the ball's bounding square
    public var bricks: [Brick]
    /// HUD lines, top left: the game's (score, lives, level, a notice), then the runtime's status lines.
    public var hud: [String]
    /// Text over the field, centred, first line largest (PAUSED, GAME OVER, the menu's title, the leaderboard).
    public var overlay: [String]
    /// The session's score, lives left and level, also on the HUD's first line; a renderer may draw them apart
    /// (large digits, a ball per life).
    public var score: Int64 = 0
    public var lives: Int = 0
    public var level: Int = 1

    /// Everything the frame shows, hashed (`StateHasher`).
    public var contentHash: String {
        var hasher = StateHasher()
        for box in [paddle, ball] + bricks.map(\.box) {
            for number in [box.x, box.y, box.width, box.height] { hasher.combine(number) }
        }
        hasher.combine(UInt64(bricks.count))
        for brick in bricks { hasher.combine(Int64(brick.hits)) }
        hasher.combine(fieldWidth)
        hasher.combine(fieldHeight)
        hasher.combine(UInt64(hud.count))
        for line in hud { hasher.combine(line) }
        hasher.combine(UInt64(overlay.count))
        for line in overlay { hasher.combine(line) }
        for number in [score, Int64(lives), Int64(level)] { hasher.combine(number) }
        return hasher.hex
    }
}

extension Breakout {
    /// What to draw now; `status` are the runtime's HUD lines, `leaderboard` the last top list fetched.
    public func scene(status: [String], leaderboard: [String]) -> BreakoutScene {
        let state = self.state
        var bricks: [BreakoutScene.Brick] = []
        for row in 0..<Field.rows {
            for column in 0..<Field.columns where state.wall[row, column] > 0 {
                let box = BreakoutScene.Box(
                    x: Float(column) * Field.brickWidth, y: Field.wallTop + Float(row) * Field.brickHeight,
                    width: Field.brickWidth, height: Field.brickHeight)
                bricks.append(BreakoutScene.Brick(box: box, hits: state.wall[row, column]))
            }
        }
        let radius = Field.ballRadius
        let layout = Self.levels[min(max(state.level, 1), Self.levels.count) - 1]
        var hud = [
            "score \(state.score)  lives \(state.lives)  level \(state.level) (\(layout.name))  speed "
                + "\(state.speedups)"
        ]
        if let notice { hud.append(notice) }
        return BreakoutScene(
            paddle: BreakoutScene.Box(
                x: state.paddleX - Field.paddleHalfWidth, y: Field.paddleTop, width: 2 * Field.paddleHalfWidth,
                height: Field.paddleHeight),
            ball: BreakoutScene.Box(
                x: state.ball.x - radius, y: state.ball.y - radius, width: 2 * radius, height: 2 * radius),
            bricks: bricks, hud: hud + status, overlay: overlay(leaderboard: leaderboard), score: state.score,
            lives: state.lives, level: state.level)
    }

    private func overlay(leaderboard: [String]) -> [String] {
        switch state.screen {
        case .menu:
            // The prompt blinks: on for 30 frames, off for 30.
            return ["BREAKOUT"] + (menuFrames % 60 < 30 ? ["start level=1...\(Self.levels.count)"] : [])
        case .leaderboard:
            return ["LEADERBOARD"] + (leaderboard.isEmpty ? ["loading..."] : leaderboard)
        case .gameOver:
            return [state.hasWon ? "YOU WIN" : "GAME OVER", "score \(state.score)"]
        case .singlePlayer:
            if state.isPaused { return ["PAUSED", "resume to continue"] }
            return state.ball.isOnPaddle ? ["serve to launch"] : []
        }
    }
}

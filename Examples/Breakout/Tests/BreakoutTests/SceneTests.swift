// The scene: what a display would draw (paddle, ball, bricks, HUD with the runtime's status lines, an overlay),
// as a plain value whose content hash changes with anything it shows.

import Breakout
import Lifecycle
import Runtime
import Testing

@Suite struct SceneTests {
    let context = ActionContext(run: 1)

    @Test func theMenuShowsTheTitleAndLevelOnesWall() {
        let game = Breakout(seed: 1)
        let scene = game.scene(status: ["state active"], leaderboard: [])
        #expect(scene.overlay.first == "BREAKOUT")
        #expect(scene.bricks.count == 40)
        #expect(scene.hud.last == "state active")
        #expect(scene.paddle.width == 2 * Field.paddleHalfWidth)
    }

    @Test func aPausedSessionSaysSo() {
        var game = Breakout(seed: 1)
        _ = game.perform(.start(level: 2), context: context)
        #expect(game.scene(status: [], leaderboard: []).overlay == ["serve to launch"])
        game.pause()
        let scene = game.scene(status: [], leaderboard: [])
        #expect(scene.overlay.first == "PAUSED")
        #expect(scene.hud.first?.contains("level 2 (checker)") == true)
        #expect(scene.bricks.map(\.hits).contains(2))
    }

    @Test func theLeaderboardShowsItsLines() {
        var game = Breakout(seed: 1)
        _ = game.perform(.openLeaderboard, context: context)
        #expect(game.scene(status: [], leaderboard: []).overlay == ["LEADERBOARD", "loading..."])
        #expect(game.scene(status: [], leaderboard: ["1. player  30"]).overlay == ["LEADERBOARD", "1. player  30"])
    }

    @Test func theContentHashCoversWhatIsShown() {
        var game = Breakout(seed: 1)
        _ = game.perform(.start(level: 1), context: context)
        _ = game.perform(.serve, context: context)
        let before = game.scene(status: ["a"], leaderboard: [])
        #expect(before.contentHash == game.scene(status: ["a"], leaderboard: []).contentHash)
        #expect(before.contentHash != game.scene(status: ["b"], leaderboard: []).contentHash)
        game.step()
        let after = game.scene(status: ["a"], leaderboard: [])
        #expect(after.ball != before.ball)
        #expect(after.contentHash != before.contentHash)
        game.tell("a notice")
        #expect(game.scene(status: ["a"], leaderboard: []).hud.contains("a notice"))
    }

    @Test func theRuntimeAddsItsStatusLines() {
        let runtime = Runtime(profile: .ios4, seed: 1, game: Breakout(seed: 1))
        runtime.send(.launched)
        runtime.settle()
        #expect(runtime.scene.hud.contains { $0.hasPrefix("state active") })
    }
}

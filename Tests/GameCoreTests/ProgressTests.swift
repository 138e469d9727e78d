// ProgressTests: pickups, the exit, the next level, the last level's game over.

import GameCore
import Runtime
import Testing

@Suite("Pickups, exit and levels")
struct ProgressTests {
    let first = grid(
        "#########",
        "#P.+*..X#",
        "#########", name: "first")
    let second = grid(
        "######",
        "#X..P#",
        "######", name: "second")

    @Test("health is taken only when hurt; ammo adds 12; each pickup scores 10")
    func pickups() {
        var game = playing([first, second])
        game.hold(.forward, steps: 55)  // over + at x=3 and onto * at x=4
        game.run(steps: 55)
        #expect(!game.state.pickups[0].isTaken, "full health: the health pickup stays")
        #expect(game.state.pickups[1].isTaken && game.state.player.ammo == 42 && game.state.score == 10)
        game.state.player.health = 50
        game.place(3.5, 1.5)
        game.run(steps: 1)
        #expect(game.state.pickups[0].isTaken && game.state.player.health == 75 && game.state.score == 20)
        #expect(!game.scene().sprites.contains { $0.kind == .health || $0.kind == .ammo })
    }

    @Test("the exit scores 500 plus 10 a second under par and starts the next level; health and ammo carry over")
    func exitToNextLevel() {
        var game = playing([first, second])
        game.state.player.health = 70
        game.hold(.forward, steps: 200)
        game.run(steps: 200)
        #expect(game.state.levelNumber == 2 && game.state.screen == .singlePlayer)
        #expect(game.state.levelsCleared == 1 && game.state.player.health == 95, "70 + the health pickup")
        #expect(game.state.score == 20 + 500 + (60 - 1) * 10, "two pickups, the exit, par 60 with 1 second played")
        #expect(game.state.player.x == 4.5 && game.level.name == "second", "at the second level's start")
        #expect(game.state.held.isEmpty, "controls are let go between levels")
        #expect(game.takeOutcomes() == [.levelCompleted(level: 1, score: game.state.score)])
        #expect(game.scene().statusBar?.level == 2)
    }

    @Test("the last level's exit ends the game, won; the game-over screen shows the score")
    func lastLevel() {
        var game = playing([first, second])
        game.play(.singlePlayer, level: 2)
        game.place(2.5, 1.5, yaw: Float.pi / 2)  // facing west, one cell from the exit
        game.hold(.forward, steps: 30)
        game.run(steps: 30)
        #expect(game.state.screen == .gameOver && game.state.hasWon)
        #expect(game.takeOutcomes() == [.gameOver(won: true, score: game.state.score)])
        let scene = game.scene()
        #expect(scene.overlay == "YOU WIN - score \(game.state.score)" && scene.weapon == nil && !scene.crosshair)
        game.goToMenu()
        #expect(game.state.screen == .menu)
    }

    @Test("play on a level that does not exist plays the last one and says so")
    func clamp() {
        var game = Game(seed: 1, levels: [first, second])
        game.play(.singlePlayer, level: 9)
        #expect(game.state.levelNumber == 2 && game.state.notice != nil)
    }
}

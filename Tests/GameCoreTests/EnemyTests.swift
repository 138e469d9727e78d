// EnemyTests: enemies chase only what they can see, remember where, and shoot within range.

import GameCore
import Runtime
import Testing

@Suite("Enemies")
struct EnemyTests {
    // The enemy at x=8 row 1 sees along row 1; a wall row (2) separates it from row 3.
    let hall = grid(
        "############",
        "#P......E..#",
        "#.########.#",
        "#..........#",
        "#X.........#",
        "############")

    @Test("an enemy that sees the player chases it and stops short of it")
    func chases() {
        var game = playing([hall])
        game.run(steps: 6)
        #expect(game.state.enemies[0].mode == .chasing)
        game.run(steps: 240)
        let enemy = game.state.enemies[0]
        #expect(enemy.x < 8.5 - 2, "walked towards the player")
        #expect(enemy.x > game.state.player.x + 1.0, "but not into it")
    }

    @Test("a wall between them: the enemy stays idle and does not move")
    func needsLineOfSight() {
        var game = playing([hall])
        game.place(5.5, 3.5)  // row 3, under the wall row
        game.run(steps: 300)
        #expect(game.state.enemies[0].mode == .idle)
        #expect(game.state.enemies[0].x == 8.5 && game.state.enemies[0].z == 1.5)
        #expect(game.state.player.health == 100)
    }

    @Test("out of sight, a chasing enemy goes to where it saw the player last")
    func lastSeen() {
        var game = playing([hall])
        game.run(steps: 6)
        let seenAt = (game.state.enemies[0].targetX, game.state.enemies[0].targetZ)
        #expect(seenAt == (1.5, 1.5))
        game.place(1.5, 3.5)  // out of sight (behind the wall row)
        game.run(steps: 60)
        #expect(game.state.enemies[0].targetX == 1.5 && game.state.enemies[0].mode == .chasing)
    }

    @Test("an enemy in range shoots: the player loses health and the scene flashes red")
    func shoots() {
        var game = playing([hall])
        game.place(5.5, 1.5)  // 3 units away
        game.run(steps: 240)
        #expect(game.state.player.health < 100)
        var hurt = game
        hurt.state.effects.damage = 30
        #expect(hurt.scene().damage == 1)
    }

    @Test("health at 0 ends the game: game over, lost, no more steps")
    func death() {
        var game = playing([hall])
        game.place(5.5, 1.5)
        game.state.player.health = 1
        game.run(steps: 600)
        #expect(game.state.screen == .gameOver && !game.state.hasWon)
        #expect(game.state.player.health == 0)
        #expect(game.takeOutcomes() == [.gameOver(won: false, score: 0)])
        #expect(game.scene().overlay?.hasPrefix("GAME OVER") == true && game.scene().statusBar == nil)
    }

    @Test("two enemies chasing the same player keep apart")
    func keepApart() {
        let room = grid(
            "##########",
            "#P......E#",
            "#.......E#",
            "#X.......#",
            "##########")
        var game = playing([room])
        game.state.player.health = 100
        for _ in 0..<8 {
            game.run(steps: 30)
            game.state.player.health = 100  // keep the player alive: this test is about the enemies
        }
        let (a, b) = (game.state.enemies[0], game.state.enemies[1])
        #expect(a.mode == .chasing && b.mode == .chasing && a.x < 7 && b.x < 7, "both came closer")
        #expect(((a.x - b.x) * (a.x - b.x) + (a.z - b.z) * (a.z - b.z)).squareRoot() >= 0.7)
    }
}

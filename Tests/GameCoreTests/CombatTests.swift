// CombatTests: hitscan hits the nearest enemy in line, walls stop shots, ammo and reload, kills score.

import GameCore
import Runtime
import Testing

@Suite("Shooting")
struct CombatTests {
    // Two enemies in the player's row (x 5 and 8) and one behind a wall (x 5, row 3, wall at x 3).
    let range = grid(
        "############",
        "#P...E..E..#",
        "#..........#",
        "#.#..E.....#",
        "#X.........#",
        "############")

    @Test("a shot hits the nearest enemy in line, not the one behind it")
    func nearestInLine() {
        var game = playing([range])
        let fired = game.fire()
        #expect(fired)
        #expect(game.state.enemies[0].health < Enemy.fullHealth, "the enemy at x=5 was hit")
        #expect(game.state.enemies[1].health == Enemy.fullHealth, "the one behind it was not")
        #expect(game.state.hits == 1 && game.state.shots == 1 && game.state.player.ammo == 29)
        #expect(game.state.enemies[0].mode == .chasing, "a hit enemy knows where the player is")
    }

    @Test("a wall between the player and an enemy stops the shot")
    func wallBlocks() {
        var game = playing([range])
        game.place(1.5, 3.5)  // row 3: the wall at x=2 stands between the player and the enemy at x=5
        let fired = game.fire()
        #expect(fired)
        #expect(game.state.enemies.allSatisfy { $0.health == Enemy.fullHealth })
        #expect(game.state.hits == 0 && game.state.shots == 1)
    }

    @Test("an enemy beside the line of fire is missed")
    func beside() {
        var game = playing([range])
        game.place(1.5, 2.5)  // row 2: the enemies are one cell north and south of the line
        game.fire()
        #expect(game.state.hits == 0)
    }

    @Test("the weapon reloads between shots and runs dry")
    func reloadAndAmmo() {
        var game = playing([range])
        game.state.player.ammo = 2
        let first = game.fire()
        let second = game.fire()
        #expect(first && !second, "reloading")
        #expect(game.whyCannotFire?.hasPrefix("the weapon is reloading") == true)
        game.run(steps: 12)
        let third = game.fire()
        #expect(third && game.state.player.ammo == 0)
        game.run(steps: 12)
        #expect(game.whyCannotFire == "out of ammo")
        let fourth = game.fire()
        #expect(!fourth && game.state.shots == 2)
    }

    @Test("enough hits kill; a kill scores 100 and leaves a corpse that stops no shot")
    func kill() {
        var game = playing([range])
        var shots = 0
        while game.state.enemies[0].isAlive, shots < 10 {
            game.fire()
            game.run(steps: 12)
            shots += 1
        }
        #expect(shots >= 2 && shots <= 3, "60 health, 20...35 a hit")
        #expect(game.state.kills == 1 && game.state.score == 100)
        #expect(game.scene().sprites.contains { $0.kind == .corpse })
        game.fire()
        #expect(game.state.enemies[1].health < Enemy.fullHealth, "the next shot passes over the corpse")
    }

    @Test("the scene shows the shot: recoil, muzzle flash, hit marker, enemy flash")
    func shotInScene() {
        var game = playing([range])
        game.fire()
        let scene = game.scene()
        #expect(scene.weapon?.recoil == 1 && scene.weapon?.isFlashing == true)
        #expect(scene.hitMarker && scene.crosshair)
        #expect(scene.sprites.first { $0.kind == .enemy }?.flash == 1)
        game.run(steps: 12)
        let later = game.scene()
        #expect(later.weapon?.recoil == 0 && later.weapon?.isFlashing == false && !later.hitMarker)
    }
}

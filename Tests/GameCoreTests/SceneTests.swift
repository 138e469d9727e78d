// SceneTests: what each screen gives the renderer (the Scene contract's fields), filled from the game state.

import GameCore
import Runtime
import Testing

@Suite("Scene")
struct SceneTests {
    let room = grid(
        "########",
        "#P.E+*X#",
        "########", name: "room")

    @Test("the menu flies through the level: its cells as sprites, no weapon, status bar or crosshair")
    func menu() {
        let scene = Game(seed: 1, levels: [room]).scene()
        #expect(scene.level.name == "room" && scene.weapon == nil && scene.statusBar == nil && !scene.crosshair)
        #expect(scene.sprites.map(\.kind) == [.enemy, .health, .ammo, .exit])
        #expect(scene.hud.first == "INTERLUDE  main menu")
    }

    @Test("a running session: the player's eyes, weapon, status bar and crosshair")
    func running() {
        var game = playing([room])
        game.state.score = 120
        game.run(steps: 125)
        let scene = game.scene(status: ["state active"])
        #expect(scene.camera.position == Vec3(1.5, 0.5, 1.5) && scene.camera.yaw == -Float.pi / 2)
        #expect(
            scene.statusBar == StatusBar(health: game.state.player.health, ammo: 30, score: 120, level: 1, seconds: 2))
        #expect(scene.weapon == WeaponView() && scene.crosshair && scene.overlay == nil)
        #expect(scene.hud.last == "state active", "the runtime's status lines come last")
    }

    @Test("paused: the overlay says how to resume, the view is dimmed, no crosshair")
    func paused() {
        var game = playing([room])
        game.pause()
        let scene = game.scene()
        #expect(scene.overlay == "PAUSED - press R to resume" && scene.tint != nil && !scene.crosshair)
        #expect(scene.statusBar != nil && scene.weapon != nil)
    }

    @Test("walking bobs the weapon; standing still does not")
    func bob() {
        var game = playing([room])
        game.run(steps: 10)
        #expect(game.scene().weapon?.bob == 0)
        game.hold(.forward, steps: 4)
        game.run(steps: 10)
        #expect(game.scene().weapon?.bob == 1)
    }
}

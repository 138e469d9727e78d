// MovementTests: walking, turning, wall collision and sliding along walls.

import GameCore
import Runtime
import Testing

@Suite("Movement and collision")
struct MovementTests {
    let room = grid(
        "##########",
        "#P.......#",
        "#........#",
        "#...##...#",
        "#........#",
        "#.......X#",
        "##########")

    @Test("forward moves 3 units a second along the view")
    func forward() {
        var game = playing([room])
        #expect(game.state.player.x == 1.5 && game.state.player.yaw == -Float.pi / 2)
        game.hold(.forward, steps: 20)
        game.run(steps: 30)
        #expect(abs(game.state.player.x - 2.5) < 0.001, "20 steps of 0.05 east")
        #expect(game.state.player.z == 1.5)
        #expect(game.state.held.isEmpty, "a timed hold ends by itself")
    }

    @Test("a wall stops the player at its radius")
    func wallStops() {
        var game = playing([room])
        game.hold(.forward, steps: 400)
        game.run(steps: 400)
        #expect(game.state.player.x <= 9 - 0.25 && game.state.player.x > 8.6, "stopped by the east wall at x=9")
    }

    @Test("moving diagonally into a wall slides along it")
    func slides() {
        var game = playing([room])
        game.place(2.5, 1.5, yaw: -Float.pi / 4)  // north-east: into the north wall
        let before = game.state.player
        game.hold(.forward, steps: 30)
        game.run(steps: 30)
        #expect(game.state.player.z >= 1.25, "never into the north wall (z = 1, radius 0.25)")
        #expect(game.state.player.x > before.x + 0.9, "keeps sliding east along it once it touches")
    }

    @Test("a pillar blocks, and the player walks round it")
    func pillar() {
        var game = playing([room])
        game.place(2.5, 3.5)  // row of the pillar at x 4...6, facing east
        game.hold(.forward, steps: 100)
        game.run(steps: 100)
        #expect(game.state.player.x > 3.69 && game.state.player.x < 3.75, "stopped at the pillar's face (x = 4)")
        game.hold(.right, steps: 30)  // strafe right (south) off the pillar's row
        game.run(steps: 30)
        game.hold(.forward, steps: 60)
        game.run(steps: 60)
        #expect(game.state.player.x > 6, "went past it")
    }

    @Test("turning and mouse look change yaw and pitch; pitch is clamped")
    func turning() {
        var game = playing([room])
        game.hold(.turnLeft, steps: 30)
        game.run(steps: 30)
        #expect(abs(game.state.player.yaw - (-Float.pi / 2 + 1)) < 0.0001, "2 rad/s for half a second")
        game.look(yawMillidegrees: 90_000, pitchMillidegrees: 0)
        #expect(abs(game.state.player.yaw - (-Float.pi + 1)) < 0.0001, "a positive look turns right")
        game.look(yawMillidegrees: 0, pitchMillidegrees: 200_000)
        #expect(game.state.player.pitch == 1.4)
        for _ in 0..<100 { game.look(yawMillidegrees: -3_600_000, pitchMillidegrees: 0) }
        #expect(abs(game.state.player.yaw - (-Float.pi + 1)) < 0.001, "a thousand turns later, the same way")
        #expect(game.state.player.yaw >= -Float.pi && game.state.player.yaw < Float.pi)
    }

    @Test("nothing moves while paused, and look is ignored")
    func paused() {
        var game = playing([room])
        game.pause()
        game.look(yawMillidegrees: 45_000, pitchMillidegrees: 0)
        #expect(game.state.player.yaw == -Float.pi / 2)
        game.run(steps: 10)
        #expect(game.state.steps == 0)
    }
}

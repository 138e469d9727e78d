// MatchTests: other players in a multiplayer session (deathmatch: each the authority on its own health), the HUD
// and sprites they make, and BotPilot's walk.

import GameCore
import Lifecycle
import Runtime
import Testing

@Suite("Other players")
struct MatchTests {
    let hall = grid(
        "##########",
        "#P.......#",
        "#.####...#",
        "#........#",
        "##########")

    func inMatch() -> Game {
        var game = Game(seed: 1, levels: [hall])
        game.play(.multiplayer, level: 1)
        return game
    }

    @Test("a peer that joins is shown as a sprite and on the HUD; one that leaves is gone, with a notice")
    func joinAndLeave() {
        var game = inMatch()
        game.apply(.joined(name: "ann"))
        game.apply(.moved(name: "ann", PeerPose(x: 5.5, z: 1.5, yaw: 0)))
        #expect(game.peerNames == ["ann"])
        let scene = game.scene()
        #expect(scene.sprites.contains { $0.kind == .peer && $0.position == Vec3(5.5, 0, 1.5) })
        #expect(scene.hud.contains("players 2: you, ann"))
        #expect(scene.hud.contains("! player ann joined"))
        game.apply(.left(name: "ann", reason: .timedOut))
        #expect(game.peerNames.isEmpty)
        #expect(game.scene().hud.contains("! player ann left (timedOut)"))
        #expect(!game.scene().sprites.contains { $0.kind == .peer })
    }

    @Test("a peer's shot along its facing hurts us; one aimed elsewhere or through a wall does not")
    func peerShots() {
        var game = inMatch()
        game.apply(.joined(name: "ann"))
        // We stand at (1.5, 1.5); ann east of us at x 6.5 facing west (yaw π/2) shoots along the row.
        game.apply(.fired(name: "ann", PeerPose(x: 6.5, z: 1.5, yaw: Float.pi / 2)))
        #expect(game.state.player.health == 90)
        game.apply(.fired(name: "ann", PeerPose(x: 6.5, z: 1.5, yaw: -Float.pi / 2)))  // facing away
        #expect(game.state.player.health == 90)
        game.apply(.fired(name: "ann", PeerPose(x: 1.5, z: 3.5, yaw: 0)))  // from below, through the wall row? no wall at x 1
        #expect(game.state.player.health == 80)
        game.apply(.fired(name: "ann", PeerPose(x: 3.5, z: 3.5, yaw: 0)))  // looking north into the wall at (3, 2)
        #expect(game.state.player.health == 80)
    }

    @Test("our shot at a peer in line flashes it and shows the hit marker, without a random draw")
    func ourShot() {
        var game = inMatch()
        game.apply(.joined(name: "ann"))
        game.apply(.moved(name: "ann", PeerPose(x: 4.5, z: 1.5, yaw: 0)))
        let random = game.state.random
        let fired = game.fire()
        #expect(fired)
        #expect(game.state.peers[0].flash == 6 && game.state.effects.hitMarker == 12)
        #expect(game.state.random == random)
        let reports = game.takeReports()
        #expect(!reports.contains(.fired), "the report comes with the action, not fire()")
    }

    @Test("the match lost: back to the menu with the reason; leaveMatch empties the peers")
    func lost() {
        var game = inMatch()
        game.apply(.joined(name: "ann"))
        game.apply(.lost(why: "the match server went away"))
        #expect(game.state.screen == .menu && game.peerNames.isEmpty)
        #expect(game.state.notice == "match lost: the match server went away; join again from the menu")
        var other = inMatch()
        other.apply(.joined(name: "bob"))
        other.leaveMatch()
        #expect(other.state.screen == .menu && other.peerNames.isEmpty)
    }

    @Test("a single-player game's hash is unchanged by the match fields; peers change a match's hash")
    func hashes() {
        var game = inMatch()
        let alone = game.stateHash
        game.apply(.joined(name: "ann"))
        #expect(game.stateHash != alone)
    }

    @Test("BotPilot walks open cells only, one cell at a time, the same way every time, and loops")
    func pilot() {
        let pilot = BotPilot(level: hall, name: "ann")
        #expect(pilot.route.count > 10)
        let length = Int64(pilot.route.count) * BotPilot.stepsPerCell
        for tick in stride(from: Int64(0), to: length, by: 7) {
            let pose = pilot.pose(at: tick)
            #expect(!hall.isWall(Int(pose.x), Int(pose.z)), "tick \(tick) at \(pose)")
            #expect(pose == BotPilot(level: hall, name: "ann").pose(at: tick))
            #expect(pose == pilot.pose(at: tick + length), "the tour loops")
        }
        for (a, b) in zip(pilot.route, pilot.route.dropFirst() + [pilot.route[0]]) {
            #expect(abs(a.x - b.x) + abs(a.z - b.z) == 1, "neighbours: \(a) \(b)")
        }
        #expect(BotPilot(level: hall, name: "bob").offset != pilot.offset || pilot.route.count == 1)
    }
}

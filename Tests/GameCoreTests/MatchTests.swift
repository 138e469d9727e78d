// MatchTests: other players in a multiplayer session (deathmatch: each the authority on its own health), the HUD
// and sprites they make, and BotPilot's walk.

import GameCore
import InterludeNetwork
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

    let ann = MatchPeer(id: 2, name: "ann")

    func inMatch() -> Game {
        var game = Game(seed: 1, levels: [hall])
        game.play(.multiplayer, level: 1)
        return game
    }

    @Test("a peer that joins is shown as a sprite and on the HUD; one that leaves is gone, with a notice")
    func joinAndLeave() {
        var game = inMatch()
        game.apply(.joined(ann))
        game.apply(.message(from: ann, .state(PeerPose(x: 5.5, z: 1.5, yaw: 0))))
        #expect(game.peerNames == ["ann"])
        let scene = game.scene()
        #expect(scene.sprites.contains { $0.kind == .peer && $0.position == Vec3(5.5, 0, 1.5) })
        #expect(scene.hud.contains("players 2: you, ann"))
        #expect(scene.hud.contains("! player ann joined"))
        game.apply(.left(ann, reason: .timedOut))
        #expect(game.peerNames.isEmpty)
        #expect(game.scene().hud.contains("! player ann left (timedOut)"))
        #expect(!game.scene().sprites.contains { $0.kind == .peer })
    }

    @Test("a peer's shot along its facing hurts us; one aimed elsewhere or through a wall does not")
    func peerShots() {
        var game = inMatch()
        game.apply(.joined(ann))
        // We stand at (1.5, 1.5); ann east of us at x 6.5 facing west (yaw π/2) shoots along the row.
        game.apply(.message(from: ann, .shot(PeerPose(x: 6.5, z: 1.5, yaw: Float.pi / 2))))
        #expect(game.state.player.health == 90)
        game.apply(.message(from: ann, .shot(PeerPose(x: 6.5, z: 1.5, yaw: -Float.pi / 2))))  // facing away
        #expect(game.state.player.health == 90)
        game.apply(.message(from: ann, .shot(PeerPose(x: 1.5, z: 3.5, yaw: 0))))  // from below, through the wall row? no wall at x 1
        #expect(game.state.player.health == 80)
        game.apply(.message(from: ann, .shot(PeerPose(x: 3.5, z: 3.5, yaw: 0))))  // looking north into the wall at (3, 2)
        #expect(game.state.player.health == 80)
    }

    @Test("our shot at a peer in line flashes it and shows the hit marker, without a random draw")
    func ourShot() {
        var game = inMatch()
        game.apply(.joined(ann))
        game.apply(.message(from: ann, .state(PeerPose(x: 4.5, z: 1.5, yaw: 0))))
        let random = game.state.random
        let fired = game.fire()
        #expect(fired)
        #expect(game.state.peers[0].flash == 6 && game.state.effects.hitMarker == 12)
        #expect(game.state.random == random)
        #expect(game.takeMatchMessages().isEmpty, "the shot is sent for the action, not for fire()")
    }

    @Test("the match lost: back to the menu with the reason; leaveMatch empties the peers")
    func lost() {
        var game = inMatch()
        game.apply(.joined(ann))
        game.apply(.lost(why: "the match server went away"))
        #expect(game.state.screen == .menu && game.peerNames.isEmpty)
        #expect(game.state.notice == "match lost: the match server went away; join again from the menu")
        var other = inMatch()
        other.apply(.joined(MatchPeer(id: 3, name: "bob")))
        other.leaveMatch()
        #expect(other.state.screen == .menu && other.peerNames.isEmpty)
    }

    @Test("a single-player game's hash is unchanged by the match fields; peers change a match's hash")
    func hashes() {
        var game = inMatch()
        let alone = game.stateHash
        game.apply(.joined(ann))
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

@Suite("The shooter's match messages")
struct GameMessageTests {
    @Test("states and shots read back exactly from their text, whatever the Float")
    func roundTrip() throws {
        let poses = [
            PeerPose(x: 1.5, z: 2.25, yaw: -Float.pi / 2, health: 90), PeerPose(x: 0.1, z: 1e-7, yaw: 3.1415927),
            PeerPose(x: -999_999.9, z: 123.456, yaw: -0, health: -5),
        ]
        for pose in poses {
            for message in [GameMessage.state(pose), .shot(PeerPose(x: pose.x, z: pose.z, yaw: pose.yaw))] {
                #expect(try GameMessage(wireText: message.wireText) == message, "\(message.wireText)")
            }
        }
        #expect(GameMessage.state(PeerPose(x: 3.5, z: 2.5, yaw: 0)).wireText == "state 3.5 2.5 0.0 100")
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "state", "state 1 2 3", "state 1 2 3 4 5", "shot 1 2", "shot 1 2 3 4", "fire 1 2 3", "state nan 2 3 4",
            "shot inf 0 0", "shot 1e7 0 0", "state 1 2 3 4.5", "state 1  2 3 4", " shot 1 2 3", "shot 1 2 3 ",
            "state 1 2 3 99999999999999999999",
        ])
    func refused(text: String) {
        #expect(throws: MatchMessageError.self) { try GameMessage(wireText: text) }
    }

    @Test("a shot is `peerFired NAME` in the transcript, a state is not")
    func transcript() {
        let ann = MatchPeer(id: 4, name: "ann")
        #expect(GameMessage.shot(PeerPose(x: 1, z: 1, yaw: 0)).transcriptEntry(from: ann)! == ("peerFired", "ann"))
        #expect(GameMessage.state(PeerPose(x: 1, z: 1, yaw: 0)).transcriptEntry(from: ann) == nil)
    }

    @Test("the game keys other players by the server's id: a `left` of another id leaves them be, whatever its name")
    func identityIsTheID() {
        var game = Game(seed: 1, levels: [.hangar])
        game.play(.multiplayer, level: 1)
        let ann = MatchPeer(id: 2, name: "ann")
        game.apply(.joined(ann))
        game.apply(.joined(MatchPeer(id: 5, name: "mallory")))
        game.apply(.left(MatchPeer(id: 5, name: "ann"), reason: .left))  // an impostor's goodbye, under ann's name
        #expect(game.state.peers.map(\.id) == [2] && game.peerNames == ["ann"])
        game.apply(.message(from: MatchPeer(id: 9, name: "ann"), .state(PeerPose(x: 7, z: 7, yaw: 0))))
        #expect(game.state.peers[0].pose != PeerPose(x: 7, z: 7, yaw: 0), "a message of another id moves no one")
        game.apply(.joined(MatchPeer(id: 2, name: "ann")))
        #expect(game.state.peers.count == 1, "a second join of one id is one player")
        game.apply(.left(ann, reason: .dropped))
        #expect(game.state.peers.isEmpty)
    }

    @Test("a shot in a match goes out with the next exchange, from where we stand then, once")
    func outgoing() {
        var game = Game(seed: 1, levels: [.hangar])
        _ = game.perform(.play(.multiplayer, level: 1), context: ActionContext(run: 1))
        #expect(game.perform(.fire, context: ActionContext(run: 1)) == nil)
        let pose = PeerPose(x: game.state.player.x, z: game.state.player.z, yaw: game.state.player.yaw, health: 100)
        #expect(game.takeMatchMessages() == [.shot(pose)])
        #expect(game.takeMatchMessages().isEmpty)
        #expect(game.matchState == .state(pose))
    }
}

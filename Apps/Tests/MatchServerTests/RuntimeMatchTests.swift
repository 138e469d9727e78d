import Foundation
import GameCore
import Lifecycle
import MatchServer
import MatchWire
import Runtime
import Services
import XCTest

/// The runtime's match through `SocketMatchTransport` on a real server: the life cycle's `disconnectPeers` closes
/// the real socket, and the lockstep replays deterministically over it.
final class RuntimeMatchTests: XCTestCase {
    static func ms(_ value: Int64) -> Nanoseconds { value * 1_000_000 }

    /// Advances `runtime` in real-time steps until `done` holds or `timeout` seconds pass.
    static func run(_ runtime: Runtime<Game>, from start: inout Nanoseconds, timeout: Double, until done: () -> Bool)
        -> Bool
    {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() {
            guard Date() < deadline else { return false }
            start += ms(17)
            runtime.advance(to: start)
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    /// The game's runtime over a real socket to `server`, launched at 0 and joined to a multiplayer game at 500 ms.
    static func joined(_ server: EmbeddedMatchServer) -> (
        Runtime<Game>, SocketMatchTransport<GameMessage>, Nanoseconds
    ) {
        let runtime = Runtime(profile: .ios5, seed: 3)
        let transport = SocketMatchTransport<GameMessage>(url: server.url)
        runtime.useMatch(transport)
        runtime.inject(.launched, at: 0)
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        return (runtime, transport, ms(500))
    }

    /// An answered call (the game's own runtime, the window's real-time transport): the socket closes at once,
    /// the other player is told within 1 s of real time; back on the menu the player joins again and both see
    /// each other; invariant 4 read the real socket all along; no descriptor is left open.
    func testAnsweredCallClosesTheSocketAndRejoinWorks() throws {
        LoopbackTests.warmedUp
        Thread.sleep(forTimeInterval: 0.2)
        let before = openDescriptors()
        do {
            let server = try EmbeddedMatchServer()
            defer { server.stop() }
            let ann = try MatchConnection.connect(url: server.url, name: "ann", level: 1)
            defer { ann.close() }
            let (runtime, transport, joinedAt) = Self.joined(server)
            var now = joinedAt
            XCTAssertTrue(runtime.match.isConnected, "a multiplayer session joins the match for real")
            XCTAssertNotNil(expectEvent(ann) { if case .message(.joined(_, "player")) = $0 { true } else { false } })
            XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.peerCount == 1 }, "we see ann")
            XCTAssertTrue(runtime.game.state.peers.map(\.name) == ["ann"])
            // ann's state moves her sprite.
            ann.send(.send(tick: 1, data: GameMessage.state(PeerPose(x: 2.5, z: 3.5, yaw: 0)).wireText))
            XCTAssertTrue(
                Self.run(runtime, from: &now, timeout: 3) { runtime.game.state.peers.first?.pose.x == 2.5 })

            let answered = Date()
            now += Self.ms(100)
            runtime.inject(.callArrived, at: now)
            XCTAssertFalse(runtime.match.isConnected, "disconnectPeers closed the socket")
            XCTAssertEqual(runtime.game.state.screen, .menu)
            guard
                let (_, waited) = expectEvent(
                    ann, timeout: 2, { if case .message(.left(_, "player", .left)) = $0 { true } else { false } })
            else { return XCTFail("ann was not told that we left") }
            XCTAssertLessThan(Date().timeIntervalSince(answered), 1.0, "told within 1 s (waited \(waited) s)")
            now += Self.ms(2000)
            runtime.inject(.callAnswered, at: now)
            now += Self.ms(20000)
            runtime.inject(.callEnded, at: now)
            XCTAssertEqual(runtime.status.state, .active)
            XCTAssertEqual(runtime.game.state.notice, "match left: join again from the menu")

            now += Self.ms(1000)
            runtime.inject(.play(.multiplayer, level: 1), at: now)
            XCTAssertTrue(runtime.match.isConnected)
            XCTAssertNotNil(expectEvent(ann) { if case .message(.joined(_, "player")) = $0 { true } else { false } })
            XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.peerCount == 1 }, "we see ann again")
            XCTAssertEqual(runtime.violations, [], "invariant 4 on the real socket held")
            transport.close()
        }
        var after = openDescriptors()
        for _ in 0..<40 where after != before {
            Thread.sleep(forTimeInterval: 0.05)
            after = openDescriptors()
        }
        XCTAssertEqual(after, before, "descriptors before \(before), after \(after)")
    }

    /// Issue 28: a player is the server's id, never its name. A second `ann` cannot take ann's place: refused in a
    /// named room and in the level's default matches (Docs/Contract.md §12), and a name that reads as hers is
    /// refused at hello. Another player's `leave` removes only its sender from our game: ann stays, keyed by her
    /// id, and her messages still move her.
    func testAnImpostorCannotTakeOrRemoveAnotherPlayer() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let blueAnn = try MatchConnection.connect(url: server.url, name: "ann", level: 1, room: "blue")
        defer { blueAnn.close() }
        for taken in ["ann", "ANN"] {
            XCTAssertThrowsError(try MatchConnection.connect(url: server.url, name: taken, level: 1, room: "blue")) {
                guard case .refused(let refusal) = $0 as? MatchConnectionError else { return XCTFail("\($0)") }
                XCTAssertEqual(refusal.code, .name, taken)
            }
        }
        XCTAssertThrowsError(try MatchConnection.connect(url: server.url, name: "\u{430}nn", level: 1)) {
            guard case .refused(let refusal) = $0 as? MatchConnectionError else { return XCTFail("\($0)") }
            XCTAssertEqual(refusal.code, .name, "a Cyrillic а")
        }

        let ann = try MatchConnection.connect(url: server.url, name: "ann", level: 1)
        defer { ann.close() }
        let (runtime, transport, joinedAt) = Self.joined(server)
        defer { transport.close() }
        var now = joinedAt
        XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.peerCount == 1 }, "we see ann")
        XCTAssertEqual(runtime.game.state.peers.map(\.id), [ann.playerID], "the game keys ann by the server's id")

        // A second ann is refused by default too (Docs/Contract.md §12), rather than seated in another match.
        XCTAssertThrowsError(try MatchConnection.connect(url: server.url, name: "ann", level: 1)) {
            guard case .refused(let refusal) = $0 as? MatchConnectionError else { return XCTFail("\($0)") }
            XCTAssertEqual(refusal.code, .name, "a second ann by default")
        }
        XCTAssertEqual(server.hub.players(level: 1), ["ann", "player"], "the second ann is not in our match")
        XCTAssertEqual(server.hub.players(level: 1, part: 1), [])
        let mallory = try MatchConnection.connect(url: server.url, name: "mallory", level: 1)
        XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.peerCount == 2 }, "we see mallory")
        XCTAssertTrue(mallory.send(.leave))
        XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.peerCount == 1 }, "mallory left")
        XCTAssertEqual(runtime.game.state.peers.map(\.id), [ann.playerID], "only the sender of a leave is gone")
        XCTAssertEqual(runtime.game.state.peers.map(\.name), ["ann"])
        ann.send(.send(tick: 2, data: GameMessage.state(PeerPose(x: 4.5, z: 1.5, yaw: 0)).wireText))
        XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.game.state.peers.first?.pose.x == 4.5 })
        mallory.close()
        XCTAssertEqual(runtime.violations, [])
    }

    /// The server going down mid-game (real time): the game is told, goes back to the menu, no crash.
    func testServerDownEndsTheMatchWithANotice() throws {
        let server = try EmbeddedMatchServer()
        let (runtime, _, joinedAt) = Self.joined(server)
        var now = joinedAt
        XCTAssertTrue(runtime.match.isConnected)
        server.stop()
        XCTAssertTrue(Self.run(runtime, from: &now, timeout: 3) { runtime.game.state.screen == .menu })
        XCTAssertEqual(runtime.game.state.notice, "match lost: the match server shut down; join again from the menu")
        XCTAssertFalse(runtime.match.isConnected)
        XCTAssertFalse(runtime.match.isInMatch)
        // Joining while it is down is refused with a clear reason on screen.
        now += Self.ms(1000)
        runtime.inject(.play(.multiplayer, level: 1), at: now)
        XCTAssertEqual(runtime.game.state.screen, .menu)
        XCTAssertTrue(runtime.game.state.notice?.contains("127.0.0.1") ?? false, runtime.game.state.notice ?? "")
        XCTAssertEqual(runtime.violations, [])
    }
}

// The match server's counterpart of the leaderboard's SecurityTests (issue 28): what the leaderboard proves of
// tokens, bodies, values, names and routes, proven here of identities, messages, names and paths. The hostile
// message corpus itself is HostileInputTests; the limits and deadlines are MatchHardeningTests and
// DescriptorLimitTests (the counterparts of HardeningTests).

import Foundation
import MatchServer
import MatchWire
import Services
import TestSupport
import XCTest

final class MatchSecurityTests: XCTestCase {
    /// Leaderboard: another player's token is refused. Here: a client cannot speak as another. An `id` field in its
    /// `send` is not read: the message reaches the others under the sender's own id.
    func testAMessageCannotClaimAnotherPlayersId() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let alice = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        let bob = try MatchConnection.connect(url: server.url, name: "bob", level: 1)
        let forged = #"{"type":"send","tick":7,"data":"shot 1 1 0","id":\#(alice.playerID)}"#
        let mallory = RawClient(url: server.url).exchange(
            [
                .text(MatchClientMessage.hello(version: MatchProtocol.version, name: "mallory").json),
                .text(MatchClientMessage.join(level: 1, room: "").json), .text(forged),
            ], thenWait: 1)
        XCTAssertNil(mallory.errorCode, "\(mallory)")
        let arrived = expectEvent(bob) {
            if case .message(.message(_, 7, "shot 1 1 0")) = $0 { return true } else { return false }
        }
        guard case .message(.message(let sender, _, _))? = arrived?.0 else {
            return XCTFail("bob never got mallory's message")
        }
        XCTAssertNotEqual(sender, alice.playerID, "the message came under alice's id")
        XCTAssertEqual(bob.name(of: sender), "mallory")
        alice.close()
        bob.close()
    }

    /// Leaderboard: SQL metacharacters in names are refused or stored as text. Here: names and game data full of
    /// JSON, HTML and SQL metacharacters are accepted when printable and reach the others byte for byte, as text.
    func testMetacharactersInNamesAndDataAreRelayedAsText() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let names = [#"o'brien"#, #"x"};{"type":"#, "<script>", "robert'); DROP", #"back\slash"#]
        let watcher = try MatchConnection.connect(url: server.url, name: "watcher", level: 3)
        defer { watcher.close() }
        for name in names {
            let player = try MatchConnection.connect(url: server.url, name: name, level: 3)
            let data = #"{"type":"welcome"} \" <b> '; --"#
            XCTAssertTrue(player.send(.send(tick: 1, data: data)))
            XCTAssertNotNil(
                expectEvent(watcher) { $0 == .message(.joined(id: player.playerID, name: name)) }, "\(name) joined")
            XCTAssertNotNil(
                expectEvent(watcher) { $0 == .message(.message(id: player.playerID, tick: 1, data: data)) },
                "\(name)'s data arrived as sent")
            player.close()
        }
        XCTAssertEqual(server.hub.players(level: 3), ["watcher"])
    }

    /// Leaderboard: unknown routes and bad paths answer JSON. Here: only `GET /match` upgrades; any other path or
    /// method gets a plain HTTP answer and no WebSocket (RFC 6455 §4.1: the upgrade is a GET; a POST upgraded until
    /// this test), and the root says what the server is.
    func testOnlyTheMatchPathUpgrades() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let upgrade =
            "Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let root = RawConnection(port: server.port)?.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(root, "HTTP/1.1 200 OK")
        XCTAssertEqual(
            RawConnection(port: server.port)?.exchange("GET /match HTTP/1.1\r\n" + upgrade),
            "HTTP/1.1 101 Switching Protocols")
        for request in [
            "GET /other HTTP/1.1\r\n" + upgrade, "GET /match/../admin HTTP/1.1\r\n" + upgrade,
            "POST /match HTTP/1.1\r\nContent-Length: 0\r\n" + upgrade, "GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n",
            "DELETE / HTTP/1.1\r\nHost: x\r\n\r\n",
        ] {
            let status = RawConnection(port: server.port)?.exchange(request)
            XCTAssertNotEqual(status, "HTTP/1.1 101 Switching Protocols", request)
            XCTAssertNotEqual(status, "HTTP/1.1 200 OK", request)
        }
        var players = server.hub.connectionCount
        for _ in 0..<20 where players != 0 {
            Thread.sleep(forTimeInterval: 0.05)
            players = server.hub.connectionCount
        }
        XCTAssertEqual(players, 0, "no request but GET /match became a player (and that one has closed)")
    }
}

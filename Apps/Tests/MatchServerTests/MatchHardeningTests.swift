// Issue 28 point 2, the match server's first defences (mirroring the leaderboard's HardeningTests): a connection
// that never says hello, or says it and never joins, is closed at its deadline however often it pings
// (Docs/Multiplayer.md, "Slots"), and one client address cannot hold more than its share of the connection slots, so
// that another client still gets in; a socket that never completes its WebSocket upgrade (silent, or a trickled head)
// is closed at the upgrade deadline, and one address's silent sockets past its share are closed at once while a player
// joins.

import EmbeddedServer
import Foundation
import MatchWire
import NIOCore
import Services
import TestSupport
import XCTest

@testable import MatchServer

final class MatchHardeningTests: XCTestCase {
    private static let ping = #"{"type":"ping"}"#
    private static let hello = #"{"type":"hello","v":2,"name":"alice"}"#

    /// Pings every 50 ms on `id` for `seconds`, checking after each; the first ending the check gives, if any.
    private func pingAndCheck(_ hub: MatchHub, _ id: Int, for seconds: Double) -> Ending? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            XCTAssertNil(hub.receive(id, Self.ping))
            if let ending = hub.check(id) { return ending }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    func testPingsDoNotKeepAConnectionThatNeverSaysHello() throws {
        var policy = MatchPolicy()
        policy.helloTimeout = 0.3
        let hub = MatchHub(policy: policy)
        let (_, outbox) = AsyncStream<String>.makeStream()
        let id = try hub.connect(outbox, address: "192.0.2.1").get()
        let ending = pingAndCheck(hub, id, for: 2)
        guard case .refused(let error)? = ending else {
            return XCTFail("still open after 2 s of pings: \(ending as Any)")
        }
        XCTAssertEqual(error.code, .timeout)
        XCTAssertTrue(error.message.contains("no hello"), error.message)
    }

    /// A hello ends the hello deadline only: the connection must then join within the join deadline, however often
    /// it pings (the loophole: 50 connections that said hello and pinged held their slots for 120 s).
    func testAHelloThenPingsIsClosedAtTheJoinDeadline() throws {
        var policy = MatchPolicy()
        policy.helloTimeout = 0.3
        policy.joinTimeout = 0.5
        let hub = MatchHub(policy: policy)
        let (_, outbox) = AsyncStream<String>.makeStream()
        let id = try hub.connect(outbox, address: "192.0.2.1").get()
        // Read before the hello, whose time starts the deadline: a thread descheduled between the two under load
        // would otherwise measure less than the deadline.
        let started = Date()
        XCTAssertNil(hub.receive(id, Self.hello))
        let ending = pingAndCheck(hub, id, for: 2)
        guard case .refused(let error)? = ending else {
            return XCTFail("still open after 2 s of pings since hello: \(ending as Any)")
        }
        XCTAssertEqual(error.code, .timeout)
        XCTAssertTrue(error.message.contains("no join"), error.message)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.5, "closed before its join deadline")
    }

    /// A join ends the join deadline; a leave starts it again (a connection out of a match cannot sit there).
    func testAJoinEndsTheJoinDeadlineAndALeaveRestartsIt() throws {
        var policy = MatchPolicy()
        policy.helloTimeout = 0.3
        policy.joinTimeout = 0.3
        let hub = MatchHub(policy: policy)
        let (_, outbox) = AsyncStream<String>.makeStream()
        let id = try hub.connect(outbox, address: "192.0.2.1").get()
        XCTAssertNil(hub.receive(id, Self.hello))
        XCTAssertNil(hub.receive(id, #"{"type":"join","level":1}"#))
        XCTAssertNil(pingAndCheck(hub, id, for: 0.8), "a connection in a match was closed")
        XCTAssertNil(hub.receive(id, #"{"type":"leave"}"#))
        guard case .refused(let error)? = pingAndCheck(hub, id, for: 2) else {
            return XCTFail("a connection that left its match sat there for 2 s")
        }
        XCTAssertTrue(error.message.contains("no join"), error.message)
    }

    func testOneAddressHoldsItsShareAndAnotherStillConnects() throws {
        var policy = MatchPolicy()
        policy.maximumConnectionsPerAddress = 3
        policy.maximumConnections = 10
        let hub = MatchHub(policy: policy)
        var held: [Int] = []
        for _ in 0..<3 {
            let (_, outbox) = AsyncStream<String>.makeStream()
            held.append(try hub.connect(outbox, address: "198.51.100.7").get())
        }
        let (_, extra) = AsyncStream<String>.makeStream()
        guard case .failure(let refused) = hub.connect(extra, address: "198.51.100.7") else {
            return XCTFail("a fourth connection from one address was let in")
        }
        XCTAssertEqual(refused.code, .full)
        XCTAssertTrue(refused.message.contains("your address"), refused.message)
        let (_, other) = AsyncStream<String>.makeStream()
        XCTAssertNoThrow(try hub.connect(other, address: "203.0.113.9").get(), "another client was locked out")
        XCTAssertEqual(hub.connectionCount(address: "198.51.100.7"), 3)
        hub.disconnect(held[0], .closed)
        XCTAssertEqual(hub.connectionCount(address: "198.51.100.7"), 2)
        let (_, again) = AsyncStream<String>.makeStream()
        XCTAssertNoThrow(try hub.connect(again, address: "198.51.100.7").get(), "a freed slot stays taken")
    }

    /// End to end over loopback: a client that only pings is closed with a `timeout` error at the hello deadline.
    func testARealConnectionThatOnlyPingsIsClosed() throws {
        var policy = MatchPolicy()
        policy.helloTimeout = 0.5
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let pings = [RawClient.Frame](repeating: .text(Self.ping), count: 3)
        let answers = RawClient(url: server.url).exchange(pings, thenWait: 3)
        XCTAssertTrue(answers.serverClosed, "\(answers)")
        XCTAssertEqual(answers.errorCode, MatchErrorCode.timeout.rawValue, "\(answers)")
    }
}

extension MatchHardeningTests {
    /// The attack at full size, held at once: 4,096 connections from 64 addresses in 64 networks (64 each, under
    /// every per-address and per-network cap) say hello and then only `ping`. The table is full, yet a player from
    /// another network gets in (the one longest outside a match makes room, told `full`) and joins; and at the join
    /// deadline every other one is told `timeout`, however it pinged (Assets/match-protocol.md, "Limits").
    func testAFullTableOfHelloAndPingMakesRoomAndEndsAtTheJoinDeadline() throws {
        var policy = MatchPolicy()
        policy.joinTimeout = 3  // far above the time the 4,096 take to connect here, even on a loaded machine
        policy.idleTimeout = 30
        let hub = MatchHub(policy: policy)
        func connect(_ address: String, _ network: String) throws -> Int {
            let (_, outbox) = AsyncStream<String>.makeStream()
            return try hub.connect(outbox, address: address, network: network).get()
        }
        let ping = #"{"type":"ping"}"#
        var hogs: [Int] = []
        for network in 1...64 {
            for _ in 0..<64 {
                let id = try connect("198.18.\(network).1", "198.18.\(network).0/24")
                XCTAssertNil(hub.receive(id, #"{"type":"hello","v":2,"name":"hog\#(hogs.count)"}"#))
                XCTAssertNil(hub.receive(id, ping))
                hogs.append(id)
            }
        }
        XCTAssertEqual(hub.connectionCount, 4096)
        let player = try connect("203.0.113.7", "203.0.113.0/24")
        XCTAssertNil(hub.receive(player, #"{"type":"hello","v":2,"name":"player"}"#))
        XCTAssertNil(hub.receive(player, #"{"type":"join","level":1}"#), "the player could not join a full server")
        guard case .refused(let shed)? = hub.check(hogs[0]) else {
            return XCTFail("no connection made room for the player")
        }
        XCTAssertEqual(shed.code, .full)
        // Before the deadline none ends, pinging; after it, every one, still pinging.
        for id in hogs.dropFirst() {
            XCTAssertNil(hub.receive(id, ping))
            XCTAssertNil(hub.check(id), "connection \(id) ended before its join deadline")
        }
        let due = Date().addingTimeInterval(policy.joinTimeout + 0.2)
        while Date() < due {
            for id in hogs.dropFirst() { _ = hub.receive(id, ping) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        var codes: [String: Int] = [:]
        for id in hogs.dropFirst() {
            guard case .refused(let error)? = hub.check(id) else {
                codes["open", default: 0] += 1
                continue
            }
            codes["\(error.code)", default: 0] += error.message.hasPrefix("no join within") ? 1 : 0
        }
        XCTAssertEqual(codes, ["timeout": 4095], "hello-and-ping connections after the join deadline")
        XCTAssertNil(hub.check(player), "the player in a match was ended with them")
    }

    /// A connection that never completes its upgrade is closed at the upgrade deadline, and its place is freed.
    func testASilentSocketIsClosedAtTheUpgradeDeadline() throws {
        var policy = MatchPolicy()
        policy.upgradeTimeout = 0.5
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let silent = try XCTUnwrap(RawConnection(port: server.port, from: "127.0.0.3"))
        let trickled = try XCTUnwrap(RawConnection(port: server.port, from: "127.0.0.3"))
        trickled.send("GET /match HTTP/1.1\r\nHost: x\r\n")  // never finished
        XCTAssertTrue(silent.isClosedByServer(within: 3), "a silent socket outlived the deadline")
        XCTAssertTrue(trickled.isClosedByServer(within: 3), "a trickled head outlived the deadline")
        var waiting = server.hub.upgradeGate.waitingCount
        for _ in 0..<40 where waiting != 0 {
            Thread.sleep(forTimeInterval: 0.05)
            waiting = server.hub.upgradeGate.waitingCount
        }
        XCTAssertEqual(waiting, 0, "closed connections still counted")
    }

    /// One address holding silent sockets past its share cannot keep another client out: the player still joins.
    func testSilentSocketsFromOneAddressDoNotLockOutAPlayer() throws {
        var policy = MatchPolicy()
        policy.upgradeTimeout = 30
        policy.maximumWaitingUpgradesPerAddress = 16
        policy.maximumWaitingUpgrades = 64
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        var sockets: [RawConnection] = []
        for _ in 0..<48 { sockets.append(try XCTUnwrap(RawConnection(port: server.port, from: "127.0.0.2"))) }
        // Past its 16, the address's sockets are closed at once.
        let refused = sockets.suffix(8).filter { $0.isClosedByServer(within: 2) }.count
        XCTAssertEqual(refused, 8, "sockets past the address's share were kept")
        XCTAssertLessThanOrEqual(server.hub.upgradeGate.waitingCount, 16)
        let started = Date()
        let player = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        defer { player.close() }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the player waited behind the silent sockets")
        XCTAssertEqual(server.hub.players(level: 1), ["alice"])
    }
}

extension MatchHardeningTests {
    /// Issue 28 point 3: a request head over the size limit is refused and the connection closed, never upgraded.
    func testAnOversizedRequestHeadIsRefused() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let connection = try XCTUnwrap(RawConnection(port: server.port, from: "127.0.0.4"))
        let padding = String(repeating: "a", count: 3000)
        let head =
            "GET /match HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + (0..<4).map { "X-Pad-\($0): \(padding)\r\n" }.joined() + "\r\n"
        let answer = connection.exchange(head, seconds: 3)
        XCTAssertFalse(answer?.contains("101") ?? false, "an oversized head was upgraded: \(answer ?? "-")")
        XCTAssertTrue(connection.isClosedByServer(within: 3), "an oversized head kept its connection")
        // A head of the usual size still upgrades (the game's own client).
        let player = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        player.close()
    }
}

extension MatchHardeningTests {
    /// Issue 28 point 1: no impersonation by name. Look-alike names are refused at hello, and a name already in the
    /// match (by its key, Docs/Contract.md §12) is refused at join, so a second `ann` cannot speak or leave as ann.
    func testLookAlikeNamesAreRefused() throws {
        for name in ["ann\u{200B}", "ann\u{202E}", "\u{0430}nn", "a\u{2060}nn", "ann\u{E000}", "bob\u{2028}"] {
            XCTAssertThrowsError(try validateMatchName(name), name.unicodeScalars.map { "\($0.value)" }.joined())
        }
        for name in ["ann", "Ölfeld", "Иван", "player 2", "O'Brien", "日本"] {
            XCTAssertNoThrow(try validateMatchName(name), name)
        }
        XCTAssertEqual(try matchNameKey("ＡＮＮ"), "ann")
        XCTAssertEqual(try matchNameKey("BOB"), try matchNameKey("bob"))
    }

    func testASecondAnnCannotJoinAnnsMatch() throws {
        let hub = MatchHub()
        func joined(_ name: String, _ address: String, room: String = "") throws -> (Int, MatchWireError?) {
            let (_, outbox) = AsyncStream<String>.makeStream()
            let id = try hub.connect(outbox, address: address).get()
            XCTAssertNil(hub.receive(id, #"{"type":"hello","v":2,"name":"\#(name)"}"#))
            let roomField = room.isEmpty ? "" : #","room":"\#(room)""#
            return (id, hub.receive(id, #"{"type":"join","level":1\#(roomField)}"#))
        }
        let (ann, first) = try joined("ann", "192.0.2.1")
        XCTAssertNil(first)
        XCTAssertNil(try joined("ann", "192.0.2.1", room: "lobby").1)
        for (index, impostor) in ["ann", "ANN", "Ann"].enumerated() {
            // Refused in a named room and in the level's default matches, naming ann (Docs/Contract.md §12): never
            // seated in another default match, where ann's friends would find it.
            for room in ["lobby", ""] {
                let (_, refused) = try joined(impostor, "192.0.2.\(66 + index)", room: room)
                XCTAssertEqual(refused?.code, .name, impostor)
                XCTAssertTrue(refused?.message.contains("taken") ?? false, "\(refused as Any)")
                XCTAssertTrue(refused?.message.hasSuffix("by 'ann'") ?? false, "\(refused as Any)")
            }
        }
        XCTAssertEqual(hub.players(level: 1), ["ann"])
        XCTAssertEqual(hub.players(level: 1, part: 1), [])
        let (_, bob) = try joined("bob", "192.0.2.2")
        XCTAssertNil(bob)
        XCTAssertEqual(hub.players(level: 1), ["ann", "bob"])
        // ann's own leave is the only one that removes her.
        XCTAssertNil(hub.receive(ann, #"{"type":"leave"}"#))
        XCTAssertEqual(hub.players(level: 1), ["bob"])
    }

    /// Issue 28 point 2: one address cannot fill the matches a game joins by default, nor open every room, and a
    /// full default match opens another: a player joining by default is never refused while the server has room.
    func testDefaultJoinsAreNeverLockedOutByOneAddress() throws {
        let hub = MatchHub()
        func join(_ name: String, _ address: String, room: String = "") throws -> MatchWireError? {
            let (_, outbox) = AsyncStream<String>.makeStream()
            let id = try hub.connect(outbox, address: address).get()
            XCTAssertNil(hub.receive(id, #"{"type":"hello","v":2,"name":"\#(name)"}"#))
            let roomField = room.isEmpty ? "" : #","room":"\#(room)""#
            return hub.receive(id, #"{"type":"join","level":2\#(roomField)}"#)
        }
        for seat in 0..<4 { XCTAssertNil(try join("hog\(seat)", "198.51.100.1")) }
        XCTAssertEqual(try join("hog4", "198.51.100.1")?.code, .limit, "a fifth default seat for one address")
        for player in 0..<20 { XCTAssertNil(try join("p\(player)", "203.0.113.\(player)"), "player \(player)") }
        XCTAssertEqual(hub.players(level: 2).count, 8)
        XCTAssertEqual(hub.players(level: 2, part: 1).count, 8)
        XCTAssertEqual(hub.players(level: 2, part: 2).count, 8)
        for room in 0..<16 { XCTAssertNil(try join("r", "198.51.100.9", room: "room\(room)")) }
        XCTAssertEqual(try join("r", "198.51.100.9", room: "room16")?.code, .limit, "a 17th room for one address")
        XCTAssertNil(try join("r", "198.51.100.10", room: "room16"), "another address opens it")
    }
}

extension MatchHardeningTests {
    /// Issue 28 point 3, RFC 6455 §5.1: a client frame without a mask closes the connection with 1002.
    func testAnUnmaskedClientFrameClosesWith1002() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let connection = try XCTUnwrap(RawConnection(port: server.port, from: "127.0.0.5"))
        let upgrade = connection.exchange(
            "GET /match HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", seconds: 3)
        XCTAssertTrue(upgrade?.contains("101") ?? false, "no upgrade: \(upgrade ?? "-")")
        let ping = Array(#"{"type":"ping"}"#.utf8)
        connection.send(bytes: [0x81, UInt8(ping.count)] + ping)  // FIN + text, no mask bit
        let answer = connection.receive(within: 3)
        // A close frame (0x88) carrying 1002 (0x03EA), then the end of the connection.
        XCTAssertNotNil(answer.firstRange(of: [0x88, 0x02, 0x03, 0xEA]), "answer: \(answer)")
        XCTAssertTrue(connection.isClosedByServer(within: 2))
        // A masked frame (every real client's) still works.
        let player = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        player.close()
    }
}

extension MatchHardeningTests {
    /// Networks are counted as the leaderboard counts them (ClientAddress: IPv4 /24, IPv6 /48): many addresses of one
    /// network hold at most the network's share of connections, of seats in a level's default matches and of
    /// matches opened, while another network still gets in.
    func testOneNetworkHoldsItsShareAndAnotherStillGetsIn() throws {
        let v6 = try SocketAddress(ipAddress: "2001:db8:7:1::5", port: 1)
        XCTAssertEqual(ClientAddress.network(v6), "2001:db8:7::/48")
        XCTAssertEqual(ClientAddress.network(try SocketAddress(ipAddress: "198.51.100.7", port: 1)), "198.51.100.0/24")
        var policy = MatchPolicy()
        policy.maximumConnectionsPerNetwork = 6
        policy.maximumDefaultSeatsPerNetwork = 3
        policy.maximumMatchesPerNetwork = 3
        let hub = MatchHub(policy: policy)
        func connect(_ address: String, _ network: String) -> Result<Int, MatchWireError> {
            let (_, outbox) = AsyncStream<String>.makeStream()
            return hub.connect(outbox, address: address, network: network)
        }
        func join(_ id: Int, _ name: String, _ json: String) -> MatchWireError? {
            XCTAssertNil(hub.receive(id, #"{"type":"hello","v":2,"name":"\#(name)"}"#))
            return hub.receive(id, json)
        }
        let network = "198.51.100.0/24"
        let ids = try (0..<6).map { try connect("198.51.100.\($0)", network).get() }
        guard case .failure(let refused) = connect("198.51.100.99", network) else {
            return XCTFail("a seventh connection from one network was let in")
        }
        XCTAssertEqual(refused.code, .full)
        XCTAssertTrue(refused.message.contains("your network (198.51.100.0/24)"), refused.message)
        // Seats: three in level 2's default matches, the fourth refused.
        for index in 0..<3 { XCTAssertNil(join(ids[index], "p\(index)", #"{"type":"join","level":2}"#)) }
        XCTAssertEqual(join(ids[3], "p3", #"{"type":"join","level":2}"#)?.code, .limit)
        // Matches opened and open: level 2's default match and two rooms (a room left empty closes); then no more.
        XCTAssertNil(join(ids[4], "p4", #"{"type":"join","level":3,"room":"a"}"#))
        XCTAssertNil(hub.receive(ids[4], #"{"type":"join","level":3,"room":"b"}"#))
        XCTAssertEqual(hub.matchCount, 2, "a room left empty closes")
        XCTAssertNil(join(ids[5], "p5", #"{"type":"join","level":4,"room":"d"}"#))
        XCTAssertEqual(hub.matchCount, 3)
        hub.disconnect(ids[3], .closed)
        let more = try connect("198.51.100.200", network).get()
        let error = join(more, "p6", #"{"type":"join","level":5,"room":"f"}"#)
        XCTAssertEqual(error?.code, .limit)
        XCTAssertTrue(error?.message.contains("opened its most matches (3)") ?? false, "\(error as Any)")
        XCTAssertNil(hub.receive(more, #"{"type":"join","level":4,"room":"d"}"#), "joining an open match opens none")
        // Another network opens one, and takes a seat in level 2.
        let other = try connect("203.0.113.1", "203.0.113.0/24").get()
        XCTAssertNil(join(other, "q", #"{"type":"join","level":5,"room":"f"}"#))
        XCTAssertNil(hub.receive(other, #"{"type":"join","level":2}"#))
    }
}

extension MatchHardeningTests {
    /// When every connection slot is taken, a newcomer is let in and the connection longest outside a match is closed
    /// (`full`) for it: connections that never join cannot keep a player out. Only when every connection is in a
    /// match is the newcomer refused.
    func testAFullServerClosesTheConnectionLongestOutsideAMatch() throws {
        var policy = MatchPolicy()
        policy.maximumConnections = 4
        let hub = MatchHub(policy: policy)
        func connect(_ address: String) -> Result<Int, MatchWireError> {
            let (_, outbox) = AsyncStream<String>.makeStream()
            return hub.connect(outbox, address: address)
        }
        let waiting = try (1...4).map { try connect("192.0.2.\($0)").get() }
        for id in waiting { XCTAssertNil(hub.receive(id, #"{"type":"hello","v":2,"name":"n\#(id)"}"#)) }
        let player = try connect("203.0.113.1").get()
        guard case .refused(let error)? = hub.check(waiting[0]) else {
            return XCTFail("the oldest connection outside a match was not closed for the newcomer")
        }
        XCTAssertEqual(error.code, .full)
        for id in waiting.dropFirst() { XCTAssertNil(hub.check(id)) }
        hub.disconnect(waiting[0], .refused(error))
        XCTAssertEqual(hub.shedCount, 1)
        // Everyone in a match: the newcomer is refused instead.
        for id in waiting.dropFirst() + [player] {
            if id == player { XCTAssertNil(hub.receive(id, #"{"type":"hello","v":2,"name":"p"}"#)) }
            XCTAssertNil(hub.receive(id, #"{"type":"join","level":\#(id)}"#))
        }
        guard case .failure(let refused) = connect("203.0.113.2") else {
            return XCTFail("a connection in a match was closed for a newcomer")
        }
        XCTAssertEqual(refused.code, .full)
    }
}

// Attacks from many addresses at once, each address in a network (/24) of its own so that no per-network cap can
// stop them (Docs/Multiplayer.md, "Slots" and "Seats"): 4,096 connections from 64 addresses that say hello and then
// only ping; 1,031 connections from 17 addresses that open a match each; clients flooding WebSocket pings. In each, a
// player from another network (127.0.0.1) joins within a second. Before: the hello-and-ping connections held every
// slot until they left (every join failed `full`), 17 addresses filled the 1,024-match table (every new match failed
// `limit`), and pings, answered by the WebSocket layer itself, were not counted at all.

import Foundation
import MatchServer
import MatchWire
import Services
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class MatchFloodTests: XCTestCase {
    /// Raises this process's soft descriptor limit: the tests hold 4,096 sockets, and the server the other ends.
    override func setUp() { ThisProcess.allowDescriptors(12288) }

    /// Opens `count` connections from `sources` in turn, each sending its upgrade request and then `messages(i)` (the
    /// i-th connection) in one write, a round of a few per address at a time so that the upgrade gate (32 waiting
    /// from one address, 512 in all) admits them all; returns once the server has upgraded them.
    private func open(
        _ server: EmbeddedMatchServer, _ count: Int, from sources: [String], _ messages: (Int) -> [String]
    ) throws -> [RawConnection] {
        try openTimed(server, count, from: sources, messages).map(\.connection)
    }

    /// `open`, with the time each connection sent its request and messages.
    private func openTimed(
        _ server: EmbeddedMatchServer, _ count: Int, from sources: [String], _ messages: (Int) -> [String]
    ) throws -> [(connection: RawConnection, sentAt: Date)] {
        var connections: [(connection: RawConnection, sentAt: Date)] = []
        let perRound = max(1, min(8, 480 / sources.count, (count + sources.count - 1) / sources.count))
        while connections.count < count {
            for source in sources {
                for _ in 0..<perRound where connections.count < count {
                    let connection = try XCTUnwrap(RawConnection(port: server.port, from: source), source)
                    connection.send(
                        bytes: WireBytes.upgrade + messages(connections.count).flatMap { WireBytes.text($0) })
                    connections.append((connection, Date()))
                }
            }
            let deadline = Date().addingTimeInterval(10)
            while server.hub.upgradeGate.waitingCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        }
        return connections
    }

    /// Seconds a player from 127.0.0.1 takes to join level 1 (`room`: a named room); nil if it could not.
    private func join(_ server: EmbeddedMatchServer, _ name: String, room: String = "") -> Double? {
        let started = Date()
        guard let player = try? MatchConnection.connect(url: server.url, name: name, level: 1, room: room, timeout: 5)
        else { return nil }
        let took = Date().timeIntervalSince(started)
        player.close()
        return took
    }

    /// What the server has sent `connection` so far, without waiting, and whether it has closed the connection.
    private func drainAll(_ connection: RawConnection) -> (bytes: [UInt8], isClosed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(connection.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { return (received, !(count < 0 && errno == EAGAIN)) }
            received += buffer[0..<count]
        }
    }

    private func drain(_ connection: RawConnection) -> [UInt8] { drainAll(connection).bytes }

    /// Waits up to `seconds` until the server has welcomed each of `connections` (read without taking the bytes).
    private func awaitWelcomes(_ connections: some Collection<RawConnection>, within seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        for connection in connections {
            while Date() < deadline {
                let count = recv(connection.fd, &buffer, buffer.count, Int32(MSG_PEEK | MSG_DONTWAIT))
                if count <= 0 && errno != EAGAIN { break }
                if count > 0, buffer[0..<count].firstRange(of: Array("welcome".utf8)) != nil { break }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
    }

    /// How many of `answers` hold an error of each code (`none`: no error).
    private func errorCodes(_ answers: [[UInt8]]) -> [String: Int] {
        var codes: [String: Int] = [:]
        for answer in answers {
            let error = WireBytes.texts(answer).first { $0.contains(#""type":"error""#) } ?? ""
            let code = error.firstRange(of: #""code":""#).map { String(error[$0.upperBound...].prefix { $0 != "\"" }) }
            codes[code ?? "none", default: 0] += 1
        }
        return codes
    }

    /// 4,096 connections from 64 addresses in 64 networks, each saying hello and then `ping`: each is closed at the
    /// join deadline however it pings (not before, and within a second and a half after), and meanwhile, after each
    /// 512 of them, a player from another network joins within a second. (When they hold every slot at once, the
    /// one longest outside a match makes room: MatchHardeningTests.testAFullServerClosesTheConnectionLongestOutside.)
    func testHelloThenPingFromManyNetworksIsClosedAtTheJoinDeadline() throws {
        var policy = MatchPolicy()
        policy.joinTimeout = 2
        policy.idleTimeout = 30
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let ping = #"{"type":"ping"}"#
        let sources = (1...64).map { "127.0.\($0).1" }
        var held: [(connection: RawConnection, sentAt: Date)] = []
        var joins: [Double?] = []
        var most = 0
        while held.count < 4096 {
            held += try openTimed(server, 512, from: sources) {
                [#"{"type":"hello","v":2,"name":"hog\#($0)"}"#, ping, ping]
            }
            // The round's connections are open and welcomed: they are held while the player joins.
            awaitWelcomes(held.suffix(512).map(\.connection), within: 5)
            most = max(most, server.hub.connectionCount)
            joins.append(join(server, "player\(joins.count)"))
            for (connection, _) in held.suffix(512) { connection.send(bytes: WireBytes.text(ping)) }  // pinging on
        }
        XCTAssertEqual(joins.count, 8)
        let times = joins.map { $0.map { String(format: "%.0f", $0 * 1000) } ?? "failed" }.joined(separator: ", ")
        print("hello+ping from 64 /24s: the server held up to \(most); the player's joins took \(times) ms")
        for (index, took) in joins.enumerated() {
            XCTAssertLessThan(took ?? 99, 1, "join \(index): a player from another network waited a second or more")
        }
        // Not before the deadline: those that said hello less than the deadline less 0.3 s ago are all open.
        let now = Date()
        var received = [[UInt8]](repeating: [], count: held.count)
        let young = held.indices.filter { now.timeIntervalSince(held[$0].sentAt) < policy.joinTimeout - 0.3 }
        XCTAssertGreaterThan(young.count, 0)
        for index in young {
            let (bytes, isClosed) = drainAll(held[index].connection)
            received[index] = bytes
            XCTAssertFalse(isClosed, "connection \(index) was closed before its join deadline")
        }
        // At it: 1.5 s after the last said hello, none is left.
        let due = (held.last?.sentAt ?? now).addingTimeInterval(policy.joinTimeout + 1.5)
        while server.hub.connectionCount > 0, Date() < due { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(server.hub.connectionCount, 0, "connections that never joined outlived the join deadline")
        let answers = held.indices.map { received[$0] + drain(held[$0].connection) }
        let codes = errorCodes(answers)
        XCTAssertEqual(codes["timeout", default: 0], 4096, "\(codes), at most \(most) at once")
        let noJoin = answers.filter { WireBytes.texts($0).contains { $0.contains("no join within") } }.count
        XCTAssertEqual(noJoin, 4096, "each timeout is the join deadline's")
    }

    /// 1,031 connections from 17 addresses in 17 networks, each saying hello and opening a match of its own (a
    /// level's default match or a named room): each network opens at most its share, so the match table keeps room,
    /// and a player joins level 1 by default, and opens a named room, within a second each.
    func testAMatchEachFromManyNetworksLeavesRoom() throws {
        var policy = MatchPolicy()
        policy.idleTimeout = 30
        policy.joinTimeout = 30
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let sources = (1...17).map { "127.1.\($0).1" }
        let held = try open(server, 1031, from: sources) { index in
            let join =
                index % 2 == 0
                ? #"{"type":"join","level":\#(2 + index / 2)}"# : #"{"type":"join","level":1,"room":"r\#(index)"}"#
            return [#"{"type":"hello","v":2,"name":"hog\#(index)"}"#, join]
        }
        Thread.sleep(forTimeInterval: 0.5)
        let limit = server.hub.policy.maximumMatchesPerNetwork
        XCTAssertLessThanOrEqual(server.hub.matchCount, 17 * limit, "a network opened more than its share")
        XCTAssertLessThan(server.hub.matchCount, server.hub.policy.maximumMatches, "the match table is full")

        XCTAssertLessThan(join(server, "player") ?? 99, 1, "a default join of level 1 within a second")
        XCTAssertLessThan(join(server, "player", room: "lobby") ?? 99, 1, "a named room within a second")
        let codes = errorCodes(held.map(drain))
        XCTAssertEqual(codes["limit", default: 0], 1031 - 17 * limit, "\(codes)")
        XCTAssertEqual(codes["none", default: 0], 17 * limit, "\(codes)")
    }

    /// Eight clients from eight networks flooding WebSocket ping frames (each answered by the WebSocket layer) are
    /// each refused `rate` and closed, and meanwhile a player joins within a second.
    func testAPingFloodIsRefusedRate() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let flooders = try open(server, 8, from: (1...8).map { "127.2.\($0).1" }) {
            [#"{"type":"hello","v":2,"name":"flood\#($0)"}"#, #"{"type":"join","level":1}"#]
        }
        let pings = (0..<10_000).flatMap { _ in WireBytes.frame([], opcode: 0x9) }
        let answers = Box()
        let done = DispatchGroup()
        for (index, fd) in flooders.map(\.fd).enumerated() {
            done.enter()
            Thread.detachNewThread {
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                let end = Date().addingTimeInterval(5)
                var isOpen = true
                var why = "deadline"
                var offset = 0  // a send may take part of the buffer: the next goes on from there, frames whole
                while isOpen, Date() < end {
                    let sent = pings[offset...].withUnsafeBytes {
                        send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                    }
                    offset = (offset + max(0, sent)) % pings.count
                    // A full socket waits a moment, as an attacker's event loop would, rather than spin.
                    var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if sent <= 0 { _ = poll(&readable, 1, 5) }
                    while true {
                        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                        if count > 0 {
                            received += buffer[0..<count]
                            continue
                        }
                        isOpen = count < 0 && errno == EAGAIN
                        if !isOpen { why = "recv \(count) errno \(count < 0 ? errno : 0)" }
                        break
                    }
                }
                answers.value.withLock {
                    $0.texts.append(
                        "\(index) [\(why) close \(WireBytes.closeCode(received).map(String.init) ?? "-") bytes \(received.count)] "
                            + WireBytes.texts(received).joined(separator: " "))
                }
                done.leave()
            }
        }
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertLessThan(join(server, "player") ?? 99, 1, "a player could not join within a second of the flood")
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let texts = answers.value.withLock { $0.texts }
        XCTAssertEqual(texts.count, 8)
        for text in texts { XCTAssertTrue(text.contains(#""code":"rate""#), "a flooder was not refused: \(text)") }
    }
}

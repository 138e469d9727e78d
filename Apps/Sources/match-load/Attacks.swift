// Attacks: `match-load --attacks`, the load check of the attacks from many addresses (Docs/Multiplayer.md, "Slots",
// "Seats"; Assets/match-protocol.md, error codes). A match server with the public defaults (`MatchPolicy()`) runs in
// this process; each attack comes from addresses in networks (/24) of their own, so that no per-network cap stops it:
//   hello+ping   4,096 connections from 64 addresses (127.70.N.1), 512 at a time, say hello and then only `ping`;
//   match each   1,031 connections from 17 addresses (127.71.N.1) open a match each (a level's default, or a room);
//   ping flood   8 clients (127.72.N.1) send WebSocket ping frames as fast as they can.
// While each is held, a player from 127.0.0.1 (another network) joins level 1's default match (connect, upgrade,
// hello, join) 10 times, and opens a named room once. Passes when every join succeeded within 1 s, the hello+ping
// connections were gone by the join deadline (plus 2 s), the match table kept room and every flooder was refused
// `rate`; exit status 1 otherwise.

import Foundation
import LoadSockets
import MatchServer
import Services
import Synchronization

enum AttacksCheck {
    static func run() throws -> Never {
        LoadSockets.raiseDescriptorLimit(to: 12288)
        let policy = MatchPolicy()
        var passed = true
        print("| attack | what the server held | player joins: p50 / max ms | within 1 s | verdict |")
        print("|---|---|---|---|---|")

        let server = try EmbeddedMatchServer(policy: policy)
        let reference = (0..<10).map { join(server.url, "reference\($0)") }
        print(row("none (reference)", "-", reference, true))

        // hello+ping: 8 rounds of 512, each held (pinging) while a player joins; all gone by the join deadline.
        var pinging: [Int32] = []
        var joins: [Double?] = []
        var most = 0
        while pinging.count < 4096 {
            let first = pinging.count
            pinging += open(server, 512, from: (1...64).map { "127.70.\($0).1" }) {
                [#"{"type":"hello","v":2,"name":"hog\#(first + $0)"}"#, #"{"type":"ping"}"#]
            }
            // The round is open and welcomed (the server has caught up with it) while the player joins.
            let welcomed = Date().addingTimeInterval(5)
            for fd in pinging.suffix(512) {
                while Date() < welcomed, !LoadSockets.hasReceived("welcome", on: fd) { usleep(2000) }
            }
            most = max(most, server.hub.connectionCount)
            joins.append(join(server.url, "player\(joins.count)"))
            for fd in pinging.suffix(512) { LoadSockets.send(bytes: frame(#"{"type":"ping"}"#), on: fd) }
        }
        let due = Date().addingTimeInterval(policy.joinTimeout + 2)
        while Date() < due, server.hub.connectionCount > 0 { Thread.sleep(forTimeInterval: 0.1) }
        let left = server.hub.connectionCount
        let gone = left == 0
        passed = passed && gone && within(joins)
        print(
            row(
                "hello+ping: 4,096 from 64 /24s",
                "up to \(most) at once, \(server.hub.shedCount) shed for players, "
                    + "\(left) left at the join deadline + 2 s", joins, gone))
        for fd in pinging { close(fd) }

        // match each: at most the networks' share of the table.
        let opening = open(server, 1031, from: (1...17).map { "127.71.\($0).1" }) { index in
            let join =
                index % 2 == 0
                ? #"{"type":"join","level":\#(2 + index / 2)}"# : #"{"type":"join","level":1,"room":"r\#(index)"}"#
            return [#"{"type":"hello","v":2,"name":"hog\#(index)"}"#, join]
        }
        Thread.sleep(forTimeInterval: 0.5)
        let matches = server.hub.matchCount
        joins = (0..<10).map { join(server.url, "player\($0)") } + [join(server.url, "roomer", room: "lobby")]
        let roomy = matches < policy.maximumMatches
        passed = passed && roomy && within(joins)
        print(row("match each: 1,031 from 17 /24s", "\(matches) of \(policy.maximumMatches) matches", joins, roomy))
        for fd in opening { close(fd) }

        // ping flood: each flooder is refused `rate`.
        let flooders = open(server, 8, from: (1...8).map { "127.72.\($0).1" }) {
            [#"{"type":"hello","v":2,"name":"flood\#($0)"}"#, #"{"type":"join","level":1}"#]
        }
        let pings = (0..<10_000).flatMap { _ in LoadSockets.webSocketFrame([], opcode: 9) }
        let refused = Refusals()
        let flooding = Date().addingTimeInterval(3)
        for fd in flooders {
            Thread.detachNewThread {
                var answer: [UInt8] = []
                var offset = 0  // a send may take part of the buffer: the next goes on from there, frames whole
                // Floods for 3 s, then reads what comes for a second more; a full socket waits a moment (poll), as an
                // attacker's event loop would, rather than spin.
                let reading = flooding.addingTimeInterval(1)
                while Date() < reading {
                    let sent = Date() < flooding ? LoadSockets.send(bytes: Array(pings[offset...]), on: fd) : 0
                    offset = (offset + max(0, sent)) % pings.count
                    let (bytes, isClosed) = LoadSockets.drain(fd)
                    answer += bytes
                    if isClosed { break }
                    if sent <= 0 { LoadSockets.waitReadable(fd, milliseconds: 5) }
                }
                let text = String(decoding: answer, as: UTF8.self)
                if text.contains(#""code":"rate""#) {
                    refused.add()
                } else {
                    print("a flooder was not refused `rate`; it read: \(text.suffix(200).debugDescription)")
                }
            }
        }
        Thread.sleep(forTimeInterval: 0.2)
        joins = (0..<10).map { join(server.url, "player\($0)") }
        while Date() < flooding.addingTimeInterval(1.5) { Thread.sleep(forTimeInterval: 0.1) }
        let stopped = refused.count == flooders.count
        passed = passed && stopped && within(joins)
        print(row("ping flood: 8 from 8 /24s", "\(refused.count) of 8 flooders refused `rate`", joins, stopped))
        for fd in flooders { close(fd) }
        server.stop()

        print(
            passed
                ? "PASS: every join within 1 s; connections that never joined gone by the join deadline; the match "
                    + "table kept room; every ping flooder refused"
                : "FAIL: see the rows above")
        exit(passed ? 0 : 1)
    }

    /// A masked text frame holding `text`.
    static func frame(_ text: String) -> [UInt8] { LoadSockets.webSocketFrame(Array(text.utf8)) }

    /// Opens `count` connections from `sources` in turn, each sending its upgrade request and `messages(i)` in one
    /// write, a few per address at a time so that the upgrade gate (32 waiting from one address, 512 in all) admits
    /// them; returns once the server has upgraded them.
    static func open(_ server: EmbeddedMatchServer, _ count: Int, from sources: [String], _ messages: (Int) -> [String])
        -> [Int32]
    {
        let request = Array(
            ("GET /match HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        var sockets: [Int32] = []
        var attempts = 0
        let perRound = max(1, min(8, 480 / sources.count))
        while attempts < count {
            for source in sources {
                for _ in 0..<perRound where attempts < count {
                    if let fd = LoadSockets.open(port: server.port, from: source) {
                        LoadSockets.send(bytes: request + messages(attempts).flatMap(frame), on: fd)
                        sockets.append(fd)
                    }
                    attempts += 1
                }
            }
            let deadline = Date().addingTimeInterval(10)
            while server.hub.upgradeGate.waitingCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        }
        return sockets
    }

    /// Seconds a player from 127.0.0.1 took to join level 1 (`room`: a named room); nil if it could not.
    static func join(_ url: String, _ name: String, room: String = "") -> Double? {
        let started = Date()
        guard let player = try? MatchConnection.connect(url: url, name: name, level: 1, room: room, timeout: 5) else {
            return nil
        }
        let took = Date().timeIntervalSince(started)
        player.close(goodbye: true, timeout: 1)
        return took
    }

    static func within(_ joins: [Double?]) -> Bool { joins.allSatisfy { ($0 ?? 99) < 1 } }

    static func row(_ attack: String, _ held: String, _ joins: [Double?], _ holds: Bool) -> String {
        let done = joins.compactMap { $0 }.sorted()
        let p50 = done.isEmpty ? 0 : done[done.count / 2] * 1000
        return String(
            format: "| %@ | %@ | %.2f / %.2f | %d of %d | %@ |", attack, held, p50, (done.last ?? 0) * 1000,
            done.filter { $0 < 1 }.count, joins.count, holds && within(joins) ? "holds" : "FAILS")
    }
}

/// How many flooders saw their `rate` refusal (counted from their threads).
final class Refusals: Sendable {
    private let counter = Mutex(0)
    func add() { counter.withLock { $0 += 1 } }
    var count: Int { counter.withLock { $0 } }
}

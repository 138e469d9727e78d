// PreHello: `match-load --pre-hello`, the load check of issue 28. A match server with the public defaults
// (`MatchPolicy()`: 64 connections per address, 32 of them waiting for their upgrade, a 5 s hello deadline that
// pings do not extend) in this process; one address (127.66.0.1) opens N connections (4,100 by default: more than
// the server's 4,096 connection slots), completes the WebSocket upgrade on every one the server lets through and
// never says `hello`; connections the server closes are not opened again (the address holds what it can).
// Meanwhile a well-behaved player (MatchConnection, from 127.0.0.1) joins level 1's default match, K times in a
// row; the same-run reference is the same join before the flood. Passes when every join under the flood succeeded
// within 1 s; exit status 1 otherwise.

import Foundation
import LoadSockets
import MatchServer
import Services

enum PreHelloCheck {
    static func run(_ arguments: [String]) throws -> Never {
        var count = 4100
        var joins = 20
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { usage() }
            switch flag {
            case "--connections": count = value
            case "--joins": joins = value
            default: usage()
            }
        }
        LoadSockets.raiseDescriptorLimit(to: 2 * count + 1024)

        let server = try EmbeddedMatchServer(policy: MatchPolicy())
        defer { server.stop() }
        let reference = (0..<joins).map { join(server.url, $0) }

        // The joins are spread over the flood: one after every count/joins connections, with what the server holds
        // for the address at that moment (its WebSockets and its connections waiting for their upgrade).
        let started = Date()
        var sockets: [Int32] = []
        var flood: [Double?] = []
        var heldAtJoins: [Int] = []
        for index in 0..<count {
            if let fd = upgrade(port: server.port, from: "127.66.0.1") { sockets.append(fd) }
            if (index + 1) % max(1, count / joins) == 0, flood.count < joins {
                sockets.removeAll { fd in
                    guard LoadSockets.isClosed(fd) else { return false }
                    close(fd)
                    return true
                }
                // What the server holds for the address (the player's own connections are closed by now).
                heldAtJoins.append(server.hub.connectionCount + server.hub.upgradeGate.waitingCount)
                flood.append(join(server.url, 100 + flood.count))
            }
        }
        let opening = Date().timeIntervalSince(started)
        let held = heldAtJoins.max() ?? 0
        for fd in sockets { close(fd) }

        func row(_ name: String, _ times: [Double?]) -> String {
            let done = times.compactMap { $0 }.sorted()
            let p50 = done.isEmpty ? 0 : done[done.count / 2] * 1000
            return String(
                format: "| %@ | %.2f | %.2f | %d of %d |", name, p50, (done.last ?? 0) * 1000,
                done.filter { $0 < 1 }.count, times.count)
        }
        print(
            String(
                format: "pre-hello: %d connections from 127.66.0.1 opened in %.1f s (each upgraded to WebSocket, "
                    + "never saying hello); at the %d joins the server held %d to %d of its connections",
                count, opening, flood.count, heldAtJoins.min() ?? 0, held))
        print("| a player joins level 1 (connect, upgrade, hello, join) | p50 ms | max ms | within 1 s |")
        print("|---|---|---|---|")
        print(row("reference: no flood", reference))
        print(row("under the flood", flood))
        let policy = MatchPolicy()
        let share = policy.maximumConnectionsPerAddress + policy.maximumWaitingUpgradesPerAddress
        let passed = flood.allSatisfy { ($0 ?? 99) < 1 } && held <= share
        print(
            passed
                ? "PASS: every join within 1 s; the address held at most its share (64 WebSockets + 32 waiting)"
                : "FAIL: a join failed or took 1 s or more, or the address held more than its share")
        exit(passed ? 0 : 1)
    }

    static func usage() -> Never {
        print("usage: match-load --pre-hello [--connections N] [--joins N]")
        exit(2)
    }

    /// Seconds a player took to join level 1's default match; nil if it could not.
    static func join(_ url: String, _ index: Int) -> Double? {
        let started = Date()
        guard let player = try? MatchConnection.connect(url: url, name: "player\(index)", level: 1, timeout: 5) else {
            return nil
        }
        let took = Date().timeIntervalSince(started)
        player.close(goodbye: true, timeout: 1)
        return took
    }

    /// A TCP connection from `source` that sends a WebSocket upgrade request for the match path and then nothing;
    /// nil when it could not be opened.
    static func upgrade(port: Int, from source: String) -> Int32? {
        guard let fd = LoadSockets.open(port: port, from: source, blocking: false) else { return nil }
        LoadSockets.waitWritable(fd, milliseconds: 1000)
        LoadSockets.send(
            "GET /match HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", on: fd)
        return fd
    }
}

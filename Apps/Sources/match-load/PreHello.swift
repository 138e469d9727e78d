// PreHello: `match-load --pre-hello`, the load check of issue 28. A match server with the public defaults
// (`MatchPolicy()`: 64 connections per address, 32 of them waiting for their upgrade, a 5 s hello deadline that
// pings do not extend) in this process; one address (127.66.0.1) opens N connections (4,100 by default: more than
// the server's 4,096 connection slots), completes the WebSocket upgrade on every one the server lets through and
// never says `hello`; connections the server closes are not opened again (the address holds what it can).
// Meanwhile a well-behaved player (MatchConnection, from 127.0.0.1) joins level 1's default match, K times in a
// row; the same-run reference is the same join before the flood. Passes when every join under the flood succeeded
// within 1 s; exit status 1 otherwise.

import Foundation
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
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, max(limit.rlim_cur, rlim_t(2 * count + 1024)))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)

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
                    guard isClosed(fd) else { return false }
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
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 || errno == EINPROGRESS else {
            close(fd)
            return nil
        }
        var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&writable, 1, 1000)
        let request =
            "GET /match HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// Whether the server closed `fd` (end of file or an error), without waiting; data before the end is read.
    static func isClosed(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            return count == 0 || errno != EAGAIN
        }
    }
}

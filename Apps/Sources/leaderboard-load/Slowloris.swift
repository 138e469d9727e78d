// Slowloris: `leaderboard-load --slowloris`, the load check of issue 28. A server with the public defaults (the
// policy `interlude leaderboard serve` runs: 64 connections per address, 1,024 per /24, 4,096 in all) in its own
// process; A addresses in A different /24 networks (127.N.0.1) open P connections each (4,224 by default: more than
// the cap) and send half a request head each, never finishing it; every connection the server closes is opened
// again at once, as a real slowloris keeps up its pressure. Meanwhile a well-behaved client asks `GET /health` on a
// fresh connection, K times, 50 ms apart. The same-run reference is the same `/health` before the attack. Passes
// when every answer under attack came within 1 s; exit status 1 otherwise.

import Foundation
import LoadSockets

enum SlowlorisCheck {
    static func run(_ arguments: [String]) throws -> Never {
        var addresses = 66
        var perAddress = 64
        var probes = 50
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { usage() }
            switch flag {
            case "--addresses" where value <= 200: addresses = value
            case "--per-address": perAddress = value
            case "--probes": probes = value
            default: usage()
            }
        }
        LoadSockets.raiseDescriptorLimit(to: addresses * perAddress + 1024)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slowloris-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(database: folder.appendingPathComponent("scores.sqlite").path, public: true)
        let reference = (0..<probes).map { _ in health(port: server.port) }

        var slow: [(fd: Int32, source: String)] = []
        for address in 0..<addresses {
            for _ in 0..<perAddress { slow.append((-1, "127.\(100 + address).0.1")) }
        }
        var opened = 0
        // Opens again (at most `limit`) connections the server closed; non-blocking, so that an attacker never
        // waits on a full listen backlog.
        func refill(limit: Int = .max) {
            var left = limit
            for index in slow.indices where left > 0 && (slow[index].fd < 0 || LoadSockets.isClosed(slow[index].fd)) {
                if slow[index].fd >= 0 { close(slow[index].fd) }
                slow[index].fd = connectSlow(port: server.port, from: slow[index].source)
                if slow[index].fd >= 0 { opened += 1 }
                left -= 1
            }
        }
        let started = Date()
        refill()
        let filling = Date().timeIntervalSince(started)
        print(
            String(
                format: "slowloris: %d connections from %d addresses in %d /24 networks opened in %.1f s",
                slow.filter { $0.fd >= 0 }.count, addresses, addresses, filling))
        var underAttack: [Double] = []
        for _ in 0..<probes {
            refill(limit: 256)
            underAttack.append(health(port: server.port))
            usleep(50_000)
        }
        let held = slow.filter { $0.fd >= 0 && !LoadSockets.isClosed($0.fd) }.count
        for connection in slow where connection.fd >= 0 { close(connection.fd) }
        _ = server.stop()

        func row(_ name: String, _ times: [Double]) -> String {
            let sorted = times.sorted()
            return String(
                format: "| %@ | %.2f | %.2f | %.2f | %d of %d |", name, percentile(sorted, 0.5) * 1000,
                percentile(sorted, 0.99) * 1000, (sorted.last ?? 0) * 1000,
                times.filter { $0 < 1 }.count, times.count)
        }
        print("| GET /health on a fresh connection | p50 ms | p99 ms | max ms | within 1 s |")
        print("|---|---|---|---|---|")
        print(row("reference: no attack", reference))
        print(row("under the slowloris", underAttack))
        let ratio = percentile(underAttack.sorted(), 0.5) / max(percentile(reference.sorted(), 0.5), 1e-6)
        print(
            String(
                format: "p50 under attack / reference: %.1fx; %d slow connections opened in all (%d re-opened after "
                    + "the server shed them), %d held at the end",
                ratio, opened, opened - addresses * perAddress, held))
        let passed = underAttack.allSatisfy { $0 < 1 }
        print(passed ? "PASS: every /health answered within 1 s" : "FAIL: a /health took 1 s or more (or failed)")
        exit(passed ? 0 : 1)
    }

    static func usage() -> Never {
        print("usage: leaderboard-load --slowloris [--addresses N (<= 200)] [--per-address N] [--probes N]")
        exit(2)
    }

    /// A non-blocking TCP connection from `source` that sends half a request head once connected (or nothing, if
    /// the server has not accepted it yet: a silent connection is as slow); -1 if it could not be opened.
    static func connectSlow(port: Int, from source: String) -> Int32 {
        guard let fd = LoadSockets.open(port: port, from: source, blocking: false) else { return -1 }
        LoadSockets.send("POST /v1/players HTTP/1.1\r\nHost: x\r\nContent-Le", on: fd)
        return fd
    }

    /// Seconds `GET /health` took on a fresh connection from 127.0.0.1; 99 if it failed or took 10 s.
    static func health(port: Int) -> Double {
        let started = Date()
        guard let fd = LoadSockets.open(port: port, from: "127.0.0.1") else { return 99 }
        defer { close(fd) }
        LoadSockets.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", on: fd)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(started) < 10 {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { return 99 }
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { answer += buffer[0..<count] }
            if count == 0 || answer.count >= 12 { break }
        }
        guard answer.starts(with: Array("HTTP/1.1 200".utf8)) else { return 99 }
        return Date().timeIntervalSince(started)
    }
}

// Issue 28 point 2, the descriptor limit: `interlude match serve` in a child process whose descriptor limit is 512
// (`ulimit -n 512`, as a small container or a default account would give it), flooded with 600 sockets that never
// say a word, from one address and then from 600 addresses. Before the gate respected the descriptor limit, such a
// flood made the server unreachable (`accept` failed with EMFILE) until the sockets were closed. Now one address is
// held to its share and the rest are closed at once; sockets from many addresses churn through the gate (the
// oldest waiting is shed for each newcomer), and a player who upgrades at once gets in.

import Foundation
import Services
import TestSupport
import XCTest

final class DescriptorLimitTests: XCTestCase {
    struct NoServer: Error { let output: String }

    /// `interlude match serve --port 0` under `ulimit -n 512`; its URL once it listens.
    private func startServer() throws -> (Process, String) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/bin/bash")
        server.arguments = [
            "-c", "ulimit -n 512 && exec \"$0\" match serve --port 0 --hello-timeout 30",
            BuiltProducts.interlude.path,
        ]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !seen.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        guard let start = seen.range(of: "ws://"), let line = seen[start.lowerBound...].split(separator: "\n").first
        else {
            server.terminate()
            throw NoServer(output: seen)
        }
        return (server, String(line))
    }

    /// Raises this process's own soft descriptor limit: the test holds 600 sockets and more.
    override func setUp() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4096 {
            limit.rlim_cur = min(limit.rlim_max, 4096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }

    private func port(of url: String) -> Int {
        Int(url.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
    }

    /// A player joins within 2 s while `sockets` are held, and the server process lives on.
    private func assertPlayerJoins(_ url: String, _ server: Process, _ what: String) {
        let started = Date()
        do {
            let player = try MatchConnection.connect(url: url, name: "alice", level: 1, timeout: 5)
            player.close()
        } catch {
            XCTFail("\(what): the player could not join: \(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "\(what): the player waited")
        XCTAssertTrue(server.isRunning, "\(what): the server died")
    }

    func testSixHundredSilentSocketsFromOneAddressUnderALimitOf512() throws {
        let (server, url) = try startServer()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var silent: [RawConnection] = []
        for _ in 0..<600 {
            if let socket = RawConnection(port: port(of: url), from: "127.0.9.1") { silent.append(socket) }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let open = silent.filter { !$0.isClosedByServer(within: 0) }.count
        XCTAssertLessThanOrEqual(open, 64, "one address holds at most its share of sockets")
        assertPlayerJoins(url, server, "600 silent sockets from one address")
    }

    func testSixHundredSilentSocketsFromSixHundredAddressesUnderALimitOf512() throws {
        let (server, url) = try startServer()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var silent: [RawConnection] = []
        for index in 0..<600 {
            if let socket = RawConnection(port: port(of: url), from: "127.8.\(index / 200).\(1 + index % 200)") {
                silent.append(socket)
            }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let open = silent.filter { !$0.isClosedByServer(within: 0) }.count
        XCTAssertLessThanOrEqual(open, 224, "waiting sockets hold at most half the descriptors the server may use")
        XCTAssertGreaterThan(open, 100, "the newest waiting sockets were kept (their deadline has not passed)")
        assertPlayerJoins(url, server, "600 silent sockets from 600 addresses")
    }
}

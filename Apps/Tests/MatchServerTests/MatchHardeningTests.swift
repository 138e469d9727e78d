// Issue 28 point 2, the match server's first defences (mirroring the leaderboard's HardeningTests): a connection
// that never says hello is closed at its deadline however often it pings, and one client address cannot hold more
// than its share of the connection slots, so that another client still gets in; a socket that never completes its
// WebSocket upgrade (silent, or a trickled head) is closed at the upgrade deadline, and one address's silent sockets
// past its share are closed at once while a player joins.

import Foundation
import MatchWire
import Services
import XCTest

@testable import MatchServer

final class MatchHardeningTests: XCTestCase {
    private static let ping = #"{"type":"ping"}"#
    private static let hello = #"{"type":"hello","v":1,"name":"alice"}"#

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

    func testAHelloEndsTheHelloDeadline() throws {
        var policy = MatchPolicy()
        policy.helloTimeout = 0.3
        let hub = MatchHub(policy: policy)
        let (_, outbox) = AsyncStream<String>.makeStream()
        let id = try hub.connect(outbox, address: "192.0.2.1").get()
        XCTAssertNil(hub.receive(id, Self.hello))
        XCTAssertNil(pingAndCheck(hub, id, for: 0.8), "a connection that said hello in time was closed")
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

/// Plain TCP sockets that connect and say nothing: the silent clients of a descriptor-exhaustion attack.
enum SilentSocket {
    /// A socket from `source` (any 127.x.y.z: all of 127/8 is loopback here) connected to 127.0.0.1:`port`.
    static func open(from source: String, to port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return descriptor
    }

    /// Whether the server closed `descriptor` within `seconds` (a read gives end of file or a reset).
    static func isClosedByServer(_ descriptor: Int32, within seconds: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) <= 0
    }
}

extension MatchHardeningTests {
    /// A connection that never completes its upgrade is closed at the upgrade deadline, and its place is freed.
    func testASilentSocketIsClosedAtTheUpgradeDeadline() throws {
        var policy = MatchPolicy()
        policy.upgradeTimeout = 0.5
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let silent = try SilentSocket.open(from: "127.0.0.3", to: server.port)
        defer { close(silent) }
        let trickled = try SilentSocket.open(from: "127.0.0.3", to: server.port)
        defer { close(trickled) }
        _ = "GET /match HTTP/1.1\r\nHost: x\r\n".withCString { write(trickled, $0, strlen($0)) }  // never finished
        XCTAssertTrue(SilentSocket.isClosedByServer(silent, within: 3), "a silent socket outlived the deadline")
        XCTAssertTrue(SilentSocket.isClosedByServer(trickled, within: 3), "a trickled head outlived the deadline")
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
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<48 { sockets.append(try SilentSocket.open(from: "127.0.0.2", to: server.port)) }
        // Past its 16, the address's sockets are closed at once.
        let refused = sockets.suffix(8).filter { SilentSocket.isClosedByServer($0, within: 2) }.count
        XCTAssertEqual(refused, 8, "sockets past the address's share were kept")
        XCTAssertLessThanOrEqual(server.hub.upgradeGate.waitingCount, 16)
        let started = Date()
        let player = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        defer { player.close() }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the player waited behind the silent sockets")
        XCTAssertEqual(server.hub.players(level: 1), ["alice"])
    }
}

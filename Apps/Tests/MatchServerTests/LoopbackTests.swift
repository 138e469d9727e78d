import Foundation
import MatchServer
import MatchWire
import Services
import XCTest

/// Open file descriptors of this process.
func openDescriptors() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count }

/// Waits up to `timeout` seconds for an event of `connection` that `match` accepts; returns it and the seconds waited.
func expectEvent(
    _ connection: MatchConnection, timeout: Double = 3, _ match: (MatchConnection.Event) -> Bool
) -> (MatchConnection.Event, Double)? {
    let start = Date()
    let deadline = start.addingTimeInterval(timeout)
    while Date() < deadline {
        guard let event = connection.next(timeout: deadline.timeIntervalSinceNow) else { break }
        if match(event) { return (event, Date().timeIntervalSince(start)) }
    }
    return nil
}

/// The real server on loopback and real clients over real sockets.
final class LoopbackTests: XCTestCase {
    var policy: MatchPolicy {
        var policy = MatchPolicy()
        policy.idleTimeout = 1.5
        return policy
    }

    /// NIO's event loops and the cooperative pool open their descriptors once; do that before counting.
    static let warmedUp: Void = {
        if let server = try? EmbeddedMatchServer() {
            try? MatchConnection.connect(url: server.url, name: "warm", level: 1).close()
            server.stop()
        }
    }()

    /// The acceptance test: an answered call on one player closes its socket, the other is told within 1 s,
    /// the first joins again and both see each other; no descriptor is left open.
    func testDropSeenWithinOneSecondRejoinAndNoLeak() throws {
        Self.warmedUp
        Thread.sleep(forTimeInterval: 0.2)
        let before = openDescriptors()
        do {
            let server = try EmbeddedMatchServer(policy: policy)
            defer { server.stop() }
            let a = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
            let b = try MatchConnection.connect(url: server.url, name: "bob", level: 1)
            XCTAssertNotEqual(a.playerID, b.playerID)
            XCTAssertTrue(a.isConnected && b.isConnected)
            // Each sees the other.
            XCTAssertNotNil(expectEvent(b) { $0 == .message(.joined(id: a.playerID, name: "alice")) })
            XCTAssertNotNil(expectEvent(a) { $0 == .message(.joined(id: b.playerID, name: "bob")) })
            XCTAssertEqual(server.hub.players(level: 1), ["alice", "bob"])
            XCTAssertEqual(a.name(of: b.playerID), "bob")
            XCTAssertEqual(b.name(of: a.playerID), "alice")

            // A game's messages cross the socket as sent, with the sender's id.
            XCTAssertTrue(a.send(.send(tick: 7, data: "state 1.5 -2 0.25 90")))
            XCTAssertNotNil(
                expectEvent(b) { $0 == .message(.message(id: a.playerID, tick: 7, data: "state 1.5 -2 0.25 90")) })
            XCTAssertTrue(b.send(.send(tick: 9, data: "shot 1.5 -2 0.25")))
            XCTAssertNotNil(
                expectEvent(a) { $0 == .message(.message(id: b.playerID, tick: 9, data: "shot 1.5 -2 0.25")) })

            // An answered call: disconnectPeers closes alice's connection.
            let closedAt = Date()
            a.close()
            XCTAssertFalse(a.isConnected)
            XCTAssertFalse(a.send(.ping), "a closed connection sends nothing")
            guard
                let (_, _) = expectEvent(
                    b, timeout: 2, { $0 == .message(.left(id: a.playerID, name: "alice", reason: .left)) })
            else { return XCTFail("bob was not told that alice left") }
            let seenAfter = Date().timeIntervalSince(closedAt)
            print("match loopback: bob saw alice leave \(Int(seenAfter * 1000)) ms after close()")
            XCTAssertLessThan(seenAfter, 1.0, "bob must see alice leave within 1 s (took \(seenAfter) s)")
            XCTAssertEqual(server.hub.players(level: 1), ["bob"])

            // Re-join by hand: a new connection; both see each other again.
            let again = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
            XCTAssertNotNil(expectEvent(again) { $0 == .message(.joined(id: b.playerID, name: "bob")) })
            XCTAssertNotNil(expectEvent(b) { $0 == .message(.joined(id: again.playerID, name: "alice")) })
            XCTAssertEqual(server.hub.players(level: 1), ["bob", "alice"])

            // Without a goodbye (a killed socket) the reason is `dropped`.
            again.close(goodbye: false)
            XCTAssertNotNil(
                expectEvent(b) { $0 == .message(.left(id: again.playerID, name: "alice", reason: .dropped)) })
            b.close()
            XCTAssertEqual(b.closure, .byClient)
        }
        // Everything closed: the same descriptors as before (sockets close asynchronously: give them a moment).
        var after = openDescriptors()
        for _ in 0..<40 where after != before {
            Thread.sleep(forTimeInterval: 0.05)
            after = openDescriptors()
        }
        print("match loopback: open descriptors before \(before), after \(after)")
        XCTAssertEqual(after, before, "descriptors before \(before), after \(after)")
    }

    /// A player that goes silent (a stopped process, a pulled cable) is dropped after the idle timeout and the
    /// others are told `timedOut`; the client that kept pinging stays.
    func testSilentPlayerTimesOut() throws {
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let b = try MatchConnection.connect(url: server.url, name: "bob", level: 2)
        let silent = RawClient(url: server.url)
        let answers = silent.exchange(
            [
                .text(MatchClientMessage.hello(version: MatchProtocol.version, name: "mute").json),
                .text(MatchClientMessage.join(level: 2, room: "").json),
            ],
            thenWait: 3)
        XCTAssertTrue(answers.texts.contains { $0.contains("\"code\":\"timeout\"") }, "\(answers)")
        guard
            let (event, _) = expectEvent(
                b, timeout: 3,
                {
                    if case .message(.left(_, "mute", _)) = $0 { return true } else { return false }
                })
        else { return XCTFail("bob was not told") }
        guard case .message(.left(_, _, let reason)) = event else { return XCTFail() }
        XCTAssertEqual(reason, .timedOut)
        // bob pings every second: still there after 2 idle timeouts.
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertTrue(b.isConnected)
        XCTAssertEqual(server.hub.players(level: 2), ["bob"])
        b.close()
    }

    /// The server going down: every client is told `shutdown` and sees its connection end, no crash.
    func testServerShutdownIsSeenByClients() throws {
        let server = try EmbeddedMatchServer(policy: policy)
        let a = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        server.stop()
        guard
            let (event, seconds) = expectEvent(
                a, timeout: 3, { if case .closed = $0 { return true } else { return false } })
        else { return XCTFail("alice did not see the server go") }
        XCTAssertEqual(event, .closed(.refused(MatchWireError(.shutdown, "the match server is shutting down"))))
        XCTAssertLessThan(seconds, 1.5)
        XCTAssertFalse(a.isConnected)
        a.close()
        // Nothing listens any more: a clear error, not a hang.
        XCTAssertThrowsError(try MatchConnection.connect(url: server.url, name: "late", level: 1, timeout: 3)) {
            guard case MatchConnectionError.unreachable = $0 else { return XCTFail("\($0)") }
        }
    }

    /// `match down` then `match up`: a new server on the same port takes new players.
    func testRestartOnTheSamePort() throws {
        let first = try EmbeddedMatchServer(policy: policy)
        let port = first.port
        let a = try MatchConnection.connect(url: first.url, name: "alice", level: 1)
        first.stop()
        XCTAssertNotNil(expectEvent(a) { if case .closed = $0 { return true } else { return false } })
        a.close()
        let second = try EmbeddedMatchServer(port: port, policy: policy)
        defer { second.stop() }
        XCTAssertEqual(second.port, port)
        let again = try MatchConnection.connect(url: second.url, name: "alice", level: 1)
        XCTAssertTrue(again.isConnected)
        again.close()
    }

    func testConnectRefusalsAreClear() throws {
        XCTAssertThrowsError(try MatchConnection.connect(url: "ftp://x", name: "a", level: 1)) {
            XCTAssertEqual($0 as? MatchConnectionError, .badURL("ftp://x"))
        }
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        XCTAssertThrowsError(try MatchConnection.connect(url: server.url, name: "", level: 1)) {
            guard case MatchConnectionError.refused(let error) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(error.code, .name)
        }
        // http:// and a bare host:port are accepted and normalised.
        let a = try MatchConnection.connect(url: "http://127.0.0.1:\(server.port)", name: "alice", level: 3)
        XCTAssertEqual(a.url, server.url)
        a.close()
    }
}

// Issue 28 point 2, the match server's first defences (mirroring the leaderboard's HardeningTests): a connection
// that never says hello is closed at its deadline however often it pings, and one client address cannot hold more
// than its share of the connection slots, so that another client still gets in.

import Foundation
import MatchWire
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

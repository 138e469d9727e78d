import Foundation
import XCTest

@testable import MatchServer

/// The idle check reads the clock before it takes the hub's lock; a message received meanwhile on another thread sets
/// the connection's `lastHeard` later than the check's "now". Seen once under load: a fresh connection was dropped as
/// idle (the wrapping difference read as centuries of silence).
final class HubClockTests: XCTestCase {
    func testAMessageHeardAfterTheChecksClockReadIsNotSilence() {
        let second: UInt64 = 1_000_000_000
        XCTAssertFalse(MatchHub.isSilent(since: 100 * second + 1, now: 100 * second, for: 5))
        XCTAssertFalse(MatchHub.isSilent(since: 100 * second, now: 100 * second, for: 5))
        XCTAssertFalse(MatchHub.isSilent(since: 100 * second, now: 105 * second, for: 5))
        XCTAssertTrue(MatchHub.isSilent(since: 100 * second, now: 105 * second + 1, for: 5))
    }

    /// The same race on two real threads: a connection that keeps sending is never found idle.
    func testAConnectionHeardFromIsNeverTimedOutWhileMessagesRaceTheCheck() throws {
        let hub = MatchHub(policy: MatchPolicy())
        let (_, outbox) = AsyncStream<String>.makeStream()
        let id = try hub.connect(outbox).get()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<20_000 { _ = hub.receive(id, #"{"type":"ping"}"#) }
            done.signal()
        }
        var endings: [String] = []
        while done.wait(timeout: .now()) == .timedOut {
            if let ending = hub.check(id) { endings.append("\(ending)") }
        }
        XCTAssertFalse(endings.contains("timedOut"), "a connection heard from was timed out \(endings.count) times")
    }
}

import Foundation
import GameCore
import InterludeTesting
import LeaderboardServer
import Lifecycle
import Replay
import Runtime
import Services
import XCTest

/// The real client against the real server on loopback: the life cycle cancels requests in flight, and a
/// cancelled request never delivers, even after its answer would have come.
final class CancellationTests: XCTestCase {
    var server: EmbeddedLeaderboardServer!
    var transport: HTTPLeaderboard!

    override func setUpWithError() throws {
        server = try EmbeddedLeaderboardServer()
        transport = HTTPLeaderboard(baseURL: URL(string: server.url)!)
    }

    override func tearDown() { server.stop() }

    /// A launched app in real time on `profile`, on the leaderboard screen with its fetch in flight.
    func appFetchingTop(_ profile: Profile) -> (Runtime<Game>, RealTime) {
        server.faults.delay = .seconds(1)
        let runtime = Runtime(profile: profile)
        runtime.useLeaderboard(transport, pacing: .realTime)
        let time = RealTime()
        runtime.send(.launched)
        runtime.settle()
        runtime.perform(.openLeaderboard)
        runtime.settle()
        XCTAssertEqual(runtime.leaderboard.inFlight.count, 1)
        return (runtime, time)
    }

    func testWithoutAnInterruptionTheFetchArrivesAfterTheServersDelay() {
        let (runtime, time) = appFetchingTop(.ios5)
        time.run(runtime, until: 0.5)
        XCTAssertEqual(runtime.leaderboard.delivered, 0, "the server takes 1 s")
        time.run(runtime, until: 3)
        XCTAssertEqual(runtime.leaderboard.delivered, 1)
        XCTAssertEqual(runtime.leaderboardTop, ["no scores yet"])
        XCTAssertGreaterThan(time.iterations, 50, "the frame loop kept running while the request was out")
    }

    /// The rows of /proc/net/tcp (read to its end: its size shows as 0, and one read gives only a page).
    func tcpRows() -> [[Substring]] {
        guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return [] }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return table.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
    }

    /// Established TCP connections from a client to the server's port (remote address, state 01).
    func clientConnections() -> Int {
        let port = String(format: ":%04X", server.port)
        return tcpRows().filter { $0.count > 3 && $0[2].hasSuffix(port) && $0[3] == "01" }.count
    }

    func testWillResignActiveAt100msCancelsTheFetchAndNothingArrivesLater() {
        let (runtime, time) = appFetchingTop(.ios4)
        time.run(runtime, until: 0.1)
        XCTAssertEqual(clientConnections(), 1, "the fetch is out on one connection")
        runtime.send(.smsArrived)  // ios4: a modal alert, willResignActive
        runtime.settle()
        XCTAssertEqual(runtime.lastCallbacks, [.willResignActive])
        XCTAssertTrue(runtime.didWork("cancelLeaderboardRequests", "1 cancelled"))
        XCTAssertEqual(runtime.leaderboard.inFlight.count, 0)
        time.run(runtime, until: 1.8)  // well past the server's 1 s
        XCTAssertEqual(runtime.leaderboard.delivered, 0)
        XCTAssertEqual(runtime.leaderboardTop, [])
        XCTAssertEqual(transport.cancelledTasks, 1, "the HTTP client reported the exchange cancelled")
        XCTAssertEqual(clientConnections(), 0, "its connection closed")
        XCTAssertTrue(runtime.violations.isEmpty, "\(runtime.violations)")
    }

    func testDidEnterBackgroundCancelsTheFetchAndNothingArrivesLater() {
        let (runtime, time) = appFetchingTop(.ios5)
        time.run(runtime, until: 0.1)
        runtime.send(.homePressed)
        runtime.settle()
        XCTAssertEqual(runtime.lastCallbacks, [.willResignActive, .didEnterBackground])
        XCTAssertTrue(runtime.didWork("cancelLeaderboardRequests", "1 cancelled"))
        time.run(runtime, until: 1.8)
        XCTAssertEqual(runtime.leaderboard.delivered, 0)
        XCTAssertEqual(transport.cancelledTasks, 1)
        XCTAssertEqual(runtime.status.state, .suspended)
        XCTAssertTrue(runtime.violations.isEmpty, "\(runtime.violations)")
    }

    func testInVirtualTimeACancelledRequestNeverDeliversEvenIfItsAnswerCame() {
        let runtime = Runtime(profile: .ios4)
        runtime.useLeaderboard(transport, pacing: .virtual)
        runtime.configureLeaderboard(.delay(1_000_000_000))
        runtime.inject(.launched, at: 0)
        runtime.inject(.openLeaderboard, at: .seconds(0.5))
        runtime.inject(.lockPressed, at: .seconds(0.6))
        XCTAssertTrue(runtime.didWork("cancelLeaderboardRequests", "1 cancelled"))
        runtime.advance(to: 3_000_000_000)
        XCTAssertEqual(runtime.leaderboard.delivered, 0)
        // The client reports the cancellation (or the answer, then dropped) on its own threads.
        waitUntil("the client to report the cancelled fetch (exchange cancelled or its answer dropped)") {
            transport.cancelledTasks + transport.droppedAnswers > 0
        }
        XCTAssertEqual(
            transport.cancelledTasks + transport.droppedAnswers, 1, "the socket closed, or the answer was dropped")
        runtime.inject(.unlocked, at: .seconds(3))
        runtime.advance(to: 4_500_000_000)
        XCTAssertEqual(runtime.leaderboard.delivered, 1, "back on the screen, a fresh fetch is delivered")
        XCTAssertEqual(runtime.leaderboardTop, ["no scores yet"])
    }

    func testAFaultyServerShowsANoticeAndTheGameRunsOn() {
        for fault in [LeaderboardFault.unavailable, .internalError, .garbage] {
            server.faults.fault = fault
            let runtime = Runtime(profile: .ios5)
            runtime.useLeaderboard(transport, pacing: .virtual)
            runtime.inject(.launched, at: 0)
            runtime.inject(.openLeaderboard, at: .seconds(0.5))
            runtime.advance(to: 2_000_000_000)
            XCTAssertEqual(runtime.leaderboardTop, ["leaderboard unreachable; scores kept"], "\(fault)")
            XCTAssertEqual(runtime.status.state, .active)
            XCTAssertTrue(runtime.isFrameLoopRunning)
        }
    }

    func testAnUnreachableServerIsAFailureNotAHang() throws {
        server.stop()
        let runtime = Runtime(profile: .ios5)
        runtime.useLeaderboard(transport, pacing: .virtual)
        runtime.inject(.launched, at: 0)
        runtime.inject(.openLeaderboard, at: .seconds(0.5))
        runtime.advance(to: 2_000_000_000)
        XCTAssertEqual(runtime.leaderboardTop, ["leaderboard unreachable; scores kept"])
    }
}

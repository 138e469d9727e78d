import Foundation
import LeaderboardServer
import XCTest

/// The HTTP API against the real server on loopback: registration, idempotent submission, top, rank.
final class ServerAPITests: ServerTestCase {

    func testRegisterGivesAnIdAndASecretToken() throws {
        let (first, token) = try http.register("Ada")
        let (second, other) = try http.register("Ada")
        XCTAssertGreaterThan(first, 0)
        XCTAssertNotEqual(first, second, "two registrations are two players, even with one name")
        XCTAssertEqual(token.count, 64)
        XCTAssertNotEqual(token, other)
    }

    func testARetriedSubmissionIsStoredOnce() throws {
        let (player, token) = try http.register("Ada")
        let first = try http.submit(player: player, token: token, key: "k1", score: 120)
        XCTAssertEqual(first.status, 201, first.text)
        let retry = try http.submit(player: player, token: token, key: "k1", score: 120)
        XCTAssertEqual(retry.status, 200, retry.text)
        XCTAssertEqual(retry.json["duplicate"] as? Bool, true)
        let reused = try http.submit(player: player, token: token, key: "k1", score: 999)
        XCTAssertEqual(reused.status, 409)
        XCTAssertEqual(reused.errorCode, "keyReused")
        XCTAssertEqual(try server.store.allScores().map(\.score), [120])
    }

    func testTopListsTheBestScoreOfEachPlayerBestFirst() throws {
        let (ada, adaToken) = try http.register("Ada")
        let (bob, bobToken) = try http.register("Bob")
        _ = try http.submit(player: ada, token: adaToken, key: "a1", score: 50)
        _ = try http.submit(player: ada, token: adaToken, key: "a2", score: 300)
        _ = try http.submit(player: bob, token: bobToken, key: "b1", score: 200)
        _ = try http.submit(player: bob, token: bobToken, key: "b2", level: 2, score: 900)
        let top = try http.get("/v1/levels/1/top?limit=5")
        XCTAssertEqual(top.status, 200)
        let entries = top.json["entries"] as? [[String: Any]] ?? []
        XCTAssertEqual(entries.map { $0["name"] as? String }, ["Ada", "Bob"])
        XCTAssertEqual(entries.map { ($0["score"] as? NSNumber)?.intValue }, [300, 200])
        XCTAssertEqual(entries.map { ($0["rank"] as? NSNumber)?.intValue }, [1, 2])
        let rank = try http.get("/v1/levels/1/players/\(bob)/rank")
        XCTAssertEqual((rank.json["rank"] as? NSNumber)?.intValue, 2)
        XCTAssertEqual((rank.json["score"] as? NSNumber)?.intValue, 200)
        XCTAssertEqual(try http.get("/v1/levels/2/players/\(ada)/rank").status, 404)
        XCTAssertEqual(try http.get("/v1/levels/1/top?limit=0").status, 400)
        XCTAssertEqual(try http.get("/v1/levels/1000/top").status, 400)
    }

    func testFaultsAnswer503_500AndGarbage() throws {
        server.faults.fault = .unavailable
        XCTAssertEqual(try http.get("/health").status, 503)
        server.faults.fault = .internalError
        XCTAssertEqual(try http.get("/health").status, 500)
        server.faults.fault = .garbage
        let garbage = try http.get("/v1/levels/1/top")
        XCTAssertEqual(garbage.status, 200)
        XCTAssertNil(try? JSONSerialization.jsonObject(with: garbage.body))
        server.faults.fault = .none
        XCTAssertEqual(try http.get("/health").status, 200)
    }

    func testGracefulShutdownFinishesAWriteInFlight() throws {
        let (player, token) = try http.register("Ada")
        server.faults.delay = .milliseconds(500)
        let status = Locked<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let http = self.http!
        Thread.detachNewThread {
            status.value = try? http.submit(player: player, token: token, key: "late", score: 70).status
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        server.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(status.value, 201, "the request in flight at shutdown was answered")
        XCTAssertEqual(try server.store.allScores().map(\.score), [70], "and its write is in the database")
    }
}

import Foundation
import LeaderboardServer
import XCTest

/// Registrations and submissions are rate-limited per address and per player (429 with Retry-After), on the
/// policy's clock, which the test moves; idempotency keys expire.
final class RateLimitTests: ServerTestCase {
    override var policy: LeaderboardPolicy {
        var policy = super.policy
        policy.registration = RateLimit(burst: 3, perSecond: 0.1)
        policy.submissionsPerPlayer = RateLimit(burst: 4, perSecond: 0.5)
        policy.submissionsPerAddress = RateLimit(burst: 7, perSecond: 1)
        policy.idempotencyKeyLifetime = 3600
        return policy
    }

    func testRegistrationsFromOneAddressAreLimitedWithRetryAfter() throws {
        for name in ["A", "B", "C"] { _ = try http.register(name) }
        let refused = try http.post("/v1/players", #"{"name":"D"}"#)
        XCTAssertEqual(refused.status, 429)
        XCTAssertEqual(refused.errorCode, "rateLimited")
        XCTAssertEqual(refused.headers["retry-after"], "10", "one token every 10 s")
        XCTAssertEqual(try server.store.playerCount(), 3)
        clock.advance(9)
        XCTAssertEqual(try http.post("/v1/players", #"{"name":"D"}"#).status, 429)
        clock.advance(1)
        XCTAssertEqual(try http.post("/v1/players", #"{"name":"D"}"#).status, 201)
    }

    func testSubmissionsArePerPlayerAndPerAddress() throws {
        let (ada, adaToken) = try http.register("Ada")
        let (bob, bobToken) = try http.register("Bob")
        for number in 0..<4 {
            XCTAssertEqual(try http.submit(player: ada, token: adaToken, key: "a\(number)", score: 10).status, 201)
        }
        let limited = try http.submit(player: ada, token: adaToken, key: "a4", score: 10)
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.headers["retry-after"], "2")
        // Someone else's id with a wrong token does not use up Bob's budget.
        for number in 0..<2 {
            let forged = try http.submit(
                player: bob, token: String(repeating: "f", count: 64), key: "x\(number)", score: 1)
            XCTAssertEqual(forged.status, 401)
        }
        // The address has spent 4 + 1 + 2 of its 7: Bob's first passes only once the address refills.
        XCTAssertEqual(try http.submit(player: bob, token: bobToken, key: "b0", score: 10).status, 429)
        clock.advance(2)
        XCTAssertEqual(try http.submit(player: bob, token: bobToken, key: "b0", score: 10).status, 201)
        XCTAssertEqual(try http.submit(player: ada, token: adaToken, key: "a4", score: 10).status, 201)
        XCTAssertEqual(try server.store.allScores().map(\.key), ["a0", "a1", "a2", "a3", "b0", "a4"])
    }

    func testIdempotencyKeysExpire() throws {
        let (ada, token) = try http.register("Ada")
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "k", score: 10).status, 201)
        clock.advance(3599)
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "k", score: 10).status, 200, "remembered")
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "k", score: 11).status, 409)
        clock.advance(2)
        XCTAssertEqual(try server.store.rememberedKeyCount(), 1)
        // Another submission sweeps the expired key; the old key is then a new submission.
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "other", score: 12).status, 201)
        XCTAssertEqual(try server.store.rememberedKeyCount(), 1, "the expired key was dropped")
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "k", score: 11).status, 201)
        XCTAssertEqual(try server.store.allScores().map(\.score), [10, 12, 11])
    }
}

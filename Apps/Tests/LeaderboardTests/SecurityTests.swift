import Foundation
import LeaderboardServer
import XCTest

/// Refusals: tokens, body size, JSON, score bounds, names; each stores nothing (or stores harmlessly).
final class SecurityTests: ServerTestCase {

    func testMissingWrongOrAnotherPlayersTokenIsRefusedAndStoresNothing() throws {
        let (ada, _) = try http.register("Ada")
        let (_, bobToken) = try http.register("Bob")
        let missing = try http.submit(player: ada, token: nil, key: "x1", score: 10)
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.errorCode, "missingToken")
        let wrong = try http.submit(player: ada, token: String(repeating: "0", count: 64), key: "x2", score: 10)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.errorCode, "badToken")
        let others = try http.submit(player: ada, token: bobToken, key: "x3", score: 10)
        XCTAssertEqual(others.status, 403)
        XCTAssertEqual(others.errorCode, "notYourPlayer")
        let malformed = try http.post(
            "/v1/players/\(ada)/scores", #"{"level":1,"score":10,"milliseconds":60000}"#,
            headers: ["Authorization": "Basic abc", "Idempotency-Key": "x4"])
        XCTAssertEqual(malformed.status, 401)
        XCTAssertTrue(try server.store.allScores().isEmpty)
    }

    func testOversizedBodiesAndInvalidJSONAreRefused() throws {
        let (ada, token) = try http.register("Ada")
        let big = #"{"name":""# + String(repeating: "a", count: 10_000) + #""}"#
        let oversized = try http.post("/v1/players", big)
        XCTAssertEqual(oversized.status, 413)
        XCTAssertEqual(oversized.errorCode, "bodyTooLarge")
        let broken = try http.post("/v1/players", #"{"name": "#)
        XCTAssertEqual(broken.status, 400)
        XCTAssertEqual(broken.errorCode, "invalidJSON")
        let wrongType = try http.post(
            "/v1/players/\(ada)/scores", #"{"level":1,"score":"lots"}"#,
            headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": "k"])
        XCTAssertEqual(wrongType.status, 400)
        XCTAssertEqual(wrongType.errorCode, "invalidJSON")
        XCTAssertEqual(try server.store.playerCount(), 1)
        XCTAssertTrue(try server.store.allScores().isEmpty)
    }

    func testNegativeAndAbsurdScoresBadLevelsAndKeysAreRefused() throws {
        let (ada, token) = try http.register("Ada")
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "n", score: -1).errorCode, "invalidScore")
        XCTAssertEqual(
            try http.submit(player: ada, token: token, key: "a", score: 9_000_000_000_000).errorCode, "invalidScore")
        XCTAssertEqual(
            try http.submit(player: ada, token: token, key: "l", level: 0, score: 1).errorCode, "invalidLevel")
        XCTAssertEqual(
            try http.submit(player: ada, token: token, key: "bad key;", score: 1).errorCode, "invalidIdempotencyKey")
        let overflow = try http.post(
            "/v1/players/\(ada)/scores", #"{"level":1,"score":99999999999999999999999}"#,
            headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": "o"])
        XCTAssertEqual(overflow.status, 400)
        XCTAssertTrue(try server.store.allScores().isEmpty)
    }

    func testSQLMetacharactersInNamesAreRefusedOrStoredAsText() throws {
        let injection = try http.post("/v1/players", #"{"name":"x'); DROP TABLE player;--"}"#)
        XCTAssertEqual(injection.status, 400)
        XCTAssertEqual(injection.errorCode, "invalidName")
        for name in ["", String(repeating: "n", count: 25), "tab\tname", "Zoë"] {
            XCTAssertEqual(try http.post("/v1/players", #"{"name":"\#(name)"}"#).status, 400, name)
        }
        // An apostrophe is allowed (O'Brien) and, with parameterised SQL, is only text.
        let quoted = "O'Brien' OR 'x' LIKE 'x"
        let (id, token) = try http.register(quoted)
        XCTAssertEqual(try http.submit(player: id, token: token, key: "q", score: 5).status, 201)
        XCTAssertEqual(try server.store.playerNames(), [quoted])
        let top = try http.get("/v1/levels/1/top")
        XCTAssertEqual((top.json["entries"] as? [[String: Any]])?.first?["name"] as? String, quoted)
    }

    func testUnknownRoutesAndBadPathsAnswerJSON() throws {
        let missing = try http.get("/v1/nothing")
        XCTAssertEqual(missing.status, 404)
        XCTAssertNotNil(missing.errorCode)
        let badPlayer = try http.post("/v1/players/-3/scores", #"{"level":1,"score":1}"#)
        XCTAssertEqual(badPlayer.status, 400)
    }
}

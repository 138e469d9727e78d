// Issue 28 point 3: the leaderboard's JSON is strict RFC 8259 and its bearer token exactly `Bearer <64 hex>`.
// Before: trailing commas, a key twice (the first kept), 7.0, 1e2 and -0 as integers, and spaces anywhere in the token
// were taken.

import Foundation
import StrictJSON
import XCTest

@testable import LeaderboardServer

final class StrictnessTests: ServerTestCase {
    func testStrictJSONTakesRFC8259AndRefusesWhatIsLooser() {
        for body in [
            #"{"level":1,"score":10}"#, #" { "a" : [ 1 , -2 , 0 ] , "b" : { } , "c" : [ ] } "#,
            #"{"s":"\"\\\/\b\f\n\r\t\u00e9","t":true,"f":false,"n":null}"#, "[]", "0", #""é""#,
        ] {
            XCTAssertNil(StrictJSON.problem(in: Array(body.utf8)), body)
        }
        for (body, why) in [
            (#"{"level":1,"score":10,}"#, "trailing comma"), (#"[1,2,]"#, "trailing comma"),
            (#"{"score":10,"score":99999}"#, #"duplicate key "score""#),
            (#"{"score":7.0}"#, "'score' must be an integer, not 7.0"),
            (#"{"score":1e2}"#, "must be an integer, not 1e2"), (#"{"score":-0}"#, "-0"),
            (#"{"score":07}"#, "leading zero"),
            (#"{"a":1} x"#, "bytes after"), (#"{"a":"\q"}"#, "unknown escape"),
            ("{\"a\":\"\u{1}\"}", "control character"),
            (#"{"a":tru}"#, "not a JSON value"), (#"{"a":1"#, "expected"), (#"// c"#, "not a JSON value"),
            (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "nested deeper"),
            (#"{"a":"\u12"}"#, "four hex digits"), ("", "ended"), ("\u{FEFF}{}", "byte-order mark"),
        ] {
            let problem = StrictJSON.problem(in: Array(body.utf8))
            XCTAssertTrue(problem?.contains(why) ?? false, "\(body): \(problem ?? "accepted")")
        }
    }

    func testLooseBodiesAreRefusedAndStoreNothing() throws {
        let (ada, token) = try http.register("Ada")
        for (index, body) in [
            #"{"level":1,"score":10,}"#, #"{"level":1,"score":10,"score":99999}"#, #"{"level":1,"score":7.0}"#,
            #"{"level":1,"score":1e2}"#, #"{"level":1,"score":-0}"#, #"{"level":1.0,"score":5}"#,
        ].enumerated() {
            let answer = try http.post(
                "/v1/players/\(ada)/scores", body,
                headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": "s\(index)"])
            XCTAssertEqual(answer.status, 400, "\(body): \(answer.text)")
            XCTAssertEqual(answer.errorCode, "invalidJSON", body)
        }
        let duplicateName = try http.post("/v1/players", #"{"name":"Bob","name":"Eve"}"#)
        XCTAssertEqual(duplicateName.errorCode, "invalidJSON")
        XCTAssertTrue(try server.store.allScores().isEmpty)
        XCTAssertEqual(try server.store.playerCount(), 1)
        // The plain body every client sends is still taken.
        XCTAssertEqual(try http.submit(player: ada, token: token, key: "ok", score: 10).status, 201)
    }

    func testABearerTokenWithSpacesIsRefused() throws {
        let (ada, token) = try http.register("Ada")
        let spaced = String(token.prefix(32)) + " " + String(token.dropFirst(32))
        for header in ["Bearer  \(token)", "Bearer \(spaced)", "Bearer \(token.prefix(63)) \(token.suffix(1))"] {
            let answer = try http.post(
                "/v1/players/\(ada)/scores", #"{"level":1,"score":10}"#,
                headers: ["Authorization": header, "Idempotency-Key": "t"])
            XCTAssertEqual(answer.status, 401, header)
            XCTAssertEqual(answer.errorCode, "badToken", header)
        }
        XCTAssertThrowsError(
            try Validation.token("Bearer " + String(token.prefix(32)) + " " + String(token.suffix(32))))
        XCTAssertEqual(try Validation.token("Bearer " + token), token)
        XCTAssertTrue(try server.store.allScores().isEmpty)
    }
}

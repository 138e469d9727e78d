import Faults
import Foundation
import XCTest

@testable import LeaderboardServer

/// The fast reading of a submission's body gives what JSONDecoder gives on every body it accepts, and leaves the rest
/// to JSONDecoder.
final class SubmissionBodyTests: XCTestCase {
    private func decoded(_ text: [UInt8]) -> (Int64, Int64, Int64?)? {
        guard let body = try? JSONDecoder().decode(SubmitBodyWithDuration.self, from: Data(text)) else { return nil }
        return (Int64(body.level), body.score, body.milliseconds)
    }

    func testPlainBodiesInAnyOrderAndSpacing() throws {
        for text in [
            #"{"level":1,"score":37,"milliseconds":60000}"#, #"{"milliseconds":60000,"score":37,"level":1}"#,
            " {\n\t\"score\" : 37 ,\r\n \"level\":1, \"milliseconds\" :60000 }\n", #"{"level":1,"score":37}"#,
            #"{"level":0,"score":0,"milliseconds":0}"#,
            #"{"level":99,"score":100000000,"milliseconds":999999999999999999}"#,
        ] {
            let plain = try XCTUnwrap(SubmissionBody.plain(Array(text.utf8)), text)
            let reference = try XCTUnwrap(decoded(Array(text.utf8)), text)
            XCTAssertEqual(plain.level, reference.0, text)
            XCTAssertEqual(plain.score, reference.1, text)
            XCTAssertEqual(plain.milliseconds, reference.2, text)
        }
    }

    func testAnythingElseIsLeftToJSONDecoder() {
        for text in [
            #"{"level":01,"score":1}"#, #"{"level":-1,"score":1}"#, #"{"level":1.0,"score":1}"#,
            #"{"level":1e2,"score":1}"#, #"{"level":1,"level":2,"score":1}"#, #"{"level":1,"score":1,"name":2}"#,
            #"{"le\u0076el":1,"score":1}"#, #"{"level":1,"score":null}"#, #"{"level":"1","score":1}"#,
            #"{"level":1,"score":1} x"#, #"{"level":1,"score":1,}"#, #"[1,2]"#, #"{"level":{"a":1},"score":1}"#,
            #"{"score":1}"#, "", "{", #"{"level":1234567890123456789,"score":1}"#,
            #"{"level":1,"score":99999999999999999999}"#, #"{"level":1,"score":9223372036854775808}"#,
            "\u{FEFF}{\"level\":1,\"score\":1}",
        ] {
            XCTAssertNil(SubmissionBody.plain(Array(text.utf8)), text)
        }
    }

    /// Seeded mutations of plain bodies (bytes replaced, inserted, removed): whenever the fast reading accepts one,
    /// JSONDecoder accepts it too, with the same numbers.
    func testOnMutatedBodiesTheFastReadingNeverDisagreesWithJSONDecoder() throws {
        var random = SplitMix64(seed: 17)
        func next() -> UInt64 { random.next() }
        let alphabet = Array(#"{}[]":,. -+0123456789eElvscormind\ "#.utf8) + [9, 10, 13, 0, 0xC3, 0xFF]
        var accepted = 0
        for round in 0..<20_000 {
            let keys = [
                "\"level\":\(next() % 120)", "\"score\":\(next() % 200_000)", "\"milliseconds\":\(next() % 90_000)",
            ]
            var shuffle = SeededShuffle(next())
            var body = Array(("{" + keys.shuffled(using: &shuffle).joined(separator: ",") + "}").utf8)
            for _ in 0..<Int(next() % 4) {
                let at = Int(next() % UInt64(body.count + 1))
                switch next() % 3 {
                case 0 where at < body.count: body[at] = alphabet[Int(next() % UInt64(alphabet.count))]
                case 1: body.insert(alphabet[Int(next() % UInt64(alphabet.count))], at: at)
                default: if at < body.count { body.remove(at: at) }
                }
            }
            guard let plain = SubmissionBody.plain(body) else { continue }
            accepted += 1
            let reference = try XCTUnwrap(decoded(body), "round \(round): \(String(decoding: body, as: UTF8.self))")
            XCTAssertEqual(plain.level, reference.0)
            XCTAssertEqual(plain.score, reference.1)
            XCTAssertEqual(plain.milliseconds, reference.2)
        }
        XCTAssertGreaterThan(accepted, 5_000, "the fast reading took a good share of the bodies")
    }
}

/// A seeded generator for `shuffled(using:)`.
private struct SeededShuffle: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

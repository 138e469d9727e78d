// The leaderboard fuzzers' seeds and findings (Fuzz/Corpus/fuzz-leaderboard-*, issue 15), read as the fuzzers read
// them (the first byte picks the route or the answer): the server refuses a body with a 400 and a stable code or
// accepts only what its checks allow; the client turns any answer into at most 5 printable lines, or a failure,
// and loads every identity it keeps. The properties the fuzzers check, on every run (CI builds no fuzzer that needs
// the server's packages: these tests are its share of fuzz-leaderboard-*).

import Foundation
import LeaderboardServer
import Runtime
import Services
import XCTest

final class FuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ fuzzer: String) throws -> [(String, [UInt8])] {
        let folder = corpus.appendingPathComponent(fuzzer)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            ($0, try [UInt8](Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }

    func testServerBodies() throws {
        let inputs = try Self.inputs("fuzz-leaderboard-server")
        XCTAssertGreaterThanOrEqual(inputs.count, 10)
        for (name, bytes) in inputs {
            guard let route = bytes.first else { continue }
            let body = Data(bytes.dropFirst())
            do {
                if route % 2 == 0 {
                    let accepted = try Validation.registration(body: body)
                    XCTAssertTrue((1...24).contains(accepted.count), name)
                    XCTAssertEqual(try Validation.name(accepted), accepted, name)
                } else {
                    let (level, score) = try Validation.submission(body: body)
                    XCTAssertTrue((1...Validation.maxLevel).contains(level), name)
                    XCTAssertTrue((0...Validation.maxScore).contains(score), name)
                }
            } catch let error as APIError {
                XCTAssertEqual(error.status.code, 400, "\(name): \(error.code)")
            }
        }
    }

    /// Found writing fuzz-leaderboard-client's properties (its seeds break them): the client kept any identity that
    /// decoded (id -1, an empty token, a token with CR LF) and could never use it: each submission failed (a 400 for
    /// the path, or a header the HTTP client refuses), never a 401/403, so it never registered again. Now an
    /// identity it cannot send is refused like malformed JSON (the answer fails, an identity file is ignored).
    func testAnIdentityThatCannotBeSentIsRefused() throws {
        let inputs = Dictionary(uniqueKeysWithValues: try Self.inputs("fuzz-leaderboard-client"))
        for name in ["register-odd", "register-id-zero", "identity-token-crlf"] {
            let body = Data(try XCTUnwrap(inputs[name], name).dropFirst())
            XCTAssertNil(HTTPLeaderboard.registeredIdentity(status: 201, body: body), name)
            XCTAssertThrowsError(try PlayerIdentity.decoded(from: [UInt8](body)), name)
        }
        let good = try XCTUnwrap(
            HTTPLeaderboard.registeredIdentity(status: 201, body: Data(inputs["register-answer"]!.dropFirst())))
        XCTAssertEqual(good.id, 7)
        XCTAssertEqual(good.token, "0123456789abcdef")
    }

    func testClientAnswers() throws {
        let inputs = try Self.inputs("fuzz-leaderboard-client")
        XCTAssertGreaterThanOrEqual(inputs.count, 8)
        for (name, bytes) in inputs {
            guard let mode = bytes.first else { continue }
            let rest = Data(bytes.dropFirst())
            switch mode % 4 {
            case 0, 3:
                guard case .top(let lines) = HTTPLeaderboard.topResult(status: 200, body: rest) else { continue }
                XCTAssertTrue((1...5).contains(lines.count), name)
                for line in lines {
                    XCTAssertFalse(line.unicodeScalars.contains { $0.properties.generalCategory == .control }, name)
                }
            default:
                let identity: PlayerIdentity?
                if mode % 4 == 1 {
                    identity = HTTPLeaderboard.registeredIdentity(status: 201, body: rest)
                } else {
                    identity = try? PlayerIdentity.decoded(from: [UInt8](rest))
                }
                guard let identity else { continue }
                XCTAssertGreaterThan(identity.id, 0, name)
                XCTAssertTrue(identity.token.utf8.allSatisfy { (0x21...0x7E).contains($0) }, name)
                XCTAssertEqual(
                    try PlayerIdentity.decoded(from: [UInt8](JSONEncoder().encode(identity))), identity, name)
            }
        }
    }
}

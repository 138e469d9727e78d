import GRDB
import XCTest

@testable import LeaderboardServer

/// Tokens are stored as SHA-256 digests only.
final class TokenHashTests: XCTestCase {
    func testSHA256MatchesTheStandardVectors() {
        XCTAssertEqual(TokenHash.sha256(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(TokenHash.sha256("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            TokenHash.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            TokenHash.sha256(String(repeating: "a", count: 1000)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    func testTheDatabaseNeverHoldsAToken() async throws {
        let store = try LeaderboardStore(path: nil)
        let registered = try await store.register(name: "Ada")
        let player = try XCTUnwrap(registered)
        let stored = try await store.sqliteWriter!.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player") }
        XCTAssertEqual(stored.count, 1)
        XCTAssertFalse(stored.description.contains(player.token))
        XCTAssertEqual(stored.first?["tokenHash"], TokenHash.sha256(player.token))
        let outcome = try await store.submit(
            player: player.id, tokenDigest: TokenHash.sha256(player.token), level: 1, score: 5, key: "k")
        XCTAssertEqual(outcome, .stored)
    }
}

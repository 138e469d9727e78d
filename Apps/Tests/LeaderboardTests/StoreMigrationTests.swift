import Foundation
import GRDB
import InterludeTesting
import XCTest

@testable import LeaderboardServer

/// A database written by an earlier version opens in this one with nothing lost: keys still answer retries, best
/// scores and their counts carry over and keep being maintained.
final class StoreMigrationTests: XCTestCase {
    func testAVersion2DatabaseMigratesWithItsKeysBestScoresAndCounts() async throws {
        let path = try TemporaryFolder("migration").path + "/old.sqlite"
        let digest = TokenHash.sha256("t1")
        do {
            let queue = try DatabaseQueue(path: path)
            try LeaderboardStore.migrator.migrate(queue, upTo: "v2: unique names, expiring keys, best per level")
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO player (id, name, nameKey, tokenHash, createdAt) VALUES (1, 'Ada', 'ada', ?, 0);
                        INSERT INTO player (id, name, nameKey, tokenHash, createdAt) VALUES (2, 'Bob', 'bob', 'x', 0);
                        INSERT INTO score (id, playerId, level, score) VALUES (1, 1, 1, 50), (2, 2, 1, 70);
                        INSERT INTO submissionKey VALUES (1, 'old', 1, 1, 50, 1e12), (2, 'bob', 2, 1, 70, 1e12);
                        INSERT INTO best VALUES (1, 1, 50), (1, 2, 70);
                        INSERT INTO bestCount VALUES (1, 50, 1), (1, 70, 1);
                        """, arguments: [digest])
            }
            try queue.close()
        }
        let store = try LeaderboardStore(path: path, keyLifetime: 1e13, clock: { 1e12 + 10 })
        let retry = try await store.submit(player: 1, tokenDigest: digest, level: 1, score: 50, key: "old")
        XCTAssertEqual(retry, .duplicate, "a key stored by version 2 still answers its retry")
        let reused = try await store.submit(player: 1, tokenDigest: digest, level: 1, score: 51, key: "old")
        XCTAssertEqual(reused, .conflict)
        let before = try await store.rank(player: 1, level: 1)
        XCTAssertEqual(before?.rank, 2)
        let raised = try await store.submit(player: 1, tokenDigest: digest, level: 1, score: 90, key: "new")
        XCTAssertEqual(raised, .stored)
        let after = try await store.rank(player: 1, level: 1)
        XCTAssertEqual(after?.rank, 1)
        XCTAssertEqual(after?.score, 90)
        let bob = try await store.rank(player: 2, level: 1)
        XCTAssertEqual(bob?.rank, 2)
        let counts = try await XCTUnwrap(store.sqliteWriter).read { db in
            try Row.fetchAll(db, sql: "SELECT score, players FROM bestCount WHERE level = 1 ORDER BY score").map {
                [$0[0] as Int64, $0[1] as Int64]
            }
        }
        XCTAssertEqual(counts, [[70, 1], [90, 1]], "the old best's count moved to the new best")
        let keys = try store.allScores().map(\.key)
        XCTAssertEqual(keys, ["old", "bob", "new"])
    }
}

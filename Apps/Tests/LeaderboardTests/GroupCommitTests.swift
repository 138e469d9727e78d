import Foundation
import InterludeTesting
import XCTest

@testable import LeaderboardServer

/// Concurrent submissions share transactions, and each is answered only once its transaction committed.
final class GroupCommitTests: XCTestCase {
    func testConcurrentSubmissionsShareTransactionsAndAreStoredOnce() async throws {
        let folder = try TemporaryFolder("group-commit").path
        let store = try LeaderboardStore(path: folder + "/scores.sqlite")
        var players: [(Int64, String)] = []
        for index in 0..<10 {
            let registered = try await store.register(name: "p\(index)")
            let player = try XCTUnwrap(registered)
            players.append((player.id, TokenHash.sha256(player.token)))
        }
        let before = store.commitCounts
        // 400 submissions at once; each n with n % 4 == 3 and n >= 10 repeats the submission n - 10 (the same player,
        // key and score), as a retry racing its original.
        func key(_ number: Int) -> Int { number % 4 == 3 && number >= 10 ? number - 10 : number }
        let outcomes = try await withThrowingTaskGroup(of: (Int, SubmissionOutcome).self) { group in
            for number in 0..<400 {
                let (id, digest) = players[number % 10]
                group.addTask {
                    let outcome = try await store.submit(
                        player: id, tokenDigest: digest, level: 1, score: Int64(key(number) % 500),
                        key: "k\(key(number))")
                    return (number, outcome)
                }
            }
            var all: [Int: SubmissionOutcome] = [:]
            for try await (number, outcome) in group { all[number] = outcome }
            return all
        }
        let commits = store.commitCounts
        XCTAssertEqual(commits.submissions - before.submissions, 400)
        XCTAssertLessThan(commits.transactions - before.transactions, 200, "submissions shared transactions")
        let pairs = (0..<400).filter { key($0) != $0 }
        for number in pairs {
            let both = [outcomes[number], outcomes[number - 10]]
            XCTAssertEqual(both.filter { $0 == .stored }.count, 1, "\(number): \(both)")
            XCTAssertEqual(both.filter { $0 == .duplicate }.count, 1, "\(number): \(both)")
        }
        let stored = try store.allScores()
        XCTAssertEqual(stored.count, 400 - pairs.count)
        XCTAssertEqual(Set(stored.map { "\($0.player) \($0.key)" }).count, stored.count, "no key stored twice")
    }
}

/// What the group commit's speed-ups must not change: a failing submission fails alone, best scores and their counts
/// stay consistent, and the committing thread comes back after it ended.
final class GroupCommitShapeTests: XCTestCase {
    private func store(_ name: String) throws -> (LeaderboardStore, [(Int64, String)]) {
        let folder = try TemporaryFolder(name).path
        let store = try LeaderboardStore(path: folder + "/scores.sqlite")
        var players: [(Int64, String)] = []
        for index in 0..<8 {
            let player = try XCTUnwrap(try waitFor { try await store.register(name: "p\(index)") })
            players.append((player.id, TokenHash.sha256(player.token)))
        }
        return (store, players)
    }

    func testASubmissionFailingInSQLiteFailsAloneInItsBatch() async throws {
        let (store, players) = try store("group-commit-failure")
        let writer = try XCTUnwrap(store.sqliteWriter)
        try await writer.write { db in
            try db.execute(
                sql:
                    "CREATE TRIGGER refuse AFTER INSERT ON score WHEN NEW.score = 666 BEGIN SELECT RAISE(ABORT, 'no'); END"
            )
        }
        let results = await submitAtOnce(200) { number in
            let (id, digest) = players[number % players.count]
            return try await store.submit(
                player: id, tokenDigest: digest, level: 1, score: number == 77 ? 666 : Int64(number), key: "k\(number)")
        }
        for (number, result) in results {
            switch result {
            case .success(let outcome): XCTAssertEqual(outcome, .stored, "\(number)")
            case .failure: XCTAssertEqual(number, 77, "only the refused score fails")
            }
        }
        if case .success = results[77] { XCTFail("the score SQLite refused was acknowledged") }
        let stored = try store.allScores()
        XCTAssertEqual(stored.count, 199)
        XCTAssertFalse(stored.contains { $0.score == 666 })
        XCTAssertLessThan(store.commitCounts.transactions, 200, "the others still shared transactions")
    }

    func testBestScoresAndTheirCountsAgreeWithTheScores() async throws {
        let (store, players) = try store("group-commit-best")
        var generator = SystemRandomNumberGenerator()
        let scores = (0..<600).map { _ in Int64.random(in: 0...300, using: &generator) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, score) in scores.enumerated() {
                let (id, digest) = players[number % players.count]
                group.addTask {
                    _ = try await store.submit(
                        player: id, tokenDigest: digest, level: 1 + number % 2, score: score, key: "k\(number)")
                }
            }
            try await group.waitForAll()
        }
        for level in 1...2 {
            var best: [Int64: Int64] = [:]
            for (number, score) in scores.enumerated() where 1 + number % 2 == level {
                let player = players[number % players.count].0
                best[player] = max(best[player] ?? -1, score)
            }
            for (player, score) in best {
                let rank = try await store.rank(player: player, level: level)
                XCTAssertEqual(rank?.score, score)
                XCTAssertEqual(
                    rank?.rank, 1 + best.values.filter { $0 > score }.count, "player \(player) level \(level)")
            }
            let counted = try await XCTUnwrap(store.sqliteWriter).read { db in
                try Int.fetchOne(db, sql: "SELECT SUM(players) FROM bestCount WHERE level = ?", arguments: [level])
            }
            XCTAssertEqual(counted, best.count, "one count per player with a best on level \(level)")
        }
    }

    func testTheCommittingThreadComesBackAfterItEnded() async throws {
        let (store, players) = try store("group-commit-linger")
        let (id, digest) = players[0]
        let first = try await store.submit(player: id, tokenDigest: digest, level: 1, score: 1, key: "a")
        XCTAssertEqual(first, .stored)
        try await Task.sleep(for: .seconds(GroupCommitter.lingerSeconds + 0.5))  // the thread has ended
        let second = try await store.submit(player: id, tokenDigest: digest, level: 1, score: 2, key: "b")
        XCTAssertEqual(second, .stored)
        let again = try await store.submit(player: id, tokenDigest: digest, level: 1, score: 1, key: "a")
        XCTAssertEqual(again, .duplicate)
        let wrong = try await store.submit(player: players[1].0, tokenDigest: digest, level: 1, score: 2, key: "c")
        XCTAssertEqual(wrong, .forbidden, "a remembered token still belongs to its player only")
    }
}

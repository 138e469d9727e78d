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

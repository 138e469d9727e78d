// `--rank N`: a player's rank among N best scores on one level. Seeds a fresh database (players and their best
// scores from a seeded generator, 0...1,000 points), then times `GET /v1/levels/1/players/ID/rank` for random
// players through the server on loopback, and, as the same-run reference, the plain count over the index of best
// scores (`SELECT COUNT(*) FROM best WHERE level = 1 AND score > ?`, what rank cost before the histogram).

import Faults
import Foundation
import GRDB
import GameCore
import LeaderboardServer

enum RankError: Error {
    case missing(Int)
    case miscounted(Int)
}

enum RankBenchmark {
    static func run(rows: Int, queries: Int, folder: URL, levels: [Level]) async throws -> Bool {
        let path = folder.appendingPathComponent("rank.sqlite").path
        _ = try LeaderboardStore(path: path)  // creates and migrates the schema
        let clock = ContinuousClock()
        var generator = SplitMix64(seed: 1)  // the benchmark's data: the engine's seeded generator
        let seeding = clock.now
        let queue = try DatabaseQueue(path: path)
        let scores = (0..<rows).map { _ in Int64.random(in: 0...1_000, using: &generator) }
        // The schema's triggers count the players per best score in `bestCount` as the rows go in.
        let counted = try await queue.write { db -> Int in
            let player = try db.makeStatement(
                sql: "INSERT INTO player (id, name, nameKey, tokenHash, createdAt) VALUES (?, ?, ?, ?, 0)")
            let best = try db.makeStatement(sql: "INSERT INTO best (level, playerId, score) VALUES (1, ?, ?)")
            for id in 1...rows {
                let name = "seed \(id)"
                try player.execute(arguments: [id, name, name, "seed-\(id)"])
                try best.execute(arguments: [id, scores[id - 1]])
            }
            return try Int.fetchOne(db, sql: "SELECT SUM(players) FROM bestCount WHERE level = 1") ?? 0
        }
        guard counted == rows else { throw RankError.miscounted(counted) }
        print(
            String(
                format: "rank: seeded %d best scores on level 1 in %.1f s", rows,
                elapsedSeconds(seeding.duration(to: clock.now))))

        let players = (0..<queries).map { _ in Int.random(in: 1...rows, using: &generator) }
        var reference: [Double] = []
        for id in players.prefix(max(1, queries / 10)) {
            let started = clock.now
            _ = try await queue.read { db -> Int in
                let best =
                    try Int64.fetchOne(
                        db, sql: "SELECT score FROM best WHERE level = 1 AND playerId = ?", arguments: [id]) ?? 0
                return try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM best WHERE level = 1 AND score > ?", arguments: [best]) ?? 0
            }
            reference.append(elapsedSeconds(started.duration(to: clock.now)))
        }
        try queue.close()

        // Without HTTP: the store's own rank query, in this process.
        let direct = try LeaderboardStore(path: path)
        var storeTimings: [Double] = []
        for id in players {
            let started = clock.now
            guard try await direct.rank(player: Int64(id), level: 1) != nil else { throw RankError.missing(id) }
            storeTimings.append(elapsedSeconds(started.duration(to: clock.now)))
        }
        direct.close()

        // Through the server (its own process) on one keep-alive connection, one query at a time.
        let server = try ServerProcess(database: path)
        var timings: [Double] = []
        var wrong = 0
        var remaining = players[...]
        do {
            try ClosedLoopHTTP(ports: [[server.port]]).run { _, answer in
                if let answer {
                    timings.append(answer.seconds)
                    if answer.status != 200 || !String(decoding: answer.body, as: UTF8.self).contains("\"rank\":") {
                        wrong += 1
                    }
                }
                guard let id = remaining.popFirst() else { return nil }
                return ClosedLoopHTTP.request("GET", "/v1/levels/1/players/\(id)/rank")
            }
        } catch {
            print("rank over HTTP: \(error)")
            wrong += 1
        }
        _ = server.stop()
        storeTimings.sort()
        print(
            String(
                format: "rank in the store (no HTTP), %d queries: p50 %.3f ms  p99 %.3f ms  max %.3f ms",
                storeTimings.count, percentile(storeTimings, 0.5) * 1000, percentile(storeTimings, 0.99) * 1000,
                (storeTimings.last ?? 0) * 1000))
        timings.sort()
        reference.sort()
        print(
            String(
                format: "rank over HTTP, %d queries: p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%d failed)", timings.count,
                percentile(timings, 0.5) * 1000, percentile(timings, 0.99) * 1000, (timings.last ?? 0) * 1000, wrong))
        print(
            String(
                format: "reference, COUNT(*) over the index of best scores, %d queries: p50 %.2f ms  p99 %.2f ms",
                reference.count, percentile(reference, 0.5) * 1000, percentile(reference, 0.99) * 1000))
        return wrong == 0
    }
}

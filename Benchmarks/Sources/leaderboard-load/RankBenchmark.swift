// `--rank N`: a player's rank among N best scores on one level. Seeds a fresh database (players and their best
// scores from a seeded generator, 0...1,000 points), then times `GET /v1/levels/1/players/ID/rank` for random
// players through the server on loopback, and, as the same-run reference, the plain count over the index of best
// scores (`SELECT COUNT(*) FROM best WHERE level = 1 AND score > ?`, what rank cost before the histogram).

import Foundation
import GRDB
import GameCore
import LeaderboardServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// SplitMix64: the seeded generator for the benchmark's data.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum RankBenchmark {
    static func run(rows: Int, queries: Int, folder: URL, levels: [Level]) async throws -> Bool {
        let path = folder.appendingPathComponent("rank.sqlite").path
        _ = try LeaderboardStore(path: path)  // creates and migrates the schema
        let clock = ContinuousClock()
        var generator = SeededGenerator(state: 1)
        let seeding = clock.now
        let queue = try DatabaseQueue(path: path)
        let scores = (0..<rows).map { _ in Int64.random(in: 0...1_000, using: &generator) }
        try await queue.write { db in
            var counts: [Int64: Int] = [:]
            let player = try db.makeStatement(
                sql: "INSERT INTO player (id, name, nameKey, tokenHash, createdAt) VALUES (?, ?, ?, ?, 0)")
            let best = try db.makeStatement(sql: "INSERT INTO best (level, playerId, score) VALUES (1, ?, ?)")
            for id in 1...rows {
                let name = "seed \(id)"
                try player.execute(arguments: [id, name, name, "seed-\(id)"])
                let score = scores[id - 1]
                try best.execute(arguments: [id, score])
                counts[score, default: 0] += 1
            }
            for (score, players) in counts {
                try db.execute(
                    sql: "INSERT INTO bestCount (level, score, players) VALUES (1, ?, ?)", arguments: [score, players])
            }
        }
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

        let server = try EmbeddedLeaderboardServer(databasePath: path, levels: levels, policy: .unlimited)
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        var timings: [Double] = []
        var wrong = 0
        for id in players {
            let url = URL(string: "\(server.url)/v1/levels/1/players/\(id)/rank")!
            let started = clock.now
            let (data, response) = try await session.data(from: url)
            timings.append(elapsedSeconds(started.duration(to: clock.now)))
            if (response as? HTTPURLResponse)?.statusCode != 200
                || !String(decoding: data, as: UTF8.self).contains("\"rank\":")
            {
                wrong += 1
            }
        }
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

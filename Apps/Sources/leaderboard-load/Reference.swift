// The same-run references: what SQLite itself does on this disk with the server's durability (WAL,
// synchronous=FULL: every commit fsyncs the WAL), without HTTP or the server's logic.

import Foundation
import GRDB
import LeaderboardServer

enum Reference {
    /// Single-row transactions, one after another: inserts per second (each commit one fsync).
    static func insertLoop(folder: URL, count: Int) throws -> Double {
        let queue = try open(folder.appendingPathComponent("reference-loop.sqlite").path)
        let clock = ContinuousClock()
        let started = clock.now
        for number in 0..<count {
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO score (playerId, level, score) VALUES (?, ?, ?)",
                    arguments: [number % 50, 1 + number % 3, number % 1000])
            }
        }
        return Double(count) / elapsedSeconds(started.duration(to: clock.now))
    }

    /// The same inserts, `batch` to a transaction: the most group commit could reach on this disk.
    static func batchedLoop(folder: URL, count: Int, batch: Int) throws -> Double {
        let queue = try open(folder.appendingPathComponent("reference-batched.sqlite").path)
        let clock = ContinuousClock()
        let started = clock.now
        for first in stride(from: 0, to: count, by: batch) {
            try queue.write { db in
                for number in first..<min(count, first + batch) {
                    try db.execute(
                        sql: "INSERT INTO score (playerId, level, score) VALUES (?, ?, ?)",
                        arguments: [number % 50, 1 + number % 3, number % 1000])
                }
            }
        }
        return Double(count) / elapsedSeconds(started.duration(to: clock.now))
    }

    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE score (id INTEGER PRIMARY KEY AUTOINCREMENT, playerId INTEGER NOT NULL,
                        level INTEGER NOT NULL, score INTEGER NOT NULL)
                    """)
        }
        return queue
    }
}

func elapsedSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The store alone, without HTTP: `clients` tasks in this process, each submitting its share one at a time through
/// `LeaderboardStore.submit` (group commit, the server's durability). What the database side costs the server.
enum StoreReference {
    static func run(folder: URL, count: Int, clients: Int) async throws -> (perSecond: Double, cpuPerSubmission: Double)
    {
        let store = try LeaderboardStore(path: folder.appendingPathComponent("reference-store.sqlite").path)
        defer { store.close() }
        var players: [(id: Int64, digest: String)] = []
        for index in 0..<clients {
            guard let player = try await store.register(name: "reference \(index)") else { continue }
            players.append((player.id, LeaderboardStore.tokenDigest(player.token)))
        }
        let cpu = ProcessCPU.seconds()
        let started = ClosedLoopHTTP.nanoseconds()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, player) in players.enumerated() {
                group.addTask {
                    for number in stride(from: index, to: count, by: clients) {
                        _ = try await store.submit(
                            player: player.id, tokenDigest: player.digest, level: 1 + number % 3,
                            score: Int64(number * 37 % 1_000), key: "r\(number)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Double(ClosedLoopHTTP.nanoseconds() - started) / 1e9
        return (Double(count) / seconds, (ProcessCPU.seconds() - cpu) / Double(count))
    }
}

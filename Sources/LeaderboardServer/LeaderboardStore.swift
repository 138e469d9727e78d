// LeaderboardStore: the leaderboard's tables in SQLite through GRDB. Every statement is parameterised;
// a submission is stored once per (player, idempotency key), enforced by a UNIQUE constraint; a player's
// token is kept only as its SHA-256 digest (TokenHash.swift).

import Foundation
import GRDB

/// A registered player as the server returns it once, at registration (the token is never shown again).
public struct RegisteredPlayer: Codable, Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let token: String
}

/// One line of a level's top list.
public struct RankedScore: Codable, Sendable, Equatable {
    public let rank: Int
    public let player: Int64
    public let name: String
    public let score: Int64
}

/// What happened to a submission.
public enum SubmissionOutcome: Sendable, Equatable {
    case stored  // new
    case duplicate  // the same key with the same level and score: already stored, nothing added
    case conflict  // the same key with another level or score
    case unauthorized  // no player has this token
    case forbidden  // the token belongs to another player
}

/// The database: players and scores.
public final class LeaderboardStore: Sendable {
    let writer: any DatabaseWriter

    /// Opens (and migrates) the database at `path`, or an in-memory one when `path` is nil.
    public init(path: String?) throws {
        if let path {
            // Not NSString's deletingLastPathComponent: it traps on a one-character path on Linux (Swift 6.3).
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            writer = try DatabasePool(path: path)
        } else {
            writer = try DatabaseQueue()
        }
        try Self.migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        tokenHash TEXT NOT NULL UNIQUE);
                    CREATE TABLE score (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        playerId INTEGER NOT NULL REFERENCES player(id),
                        level INTEGER NOT NULL,
                        score INTEGER NOT NULL,
                        idempotencyKey TEXT NOT NULL,
                        UNIQUE (playerId, idempotencyKey));
                    CREATE INDEX score_by_level ON score(level, score DESC);
                    """)
        }
        return migrator
    }

    /// Registers a player under `name` with a fresh secret token.
    public func register(name: String) async throws -> RegisteredPlayer {
        let token = Self.newToken()
        let id = try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO player (name, tokenHash) VALUES (?, ?)", arguments: [name, TokenHash.sha256(token)])
            return db.lastInsertedRowID
        }
        return RegisteredPlayer(id: id, name: name, token: token)
    }

    /// Stores `score` for `player` on `level` unless `key` was already used by that player.
    public func submit(player: Int64, token: String, level: Int, score: Int64, key: String) async throws
        -> SubmissionOutcome
    {
        try await writer.write { db in
            guard
                let owner = try Int64.fetchOne(
                    db, sql: "SELECT id FROM player WHERE tokenHash = ?", arguments: [TokenHash.sha256(token)])
            else { return .unauthorized }
            guard owner == player else { return .forbidden }
            try db.execute(
                sql: """
                    INSERT INTO score (playerId, level, score, idempotencyKey) VALUES (?, ?, ?, ?)
                    ON CONFLICT (playerId, idempotencyKey) DO NOTHING
                    """, arguments: [player, level, score, key])
            if db.changesCount == 1 { return .stored }
            let row = try Row.fetchOne(
                db, sql: "SELECT level, score FROM score WHERE playerId = ? AND idempotencyKey = ?",
                arguments: [player, key])
            let same = row.map { ($0["level"] as Int) == level && ($0["score"] as Int64) == score } ?? false
            return same ? .duplicate : .conflict
        }
    }

    /// The best score of each player on `level`, best first (ties: earlier player first), at most `limit`.
    public func top(level: Int, limit: Int) async throws -> [RankedScore] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.id AS id, p.name AS name, MAX(s.score) AS best
                    FROM score s JOIN player p ON p.id = s.playerId
                    WHERE s.level = ? GROUP BY s.playerId ORDER BY best DESC, p.id ASC LIMIT ?
                    """, arguments: [level, limit])
            return rows.enumerated().map {
                RankedScore(
                    rank: $0.offset + 1, player: $0.element["id"], name: $0.element["name"], score: $0.element["best"])
            }
        }
    }

    /// The rank (1 = best) and best score of `player` on `level`, or nil when the player has no score there.
    public func rank(player: Int64, level: Int) async throws -> (rank: Int, score: Int64)? {
        try await writer.read { db in
            guard
                let best = try Int64.fetchOne(
                    db, sql: "SELECT MAX(score) FROM score WHERE level = ? AND playerId = ?",
                    arguments: [level, player])
            else { return nil }
            let better = try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM (SELECT MAX(score) AS best FROM score WHERE level = ? GROUP BY playerId)
                    WHERE best > ?
                    """, arguments: [level, best])
            return ((better ?? 0) + 1, best)
        }
    }

    /// Every stored score as (player, key, score), for audits and tests.
    public func allScores() throws -> [(player: Int64, key: String, level: Int, score: Int64)] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT playerId, idempotencyKey, level, score FROM score ORDER BY id").map {
                ($0["playerId"], $0["idempotencyKey"], $0["level"], $0["score"])
            }
        }
    }

    /// How many players are registered.
    public func playerCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") ?? 0 }
    }

    /// The names as stored, in registration order.
    public func playerNames() throws -> [String] {
        try writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id") }
    }

    /// 32 random bytes as hex, from the system's secure generator (server side: not the simulation's).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}

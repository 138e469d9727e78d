// LeaderboardStore: the leaderboard's tables in SQLite through GRDB (schema in LeaderboardStore+Schema.swift).
// Every statement is parameterised; a submission is stored once per (player, idempotency key) while the key is
// remembered (LeaderboardStore+Submission.swift); names are unique ignoring case; a player's token is kept only as
// its SHA-256 digest (TokenHash.swift), worked out before any transaction.

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

    public init(rank: Int, player: Int64, name: String, score: Int64) {
        self.rank = rank
        self.player = player
        self.name = name
        self.score = score
    }
}

/// What happened to a submission.
public enum SubmissionOutcome: Sendable, Equatable {
    case stored  // new
    case duplicate  // the same key with the same level and score: already stored, nothing added
    case conflict  // the same key with another level or score
    case unauthorized  // no player has this token
    case forbidden  // the token belongs to another player
}

/// The database: players, scores, each player's best per level, and the idempotency keys still remembered.
public final class LeaderboardStore: Sendable {
    let writer: any DatabaseWriter
    /// The time in seconds (the policy's clock): when a key was first used, and when it expires.
    let clock: @Sendable () -> Double
    /// Seconds a key is remembered.
    let keyLifetime: Double
    /// Gathers concurrent submissions into shared transactions (LeaderboardStore+GroupCommit.swift).
    let committer: GroupCommitter

    /// Opens (and migrates) the database at `path`, or an in-memory one when `path` is nil.
    public init(
        path: String?, keyLifetime: Double = LeaderboardPolicy().idempotencyKeyLifetime,
        clock: @escaping @Sendable () -> Double = LeaderboardPolicy().clock
    ) throws {
        self.clock = clock
        self.keyLifetime = keyLifetime
        if let path {
            // Not NSString's deletingLastPathComponent: it traps on a one-character path on Linux (Swift 6.3).
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            // Durable on acknowledgment: in WAL mode, synchronous=FULL fsyncs the log at every commit (NORMAL would
            // only at checkpoints, and a power cut could lose acknowledged scores).
            var configuration = Configuration()
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            writer = try DatabasePool(path: path, configuration: configuration)
        } else {
            writer = try DatabaseQueue()
        }
        try Self.migrator.migrate(writer)
        committer = GroupCommitter(writer: writer, clock: clock, keyLifetime: keyLifetime)
    }

    /// Registers a player under `name` with a fresh secret token; nil when the name is taken (ignoring case).
    public func register(name: String) async throws -> RegisteredPlayer? {
        let token = Self.newToken()
        let digest = TokenHash.sha256(token)
        let now = clock()
        let id = try await writer.write { db -> Int64? in
            try db.execute(
                sql: """
                    INSERT INTO player (name, nameKey, tokenHash, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (nameKey) DO NOTHING
                    """, arguments: [name, name.lowercased(), digest, now])
            return db.changesCount == 1 ? db.lastInsertedRowID : nil
        }
        return id.map { RegisteredPlayer(id: $0, name: name, token: token) }
    }

    /// Stores `score` for `player` on `level` unless `key` was already used by that player within the key lifetime.
    /// `tokenDigest` is `TokenHash.sha256` of the player's token, worked out before the write transaction. Returns
    /// once the transaction holding it (shared with the submissions that came meanwhile) has committed.
    public func submit(player: Int64, tokenDigest: String, level: Int, score: Int64, key: String) async throws
        -> SubmissionOutcome
    {
        try await committer.submit(
            Submission(player: player, tokenDigest: tokenDigest, level: level, score: score, key: key))
    }

    /// The best score of each player on `level`, best first (ties: earlier player first), at most `limit`.
    public func top(level: Int, limit: Int) async throws -> [RankedScore] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.id AS id, p.name AS name, b.score AS best
                    FROM best b JOIN player p ON p.id = b.playerId
                    WHERE b.level = ? ORDER BY b.score DESC, b.playerId ASC LIMIT ?
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
                    db, sql: "SELECT score FROM best WHERE level = ? AND playerId = ?", arguments: [level, player])
            else { return nil }
            let better = try Int.fetchOne(
                db, sql: "SELECT coalesce(SUM(players), 0) FROM bestCount WHERE level = ? AND score > ?",
                arguments: [level, best])
            return ((better ?? 0) + 1, best)
        }
    }

    /// Transactions committed for submissions, and the submissions in them (group commit at work).
    public var commitCounts: (transactions: Int, submissions: Int) { committer.counts.withLock { $0 } }

    /// How many idempotency keys are remembered (expired ones are dropped as submissions come in).
    public func rememberedKeyCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM submissionKey") ?? 0 }
    }

    /// Every stored score as (player, key, level, score), for audits and tests (key: "" once it expired).
    public func allScores() throws -> [(player: Int64, key: String, level: Int, score: Int64)] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.playerId AS playerId, coalesce(k.key, '') AS key, s.level AS level, s.score AS score
                    FROM score s LEFT JOIN submissionKey k ON k.scoreId = s.id ORDER BY s.id
                    """
            ).map { ($0["playerId"], $0["key"], $0["level"], $0["score"]) }
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

// LeaderboardStore: the leaderboard's tables in SQLite through GRDB (schema in LeaderboardStore+Schema.swift).
// Every statement is parameterised; a submission is stored once per (player, idempotency key) while the key is
// remembered (LeaderboardStore+Submission.swift); names are unique ignoring case; a player's token is kept only as
// its SHA-256 digest (TokenHash.swift), worked out before any transaction.

import Foundation
import GRDB
import Synchronization

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

/// The database: players, scores, each player's best per level, and the idempotency keys still remembered. In
/// SQLite (a file, or memory: the embedded default) or in PostgreSQL (PostgresLeaderboard.swift: several servers
/// sharing one database).
public final class LeaderboardStore: Sendable {
    enum Engine: Sendable {
        /// SQLite through GRDB; this process serialises the writes and gathers them into shared transactions.
        case sqlite(any DatabaseWriter, GroupCommitter)
        case postgres(PostgresLeaderboard)
    }
    let engine: Engine
    /// The time in seconds (the policy's clock): when a key was first used, and when it expires.
    let clock: @Sendable () -> Double
    /// Seconds a key is remembered.
    let keyLifetime: Double

    /// Opens (and migrates) the SQLite database at `path`, or an in-memory one when `path` is nil.
    public init(
        path: String?, keyLifetime: Double = LeaderboardPolicy().idempotencyKeyLifetime,
        clock: @escaping @Sendable () -> Double = LeaderboardPolicy().clock
    ) throws {
        self.clock = clock
        self.keyLifetime = keyLifetime
        let writer: any DatabaseWriter
        var checkpointer: DatabaseQueue?
        if let path {
            // Not NSString's deletingLastPathComponent: it traps on a one-character path on Linux (Swift 6.3).
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            // Durable on acknowledgment: in WAL mode, synchronous=FULL fsyncs the log at every commit (NORMAL would
            // only at checkpoints, and a power cut could lose acknowledged scores).
            // The log is copied into the database by a connection of its own (GroupCommitter's checkpointer), not
            // by whichever commit crosses SQLite's 1,000-page mark: that commit, and every submission waiting on it,
            // would wait for the copy and its fsync.
            var configuration = Configuration()
            // The checkpointer's RESTART holds writers back for a moment: they wait for it rather than fail.
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                // Statement journals (a savepoint's copies of the pages it changes) in memory, not in temporary
                // files created and deleted for each one.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                _ = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint = 0")
            }
            writer = try DatabasePool(path: path, configuration: configuration)
            var waiting = configuration
            waiting.busyMode = .timeout(2)  // its RESTART waits for the transaction under way, at most 2 s
            checkpointer = try DatabaseQueue(path: path, configuration: waiting)
        } else {
            writer = try DatabaseQueue()
        }
        try Self.migrator.migrate(writer)
        engine = .sqlite(
            writer,
            GroupCommitter(writer: writer, checkpointer: checkpointer, clock: clock, keyLifetime: keyLifetime))
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://USER@HOST:PORT/DB`, see PostgresLeaderboard.swift)
    /// and creates the tables if they are missing. Waits at most `timeout` seconds.
    public convenience init(
        postgres url: String, keyLifetime: Double = LeaderboardPolicy().idempotencyKeyLifetime,
        clock: @escaping @Sendable () -> Double = LeaderboardPolicy().clock, timeout: Double = 30
    ) throws {
        let database = try waitFor(seconds: timeout) { try await PostgresLeaderboard(url: url) }
        self.init(postgres: database, keyLifetime: keyLifetime, clock: clock)
    }

    init(postgres database: PostgresLeaderboard, keyLifetime: Double, clock: @escaping @Sendable () -> Double) {
        self.clock = clock
        self.keyLifetime = keyLifetime
        engine = .postgres(database)
    }

    /// Opens `database`: a `postgres://` or `postgresql://` URL, else a SQLite file's path.
    public convenience init(
        database: String, keyLifetime: Double = LeaderboardPolicy().idempotencyKeyLifetime,
        clock: @escaping @Sendable () -> Double = LeaderboardPolicy().clock
    ) throws {
        if Self.isPostgres(database) {
            try self.init(postgres: database, keyLifetime: keyLifetime, clock: clock)
        } else {
            try self.init(path: database, keyLifetime: keyLifetime, clock: clock)
        }
    }

    /// Whether `database` names a PostgreSQL database rather than a SQLite file.
    public static func isPostgres(_ database: String) -> Bool {
        let lowered = database.prefix(13).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// The SQLite database (nil in PostgreSQL), for tests that look at the rows themselves.
    var sqliteWriter: (any DatabaseWriter)? {
        if case .sqlite(let writer, _) = engine { return writer }
        return nil
    }

    /// Throws a `PostgresURLError` naming what is wrong with `url` (nothing is connected).
    public static func checkPostgresURL(_ url: String) throws { _ = try PostgresLeaderboard.Address(url) }

    /// "sqlite" or "postgresql".
    public var engineName: String {
        switch engine {
        case .sqlite: return "sqlite"
        case .postgres: return "postgresql"
        }
    }

    /// Closes the database's connections (PostgreSQL; SQLite closes with the store). Call once no request uses it.
    public func close() {
        if case .postgres(let database) = engine { database.close() }
    }

    /// Registers a player under `name` with a fresh secret token; nil when the name is taken (ignoring case).
    public func register(name: String) async throws -> RegisteredPlayer? {
        let token = Self.newToken()
        let digest = TokenHash.sha256(token)
        let now = clock()
        let id: Int64?
        switch engine {
        case .sqlite(let writer, _):
            id = try await writer.write { db -> Int64? in
                try db.execute(
                    sql: """
                        INSERT INTO player (name, nameKey, tokenHash, createdAt) VALUES (?, ?, ?, ?)
                        ON CONFLICT (nameKey) DO NOTHING
                        """, arguments: [name, name.lowercased(), digest, now])
                return db.changesCount == 1 ? db.lastInsertedRowID : nil
            }
        case .postgres(let database):
            id = try await database.register(name: name, digest: digest, now: now)
        }
        return id.map { RegisteredPlayer(id: $0, name: name, token: token) }
    }

    /// Stores `score` for `player` on `level` unless `key` was already used by that player within the key lifetime.
    /// `tokenDigest` is `TokenHash.sha256` of the player's token, worked out before the write transaction. Returns
    /// once the transaction holding it (shared with the submissions that came meanwhile) has committed.
    public func submit(player: Int64, tokenDigest: String, level: Int, score: Int64, key: String) async throws
        -> SubmissionOutcome
    {
        let submission = Submission(player: player, tokenDigest: tokenDigest, level: level, score: score, key: key)
        switch engine {
        case .sqlite(_, let committer):
            return try await committer.submit(submission)
        case .postgres(let database):
            return try await database.submit(submission, now: clock(), keyLifetime: keyLifetime)
        }
    }

    /// The best score of each player on `level`, best first (ties: earlier player first), at most `limit`.
    public func top(level: Int, limit: Int) async throws -> [RankedScore] {
        let writer: any DatabaseWriter
        switch engine {
        case .sqlite(let sqlite, _): writer = sqlite
        case .postgres(let database): return try await database.top(level: level, limit: limit)
        }
        return try await writer.read { db in
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
        let writer: any DatabaseWriter
        switch engine {
        case .sqlite(let sqlite, _): writer = sqlite
        case .postgres(let database): return try await database.rank(player: player, level: level)
        }
        return try await writer.read { db in
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

    /// Transactions committed for submissions, and the submissions in them (group commit at work; PostgreSQL: this
    /// server's calls of `leaderboard_submit_batch`, each one transaction).
    public var commitCounts: (transactions: Int, submissions: Int) {
        switch engine {
        case .sqlite(_, let committer): return committer.counts.withLock { $0 }
        case .postgres(let database):
            let counts = database.callCounts.withLock { $0 }
            return (counts.calls, counts.submissions)
        }
    }

    /// How many idempotency keys are remembered (expired ones are dropped as submissions come in).
    public func rememberedKeyCount() throws -> Int {
        switch engine {
        case .sqlite(let writer, _):
            return try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM submissionKey") ?? 0 }
        case .postgres(let database): return try waitFor { try await database.count("submissionkey") }
        }
    }

    /// Every stored score as (player, key, level, score), for audits and tests (key: "" once it expired).
    public func allScores() throws -> [(player: Int64, key: String, level: Int, score: Int64)] {
        switch engine {
        case .sqlite(let writer, _):
            return try writer.read { db in try Self.scoreRows(db).map(\.row) }
        case .postgres(let database):
            return try waitFor(seconds: 300) { try await database.allScores().map { AuditRow($0) } }.map(\.tuple)
        }
    }

    /// The stored scores of `players` as `allScores` gives them, read by player: what an audit of a few players'
    /// rows needs, without reading the whole table into memory.
    public func scores(of players: Set<Int64>) throws -> [(player: Int64, key: String, level: Int, score: Int64)] {
        let ids = players.sorted()
        guard !ids.isEmpty else { return [] }
        switch engine {
        case .sqlite(let writer, _):
            return try writer.read { db in
                var rows: [(id: Int64, row: (player: Int64, key: String, level: Int, score: Int64))] = []
                // SQLite binds at most 32,766 values a statement: a few hundred at a time.
                for start in stride(from: 0, to: ids.count, by: 500) {
                    rows += try Self.scoreRows(db, players: Array(ids[start..<min(start + 500, ids.count)]))
                }
                return rows.sorted { $0.id < $1.id }.map(\.row)  // in the table's order, as `allScores`
            }
        case .postgres(let database):
            return try waitFor(seconds: 300) { try await database.scores(of: ids).map { AuditRow($0) } }.map(\.tuple)
        }
    }

    /// The score rows (all, or those of `players`), by id, each with its key. The keys are joined here, not in SQL:
    /// no index leads from a score to its key (none is needed to serve requests), and SQLite joined them row by
    /// row, quadratic in the rows. A player's keys are read through their primary key (playerId, key); its scores
    /// by a scan of `score`, which has no index by player (each index costs every submission).
    private static func scoreRows(_ db: Database, players: [Int64]? = nil) throws -> [(
        id: Int64, row: (player: Int64, key: String, level: Int, score: Int64)
    )] {
        let filter = players.map {
            "WHERE playerId IN (\(Array(repeating: "?", count: $0.count).joined(separator: ",")))"
        }
        let arguments = StatementArguments(players ?? [])
        var keys: [Int64: String] = [:]
        let keyRows = try Row.fetchCursor(
            db, sql: "SELECT scoreId, key FROM submissionKey \(filter ?? "")", arguments: arguments)
        while let row = try keyRows.next() { keys[row[0]] = row[1] }
        return try Row.fetchAll(
            db, sql: "SELECT id, playerId, level, score FROM score \(filter ?? "") ORDER BY id", arguments: arguments
        ).map { ($0[0], ($0[1], keys[$0[0] as Int64] ?? "", $0[2], $0[3])) }
    }

    /// How many players are registered.
    public func playerCount() throws -> Int {
        switch engine {
        case .sqlite(let writer, _):
            return try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") ?? 0 }
        case .postgres(let database): return try waitFor { try await database.count("player") }
        }
    }

    /// The names as stored, in registration order.
    public func playerNames() throws -> [String] {
        switch engine {
        case .sqlite(let writer, _):
            return try writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id") }
        case .postgres(let database): return try waitFor { try await database.playerNames() }
        }
    }

    /// The digest `submit` expects for `token` (SHA-256, hex), as the server works it out from a request.
    public static func tokenDigest(_ token: String) -> String { TokenHash.sha256(token) }

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

/// A stored score as a Sendable value (tuples are not).
struct AuditRow: Sendable {
    let player: Int64
    let key: String
    let level: Int
    let score: Int64
    init(_ row: (player: Int64, key: String, level: Int, score: Int64)) {
        (player, key, level, score) = (row.player, row.key, row.level, row.score)
    }
    var tuple: (player: Int64, key: String, level: Int, score: Int64) { (player, key, level, score) }
}

// LeaderboardStore+Submission: one submission applied inside a write transaction: the token's owner, the
// idempotency key (a remembered key answers duplicate or conflict; an expired one is forgotten first), the score
// row and the player's best on the level; and, once per transaction, a bounded sweep of expired keys. Every
// statement is compiled once per connection (GRDB's statement cache): compiling them anew for each submission cost
// more than running them.

import GRDB

/// A submission as the store applies it.
struct Submission: Sendable {
    let player: Int64
    let tokenDigest: String
    let level: Int
    let score: Int64
    let key: String

    /// The fewest expired keys one transaction's sweep may delete; it deletes up to twice the submissions it holds
    /// when that is more, so that the sweep keeps up with the keys added, and never makes one transaction slow.
    static let sweepLimit = 64

    func apply(
        _ db: Database, _ statements: SubmissionStatements, now: Double, keyLifetime: Double, owners: inout TokenOwners
    ) throws -> SubmissionOutcome {
        let owner: Int64
        if let known = owners[tokenDigest] {
            owner = known
        } else {
            guard
                let found = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT id FROM player WHERE tokenHash = ?"), arguments: [tokenDigest])
            else { return .unauthorized }
            owners.remember(tokenDigest, owner: found)
            owner = found
        }
        guard owner == player else { return .forbidden }
        let expiry = now - keyLifetime
        let remembered = try statements.findKey.run(db, player, key) { row in
            (level: row.int64(0), score: row.int64(1), createdAt: row.double(2))
        }
        if let remembered {
            if remembered.createdAt >= expiry {
                return remembered.level == Int64(level) && remembered.score == score ? .duplicate : .conflict
            }
            try statements.forgetKey.run(db, player, key)
        }
        try statements.insertScore.run(db, player, Int64(level), score)
        let scoreId = db.lastInsertedRowID
        try statements.insertKey.run(db, player, key, scoreId, Int64(level), score, now)
        // Raises the player's best on the level (the triggers of `best` move them in `bestCount`, the count of
        // players per best score).
        try statements.raiseBest.run(db, Int64(level), player, score)
        return .stored
    }

    /// Deletes the oldest expired keys, at most `limit` of them.
    static func sweepExpiredKeys(_ db: Database, now: Double, keyLifetime: Double, limit: Int) throws {
        try db.cachedStatement(
            sql: """
                DELETE FROM submissionKey WHERE (playerId, key) IN
                    (SELECT playerId, key FROM submissionKey WHERE createdAt < ? ORDER BY createdAt LIMIT ?)
                """
        ).execute(arguments: [now - keyLifetime, limit])
    }
}

/// The statements a submission runs, taken from the connection's statement cache once per transaction and run
/// through SQLite's C API (RawStatement): GRDB's own execution (an argument array of values, a cursor, a row) cost
/// more than SQLite's work for these one-row statements.
struct SubmissionStatements {
    let findKey: RawStatement
    let forgetKey: RawStatement
    let insertScore: RawStatement
    let insertKey: RawStatement
    let raiseBest: RawStatement

    init(_ db: Database) throws {
        findKey = try RawStatement(
            db, "SELECT level, score, createdAt FROM submissionKey WHERE playerId = ? AND key = ?")
        forgetKey = try RawStatement(db, "DELETE FROM submissionKey WHERE playerId = ? AND key = ?")
        insertScore = try RawStatement(db, "INSERT INTO score (playerId, level, score) VALUES (?, ?, ?)")
        insertKey = try RawStatement(
            db, "INSERT INTO submissionKey (playerId, key, scoreId, level, score, createdAt) VALUES (?, ?, ?, ?, ?, ?)")
        raiseBest = try RawStatement(
            db,
            """
            INSERT INTO best (level, playerId, score) VALUES (?, ?, ?)
            ON CONFLICT (level, playerId) DO UPDATE SET score = excluded.score WHERE excluded.score > best.score
            """)
    }
}

/// Token digests and the player each belongs to, as found in `player` (a player's token never changes and players are
/// never deleted, so an entry never goes stale). Bounded: past `capacity` entries it starts again empty. Used by the
/// committing thread only.
struct TokenOwners {
    static let capacity = 100_000
    private var owners: [String: Int64] = [:]

    subscript(digest: String) -> Int64? { owners[digest] }

    mutating func remember(_ digest: String, owner: Int64) {
        if owners.count >= Self.capacity { owners.removeAll(keepingCapacity: true) }
        owners[digest] = owner
    }
}

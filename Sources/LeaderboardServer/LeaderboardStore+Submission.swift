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

    func apply(_ db: Database, now: Double, keyLifetime: Double) throws -> SubmissionOutcome {
        guard
            let owner = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM player WHERE tokenHash = ?"), arguments: [tokenDigest])
        else { return .unauthorized }
        guard owner == player else { return .forbidden }
        let expiry = now - keyLifetime
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT level, score, createdAt FROM submissionKey WHERE playerId = ? AND key = ?"),
            arguments: [player, key])
        {
            if (row[2] as Double) >= expiry {
                let same = (row[0] as Int) == level && (row[1] as Int64) == score
                return same ? .duplicate : .conflict
            }
            try db.cachedStatement(sql: "DELETE FROM submissionKey WHERE playerId = ? AND key = ?")
                .execute(arguments: [player, key])
        }
        try db.cachedStatement(sql: "INSERT INTO score (playerId, level, score) VALUES (?, ?, ?)")
            .execute(arguments: [player, level, score])
        let scoreId = db.lastInsertedRowID
        try db.cachedStatement(
            sql: "INSERT INTO submissionKey (playerId, key, scoreId, level, score, createdAt) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [player, key, scoreId, level, score, now])
        try updateBest(db)
        return .stored
    }

    /// Deletes the oldest expired keys, at most `limit` of them.
    static func sweepExpiredKeys(_ db: Database, now: Double, keyLifetime: Double, limit: Int) throws {
        try db.cachedStatement(
            sql: """
                DELETE FROM submissionKey WHERE rowid IN
                    (SELECT rowid FROM submissionKey WHERE createdAt < ? ORDER BY createdAt LIMIT ?)
                """
        ).execute(arguments: [now - keyLifetime, limit])
    }

    /// Raises the player's best on the level, and moves them in the count of players per best score.
    private func updateBest(_ db: Database) throws {
        let previous = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT score FROM best WHERE level = ? AND playerId = ?"),
            arguments: [level, player])
        if let previous {
            guard score > previous else { return }
            try db.cachedStatement(sql: "UPDATE best SET score = ? WHERE level = ? AND playerId = ?")
                .execute(arguments: [score, level, player])
            try db.cachedStatement(sql: "UPDATE bestCount SET players = players - 1 WHERE level = ? AND score = ?")
                .execute(arguments: [level, previous])
            try db.cachedStatement(sql: "DELETE FROM bestCount WHERE level = ? AND score = ? AND players <= 0")
                .execute(arguments: [level, previous])
        } else {
            try db.cachedStatement(sql: "INSERT INTO best (level, playerId, score) VALUES (?, ?, ?)")
                .execute(arguments: [level, player, score])
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO bestCount (level, score, players) VALUES (?, ?, 1)
                ON CONFLICT (level, score) DO UPDATE SET players = players + 1
                """
        ).execute(arguments: [level, score])
    }
}

// LeaderboardStore+Submission: one submission applied inside a write transaction: the token's owner, the
// idempotency key (a remembered key answers duplicate or conflict; an expired one is forgotten first), the score
// row, the player's best on the level, and a bounded sweep of expired keys.

import GRDB

/// A submission as the store applies it.
struct Submission: Sendable {
    let player: Int64
    let tokenDigest: String
    let level: Int
    let score: Int64
    let key: String

    /// The most expired keys one transaction deletes (the sweep never makes one submission slow).
    static let sweepLimit = 64

    func apply(_ db: Database, now: Double, keyLifetime: Double) throws -> SubmissionOutcome {
        guard
            let owner = try Int64.fetchOne(
                db, sql: "SELECT id FROM player WHERE tokenHash = ?", arguments: [tokenDigest])
        else { return .unauthorized }
        guard owner == player else { return .forbidden }
        let expiry = now - keyLifetime
        try db.execute(
            sql: """
                DELETE FROM submissionKey WHERE rowid IN
                    (SELECT rowid FROM submissionKey WHERE createdAt < ? ORDER BY createdAt LIMIT ?)
                """, arguments: [expiry, Self.sweepLimit])
        if let row = try Row.fetchOne(
            db, sql: "SELECT level, score, createdAt FROM submissionKey WHERE playerId = ? AND key = ?",
            arguments: [player, key])
        {
            if (row["createdAt"] as Double) >= expiry {
                let same = (row["level"] as Int) == level && (row["score"] as Int64) == score
                return same ? .duplicate : .conflict
            }
            try db.execute(
                sql: "DELETE FROM submissionKey WHERE playerId = ? AND key = ?", arguments: [player, key])
        }
        try db.execute(
            sql: "INSERT INTO score (playerId, level, score) VALUES (?, ?, ?)", arguments: [player, level, score])
        let scoreId = db.lastInsertedRowID
        try db.execute(
            sql: """
                INSERT INTO submissionKey (playerId, key, scoreId, level, score, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [player, key, scoreId, level, score, now])
        try updateBest(db)
        return .stored
    }

    /// Raises the player's best on the level, and moves them in the count of players per best score.
    private func updateBest(_ db: Database) throws {
        let previous = try Int64.fetchOne(
            db, sql: "SELECT score FROM best WHERE level = ? AND playerId = ?", arguments: [level, player])
        if let previous {
            guard score > previous else { return }
            try db.execute(
                sql: "UPDATE best SET score = ? WHERE level = ? AND playerId = ?", arguments: [score, level, player])
            try db.execute(
                sql: "UPDATE bestCount SET players = players - 1 WHERE level = ? AND score = ?",
                arguments: [level, previous])
            try db.execute(
                sql: "DELETE FROM bestCount WHERE level = ? AND score = ? AND players <= 0",
                arguments: [level, previous])
        } else {
            try db.execute(
                sql: "INSERT INTO best (level, playerId, score) VALUES (?, ?, ?)", arguments: [level, player, score])
        }
        try db.execute(
            sql: """
                INSERT INTO bestCount (level, score, players) VALUES (?, ?, 1)
                ON CONFLICT (level, score) DO UPDATE SET players = players + 1
                """, arguments: [level, score])
    }
}

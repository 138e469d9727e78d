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

    func apply(_ db: Database, now: Double, keyLifetime: Double, owners: inout TokenOwners) throws
        -> SubmissionOutcome
    {
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
                DELETE FROM submissionKey WHERE (playerId, key) IN
                    (SELECT playerId, key FROM submissionKey WHERE createdAt < ? ORDER BY createdAt LIMIT ?)
                """
        ).execute(arguments: [now - keyLifetime, limit])
    }

    /// Raises the player's best on the level (the triggers of `best` move them in `bestCount`, the count of players
    /// per best score).
    private func updateBest(_ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO best (level, playerId, score) VALUES (?, ?, ?)
                ON CONFLICT (level, playerId) DO UPDATE SET score = excluded.score WHERE excluded.score > best.score
                """
        ).execute(arguments: [level, player, score])
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

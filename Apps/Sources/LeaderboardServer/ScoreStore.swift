// ScoreStore: the routes' port to the leaderboard's database. `LeaderboardStore` (SQLite or PostgreSQL) is the real
// one; a test puts a double in front of it (e.g. one whose idempotency check is skipped) to show that the
// simulation's audit of the real tables catches what the double breaks (CONTRACT §6.11).

/// What the routes ask of the database.
public protocol ScoreStore: Sendable {
    /// Registers a player under `name` with a fresh secret token; nil when the name is taken (ignoring case).
    func register(name: String) async throws -> RegisteredPlayer?
    /// Stores `score` for `player` on `level` unless `key` was already used by that player while it is remembered.
    func submit(player: Int64, tokenDigest: String, level: Int, score: Int64, key: String) async throws
        -> SubmissionOutcome
    /// The best score of each player on `level`, best first, at most `limit`.
    func top(level: Int, limit: Int) async throws -> [RankedScore]
    /// The rank (1 = best) and best score of `player` on `level`, or nil when the player has no score there.
    func rank(player: Int64, level: Int) async throws -> (rank: Int, score: Int64)?
}

extension LeaderboardStore: ScoreStore {}

extension LeaderboardStore {
    /// What is wrong with the tables for `players`, given every idempotency key (as sent, `String(key)`) their client
    /// was told is stored (CONTRACT §6.11): a score row that no remembered key holds (a submission stored again under
    /// a key already used: a score counted twice), or an acknowledged key the tables do not hold (a score lost); nil
    /// when all is well. Meaningful while the keys are remembered (`LeaderboardPolicy.idempotencyKeyLifetime`): an
    /// expired key leaves its score row without one.
    public func audit(players: Set<Int64>, acknowledged: Set<String>) throws -> String? {
        let rows = try scores(of: players)
        if let twice = rows.first(where: { $0.key.isEmpty }) {
            return "the leaderboard server holds a score of \(twice.score) on level \(twice.level) that no key "
                + "holds: a submission stored again under a key already used (a score counted twice)"
        }
        let held = Set(rows.map(\.key))
        if let lost = acknowledged.subtracting(held).min() {
            return "the leaderboard server acknowledged key \(lost) but does not hold it: a score lost"
        }
        return nil
    }

    /// `audit` as a client's auditor (`HTTPLeaderboard(auditor:)`): tables that cannot be read are reported too.
    public var auditor: @Sendable (_ players: Set<Int64>, _ acknowledged: Set<String>) -> String? {
        { [self] players, acknowledged in
            do { return try audit(players: players, acknowledged: acknowledged) } catch {
                return "the leaderboard server's tables could not be audited: \(error)"
            }
        }
    }
}

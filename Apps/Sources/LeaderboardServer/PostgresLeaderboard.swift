// PostgresLeaderboard: the leaderboard's tables in PostgreSQL through postgres-nio, for several server processes
// sharing one database (`interlude leaderboard serve --db postgres://...`). The same tables and rules as the SQLite
// store (LeaderboardStore+Schema.swift); what differs is concurrency: other processes write at the same time, so
// every rule is enforced by the database itself, not by this process serialising its writes.
//   - Submissions are stored by calls of the function `leaderboard_submit_batch` (one round trip, one transaction
//     for what came while this server's previous call was under way: this server's group commit). Each
//     claims its idempotency key with INSERT ... ON CONFLICT DO NOTHING, so the same key sent to two servers at once
//     is stored once (the second waits on the first's uncommitted row, then sees it and answers duplicate or
//     conflict).
//   - Row locks are taken in one order by every call (submissions sorted by level, player and key; the counts of
//     players per best score moved last, in score order), so two servers' calls never deadlock; a deadlock or
//     serialisation failure anywhere else is retried (at most 3 times), and any other error has each submission of
//     the call sent again alone, so that only the one PostgreSQL refuses fails.
//   - Durable on acknowledgment: PostgreSQL's default `synchronous_commit = on` flushes the WAL at every commit; its
//     WAL writer groups the commits of concurrent connections into one flush (PostgreSQL's own group commit).
//   - The schema is created under an advisory lock, so two servers starting at once do not race.
// URL: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&schema=NAME]
//   [&host=/socket/folder] [&pool=N]: `schema` keeps the tables in that schema (created if missing: the tests use a
//   fresh one each), `host` a Unix-domain socket folder as libpq reads it, `pool` the connections (default 20).

import Foundation
import Logging
import NIOSSL
import PostgresNIO
import Synchronization

/// The PostgreSQL side of `LeaderboardStore`.
final class PostgresLeaderboard: Sendable {
    let client: PostgresClient
    private let runner: Task<Void, Never>
    /// What the URL said, without the password (for messages).
    let description: String

    /// What a `postgres://` URL holds.
    struct Address: Equatable {
        var host = "127.0.0.1"
        var port = 5432
        var socketFolder: String?
        var user = "postgres"
        var password: String?
        var database: String?
        var tls = "prefer"
        var schema: String?
        var pool = 20

        /// Parses `url`; the error names what is wrong.
        init(_ url: String) throws {
            guard let parts = URLComponents(string: url), let scheme = parts.scheme,
                ["postgres", "postgresql"].contains(scheme.lowercased())
            else {
                throw PostgresURLError("expected postgres://USER@HOST[:PORT]/DATABASE, got '\(url.prefix(200))'")
            }
            if let host = parts.host, !host.isEmpty { self.host = host }
            if let port = parts.port {
                guard (1...65535).contains(port) else { throw PostgresURLError("port \(port) is not within 1...65535") }
                self.port = port
            }
            if let user = parts.user, !user.isEmpty { self.user = user.removingPercentEncoding ?? user }
            password = parts.password.map { $0.removingPercentEncoding ?? $0 }
            let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
            database = path.isEmpty ? nil : (path.removingPercentEncoding ?? path)
            for item in parts.queryItems ?? [] {
                let value = item.value ?? ""
                switch item.name {
                case "sslmode":
                    guard ["disable", "prefer", "require"].contains(value) else {
                        throw PostgresURLError("sslmode must be disable, prefer or require, not '\(value.prefix(40))'")
                    }
                    tls = value
                case "schema":
                    guard Self.isIdentifier(value) else {
                        throw PostgresURLError(
                            "schema must be 1-63 lowercase letters, digits or _ starting with a letter, not '\(value.prefix(70))'"
                        )
                    }
                    schema = value
                case "host":
                    guard value.hasPrefix("/") else { throw PostgresURLError("host= must be a socket folder (/...)") }
                    socketFolder = value
                case "pool":
                    guard let size = Int(value), (1...500).contains(size) else {
                        throw PostgresURLError("pool must be within 1...500, not '\(value.prefix(20))'")
                    }
                    pool = size
                default:
                    throw PostgresURLError(
                        "unknown parameter '\(item.name.prefix(40))' (known: sslmode, schema, host, pool)")
                }
            }
        }

        static func isIdentifier(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard let first = bytes.first, (1...63).contains(bytes.count),
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
            else { return false }
            return bytes.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "_")
            }
        }

        var configuration: PostgresClient.Configuration {
            var configuration: PostgresClient.Configuration
            if let socketFolder {
                configuration = .init(
                    unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password,
                    database: database)
            } else {
                let tls: PostgresClient.Configuration.TLS =
                    switch self.tls {
                    case "disable": .disable
                    case "require": .require(.makeClientConfiguration())
                    default: .prefer(.makeClientConfiguration())
                    }
                configuration = .init(
                    host: host, port: port, username: user, password: password, database: database, tls: tls)
            }
            configuration.options.maximumConnections = pool
            configuration.options.connectTimeout = .seconds(10)
            if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
            return configuration
        }

        /// The address without its password.
        var safeDescription: String {
            let place = socketFolder.map { "\($0) port \(port)" } ?? "\(host):\(port)"
            return "postgres://\(user)@\(place)/\(database ?? user)" + (schema.map { " schema \($0)" } ?? "")
        }
    }

    /// Connects to the database at `url` and creates the tables if they are missing.
    init(url: String) async throws {
        let address = try Address(url)
        let client = PostgresClient(configuration: address.configuration)
        self.client = client
        runner = Task { await client.run() }
        description = address.safeDescription
        do {
            let schema = address.schema
            try await withDeadline(seconds: 30, "connecting to and preparing the database") {
                try await Self.migrate(client, schema: schema)
            }
        } catch {
            runner.cancel()
            throw PostgresStoreError("cannot prepare the database \(address.safeDescription): \(Self.explain(error))")
        }
    }

    /// Closes every connection (requests still waiting fail).
    func close() { runner.cancel() }

    // MARK: the schema

    /// The tables (the SQLite store's, in PostgreSQL's types) and the submission function, created once, under an
    /// advisory lock so that servers starting together do not race.
    static func migrate(_ client: PostgresClient, schema: String?) async throws {
        let logger = Logger(label: "interlude.leaderboard.postgres")
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7217017)", logger: logger)
            if let schema {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            for statement in schemaStatements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    static let schemaStatements = [
        """
        CREATE TABLE IF NOT EXISTS player (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name text NOT NULL,
            namekey text NOT NULL UNIQUE,
            tokenhash text NOT NULL UNIQUE,
            createdat double precision NOT NULL)
        """,
        "CREATE SEQUENCE IF NOT EXISTS score_id_seq",
        """
        CREATE TABLE IF NOT EXISTS score (
            id bigint PRIMARY KEY DEFAULT nextval('score_id_seq'),
            playerid bigint NOT NULL REFERENCES player(id),
            level integer NOT NULL,
            score bigint NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS submissionkey (
            playerid bigint NOT NULL,
            key text NOT NULL,
            scoreid bigint NOT NULL,
            level integer NOT NULL,
            score bigint NOT NULL,
            createdat double precision NOT NULL,
            PRIMARY KEY (playerid, key))
        """,
        "CREATE INDEX IF NOT EXISTS submissionkey_by_age ON submissionkey(createdat)",
        "CREATE INDEX IF NOT EXISTS submissionkey_by_score ON submissionkey(scoreid)",
        """
        CREATE TABLE IF NOT EXISTS best (
            level integer NOT NULL,
            playerid bigint NOT NULL REFERENCES player(id),
            score bigint NOT NULL,
            PRIMARY KEY (level, playerid))
        """,
        "CREATE INDEX IF NOT EXISTS best_by_score ON best(level, score DESC, playerid)",
        """
        CREATE TABLE IF NOT EXISTS bestcount (
            level integer NOT NULL,
            score bigint NOT NULL,
            players integer NOT NULL,
            PRIMARY KEY (level, score))
        """,
        // Several submissions in one call and one transaction (a server's group commit), outcomes in order: 0 stored,
        // 1 duplicate, 2 conflict, 3 unauthorized, 4 forbidden. The key sweep once, first. Row locks in one order in
        // every call: the submissions come sorted by (level, player, key), each claims its key then its best, and the
        // counts of players per best score move last, all at once, in (level, score) order; so two servers' calls
        // wait for each other but never deadlock (they did when each submission moved its counts itself).
        """
        CREATE OR REPLACE FUNCTION leaderboard_submit_batch(
            p_players bigint[], p_digests text[], p_levels integer[], p_scores bigint[], p_keys text[],
            p_nows double precision[], p_expiries double precision[], p_sweep integer) RETURNS integer[]
        LANGUAGE plpgsql AS $$
        DECLARE
            v_outcomes integer[] := '{}';
            v_count_levels integer[] := '{}'; v_count_scores bigint[] := '{}'; v_count_moves integer[] := '{}';
            v_owner bigint; v_level integer; v_score bigint; v_created double precision; v_id bigint;
            v_previous bigint; v_outcome integer; r record;
        BEGIN
            IF p_sweep > 0 AND coalesce(array_length(p_players, 1), 0) > 0 THEN
                DELETE FROM submissionkey WHERE ctid IN (
                    SELECT ctid FROM submissionkey WHERE createdat < p_expiries[1]
                    ORDER BY createdat LIMIT p_sweep FOR UPDATE SKIP LOCKED);
            END IF;
            FOR i IN 1 .. coalesce(array_length(p_players, 1), 0) LOOP
                v_outcome := NULL;
                SELECT id INTO v_owner FROM player WHERE tokenhash = p_digests[i];
                IF v_owner IS NULL THEN
                    v_outcome := 3;
                ELSIF v_owner <> p_players[i] THEN
                    v_outcome := 4;
                END IF;
                IF v_outcome IS NULL THEN
                    v_id := nextval('score_id_seq');
                    LOOP
                        INSERT INTO submissionkey (playerid, key, scoreid, level, score, createdat)
                            VALUES (p_players[i], p_keys[i], v_id, p_levels[i], p_scores[i], p_nows[i])
                            ON CONFLICT DO NOTHING;
                        EXIT WHEN FOUND;
                        SELECT level, score, createdat INTO v_level, v_score, v_created FROM submissionkey
                            WHERE playerid = p_players[i] AND key = p_keys[i] FOR UPDATE;
                        IF FOUND THEN
                            IF v_created >= p_expiries[i] THEN
                                v_outcome := CASE WHEN v_level = p_levels[i] AND v_score = p_scores[i] THEN 1 ELSE 2 END;
                                EXIT;
                            END IF;
                            DELETE FROM submissionkey WHERE playerid = p_players[i] AND key = p_keys[i];
                        END IF;
                    END LOOP;
                END IF;
                IF v_outcome IS NULL THEN
                    v_outcome := 0;
                    INSERT INTO score (id, playerid, level, score) VALUES (v_id, p_players[i], p_levels[i], p_scores[i]);
                    INSERT INTO best (level, playerid, score) VALUES (p_levels[i], p_players[i], p_scores[i])
                        ON CONFLICT DO NOTHING;
                    IF FOUND THEN
                        v_count_levels := v_count_levels || p_levels[i];
                        v_count_scores := v_count_scores || p_scores[i];
                        v_count_moves := v_count_moves || 1;
                    ELSE
                        SELECT score INTO v_previous FROM best
                            WHERE level = p_levels[i] AND playerid = p_players[i] FOR UPDATE;
                        IF p_scores[i] > v_previous THEN
                            UPDATE best SET score = p_scores[i] WHERE level = p_levels[i] AND playerid = p_players[i];
                            v_count_levels := v_count_levels || p_levels[i] || p_levels[i];
                            v_count_scores := v_count_scores || v_previous || p_scores[i];
                            v_count_moves := v_count_moves || -1 || 1;
                        END IF;
                    END IF;
                END IF;
                v_outcomes := v_outcomes || v_outcome;
            END LOOP;
            FOR r IN
                SELECT l, s, SUM(m)::integer AS moved FROM unnest(v_count_levels, v_count_scores, v_count_moves) AS t(l, s, m)
                GROUP BY l, s HAVING SUM(m) <> 0 ORDER BY l, s
            LOOP
                INSERT INTO bestcount (level, score, players) VALUES (r.l, r.s, r.moved)
                    ON CONFLICT (level, score) DO UPDATE SET players = bestcount.players + r.moved;
                DELETE FROM bestcount WHERE level = r.l AND score = r.s AND players <= 0;
            END LOOP;
            RETURN v_outcomes;
        END $$
        """,
    ]

    // MARK: the store's operations

    /// The longest one operation may wait for PostgreSQL (a connection, then its answer) before the request fails.
    static let requestDeadline = 10.0

    func register(name: String, digest: String, now: Double) async throws -> Int64? {
        try await withDeadline(seconds: Self.requestDeadline, "registering") {
            try await self.registerNow(name: name, digest: digest, now: now)
        }
    }

    private func registerNow(name: String, digest: String, now: Double) async throws -> Int64? {
        let rows = try await client.query(
            """
            INSERT INTO player (name, namekey, tokenhash, createdat) VALUES (\(name), \(name.lowercased()), \(digest), \(now))
            ON CONFLICT (namekey) DO NOTHING RETURNING id
            """)
        for try await id in rows.decode(Int64.self) { return id }
        return nil
    }

    /// Stores `submission` in the next call of `leaderboard_submit_batch` from this server (group commit: what
    /// waits while `maximumCalls` calls are under way goes into the next one, at most `batchLimit`); returns once
    /// that call's transaction committed.
    func submit(_ submission: Submission, now: Double, keyLifetime: Double) async throws -> SubmissionOutcome {
        try await withCheckedThrowingContinuation { continuation in
            let starts = queue.withLock { queue in
                queue.pending.append(
                    Waiting(submission: submission, now: now, expiry: now - keyLifetime, continuation: continuation))
                guard queue.calls < Self.maximumCalls else { return false }
                queue.calls += 1
                return true
            }
            if starts { Task { await self.callWhilePending() } }
        }
    }

    /// A submission waiting for a call, and when it came.
    private struct Waiting: Sendable {
        let submission: Submission
        let now: Double
        let expiry: Double
        let continuation: CheckedContinuation<SubmissionOutcome, any Error>
    }

    /// Submissions waiting, and the calls under way (each a task taking what waits until nothing does).
    private let queue = Mutex<(pending: [Waiting], calls: Int)>(([], 0))
    /// Calls under way at once from one server: one. PostgreSQL still overlaps the calls of several servers; more
    /// from one server only made the batches smaller and their row locks wait on each other (two servers, 50
    /// clients: 4 calls each 2,502 submissions/s, 2 calls 2,917-4,757/s, 1 call 5,037-6,314/s).
    static let maximumCalls = 1
    /// The most submissions in one call (each takes its row locks until the call commits).
    static let batchLimit = 64
    /// Calls made and submissions in them, for the benchmark's report.
    let callCounts = Mutex<(calls: Int, submissions: Int)>((0, 0))

    private func callWhilePending() async {
        while true {
            let batch = queue.withLock { queue -> [Waiting] in
                let batch = Array(queue.pending.prefix(Self.batchLimit))
                queue.pending.removeFirst(batch.count)
                if batch.isEmpty { queue.calls -= 1 }
                return batch
            }
            guard !batch.isEmpty else { return }
            await call(batch)
        }
    }

    /// One call for `batch`, in the order of (level, player, key), so that two servers' calls take the rows of
    /// `best` in the same order. A deadlock or serialisation failure (the whole call rolled back) is retried; any
    /// other error from PostgreSQL rolls the call back too, and then each submission is sent alone, so that only one
    /// PostgreSQL refuses fails. No answer within the deadline fails the batch (a retry under the same key finds
    /// whatever committed).
    private func call(_ batch: [Waiting]) async {
        let ordered = batch.sorted {
            ($0.submission.level, $0.submission.player, $0.submission.key)
                < ($1.submission.level, $1.submission.player, $1.submission.key)
        }
        do {
            let outcomes = try await withDeadline(
                seconds: Self.requestDeadline, "storing \(ordered.count) submissions"
            ) {
                try await self.callNow(ordered)
            }
            callCounts.withLock {
                $0.calls += 1
                $0.submissions += ordered.count
            }
            for (waiting, outcome) in zip(ordered, outcomes) { waiting.continuation.resume(with: outcome) }
        } catch is PSQLError {
            await withTaskGroup(of: Void.self) { group in
                for waiting in ordered {
                    group.addTask {
                        do {
                            let outcomes = try await withDeadline(
                                seconds: Self.requestDeadline, "storing a submission"
                            ) {
                                try await self.callNow([waiting])
                            }
                            waiting.continuation.resume(with: outcomes[0])
                        } catch let error as PSQLError {
                            waiting.continuation.resume(
                                throwing: PostgresStoreError("submission failed: \(Self.explain(error))"))
                        } catch {
                            waiting.continuation.resume(throwing: error)
                        }
                    }
                }
            }
        } catch {
            for waiting in ordered { waiting.continuation.resume(throwing: error) }
        }
    }

    /// `batch` in one call (a batch of one when a call failed and each is sent alone), retried after a deadlock or
    /// serialisation failure (at most 3 times).
    private func callNow(_ batch: [Waiting]) async throws -> [Result<SubmissionOutcome, any Error>] {
        let submissions = batch.map(\.submission)
        let (players, digests, levels, scores, keys) = (
            submissions.map(\.player), submissions.map(\.tokenDigest), submissions.map { Int64($0.level) },
            submissions.map(\.score), submissions.map(\.key)
        )
        let (nows, expiries) = (batch.map(\.now), batch.map(\.expiry))
        let sweep = Int32(max(Submission.sweepLimit, 2 * batch.count))
        var attempt = 0
        while true {
            attempt += 1
            do {
                // Levels go as bigint and PostgreSQL casts them: one past integer's range is its error for that
                // submission (its call rolled back, the others sent again alone), not a trap in this process.
                let rows = try await client.query(
                    """
                    SELECT leaderboard_submit_batch(\(players), \(digests), \(levels)::integer[], \(scores), \(keys),
                                                    \(nows), \(expiries), \(sweep))
                    """)
                var codes: [Int32] = []
                for try await value in rows.decode([Int32].self) { codes = value }
                guard codes.count == batch.count else {
                    throw PostgresStoreError(
                        "leaderboard_submit_batch answered \(codes.count) outcomes for \(batch.count) submissions")
                }
                return codes.map { code in Result { try Self.outcome(code) } }
            } catch let error as PSQLError where attempt < 4 && Self.isTransient(error) {
                continue  // nothing was stored; try again
            }
        }
    }

    /// A deadlock or a serialisation failure: the transaction was rolled back, nothing of it stored.
    private static func isTransient(_ error: PSQLError) -> Bool {
        ["40P01", "40001"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    /// `leaderboard_submit_batch`'s answer for one submission as an outcome.
    private static func outcome(_ code: Int32) throws -> SubmissionOutcome {
        switch code {
        case 0: return .stored
        case 1: return .duplicate
        case 2: return .conflict
        case 3: return .unauthorized
        case 4: return .forbidden
        default: throw PostgresStoreError("leaderboard_submit_batch answered \(code)")
        }
    }

    func top(level: Int, limit: Int) async throws -> [RankedScore] {
        try await withDeadline(seconds: Self.requestDeadline, "reading a top list") {
            try await self.topNow(level: level, limit: limit)
        }
    }

    private func topNow(level: Int, limit: Int) async throws -> [RankedScore] {
        let rows = try await client.query(
            """
            SELECT p.id, p.name, b.score FROM best b JOIN player p ON p.id = b.playerid
            WHERE b.level = \(level) ORDER BY b.score DESC, b.playerid ASC LIMIT \(limit)
            """)
        var result: [RankedScore] = []
        for try await (id, name, score) in rows.decode((Int64, String, Int64).self) {
            result.append(RankedScore(rank: result.count + 1, player: id, name: name, score: score))
        }
        return result
    }

    func rank(player: Int64, level: Int) async throws -> (rank: Int, score: Int64)? {
        try await withDeadline(seconds: Self.requestDeadline, "reading a rank") {
            try await self.rankNow(player: player, level: level)
        }.map { ($0.rank, $0.score) }
    }

    private func rankNow(player: Int64, level: Int) async throws -> Rank? {
        let rows = try await client.query(
            """
            SELECT b.score, (SELECT coalesce(SUM(c.players), 0)::bigint FROM bestcount c
                             WHERE c.level = b.level AND c.score > b.score)
            FROM best b WHERE b.level = \(level) AND b.playerid = \(player)
            """)
        for try await (score, better) in rows.decode((Int64, Int64).self) {
            return Rank(rank: Int(better) + 1, score: score)
        }
        return nil
    }

    /// A rank as a Sendable value (tuples are not).
    struct Rank: Sendable {
        let rank: Int
        let score: Int64
    }

    func count(_ table: String) async throws -> Int {
        let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(table)"))
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    func allScores() async throws -> [(player: Int64, key: String, level: Int, score: Int64)] {
        try await auditRows(
            """
            SELECT s.playerid, coalesce(k.key, ''), s.level, s.score
            FROM score s LEFT JOIN submissionkey k ON k.scoreid = s.id ORDER BY s.id
            """)
    }

    /// The stored scores of `players` as `allScores` gives them: the score table's rows of those players, each with
    /// its key if still remembered (joined through the keys' index by score).
    func scores(of players: [Int64]) async throws -> [(player: Int64, key: String, level: Int, score: Int64)] {
        try await auditRows(
            """
            SELECT s.playerid, coalesce(k.key, ''), s.level, s.score
            FROM score s LEFT JOIN submissionkey k ON k.scoreid = s.id WHERE s.playerid = ANY(\(players)) ORDER BY s.id
            """)
    }

    /// The rows of an audit's query: (player, key, level, score).
    private func auditRows(_ query: PostgresQuery) async throws -> [(
        player: Int64, key: String, level: Int, score: Int64
    )] {
        let rows = try await client.query(query)
        var result: [(player: Int64, key: String, level: Int, score: Int64)] = []
        for try await (player, key, level, score) in rows.decode((Int64, String, Int, Int64).self) {
            result.append((player, key, level, score))
        }
        return result
    }

    func playerNames() async throws -> [String] {
        let rows = try await client.query("SELECT name FROM player ORDER BY id")
        var names: [String] = []
        for try await name in rows.decode(String.self) { names.append(name) }
        return names
    }

    /// What went wrong, with the server's message when it sent one (PSQLError's description hides it).
    static func explain(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}

/// A `postgres://` URL that cannot be used.
public struct PostgresURLError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = "invalid PostgreSQL URL: " + description }
}

/// The PostgreSQL store could not do what was asked.
public struct PostgresStoreError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`, or throws once `seconds` have passed (then `body` is cancelled: a query waiting for a connection
/// gives up; one already sent may still commit, which a retry under the same key then finds).
func withDeadline<T: Sendable>(
    seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw PostgresStoreError("no answer from PostgreSQL within \(Int(seconds)) s (\(what))")
        }
        return value
    }
}

/// Runs `body` on another task and waits for it: for the synchronous API (tests, audits, the command line), never
/// on an event loop. Waits at most `seconds`.
func waitFor<T: Sendable>(seconds: Double = 60, _ body: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task.detached {
        do { box.set(.success(try await body())) } catch { box.set(.failure(error)) }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
        throw PostgresStoreError("no answer from PostgreSQL within \(Int(seconds)) s")
    }
    return try box.get()!.get()
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, any Error>?
    func set(_ result: Result<T, any Error>) { lock.withLock { value = result } }
    func get() -> Result<T, any Error>? { lock.withLock { value } }
}

// PostgresLeaderboard: the leaderboard's tables in PostgreSQL through postgres-nio, for several server processes
// sharing one database (`interlude leaderboard serve --db postgres://...`). The same tables and rules as the SQLite
// store (LeaderboardStore+Schema.swift); what differs is concurrency: other processes write at the same time, so
// every rule is enforced by the database itself, not by this process serialising its writes.
//   - A submission is one call of the function `leaderboard_submit` (one round trip, one transaction): it claims
//     the idempotency key with INSERT ... ON CONFLICT DO NOTHING, so the same key sent to two servers at once is
//     stored once (the second waits on the first's uncommitted row, then sees it and answers duplicate or conflict).
//   - Each player's best is locked (FOR UPDATE) before the count of players per best score moves; counts are
//     locked in increasing score order (the old best is below the new one), so two submissions never deadlock
//     there; a deadlock or serialisation failure anywhere else is retried (at most 3 times).
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
        // Outcomes: 0 stored, 1 duplicate, 2 conflict, 3 unauthorized, 4 forbidden.
        """
        CREATE OR REPLACE FUNCTION leaderboard_submit(
            p_player bigint, p_digest text, p_level integer, p_score bigint, p_key text,
            p_now double precision, p_expiry double precision, p_sweep integer) RETURNS integer
        LANGUAGE plpgsql AS $$
        DECLARE
            v_owner bigint; v_level integer; v_score bigint; v_created double precision; v_id bigint;
            v_previous bigint;
        BEGIN
            SELECT id INTO v_owner FROM player WHERE tokenhash = p_digest;
            IF v_owner IS NULL THEN RETURN 3; END IF;
            IF v_owner <> p_player THEN RETURN 4; END IF;
            DELETE FROM submissionkey WHERE ctid IN (
                SELECT ctid FROM submissionkey WHERE createdat < p_expiry
                ORDER BY createdat LIMIT p_sweep FOR UPDATE SKIP LOCKED);
            v_id := nextval('score_id_seq');
            LOOP
                INSERT INTO submissionkey (playerid, key, scoreid, level, score, createdat)
                    VALUES (p_player, p_key, v_id, p_level, p_score, p_now) ON CONFLICT DO NOTHING;
                EXIT WHEN FOUND;
                SELECT level, score, createdat INTO v_level, v_score, v_created FROM submissionkey
                    WHERE playerid = p_player AND key = p_key FOR UPDATE;
                IF FOUND THEN
                    IF v_created >= p_expiry THEN
                        RETURN CASE WHEN v_level = p_level AND v_score = p_score THEN 1 ELSE 2 END;
                    END IF;
                    DELETE FROM submissionkey WHERE playerid = p_player AND key = p_key;
                END IF;
            END LOOP;
            INSERT INTO score (id, playerid, level, score) VALUES (v_id, p_player, p_level, p_score);
            INSERT INTO best (level, playerid, score) VALUES (p_level, p_player, p_score) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
                SELECT score INTO v_previous FROM best WHERE level = p_level AND playerid = p_player FOR UPDATE;
                IF p_score <= v_previous THEN RETURN 0; END IF;
                UPDATE best SET score = p_score WHERE level = p_level AND playerid = p_player;
                UPDATE bestcount SET players = players - 1 WHERE level = p_level AND score = v_previous;
                DELETE FROM bestcount WHERE level = p_level AND score = v_previous AND players <= 0;
            END IF;
            INSERT INTO bestcount (level, score, players) VALUES (p_level, p_score, 1)
                ON CONFLICT (level, score) DO UPDATE SET players = bestcount.players + 1;
            RETURN 0;
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

    func submit(_ submission: Submission, now: Double, keyLifetime: Double) async throws -> SubmissionOutcome {
        try await withDeadline(seconds: Self.requestDeadline, "storing a submission") {
            try await self.submitNow(submission, now: now, keyLifetime: keyLifetime)
        }
    }

    private func submitNow(_ submission: Submission, now: Double, keyLifetime: Double) async throws
        -> SubmissionOutcome
    {
        let (player, digest, level, score, key) = (
            submission.player, submission.tokenDigest, submission.level, submission.score, submission.key
        )
        let expiry = now - keyLifetime
        let sweep = Submission.sweepLimit
        var attempt = 0
        while true {
            attempt += 1
            do {
                let rows = try await client.query(
                    """
                    SELECT leaderboard_submit(\(player), \(digest), \(level)::integer, \(score), \(key), \(now),
                                              \(expiry), \(sweep)::integer)
                    """)
                var code = -1
                for try await value in rows.decode(Int.self) { code = value }
                switch code {
                case 0: return .stored
                case 1: return .duplicate
                case 2: return .conflict
                case 3: return .unauthorized
                case 4: return .forbidden
                default: throw PostgresStoreError("leaderboard_submit answered \(code)")
                }
            } catch let error as PSQLError
                where attempt < 4 && ["40P01", "40001"].contains(error.serverInfo?[.sqlState] ?? "")
            {
                continue  // a deadlock or serialisation failure: nothing was stored; try again
            } catch let error as PSQLError {
                throw PostgresStoreError("submission failed: \(Self.explain(error))")
            }
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
        let rows = try await client.query(
            """
            SELECT s.playerid, coalesce(k.key, ''), s.level, s.score
            FROM score s LEFT JOIN submissionkey k ON k.scoreid = s.id ORDER BY s.id
            """)
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

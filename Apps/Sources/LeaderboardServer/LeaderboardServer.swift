// LeaderboardServer — the global leaderboard as an HTTP JSON service (Hummingbird) over SQLite (GRDB) or
// PostgreSQL (postgres-nio: several servers sharing one database).
//
// Owns: the API (LeaderboardRoutes.swift: register, submit with an idempotency key, top N, rank), input
// rules (Validation.swift), what a level can score (ScoreRules.swift, from GameCore's rules), rate limits
// (RateLimiter.swift), every limit in one value (LeaderboardPolicy.swift), per-address connection caps and request
// read deadlines (ConnectionGuard.swift), JSON errors (APIError.swift), storage (LeaderboardStore*.swift), the fault
// switch for tests and scripts (LeaderboardFaults.swift), and two ways to run: `run()` for
// `interlude leaderboard serve` (SIGINT/SIGTERM shut it down gracefully through swift-service-lifecycle:
// the listener closes, requests in flight finish their writes), and `EmbeddedLeaderboardServer` (this
// process, loopback, a free port) that `interlude play`/`replay` and the tests start.
// Imports Hummingbird, GRDB (and its SQLite: RawStatement.swift), ServiceLifecycle, Logging, Foundation, and GameCore
// for the levels and scoring rules only: the game's client (Services/HTTPLeaderboard.swift) speaks to it only over HTTP.
// Start reading at `application(...)` below, then LeaderboardRoutes.

import EmbeddedServer
import Foundation
import GameCore
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds and runs the leaderboard service.
public enum LeaderboardServer {
    /// The Hummingbird application: routes, JSON errors, faults, the policy's limits, bound to `host:port` (0: a
    /// free port). `levels` are the game's, level 1 first: the server refuses scores they cannot give.
    public static func application(
        store: any ScoreStore, levels: [Level], policy: LeaderboardPolicy = LeaderboardPolicy(),
        faults: LeaderboardFaults, host: String, port: Int, logger: Logger,
        onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router(context: LeaderboardContext.self)
        router.middlewares.add(JSONErrorMiddleware())
        router.middlewares.add(FaultMiddleware(faults: faults))
        let service = LeaderboardService(store: store, rules: ScoreRules(levels: levels), policy: policy)
        LeaderboardRoutes.add(to: router, service: service)
        let ledger = ConnectionLedger(
            limitPerAddress: policy.maximumConnectionsPerAddress, limitPerNetwork: policy.maximumConnectionsPerNetwork,
            shedThreshold: policy.shedThreshold)
        let head = TimeAmount.nanoseconds(Int64(policy.headTimeout * 1e9))
        let idle = TimeAmount.nanoseconds(Int64(policy.idleTimeout * 1e9))
        let read = TimeAmount.nanoseconds(Int64(policy.requestReadTimeout * 1e9))
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                ConnectionGuardHandler(ledger: ledger, headTimeout: head, idleTimeout: idle, readTimeout: read)
            ],
            idleTimeout: idle,
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: policy.maximumHeaderFieldBytes, maxHeaderListSize: policy.maximumHeaderBytes,
                maxHeaderFieldCount: 100))
        let configuration = ApplicationConfiguration(
            address: .hostname(host, port: port), serverName: "interlude", backlog: 256,
            availableConnectionsDelegate: MaximumAvailableConnections(
                policy.effectiveMaximumConnections, logger: logger))
        return Application(
            router: router, server: .http1(configuration: http1), configuration: configuration,
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully: the listener closes, requests in flight get
    /// `policy.shutdownGrace` seconds to finish, then every connection left is closed. A submission is acknowledged
    /// only after its transaction committed, so nothing acknowledged is lost; one cut off is retried by its client
    /// under the same key.
    public static func run(
        host: String, port: Int, database: String, levels: [Level], policy: LeaderboardPolicy = LeaderboardPolicy()
    ) async throws {
        var logger = Logger(label: "interlude.leaderboard", factory: ServerLogHandler.init)
        logger.logLevel = .info
        let store: LeaderboardStore
        if LeaderboardStore.isPostgres(database) {
            let postgres = try await PostgresLeaderboard(url: database)
            store = LeaderboardStore(
                postgres: postgres, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
        } else {
            store = try LeaderboardStore(
                path: database, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
        }
        defer { store.close() }
        let shown: String =
            switch store.engine {
            case .sqlite: database
            case .postgres(let postgres): postgres.description
            }
        let app = application(
            store: store, levels: levels, policy: policy, faults: LeaderboardFaults(), host: host, port: port,
            logger: logger,
            onRunning: {
                print("leaderboard listening on http://\(host):\($0) (database \(shown))")
                fflush(nil)
            })
        var configuration = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .nanoseconds(Int64(policy.shutdownGrace * 1e9))
        configuration.maximumCancellationDuration = .seconds(2)
        try await ServiceGroup(configuration: configuration).run()
        print("leaderboard stopped")
        fflush(nil)
    }
}

/// A leaderboard server in this process on loopback, for the game's default and for tests.
/// `init` returns once it listens; `stop()` shuts it down gracefully and waits.
public final class EmbeddedLeaderboardServer: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// Its database (in memory when created without a path).
    public let store: LeaderboardStore
    /// Its fault switch.
    public let faults: LeaderboardFaults
    private let services: EmbeddedServiceGroup
    private let ownsStore: Bool

    /// The server's address, e.g. `http://127.0.0.1:41234`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Starts on 127.0.0.1, on `port` (0: a free one), over the database at `databasePath` (nil: in memory; a
    /// `postgres://` URL: PostgreSQL). `levels` are the game's (its scores are checked against them); `policy` sets
    /// the limits (tests shorten them).
    public convenience init(
        databasePath: String? = nil, port: Int = 0, levels: [Level] = [.hangar],
        policy: LeaderboardPolicy = LeaderboardPolicy()
    ) throws {
        let store =
            try databasePath.map {
                try LeaderboardStore(database: $0, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
            } ?? LeaderboardStore(path: nil, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
        try self.init(store: store, port: port, levels: levels, policy: policy, ownsStore: true)
    }

    /// Starts over `store` (its key lifetime and clock should be the policy's). The store stays open when the server
    /// stops, so that it can still be read; its owner closes it. `front`: what the routes call instead of `store` (a
    /// test's double in front of it, e.g. one that skips the idempotency check); nil: `store` itself.
    public convenience init(
        store: LeaderboardStore, front: (any ScoreStore)? = nil, port: Int = 0, levels: [Level] = [.hangar],
        policy: LeaderboardPolicy = LeaderboardPolicy()
    ) throws {
        try self.init(store: store, front: front, port: port, levels: levels, policy: policy, ownsStore: false)
    }

    private init(
        store: LeaderboardStore, front: (any ScoreStore)? = nil, port: Int, levels: [Level],
        policy: LeaderboardPolicy, ownsStore: Bool
    ) throws {
        let routes = front ?? store
        self.ownsStore = ownsStore
        var logger = Logger(label: "interlude.leaderboard.embedded", factory: ServerLogHandler.init)
        logger.logLevel = .warning
        let faults = LeaderboardFaults()
        do {
            services = try EmbeddedServiceGroup(
                logger: logger, gracefulShutdown: .nanoseconds(Int64(policy.shutdownGrace * 1e9))
            ) { onRunning in
                [
                    LeaderboardServer.application(
                        store: routes, levels: levels, policy: policy, faults: faults, host: "127.0.0.1", port: port,
                        logger: logger, onRunning: onRunning)
                ]
            }
        } catch {
            if ownsStore { store.close() }
            throw EmbeddedServerError.notStarted(error.reason)
        }
        self.port = services.port
        self.store = store
        self.faults = faults
    }

    /// Shuts down gracefully (requests in flight finish) and waits until the server has stopped. Idempotent.
    public func stop() {
        if services.stop(), ownsStore { store.close() }
    }

    deinit { stop() }
}

/// Why an embedded server could not start.
public enum EmbeddedServerError: Error, CustomStringConvertible {
    case notStarted(String)

    public var description: String {
        switch self {
        case .notStarted(let why): return "the embedded leaderboard server did not start: \(why)"
        }
    }
}

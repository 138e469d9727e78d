// LeaderboardServer — the global leaderboard as an HTTP JSON service (Hummingbird) over SQLite (GRDB).
//
// Owns: the API (LeaderboardRoutes.swift: register, submit with an idempotency key, top N, rank), input
// rules (Validation.swift), JSON errors (APIError.swift), storage (LeaderboardStore.swift), the fault
// switch for tests and scripts (LeaderboardFaults.swift), and two ways to run: `run()` for
// `interlude leaderboard serve` (SIGINT/SIGTERM shut it down gracefully through swift-service-lifecycle:
// the listener closes, requests in flight finish their writes), and `EmbeddedLeaderboardServer` (this
// process, loopback, a free port) that `interlude play`/`replay` and the tests start.
// Imports Hummingbird, GRDB, ServiceLifecycle, Logging and Foundation; never the game's modules: the
// game's client (Services/HTTPLeaderboard.swift) speaks to it only over HTTP.
// Start reading at `application(...)` below, then LeaderboardRoutes.

import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// Builds and runs the leaderboard service.
public enum LeaderboardServer {
    /// The Hummingbird application: routes, JSON errors, faults, bound to `host:port` (0: a free port).
    public static func application(
        store: LeaderboardStore, faults: LeaderboardFaults, host: String, port: Int, logger: Logger,
        onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(JSONErrorMiddleware())
        router.middlewares.add(FaultMiddleware(faults: faults))
        LeaderboardRoutes.add(to: router, store: store)
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "interlude"),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully (in-flight requests finish).
    public static func run(host: String, port: Int, databasePath: String) async throws {
        var logger = Logger(label: "interlude.leaderboard")
        logger.logLevel = .info
        let store = try LeaderboardStore(path: databasePath)
        let app = application(
            store: store, faults: LeaderboardFaults(), host: host, port: port, logger: logger,
            onRunning: {
                print("leaderboard listening on http://\(host):\($0) (database \(databasePath))")
                fflush(nil)
            })
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
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
    private let group: ServiceGroup
    private let finished = DispatchSemaphore(value: 0)
    private let isStopped = Mutex(false)

    /// The server's address, e.g. `http://127.0.0.1:41234`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Starts on 127.0.0.1, on `port` (0: a free one), over the database at `databasePath` (nil: in memory).
    public init(databasePath: String? = nil, port: Int = 0) throws {
        var logger = Logger(label: "interlude.leaderboard.embedded")
        logger.logLevel = .warning
        let store = try LeaderboardStore(path: databasePath)
        let faults = LeaderboardFaults()
        let started = DispatchSemaphore(value: 0)
        let bound = Mutex<Int?>(nil)
        let app = LeaderboardServer.application(
            store: store, faults: faults, host: "127.0.0.1", port: port, logger: logger,
            onRunning: { port in
                bound.withLock { $0 = port }
                started.signal()
            })
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let failure = Mutex<String?>(nil)
        let finished = self.finished
        Task.detached {
            do { try await group.run() } catch { failure.withLock { $0 = "\(error)" } }
            started.signal()
            finished.signal()
        }
        _ = started.wait(timeout: .now() + 20)
        guard let boundPort = bound.withLock({ $0 }) else {
            throw EmbeddedServerError.notStarted(failure.withLock { $0 } ?? "no answer within 20 s")
        }
        self.port = boundPort
        self.store = store
        self.faults = faults
        self.group = group
    }

    /// Shuts down gracefully (requests in flight finish) and waits until the server has stopped. Idempotent.
    public func stop() {
        let wasStopped = isStopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        let group = self.group
        Task.detached { await group.triggerGracefulShutdown() }
        finished.wait()
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

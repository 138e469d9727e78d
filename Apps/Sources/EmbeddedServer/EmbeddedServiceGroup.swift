// EmbeddedServer — a server's services run in this process for as long as an object lives: what the embedded
// leaderboard server and the embedded match server (`interlude play`, replays, tests) share. The start runs a
// ServiceGroup on a detached task and waits at most 20 s for the listening service to report its bound port; the
// stop is a graceful shutdown, waited for, and idempotent. Also the key per-client limits count by (ClientAddress.swift).
// Imports ServiceLifecycle, Logging and NIOCore (an address's type) only: it runs any
// `Service`, the Hummingbird applications included, and knows nothing of leaderboards or matches.

import Dispatch
import Logging
import ServiceLifecycle
import Synchronization

/// A ServiceGroup run in the background of this process, from its listener bound to its stop.
public final class EmbeddedServiceGroup: Sendable {
    /// The port the listening service bound.
    public let port: Int
    private let group: ServiceGroup
    private let finished = DispatchSemaphore(value: 0)
    private let isStopped = Mutex(false)

    /// Builds the services with `services(onRunning)` (the listening one calls `onRunning` with its bound port),
    /// runs them on a detached task and waits at most 20 s for that port. A stop's graceful phase lasts at most
    /// `gracefulShutdown`, then what is left is cancelled (at most 2 s more).
    public init(
        logger: Logger, gracefulShutdown: Duration,
        services: (_ onRunning: @escaping @Sendable (Int) -> Void) -> [any Service]
    ) throws(EmbeddedStartFailure) {
        let started = DispatchSemaphore(value: 0)
        let bound = Mutex<Int?>(nil)
        let onRunning: @Sendable (Int) -> Void = { port in
            bound.withLock { $0 = port }
            started.signal()
        }
        var configuration = ServiceGroupConfiguration(services: services(onRunning), logger: logger)
        configuration.maximumGracefulShutdownDuration = gracefulShutdown
        configuration.maximumCancellationDuration = .seconds(2)
        let group = ServiceGroup(configuration: configuration)
        let failure = Mutex<String?>(nil)
        let finished = self.finished
        Task.detached {
            do { try await group.run() } catch { failure.withLock { $0 = "\(error)" } }
            started.signal()
            finished.signal()
        }
        _ = started.wait(timeout: .now() + 20)
        guard let boundPort = bound.withLock({ $0 }) else {
            throw EmbeddedStartFailure(reason: failure.withLock { $0 } ?? "no answer within 20 s")
        }
        self.port = boundPort
        self.group = group
    }

    /// Shuts down gracefully and waits until every service has stopped. Idempotent: true only for the call that
    /// stopped it (its caller may then release what the services used).
    @discardableResult
    public func stop() -> Bool {
        let wasStopped = isStopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return false }
        let group = self.group
        Task.detached { await group.triggerGracefulShutdown() }
        finished.wait()
        return true
    }

    deinit { stop() }
}

/// Why embedded services did not start: the group's error, or no bound port within 20 s.
public struct EmbeddedStartFailure: Error, CustomStringConvertible {
    /// What went wrong, for the caller's own error.
    public let reason: String

    public var description: String { reason }
}

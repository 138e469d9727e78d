// LeaderboardPolicy: every limit the server enforces on what the open internet sends it, in one value, with the
// defaults a public server should run with. Tests shorten the times and inject a clock; the load benchmark lifts the
// rate limits (it sends 11,000 submissions from one address in seconds).

import EmbeddedServer
import Foundation

/// What the server allows and for how long it waits.
public struct LeaderboardPolicy: Sendable {
    /// Registrations per client address: a burst, then one every `registrationInterval` seconds.
    public var registration = RateLimit(burst: 20, perSecond: 1.0 / 30)
    /// Submissions per client address (many players may share one address behind a NAT).
    public var submissionsPerAddress = RateLimit(burst: 120, perSecond: 20)
    /// Submissions per player (a session submits one score per level cleared, and retries).
    public var submissionsPerPlayer = RateLimit(burst: 30, perSecond: 1)
    /// Seconds an Idempotency-Key is remembered: a retry after that is a new submission.
    public var idempotencyKeyLifetime: Double = 7 * 24 * 3600
    /// Seconds a connection may stay open with nothing to read or write (partial headers included).
    public var idleTimeout: Double = 10
    /// Seconds from a request's head to the end of its body: a body trickled byte by byte is cut off.
    public var requestReadTimeout: Double = 10
    /// Seconds a new connection has to send its first complete request head: a silent connection, or one whose head
    /// is trickled a byte at a time, is cut off (later heads get `idleTimeout` from the last answer).
    public var headTimeout: Double = 5
    /// The most connections open at once, over all addresses (lowered to the descriptor limit less a reserve).
    public var maximumConnections = 4096
    /// The most connections open at once from one client address (IPv6: one /64).
    public var maximumConnectionsPerAddress = 64
    /// The most connections open at once from one network (IPv4 /24, IPv6 /48): 66 addresses of one network holding
    /// 64 slow connections each no longer fill `maximumConnections` for everyone else.
    public var maximumConnectionsPerNetwork = 1024
    /// Bytes of one header field, and of all header fields, the HTTP decoder accepts before refusing the request.
    public var maximumHeaderFieldBytes = 8 << 10
    public var maximumHeaderBytes = 16 << 10
    /// Seconds SIGTERM (or `stop()`) lets requests in flight finish; then the rest are closed.
    public var shutdownGrace: Double = 5
    /// The time in seconds (Unix epoch by default): rate limits and key expiry read it, so tests can move it.
    public var clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    /// The defaults for a public server.
    public init() {}

    /// No rate limit at all (the load benchmark, which sends from one address as fast as it can).
    public static var unlimited: LeaderboardPolicy {
        var policy = LeaderboardPolicy()
        policy.registration = .unlimited
        policy.submissionsPerAddress = .unlimited
        policy.submissionsPerPlayer = .unlimited
        return policy
    }

    /// The connection cap actually used: at most the process's descriptor limit less 64 (the database, logs and
    /// the listening socket need some), so that the server stops accepting before `accept` fails with EMFILE.
    public var effectiveMaximumConnections: Int { DescriptorLimit.connections(cap: maximumConnections) }

    /// From this many open connections on, each new connection sheds the one that has waited longest on its client
    /// (for a request head or the rest of a request): 1/32 of the cap below it (3,968 of 4,096), so that slow and
    /// incomplete connections make room before the cap stops the server accepting anyone.
    public var shedThreshold: Int {
        let cap = effectiveMaximumConnections
        return cap - max(1, cap / 32)
    }
}

/// A token bucket: `burst` requests at once, refilled at `perSecond`.
public struct RateLimit: Sendable, Equatable {
    public var burst: Double
    public var perSecond: Double

    public init(burst: Double, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
    }

    /// A limit that never refuses.
    public static let unlimited = RateLimit(burst: .infinity, perSecond: .infinity)
    public var isUnlimited: Bool { burst == .infinity }
}

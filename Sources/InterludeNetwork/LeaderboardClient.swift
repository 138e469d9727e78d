// LeaderboardClient: the game's side of the leaderboard. It keeps the requests in flight, the outbox of
// scores not yet acknowledged (saved with the snapshot) and the retry pacing, and talks to a service only
// through the `LeaderboardTransport` port: `InProcessLeaderboard` (in process, GL- and socket-free) or
// `HTTPLeaderboard` (Services: real HTTP to a real server).
// Two pacings. `virtual` (replays, tests): each request is due at send time + `delay` of virtual time; the
// real request goes out at once and its real answer is taken at the due time (waiting for it if needed),
// so transcripts stay byte-identical. `realTime` (the window): answers are taken when they have arrived,
// at the frame point, never inside a network callback. Cancelled requests never deliver.

import Lifecycle

/// What a request asks.
public enum LeaderboardRequestKind: Hashable, Sendable {
    case fetchTop
    /// key: idempotency key, so a retry is stored once; milliseconds: the run's play when it scored (nil: unknown, a
    /// score from a snapshot saved before issue 17), which the server holds against the levels' fastest clears.
    case submit(score: Int64, key: Int64, milliseconds: Int64?)
}

/// A request on its way.
public struct LeaderboardRequest: Hashable, Sendable {
    public let id: Int64
    public let kind: LeaderboardRequestKind
    public let deliverAt: Nanoseconds  // virtual pacing: when its answer is taken; real time: when it was sent
}

/// What arrives when a request completes.
public enum LeaderboardResult: Hashable, Sendable {
    case top([String])
    case submitted(key: Int64)
    case failed(LeaderboardRequestKind)
}

/// The port to a leaderboard service. Calls come from the runtime's thread only.
public protocol LeaderboardTransport: AnyObject {
    /// Sends request `id` now; its answer is kept until taken or cancelled.
    func start(_ id: Int64, _ kind: LeaderboardRequestKind)
    /// Cancels request `id` for good: its answer, even one already arrived, is never given.
    func cancel(_ id: Int64)
    /// Takes the answer of `id` once it has arrived, else nil. With `waiting`, blocks until it arrives (a
    /// bounded wait: a request that takes too long gives `.failed`).
    func take(_ id: Int64, waiting: Bool) -> LeaderboardResult?
    /// A script's `leaderboard down` / `up` / `delay=`: applied to the service where this transport can.
    func apply(_ setting: LeaderboardSetting)
    /// What is wrong with the service's table, given every key it acknowledged (CONTRACT §6.11): a key stored twice,
    /// or an acknowledged one missing; nil when all is well or the service cannot be audited (the default).
    func audit(acknowledged: Set<Int64>) -> String?
}

extension LeaderboardTransport {
    public func audit(acknowledged: Set<Int64>) -> String? { nil }
}

/// When answers are taken.
public enum LeaderboardPacing: Sendable {
    case virtual  // at send time + `delay`, on the virtual clock
    case realTime  // as soon as they have arrived
}

/// Idempotency keys carry the level in their top byte, so the outbox (key → score, as snapshot extras)
/// needs no other field.
public enum ScoreKey {
    /// The key of a session's (`run`'s) score on `level`: deterministic, no random source in the simulation's path.
    public static func make(level: Int, run: Int64) -> Int64 {
        Int64(max(0, min(level, 127))) << 56 | (run & 0x00FF_FFFF_FFFF_FFFF)
    }

    /// The level a key was made for.
    public static func level(of key: Int64) -> Int { Int(key >> 56) }
}

/// In-flight requests, the outbox and the pacing, over a transport.
public struct LeaderboardClient {
    public var delay: Nanoseconds = 500_000_000  // virtual latency, from the script's `leaderboard delay=`
    public let pacing: LeaderboardPacing
    public let transport: any LeaderboardTransport
    public private(set) var inFlight: [LeaderboardRequest] = []
    public var outbox: [Int64: Int64] = [:]  // key → score not yet acknowledged; saved with the snapshot
    /// key → milliseconds of play of the outbox's score (saved as `outboxMs.KEY`); a key without one was restored
    /// from a snapshot older than issue 17.
    public var outboxMilliseconds: [Int64: Int64] = [:]
    public private(set) var delivered = 0  // answers handed to the game, for tests
    public private(set) var retryAt: Nanoseconds = 0  // no outbox resend before this time (after a failure)
    private var nextID: Int64 = 1

    /// The most scores the outbox keeps (one per run and level not yet acknowledged): 256 entries are about 12 KiB
    /// of a snapshot, well inside the loader's limit.
    public static let outboxLimit = 256

    /// Wait this long after a failed submission before sending the outbox again.
    public static let retryPause: Nanoseconds = 2_000_000_000

    /// A client over `transport` (default: the in-process fake).
    public init(transport: any LeaderboardTransport = InProcessLeaderboard(), pacing: LeaderboardPacing = .virtual) {
        self.transport = transport
        self.pacing = pacing
    }

    /// Sends a request now.
    public mutating func send(_ kind: LeaderboardRequestKind, now: Nanoseconds) {
        let due = pacing == .virtual ? saturatingSum(now, delay) : now
        let request = LeaderboardRequest(id: nextID, kind: kind, deliverAt: due)
        nextID += 1
        inFlight.append(request)
        transport.start(request.id, kind)
    }

    /// Cancels everything in flight; cancelled submissions stay in the outbox. Returns how many were cancelled.
    public mutating func cancelAll() -> Int {
        for request in inFlight { transport.cancel(request.id) }
        defer { inFlight.removeAll() }
        return inFlight.count
    }

    /// Takes the answers due at `now`, in sending order; acknowledged scores leave the outbox.
    public mutating func deliver(now: Nanoseconds) -> [LeaderboardResult] {
        var results: [LeaderboardResult] = []
        var waiting: [LeaderboardRequest] = []
        for request in inFlight {
            let result: LeaderboardResult?
            switch pacing {
            case .virtual:
                result =
                    request.deliverAt <= now ? transport.take(request.id, waiting: true) ?? .failed(request.kind) : nil
            case .realTime:
                result = transport.take(request.id, waiting: false)
            }
            guard let result else {
                waiting.append(request)
                continue
            }
            delivered += 1
            switch result {
            case .submitted(let key):
                outbox[key] = nil
                outboxMilliseconds[key] = nil
            case .failed(.submit): retryAt = saturatingSum(now, Self.retryPause)
            case .top, .failed(.fetchTop): break
            }
            results.append(result)
        }
        inFlight = waiting
        return results
    }

    /// Keeps `score` of a run that has played `milliseconds` in the outbox under `key` (replacing that key's score).
    public mutating func keep(_ score: Int64, key: Int64, milliseconds: Int64) {
        outbox[key] = score
        outboxMilliseconds[key] = milliseconds
    }

    /// Lets the outbox's entry `key` go (the outbox is full and a higher score needs its place).
    public mutating func drop(_ key: Int64) {
        outbox[key] = nil
        outboxMilliseconds[key] = nil
    }

    /// The submission of the outbox's entry `key`.
    public func submission(_ key: Int64) -> LeaderboardRequestKind? {
        outbox[key].map { .submit(score: $0, key: key, milliseconds: outboxMilliseconds[key]) }
    }

    /// The milliseconds of play of `steps` simulation steps.
    public static func milliseconds(ofSteps steps: Int64) -> Int64 {
        max(0, steps) / Int64(stepsPerSecond) * 1000
            + max(0, steps) % Int64(stepsPerSecond) * 1000 / Int64(stepsPerSecond)
    }

    /// True when the outbox may be sent again now: nothing being submitted, no failure just before.
    public func mayResend(now: Nanoseconds) -> Bool { !isSubmitting && now >= retryAt }

    /// Sends the outbox's next score (the lowest key) when the outbox may be sent again now; returns whether it did.
    public mutating func resendOutbox(now: Nanoseconds) -> Bool {
        guard mayResend(now: now), let key = outbox.keys.min(), let submission = submission(key) else { return false }
        send(submission, now: now)
        return true
    }

    /// Applies a script's `leaderboard` line: the delay is virtual latency; faults go to the service.
    public mutating func configure(_ setting: LeaderboardSetting) {
        if case .delay(let delay) = setting { self.delay = delay }
        transport.apply(setting)
    }

    /// The client of a relaunched process: nothing in flight (the old process's requests die with it),
    /// the same service and settings; the outbox comes back from the snapshot.
    public func relaunched() -> LeaderboardClient {
        for request in inFlight { transport.cancel(request.id) }
        var client = LeaderboardClient(transport: transport, pacing: pacing)
        client.delay = delay
        return client
    }

    /// True when a submission is already on its way.
    public var isSubmitting: Bool {
        inFlight.contains { if case .submit = $0.kind { return true } else { return false } }
    }
}

/// The leaderboard's behaviour from now on, as a script's `leaderboard` line sets it: `delay=800ms` (the virtual
/// latency of an answer), `down`, `up` (the server refuses, or answers again).
public enum LeaderboardSetting: Hashable, Sendable {
    case delay(Nanoseconds)
    case down, up
    /// A score of `points` not yet acknowledged, kept in the outbox now as a game's score report keeps it (an earlier
    /// run's, or a level's end): for scripts and the explorer that need one without playing for it.
    case pending(Int64)
}

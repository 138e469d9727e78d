// FakeLeaderboard: an in-process leaderboard "server" on the virtual clock, with a configurable delay and
// outage, so that cancellation is exercised: a cancelled request never delivers its result.
// A real HTTP service replaces it later (issue 5); the runtime talks to it only through these methods.

import Replay

/// What a request asks.
public enum LeaderboardRequestKind: Hashable, Sendable {
    case fetchTop
    case submit(score: Int64, key: Int64)  // key: idempotency key, so a retry is stored once
}

/// A request on its way.
public struct LeaderboardRequest: Hashable, Sendable {
    public let id: Int64
    public let kind: LeaderboardRequestKind
    public let deliverAt: Nanoseconds
}

/// What arrives when a request completes.
public enum LeaderboardResult: Hashable, Sendable {
    case top([String])
    case submitted(key: Int64)
    case failed(LeaderboardRequestKind)
}

/// The fake service plus the client's in-flight list and outbox.
public struct FakeLeaderboard: Hashable, Sendable {
    public var delay: Nanoseconds = 500_000_000  // server latency
    public var isDown = false  // requests fail after `delay`
    public private(set) var inFlight: [LeaderboardRequest] = []
    public private(set) var stored: [Int64: Int64] = [:]  // idempotency key → score, the server's table
    public var outbox: [Int64: Int64] = [:]  // key → score not yet acknowledged; saved with the snapshot
    public private(set) var delivered = 0  // results handed to the game, for tests
    private var nextID: Int64 = 1

    public init() {}

    /// Sends a request; its result arrives after `delay` unless cancelled first.
    public mutating func send(_ kind: LeaderboardRequestKind, now: Nanoseconds) {
        inFlight.append(LeaderboardRequest(id: nextID, kind: kind, deliverAt: now + delay))
        nextID += 1
    }

    /// Cancels everything in flight; cancelled submissions stay in the outbox. Returns how many were cancelled.
    public mutating func cancelAll() -> Int {
        defer { inFlight.removeAll() }
        return inFlight.count
    }

    /// Completes the requests due at `now`, in sending order.
    public mutating func deliver(now: Nanoseconds) -> [LeaderboardResult] {
        var results: [LeaderboardResult] = []
        while let first = inFlight.first, first.deliverAt <= now {
            inFlight.removeFirst()
            delivered += 1
            if isDown {
                results.append(.failed(first.kind))
                continue
            }
            switch first.kind {
            case .fetchTop:
                let top = stored.values.sorted(by: >).prefix(5).enumerated().map {
                    "\($0.offset + 1). player \($0.element)"
                }
                results.append(.top(top.isEmpty ? ["no scores yet"] : top))
            case .submit(let score, let key):
                stored[key] = score
                outbox[key] = nil
                results.append(.submitted(key: key))
            }
        }
        return results
    }

    /// Takes over the server side (stored scores) of `other`: the server outlives the app's process.
    public mutating func adoptServer(from other: FakeLeaderboard) { stored = other.stored }

    /// True when a submission is already on its way.
    public var isSubmitting: Bool {
        inFlight.contains { if case .submit = $0.kind { return true } else { return false } }
    }
}

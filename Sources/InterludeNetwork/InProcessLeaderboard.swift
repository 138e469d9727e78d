// InProcessLeaderboard: the in-process null implementation of `LeaderboardTransport`: no sockets, answers at
// once from an in-memory table. Runtime tests and GL-free runs use it; the real one is
// `HTTPLeaderboard` in Services. Its table can be audited (CONTRACT §6.11); a simulation puts its network in front
// of it (Replay's `FaultyLeaderboard`).

import Lifecycle

/// An in-memory leaderboard service that can be "down".
public final class InProcessLeaderboard: LeaderboardTransport {
    public var isDown = false  // requests fail
    public private(set) var stored: [Int64: Int64] = [:]  // idempotency key → score, the server's table
    /// How many rows each key has in the server's table: 1 for every key it holds (it stores a key once).
    public private(set) var rows: [Int64: Int] = [:]
    public private(set) var cancelled = 0  // requests cancelled before their answer was taken
    private var started: [Int64: LeaderboardRequestKind] = [:]

    /// An empty, reachable service.
    public init() {}

    /// Records the request; it is answered when taken.
    public func start(_ id: Int64, _ kind: LeaderboardRequestKind) { started[id] = kind }

    /// Forgets the request: it is never answered.
    public func cancel(_ id: Int64) {
        if started.removeValue(forKey: id) != nil { cancelled += 1 }
    }

    /// Answers at once from the table (or fails while down).
    public func take(_ id: Int64, waiting: Bool) -> LeaderboardResult? {
        guard let kind = started.removeValue(forKey: id) else { return nil }
        if isDown { return .failed(kind) }
        switch kind {
        case .fetchTop:
            let top = stored.values.sorted(by: >).prefix(5).enumerated().map {
                "\($0.offset + 1). player \($0.element)"
            }
            return .top(top.isEmpty ? ["no scores yet"] : top)
        case .submit(let score, let key, _):
            store(score, key: key)
            return .submitted(key: key)
        }
    }

    /// The server stores a submission once per key: its idempotency.
    private func store(_ score: Int64, key: Int64) {
        if stored[key] != nil { return }
        stored[key] = score
        rows[key, default: 0] += 1
    }

    /// A key with two rows (a score counted twice), or an acknowledged key with none (a score lost).
    public func audit(acknowledged: Set<Int64>) -> String? {
        if let twice = rows.filter({ $0.value > 1 }).keys.min() {
            return "the leaderboard stored the score of key \(twice) \(rows[twice]!) times: a score counted twice"
        }
        if let lost = acknowledged.filter({ rows[$0] == nil }).min() {
            return "the leaderboard acknowledged key \(lost) but does not hold it: a score lost"
        }
        return nil
    }

    /// `down` and `up` switch the outage; the delay is the client's.
    public func apply(_ setting: LeaderboardSetting) {
        switch setting {
        case .down: isDown = true
        case .up: isDown = false
        case .delay, .pending: break
        }
    }
}

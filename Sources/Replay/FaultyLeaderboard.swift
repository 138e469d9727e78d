// FaultyLeaderboard: the network between the game and any leaderboard service (the in-process one, the real HTTP
// client), as a decorator of its transport: the `network.leaderboard.*` fault points of CONTRACT §6 ("Faults"), drawn
// when a submission's answer is taken. What a script's fault lines and the seeded simulation put in front of the
// runtime's transport; the service behind it is audited as it is (invariant 11).

import Faults
import InterludeNetwork
import Lifecycle
import Runtime

/// `inner` behind a network that drops, delays, garbles and repeats submissions when `injector` says so.
public final class FaultyLeaderboard: LeaderboardTransport {
    public let inner: any LeaderboardTransport
    public let injector: FaultInjector
    /// Submissions sent and not yet answered, and whether the network has let each through (drop drawn).
    private var submissions: [Int64: (kind: LeaderboardRequestKind, through: Bool)] = [:]
    /// While a script's `leaderboard down` holds, the service fails every request and nothing is drawn.
    private var isDown = false
    /// The ids of the repeats a proxy sends (negative: never one of the client's).
    private var nextRepeat: Int64 = -1

    public init(_ inner: any LeaderboardTransport, injector: FaultInjector) {
        self.inner = inner
        self.injector = injector
    }

    public func start(_ id: Int64, _ kind: LeaderboardRequestKind) {
        if case .submit = kind { submissions[id] = (kind, false) }
        inner.start(id, kind)
    }

    public func cancel(_ id: Int64) {
        submissions[id] = nil
        inner.cancel(id)
    }

    /// A submission's answer, as the network delivers it. `network.leaderboard.drop`: the request never reaches the
    /// service (cancelled there) and fails; `duplicate`: a proxy sends it again; `slow`, `garbage`: the service
    /// acted on it, the client counts it failed.
    public func take(_ id: Int64, waiting: Bool) -> LeaderboardResult? {
        guard let submission = submissions[id] else { return inner.take(id, waiting: waiting) }
        if isDown {
            submissions[id] = nil
            return inner.take(id, waiting: waiting)
        }
        if !submission.through {
            guard !injector.fires(.leaderboardDrop) else {
                submissions[id] = nil
                inner.cancel(id)
                return .failed(submission.kind)
            }
            submissions[id]?.through = true
        }
        guard let answer = inner.take(id, waiting: waiting) else { return nil }
        submissions[id] = nil
        if injector.fires(.leaderboardDuplicate) {
            inner.start(nextRepeat, submission.kind)
            _ = inner.take(nextRepeat, waiting: true)
            nextRepeat -= 1
        }
        if injector.fires(.leaderboardSlow) || injector.fires(.leaderboardGarbage) { return .failed(submission.kind) }
        return answer
    }

    public func apply(_ setting: LeaderboardSetting) {
        switch setting {
        case .down: isDown = true
        case .up: isDown = false
        case .delay, .pending: break
        }
        inner.apply(setting)
    }

    public func audit(acknowledged: Set<Int64>) -> String? { inner.audit(acknowledged: acknowledged) }
}

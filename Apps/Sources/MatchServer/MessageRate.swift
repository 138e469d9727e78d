// MessageRate: one connection's message budget, a token bucket (MatchPolicy.messagesPerSecond, messageBurst) shared by
// its protocol messages (MatchHub.receive) and its WebSocket control frames (FrameGuard: a ping or pong is a message
// too), so that a client flooding pings, which the WebSocket layer answers itself, is refused `rate` like one flooding
// `ping` messages (Assets/match-protocol.md, error codes).

import Dispatch
import MatchWire
import Synchronization

/// A connection's token bucket: one token a message, refilled at `perSecond` up to `burst`.
final class MessageRate: Sendable {
    let perSecond: Double
    let burst: Double
    private struct Bucket {
        var tokens: Double
        var lastRefill: UInt64  // ns, uptime
        var isSpentByControlFrames = false
    }
    private let bucket: Mutex<Bucket>

    init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
        bucket = Mutex(Bucket(tokens: burst, lastRefill: DispatchTime.now().uptimeNanoseconds))
    }

    convenience init(_ policy: MatchPolicy) {
        self.init(perSecond: policy.messagesPerSecond, burst: policy.messageBurst)
    }

    /// Takes one message's token at `now` (ns, uptime); false when the budget is spent.
    func take(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Bool {
        bucket.withLock { bucket in
            let elapsed = now > bucket.lastRefill ? Double(now - bucket.lastRefill) / 1e9 : 0
            bucket.tokens = min(burst, bucket.tokens + elapsed * perSecond)
            bucket.lastRefill = max(now, bucket.lastRefill)
            bucket.tokens -= 1
            return bucket.tokens >= 0
        }
    }

    /// Takes a control frame's token; when the budget is spent the connection is marked for its watcher to end.
    func takeControlFrame() -> Bool {
        let allowed = take()
        if !allowed { bucket.withLock { $0.isSpentByControlFrames = true } }
        return allowed
    }

    /// Whether a control frame found the budget spent (the connection must end with `rate`).
    var isSpentByControlFrames: Bool { bucket.withLock { $0.isSpentByControlFrames } }

    /// The refusal for a connection over its budget.
    var refusal: MatchWireError {
        MatchWireError(
            .rate,
            "more than \(Int(perSecond)) messages a second (burst \(Int(burst)); WebSocket pings and pongs count)")
    }
}

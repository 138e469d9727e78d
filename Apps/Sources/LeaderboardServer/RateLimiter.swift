// RateLimiter: token buckets by key ("address 203.0.113.7", "player 42"), refilled by the policy's clock. A refusal
// says how many whole seconds until the next request would pass (the `Retry-After` header). The table is bounded:
// past `capacity` keys, buckets that have refilled completely (the same as no entry) are dropped; if it is still
// full, a new key is refused, so that a flood of addresses costs memory only up to the cap.

import Synchronization

/// Token buckets for one kind of request.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double  // clock seconds
    }

    let limit: RateLimit
    let capacity: Int
    private let clock: @Sendable () -> Double
    private let buckets = Mutex<[String: Bucket]>([:])

    init(_ limit: RateLimit, clock: @escaping @Sendable () -> Double, capacity: Int = 100_000) {
        self.limit = limit
        self.clock = clock
        self.capacity = capacity
    }

    /// Takes one token for `key`: nil when the request may go on, else the seconds to wait (at least 1). The key is
    /// not worked out at all when the limit is off.
    func take(_ key: @autoclosure () -> String) -> Int? {
        guard !limit.isUnlimited else { return nil }
        let key = key()
        let now = clock()
        return buckets.withLock { buckets -> Int? in
            if buckets[key] == nil, buckets.count >= capacity {
                buckets = buckets.filter { refilled($0.value, at: now) < limit.burst }
                if buckets.count >= capacity { return max(1, Int((1 / limit.perSecond).rounded(.up))) }
            }
            var bucket =
                buckets[key].map { Bucket(tokens: refilled($0, at: now), updated: now) }
                ?? Bucket(tokens: limit.burst, updated: now)
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return max(1, Int(((1 - bucket.tokens) / limit.perSecond).rounded(.up)))
        }
    }

    /// How many keys are tracked (for tests).
    var count: Int { buckets.withLock { $0.count } }

    private func refilled(_ bucket: Bucket, at now: Double) -> Double {
        min(limit.burst, bucket.tokens + max(0, now - bucket.updated) * limit.perSecond)
    }
}

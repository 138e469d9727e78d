import Foundation

/// A clock the test moves by hand (seconds), for rate limits and key expiry.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double = 1_000_000

    var now: Double { lock.withLock { seconds } }
    func advance(_ delta: Double) { lock.withLock { seconds += delta } }
}

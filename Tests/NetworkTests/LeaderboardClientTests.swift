// LeaderboardClientTests: the network component's leaderboard client driven alone, over the in-process service
// (CONTRACT §4 "The leaderboard"): answers at the virtual latency, the outbox kept until acknowledged, a cancel that
// keeps it, the pause after a failure, the relaunched process's client, and the service's idempotent table.

import InterludeNetwork
import Lifecycle
import Testing

@Suite("LeaderboardClient: requests, outbox and pacing, alone")
struct LeaderboardClientTests {
    static let second: Nanoseconds = 1_000_000_000
    let key1 = ScoreKey.make(level: 1, run: 7)
    let key2 = ScoreKey.make(level: 2, run: 3)

    /// `resendOutbox` outside `#expect`, which cannot call a mutating method.
    func resend(_ client: inout LeaderboardClient, now: Nanoseconds) -> Bool { client.resendOutbox(now: now) }

    @Test("a submission is answered at the virtual latency, and its score leaves the outbox")
    func answeredAtTheLatency() {
        let service = InProcessLeaderboard()
        var client = LeaderboardClient(transport: service)
        client.keep(120, key: key1, milliseconds: 9_000)
        #expect(resend(&client, now: 0))
        #expect(client.isSubmitting && !client.mayResend(now: 0))
        #expect(client.deliver(now: client.delay - 1).isEmpty, "not before the delay")
        #expect(client.deliver(now: client.delay) == [.submitted(key: key1)])
        #expect(client.outbox.isEmpty && client.outboxMilliseconds.isEmpty)
        #expect(service.stored == [key1: 120])
    }

    @Test("a cancel keeps the score in the outbox; the next resend sends the lowest key")
    func cancelKeepsTheOutbox() {
        let service = InProcessLeaderboard()
        var client = LeaderboardClient(transport: service)
        client.keep(50, key: key2, milliseconds: 1_000)
        client.keep(120, key: key1, milliseconds: 9_000)
        #expect(resend(&client, now: 0))
        #expect(client.submission(key1) == .submit(score: 120, key: key1, milliseconds: 9_000))
        #expect(client.cancelAll() == 1)
        #expect(service.cancelled == 1)
        #expect(client.outbox == [key1: 120, key2: 50])
        #expect(resend(&client, now: Self.second))
        #expect(client.inFlight.map(\.kind) == [.submit(score: 120, key: key1, milliseconds: 9_000)])
    }

    @Test("a failed submission pauses the outbox for the retry pause")
    func failurePauses() {
        let service = InProcessLeaderboard()
        var client = LeaderboardClient(transport: service)
        client.configure(.down)
        client.keep(120, key: key1, milliseconds: 9_000)
        #expect(resend(&client, now: 0))
        let failed = client.deliver(now: client.delay)
        #expect(failed == [.failed(.submit(score: 120, key: key1, milliseconds: 9_000))])
        #expect(client.outbox == [key1: 120], "kept for a later try")
        #expect(!client.mayResend(now: client.delay + LeaderboardClient.retryPause - 1))
        #expect(client.mayResend(now: client.delay + LeaderboardClient.retryPause))
    }

    @Test("a relaunched process's client has nothing in flight, the same service and latency, and no outbox")
    func relaunched() {
        let service = InProcessLeaderboard()
        var client = LeaderboardClient(transport: service)
        client.configure(.delay(2 * Self.second))
        client.keep(120, key: key1, milliseconds: 9_000)
        client.send(.fetchTop, now: 0)
        let next = client.relaunched()
        #expect(next.inFlight.isEmpty && next.outbox.isEmpty)
        #expect(next.delay == 2 * Self.second)
        #expect(service.cancelled == 1, "what was in flight died with the process")
    }

    @Test("the service stores a key once, however often it is submitted")
    func idempotentService() {
        let service = InProcessLeaderboard()
        var client = LeaderboardClient(transport: service)
        for _ in 0..<3 { client.send(.submit(score: 120, key: key1, milliseconds: nil), now: 0) }
        #expect(client.deliver(now: client.delay) == Array(repeating: .submitted(key: key1), count: 3))
        #expect(service.stored == [key1: 120])
        #expect(service.audit(acknowledged: [key1]) == nil)
        #expect(service.audit(acknowledged: [key1, key2]) != nil, "an acknowledged key the service does not hold")
    }

    @Test("a score key carries its level in its top byte")
    func scoreKeys() {
        #expect(ScoreKey.level(of: key1) == 1 && ScoreKey.level(of: key2) == 2)
        #expect(key1 != ScoreKey.make(level: 1, run: 8))
    }
}

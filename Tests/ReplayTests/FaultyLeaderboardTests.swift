// FaultyLeaderboardTests: the leaderboard's network as a decorator of any transport, driven alone (no runtime): each
// `network.leaderboard.*` point does what CONTRACT §6 says to the request and to the service behind it.

import Faults
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct FaultyLeaderboardTests {
    let submit = LeaderboardRequestKind.submit(score: 40, key: 7, milliseconds: nil)

    /// A decorated in-process service, with `point` armed for its first reach.
    func network(arming point: FaultPoint?) -> (FaultyLeaderboard, InProcessLeaderboard) {
        let injector = FaultInjector(seed: 1, enabled: [])
        if let point { injector.arm(point) }
        let service = InProcessLeaderboard()
        return (FaultyLeaderboard(service, injector: injector), service)
    }

    @Test func aDroppedSubmissionFailsAndNeverReachesTheService() {
        let (network, service) = network(arming: .leaderboardDrop)
        network.start(1, submit)
        #expect(network.take(1, waiting: true) == .failed(submit))
        #expect(service.stored.isEmpty)
        network.start(2, submit)
        #expect(network.take(2, waiting: true) == .submitted(key: 7), "the next one goes through")
    }

    @Test(arguments: [FaultPoint.leaderboardSlow, .leaderboardGarbage])
    func aLateOrGarbledAnswerFailsButTheServiceActed(point: FaultPoint) {
        let (network, service) = network(arming: point)
        network.start(1, submit)
        #expect(network.take(1, waiting: true) == .failed(submit))
        #expect(service.stored == [7: 40])
    }

    @Test func aRepeatedSubmissionIsStoredOnceByAnIdempotentService() {
        let (network, service) = network(arming: .leaderboardDuplicate)
        network.start(1, submit)
        #expect(network.take(1, waiting: true) == .submitted(key: 7))
        #expect(service.rows == [7: 1])
        #expect(network.audit(acknowledged: [7]) == nil)
    }

    @Test func whileTheServiceIsDownNothingIsDrawn() {
        let injector = FaultInjector(seed: 1, enabled: [.leaderboardDrop], perMille: 1000)
        let network = FaultyLeaderboard(InProcessLeaderboard(), injector: injector)
        network.apply(.down)
        network.start(1, submit)
        #expect(network.take(1, waiting: true) == .failed(submit))
        #expect(injector.reached[.leaderboardDrop] == nil)
        network.apply(.up)
        network.start(2, submit)
        #expect(network.take(2, waiting: true) == .failed(submit), "every drop fires at 1000 per mille")
    }

    @Test func aCancelledSubmissionIsNeverAnswered() {
        let (network, service) = network(arming: nil)
        network.start(1, submit)
        network.cancel(1)
        #expect(network.take(1, waiting: true) == nil)
        #expect(service.stored.isEmpty)
    }
}

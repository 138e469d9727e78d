// FaultyMatchTests: the match's network as a decorator of any transport, driven alone (no runtime) over the in-memory
// match: each `network.match.*` point does what CONTRACT §6 says, drawn once a second of a match, in a fixed order,
// and only while connected; and a run's faults put it around a runtime's match.

import Faults
import GameCore
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct FaultyMatchTests {
    typealias Event = MatchEvent<GameMessage>

    /// An in-memory match with scripted peers `peers` (all in level 1's match), behind the network of `injector`.
    func network(_ injector: FaultInjector, peers: [String] = ["ann"]) -> (
        FaultyMatch<GameMessage>, InMemoryMatch<GameMessage>
    ) {
        let match = InMemoryMatch<GameMessage>()
        for peer in peers { #expect(match.apply(.peerJoin(peer), tick: 0) == nil) }
        return (FaultyMatch(match, injector: injector), match)
    }

    /// The events of each exchange from `ticks`, by tick (only the ticks that brought some).
    func exchange(_ match: any MatchTransport<GameMessage>, _ ticks: ClosedRange<Int64>) -> [Int64: [Event]] {
        var events: [Int64: [Event]] = [:]
        for tick in ticks {
            let due = match.exchange(tick: tick, state: nil, outgoing: [])
            if !due.isEmpty { events[tick] = due }
        }
        return events
    }

    @Test func aVanishedPeerIsTimedOutAfterTheLatency() throws {
        let injector = FaultInjector(seed: 1, enabled: [.matchPeerVanishes], perMille: 1000)
        let (network, match) = network(injector)
        #expect(network.join(level: 1, name: "player", tick: 1) == nil)
        let ann = try #require(match.peer(named: "ann"))
        #expect(exchange(network, 1...59) == [7: [.joined(ann)]])
        #expect(injector.reached.isEmpty, "nothing is drawn before the period's tick")
        #expect(exchange(network, 60...70) == [60 + MatchLockstep.latency: [.left(ann, reason: .timedOut)]])
        #expect(injector.fired == [.matchPeerVanishes: 1])
        #expect(match.peers.isEmpty && network.matchedPeers.isEmpty)
        #expect(network.sees("ann", tick: 65) == true && network.sees("ann", tick: 66) == false)
        #expect(network.isConnected, "a peer's fault leaves our connection open")
    }

    @Test func withNoPointEnabledNothingChanges() {
        let injector = FaultInjector(seed: 1, enabled: [], perMille: 1000)
        let (network, _) = network(injector, peers: ["ann", "bob"])
        let (_, plain) = self.network(FaultInjector(seed: 1, enabled: []), peers: ["ann", "bob"])
        #expect(network.join(level: 1, name: "player", tick: 1) == nil)
        #expect(plain.join(level: 1, name: "player", tick: 1) == nil)
        let seen = exchange(network, 1...200)
        #expect(seen == exchange(plain, 1...200))
        #expect(seen.count == 1, "the peers' joins only")
        #expect(injector.fired.isEmpty)
        #expect(network.matchedPeers == ["ann", "bob"] && network.isConnected)
    }

    @Test func drawsOnlyAtThePeriodEachPeerInJoinOrderThenTheServer() throws {
        let injector = FaultInjector(seed: 1, enabled: [])
        let (network, _) = network(injector, peers: ["ann", "bob"])
        #expect(network.join(level: 1, name: "player", tick: 1) == nil)
        for tick: Int64 in 1...181 {
            _ = network.exchange(tick: tick, state: nil, outgoing: [])
            let periods = tick / FaultyMatch<GameMessage>.period
            #expect(
                (injector.reached[.matchPeerVanishes] ?? 0) == 2 * Int(periods), "two peers a period, at tick \(tick)")
            #expect((injector.reached[.matchServerStalls] ?? 0) == Int(periods), "the server once, at tick \(tick)")
        }
        // The order: each peer in join order (vanishes, else garbage), then the server (stalls, else garbage). Armed:
        // peerGarbage's second reach (bob's, after ann's) and serverGarbage's first (after stalls did not fire).
        let armed = FaultInjector(seed: 1, enabled: [])
        armed.arm(.matchPeerGarbage, skip: 1)
        armed.arm(.matchServerGarbage)
        let (second, match) = self.network(armed, peers: ["ann", "bob"])
        #expect(second.join(level: 1, name: "player", tick: 1) == nil)
        let bob = try #require(match.peer(named: "bob"))
        _ = exchange(second, 1...59)
        let events = exchange(second, 60...66)
        #expect(
            events == [66: [.left(bob, reason: .dropped), .lost(why: "the match server sent what does not decode")]])
        #expect(
            armed.takeFires().map { "\($0.point.name) \($0.reach)" } == [
                "network.match.peerGarbage 2", "network.match.serverGarbage 1",
            ])
        #expect(
            armed.reached == [
                .matchPeerVanishes: 2, .matchPeerGarbage: 2, .matchServerStalls: 1, .matchServerGarbage: 1,
            ])
        #expect(!second.isConnected, "the lost match ends the connection")
    }

    @Test func nothingIsDrawnWhileNotConnected() {
        let injector = FaultInjector(seed: 1, enabled: Set(FaultPoint.all), perMille: 1000)
        let (network, match) = network(injector)
        #expect(exchange(network, 0...120).isEmpty)
        #expect(network.join(level: 1, name: "player", tick: 121) == nil)
        network.leave(tick: 122)
        #expect(exchange(network, 123...240).isEmpty)
        #expect(injector.reached.isEmpty && match.peers.map(\.name) == ["ann"])
    }

    @Test func aRunsFaultsWrapTheRuntimesMatch() {
        let runtime = Runtime<GameCore.Game>(profile: .ios5)
        let match = InMemoryMatch<GameMessage>()
        runtime.useMatch(match)
        runtime.disturb(with: FaultInjector(seed: 1, enabled: []), environment: PlainEnvironment())
        let faulty = runtime.match as? FaultyMatch<GameMessage>
        #expect(faulty?.inner === match)
    }
}

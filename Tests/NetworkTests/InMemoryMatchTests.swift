// InMemoryMatchTests: the network component's in-memory match driven alone (CONTRACT §4 "The match", §7.1): the
// lockstep's latency, the peers of our match, and what each `network.match.*` fault does as its server would.

import InterludeNetwork
import Lifecycle
import Testing

@Suite("InMemoryMatch: the lockstep and its network's faults, alone")
struct InMemoryMatchTests {
    /// A match on level 1 with `peers` joined at tick 0 and their joins taken.
    func match(peers: [String]) -> InMemoryMatch<NoMatchMessage> {
        let match = InMemoryMatch<NoMatchMessage>()
        #expect(match.join(level: 1, name: "me", tick: 0) == nil)
        for peer in peers { #expect(match.apply(.peerJoin(peer), tick: 0) == nil) }
        _ = match.exchange(tick: MatchLockstep.latency, state: nil, outgoing: [])
        return match
    }

    func names(_ events: [MatchEvent<NoMatchMessage>]) -> [String] {
        events.compactMap { $0.transcriptEntry.map { "\($0.name) \($0.args)" } }
    }

    @Test("a peer's join reaches us at the lockstep's latency, not before")
    func latency() {
        let match = InMemoryMatch<NoMatchMessage>()
        _ = match.join(level: 1, name: "me", tick: 0)
        _ = match.apply(.peerJoin("ann"), tick: 10)
        #expect(match.exchange(tick: 10 + MatchLockstep.latency - 1, state: nil, outgoing: []).isEmpty)
        #expect(names(match.exchange(tick: 10 + MatchLockstep.latency, state: nil, outgoing: [])) == ["peerJoined ann"])
        #expect(match.matchedPeers == ["ann"])
    }

    @Test("a vanished peer is timed out, a garbling one dropped; the others stay")
    func peerFaults() {
        let match = match(peers: ["ann", "bob", "cy"])
        #expect(match.matchedPeers == ["ann", "bob", "cy"])
        match.disturb(.peerVanishes("ann"), tick: 20)
        match.disturb(.peerGarbage("bob"), tick: 20)
        match.disturb(.peerGarbage("nobody"), tick: 20)  // not in our match: nothing
        let events = match.exchange(tick: 20 + MatchLockstep.latency, state: nil, outgoing: [])
        #expect(names(events) == ["peerLeft ann timedOut", "peerLeft bob dropped"])
        #expect(match.matchedPeers == ["cy"])
        #expect(match.isConnected)
    }

    @Test(
        "a stalled or garbling server loses the match for us, and nothing after it is delivered",
        arguments: [
            (MatchNetworkFault.serverStalls, "the match server stopped answering"),
            (.serverGarbage, "the match server sent what does not decode"),
        ])
    func serverFaults(fault: MatchNetworkFault, why: String) {
        let match = match(peers: ["ann"])
        match.disturb(fault, tick: 30)
        _ = match.apply(.peerJoin("bob"), tick: 30)
        let events = match.exchange(tick: 30 + MatchLockstep.latency, state: nil, outgoing: [])
        #expect(names(events) == ["matchLost \(why)"])
        #expect(!match.isConnected)
        #expect(match.exchange(tick: 100, state: nil, outgoing: []).isEmpty)
    }

    @Test("a peer of another level's match is not ours, and no fault reaches it")
    func otherLevel() {
        let match = match(peers: ["ann"])
        #expect(match.join(level: 2, name: "me", tick: 40) == nil)
        #expect(match.matchedPeers.isEmpty)
        match.disturb(.peerVanishes("ann"), tick: 50)
        #expect(match.exchange(tick: 50 + MatchLockstep.latency, state: nil, outgoing: []).isEmpty)
        #expect(match.peer(named: "ann") != nil, "still in level 1's match")
    }
}

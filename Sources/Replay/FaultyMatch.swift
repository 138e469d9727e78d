// FaultyMatch: the network between the game and any match (the in-memory one, the real socket), as a decorator of
// its transport: the `network.match.*` fault points of CONTRACT §6 ("Faults"), drawn once a second of a match. What a
// script's fault lines and the seeded simulation put in front of the runtime's match; the transport behind it applies
// what fires (`MatchTransport.disturb`) as its server and our side would see it. Nothing is drawn for a transport that
// cannot (`isDisturbable` false: the real socket, whose peers are real), as before the decorator.

import Faults
import InterludeNetwork
import Lifecycle
import Runtime

/// `inner` behind a network whose peers vanish or send garbage, and whose server stalls or sends garbage, when
/// `injector` says so.
public final class FaultyMatch<Message: MatchMessage>: MatchTransport {
    public let inner: any MatchTransport<Message>
    public let injector: FaultInjector

    public init(_ inner: any MatchTransport<Message>, injector: FaultInjector) {
        self.inner = inner
        self.injector = injector
    }

    /// How often (in steps: once a second) the faults are drawn while connected.
    public static var period: Int64 { 60 }

    public var isConnected: Bool { inner.isConnected }
    public var isInMatch: Bool { inner.isInMatch }
    public var matchedPeers: [String] { inner.matchedPeers }
    public var isDisturbable: Bool { inner.isDisturbable }

    public func join(level: Int, name: String, tick: Int64) -> String? {
        inner.join(level: level, name: name, tick: tick)
    }

    public func leave(tick: Int64) { inner.leave(tick: tick) }

    /// The step's exchange, after the network's misbehaviour at a period's tick while connected.
    public func exchange(tick: Int64, state: Message?, outgoing: [Message]) -> [MatchEvent<Message>] {
        if inner.isDisturbable, inner.isConnected, tick % Self.period == 0 { misbehave(tick: tick) }
        return inner.exchange(tick: tick, state: state, outgoing: outgoing)
    }

    public func apply(_ setting: MatchSetting, tick: Int64) -> String? { inner.apply(setting, tick: tick) }

    public func sees(_ peer: String, tick: Int64) -> Bool? { inner.sees(peer, tick: tick) }

    public func disturb(_ fault: MatchNetworkFault, tick: Int64) { inner.disturb(fault, tick: tick) }

    /// The draws of one period, in a fixed order (the seeded simulation's transcripts depend on it): for each peer of
    /// our match in join order, `network.match.peerVanishes`, else `peerGarbage`; then `serverStalls`, else
    /// `serverGarbage`.
    private func misbehave(tick: Int64) {
        for peer in inner.matchedPeers {
            if injector.fires(.matchPeerVanishes) {
                inner.disturb(.peerVanishes(peer), tick: tick)
            } else if injector.fires(.matchPeerGarbage) {
                inner.disturb(.peerGarbage(peer), tick: tick)
            }
        }
        if injector.fires(.matchServerStalls) {
            inner.disturb(.serverStalls, tick: tick)
        } else if injector.fires(.matchServerGarbage) {
            inner.disturb(.serverGarbage, tick: tick)
        }
    }
}

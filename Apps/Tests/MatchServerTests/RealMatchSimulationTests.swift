// RealMatchSimulationTests: the seeded simulation (Docs/Simulation.md) with the game's match on real sockets
// (`SocketMatchTransport`, lockstep) to an embedded match server, its network disturbed by the simulation's
// `network.match.*` points (Replay's `FaultyMatch`), which the sockets act out (CONTRACT §7.1): a peer's socket
// closed without a goodbye, a peer's frame that is not JSON, our side giving up on a stalled or garbled server. Every
// invariant holds, the points fire, and the server saw what they did.

import Faults
import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import MatchServer
import Runtime
import Services
import Simulation
import XCTest

final class RealMatchSimulationTests: XCTestCase {
    static let seeds: ClosedRange<UInt64> = 1...30
    static let minutes: Int64 = 15

    func testASimulationWithMatchFaultsOnRealSocketsHoldsEveryInvariant() throws {
        var fired: [FaultPoint: Int] = [:]
        var relayed: UInt64 = 0
        var peerFaulted: (seed: UInt64, transcript: String)? = nil
        for seed in Self.seeds {
            let server = try RestartableMatchServer(policy: .replay)
            defer { server.stop() }
            let result = try simulate(seed: seed, server: server)
            XCTAssertTrue(result.ok, "seed \(seed): \(result.failures.map(\.description))")
            fired.merge(result.faultsFired) { $0 + $1 }
            relayed += server.messagesRelayed
            if peerFaulted == nil,
                result.faultsFired[.matchPeerVanishes] != nil || result.faultsFired[.matchPeerGarbage] != nil
            {
                peerFaulted = (seed, result.transcript)
            }
        }
        // The run must really have played matches on the server and disturbed them, or passing says nothing.
        XCTAssertGreaterThan(relayed, 0, "the match server relayed no message")
        for point in [FaultPoint.matchPeerVanishes, .matchPeerGarbage, .matchServerStalls, .matchServerGarbage] {
            XCTAssertGreaterThan(fired[point] ?? 0, 0, "\(point.name) never fired in \(Self.seeds)")
        }
        print(
            "real match simulation: relayed \(relayed); fired \(fired.filter { $0.key.name.hasPrefix("network.match") })"
        )
        // The lockstep makes the sockets' run a function of the seed: a peer's fault gives the same transcript again.
        let (seed, transcript) = try XCTUnwrap(peerFaulted, "no peer's fault fired")
        let server = try RestartableMatchServer(policy: .replay)
        defer { server.stop() }
        XCTAssertEqual(try simulate(seed: seed, server: server).transcript, transcript, "seed \(seed) again")
        XCTAssertTrue(
            transcript.contains(#""name":"peerLeft","args":"ann dropped""#)
                || transcript.contains(#""args":"bob dropped""#), "a peer dropped by the server")
    }

    /// One seed on iOS 26, the match a lockstep socket to `server`.
    func simulate(seed: UInt64, server: RestartableMatchServer) throws -> SimulationResult<GameAction> {
        let folder = try TemporaryFolder("real-match-simulation")
        defer { folder.remove() }
        // The match's points and the OS's (kills, a power loss, memory), often: peers are in our match for a few
        // seconds at a time.
        let points = FaultPoint.all.filter { $0.kind == .os || $0.name.hasPrefix("network.match.") }
        let options = SimulationOptions(
            profile: .ios26, seed: seed, duration: Self.minutes * 60_000_000_000, faults: Set(points),
            perMille: 300, folder: folder.path + "/disk")
        var simulator = Simulator(options: options) { Game(seed: $0) }
        let transport = SocketMatchTransport(
            url: server.url, pilot: Game(seed: seed).matchPilot,
            control: SocketMatchTransport<GameMessage>.ServerControl(down: server.stop, up: server.restart))
        defer { transport.close() }
        simulator.match = { transport }
        return try simulator.run()
    }
}

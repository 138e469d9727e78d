// RealServerSimulationTests: the seeded simulation (Docs/Simulation.md) with the game's real leaderboard client
// (`HTTPLeaderboard`) against the embedded real server, its network disturbed by the simulation's
// `network.leaderboard.*` points (drop, duplicate, slow, garbage: Replay's `FaultyLeaderboard`), and invariant 11
// audited against the server's own tables (CONTRACT §6.11), not an in-process fake's. With a store double in front of
// the real one that forgets each key before it stores (its idempotency check skipped), the simulation fails on
// invariant 11.

import Faults
import Foundation
import GRDB
import GameCore
import InterludeTesting
import Replay
import Runtime
import Services
import Simulation
import Storage
import XCTest

@testable import LeaderboardServer

final class RealServerSimulationTests: XCTestCase {
    /// Seeds each run takes: enough for every network point to fire and for the double to be caught.
    static let seeds: ClosedRange<UInt64> = 1...20
    static let minutes: Int64 = 15

    func testASimulationWithNetworkFaultsAgainstTheRealServerKeepsEveryScoreOnce() throws {
        let levels = try BundledLevels.load()
        let store = try LeaderboardStore(path: nil)
        defer { store.close() }
        let server = try EmbeddedLeaderboardServer(store: store, levels: levels, policy: .unlimited)
        defer { server.stop() }
        var fired: [FaultPoint: Int] = [:]
        for seed in Self.seeds {
            let result = try simulate(seed: seed, server: server, store: store, levels: levels)
            XCTAssertTrue(result.ok, "seed \(seed): \(result.failures.map(\.description))")
            fired.merge(result.faultsFired) { $0 + $1 }
        }
        // The run must really have exercised the network and the real tables, or passing says nothing.
        for point in [FaultPoint.leaderboardDrop, .leaderboardDuplicate, .leaderboardSlow, .leaderboardGarbage] {
            XCTAssertGreaterThan(fired[point] ?? 0, 0, "\(point.name) never fired in \(Self.seeds)")
        }
        let rows = try store.allScores()
        XCTAssertGreaterThan(rows.count, 0, "no score reached the server's tables")
        XCTAssertFalse(rows.contains { $0.key.isEmpty }, "a score row without its key")
        XCTAssertEqual(Set(rows.map { "\($0.player) \($0.key)" }).count, rows.count, "a key stored twice")
    }

    func testTheServerWithItsIdempotencyCheckSkippedFailsInvariant11() throws {
        let levels = try BundledLevels.load()
        let store = try LeaderboardStore(path: nil)
        defer { store.close() }
        let server = try EmbeddedLeaderboardServer(
            store: store, front: ForgetsKeys(store: store), levels: levels, policy: .unlimited)
        defer { server.stop() }
        var found: SimulationFailure?
        for seed in Self.seeds where found == nil {
            let result = try simulate(seed: seed, server: server, store: store, levels: levels)
            found = result.failures.first { $0.number == 11 }
            XCTAssertEqual(
                result.failures.filter { $0.number != 11 }.map(\.description), [], "seed \(seed): only invariant 11")
        }
        let failure = try XCTUnwrap(found, "invariant 11 never failed in \(Self.seeds)")
        XCTAssertTrue(failure.detail.contains("counted twice"), failure.detail)
    }

    /// One seed on iOS 26, every fault point enabled, the shooter's leaderboard the real client of `server`.
    func simulate(seed: UInt64, server: EmbeddedLeaderboardServer, store: LeaderboardStore, levels: [Level]) throws
        -> SimulationResult<GameAction>
    {
        let folder = try TemporaryFolder("real-server-simulation")
        defer { folder.remove() }
        let options = SimulationOptions(
            profile: .ios26, seed: seed, duration: Self.minutes * 60_000_000_000, faults: Set(FaultPoint.all),
            perMille: 100, folder: folder.path + "/disk")
        let clients = Clients()
        defer { clients.closeAll() }
        var simulator = Simulator(options: options) { Game(seed: $0, levels: levels) }
        let url = URL(string: server.url)!
        let auditor = store.auditor
        simulator.world = SimulationWorld(leaderboard: { _ in
            // Answers are taken in virtual time, so a cancel drops the answer and the exchange runs to its end.
            clients.keep(
                HTTPLeaderboard(
                    baseURL: url, playerName: "sim-\(seed)-\(clients.count)", cancelsExchanges: false,
                    auditor: auditor))
        })
        return try simulator.run()
    }
}

/// The clients a run made, closed when it ends.
final class Clients {
    private var clients: [HTTPLeaderboard] = []
    var count: Int { clients.count }

    func keep(_ client: HTTPLeaderboard) -> HTTPLeaderboard {
        clients.append(client)
        return client
    }

    func closeAll() { clients.forEach { $0.close() } }
}

/// The real store behind a server whose idempotency check is skipped: it forgets the player's key before every
/// submission, so a submission sent again (a retry, a proxy's repeat) is stored again as new.
struct ForgetsKeys: ScoreStore {
    let store: LeaderboardStore

    func register(name: String) async throws -> RegisteredPlayer? { try await store.register(name: name) }

    func submit(player: Int64, tokenDigest: String, level: Int, score: Int64, key: String) async throws
        -> SubmissionOutcome
    {
        guard let writer = store.sqliteWriter else { throw DatabaseError(message: "ForgetsKeys needs SQLite") }
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM submissionKey WHERE playerId = ? AND key = ?", arguments: [player, key])
        }
        return try await store.submit(
            player: player, tokenDigest: tokenDigest, level: level, score: score, key: key)
    }

    func top(level: Int, limit: Int) async throws -> [RankedScore] { try await store.top(level: level, limit: limit) }

    func rank(player: Int64, level: Int) async throws -> (rank: Int, score: Int64)? {
        try await store.rank(player: player, level: level)
    }
}

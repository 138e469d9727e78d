// BackgroundStoreTests: the seeded simulation over the window's and Breakout's store, `BackgroundSnapshotStore`, whose
// writer the simulation runs by hand (`SteppedSnapshotWriter`): kills (SIGKILL, power loss, kills inside a save's
// steps) find saves handed over and not yet written, and the runtime's promise still holds (invariant 9, Contract §6: a
// save reported durable, a full or final one that was flushed, survives the kill). A writer whose flush returns before
// its work ran (a test double) breaks that promise, and the simulation finds it.

import Faults
import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Runtime
import Simulation
import Storage
import Testing

/// A background writer whose flush returns at once: the runtime counts a full save durable that is not on the disk.
final class FlushReturnsEarly: SteppedSnapshotWriter, @unchecked Sendable {
    override func waitUntilIdle() {}
}

@Suite("the simulation over a background store")
struct BackgroundStoreTests {
    func simulate(seed: UInt64, minutes: Int64 = 6, world: SimulationWorld<Scene> = SimulationWorld()) throws
        -> SimulationResult<GameAction>
    {
        let folder = try TemporaryFolder("simulate-background")
        defer { folder.remove() }
        var options = SimulationOptions(
            profile: .ios26, seed: seed, duration: minutes * 60_000_000_000, perMille: 100,
            folder: folder.path + "/disk")
        options.backgroundStore = true
        let levels = SimulatorTests.levels
        var simulator = Simulator(options: options) { Game(seed: $0, levels: levels) }
        simulator.world = world
        return try simulator.run()
    }

    @Test("kills find saves not yet written; every save reported durable survives")
    func durableSavesSurvive() throws {
        var (kills, writes, lost) = (0, 0, 0)
        for seed in UInt64(1)...16 {
            let pending = PendingAtKill()
            let result = try simulate(seed: seed, world: SimulationWorld(writer: { pending.writer() }))
            #expect(result.ok, "seed \(seed): \(result.failures.map(\.description))")
            kills += result.kills
            writes += pending.ran
            lost += pending.lostAtKill
        }
        // The kills must really have found saves handed over and not written, or passing says nothing.
        #expect(
            kills > 0 && writes > 0 && lost > 0, "\(kills) kills, \(writes) writes, \(lost) kills with saves pending")
    }

    @Test("a flush that returns before the work ran is found (invariant 9)")
    func earlyFlushIsFound() throws {
        var found: SimulationFailure?
        for seed in UInt64(1)...20 where found == nil {
            let result = try simulate(seed: seed, world: SimulationWorld(writer: { FlushReturnsEarly() }))
            found = result.failures.first { $0.number == 9 }
        }
        let failure = try #require(found, "the early flush was not found within 20 seeds")
        #expect(failure.detail.contains("a durable save was lost"))
    }

    @Test("the same seed gives the same transcript over a background store")
    func deterministic() throws {
        let first = try simulate(seed: 3, minutes: 3)
        let second = try simulate(seed: 3, minutes: 3)
        #expect(first.transcript == second.transcript)
    }
}

/// Counts what the writers of a run's processes wrote, and the processes that died with saves not yet written.
final class PendingAtKill: @unchecked Sendable {
    private var writers: [CountingWriter] = []
    private(set) var lostAtKill = 0
    var ran: Int { writers.map(\.ran).reduce(0, +) }

    /// The writer of the next process (a launch, or the relaunch after a kill, when the last one's work is dropped).
    func writer() -> SteppedSnapshotWriter {
        if let last = writers.last, last.pendingCount > 0 { lostAtKill += 1 }
        let writer = CountingWriter()
        writers.append(writer)
        return writer
    }
}

/// A stepped writer that counts the pieces of work it ran.
final class CountingWriter: SteppedSnapshotWriter, @unchecked Sendable {
    private(set) var ran = 0

    override func submit(_ work: @escaping @Sendable () -> Void) {
        super.submit { [self] in
            work()
            ran += 1
        }
    }
}

// BrokenFileSystemTests: seeded bugs of durability as test doubles of the file system's port, never switches in a
// shipped module. Each double wraps the simulation's `FaultyFileSystem` and, when its test-only point fires, skips a
// step while reporting success: the fsync of a snapshot's new generation (the seeded bug `bug.fsyncSkipped`), or the
// fsync of the snapshot's folder. The ledger counts only the fsyncs that really ran, so a power loss loses the save
// the runtime reported durable: the simulation finds it as invariant 9 (Contract §6) and `Shrinker` shrinks it.

import Faults
import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Simulation
import Storage
import Testing

/// Test-only: the fsync of a snapshot's new generation does nothing (it is renamed into place without it).
let fsyncSkipped = FaultPoint(
    "bug.fsyncSkipped", .bug, "test-only: a double of the file system skips the fsync of a snapshot's new generation")
/// Test-only: the fsync of the snapshot's folder does nothing (its renames are never made durable).
let folderSyncSkipped = FaultPoint(
    "bug.folderSyncSkipped", .bug, "test-only: a double of the file system skips the fsync of the snapshot's folder")

/// A file system that, when `point` fires, returns from an fsync without making it: of a snapshot's new generation
/// (`fsyncSkipped`) or of a folder (`folderSyncSkipped`). Every other step goes to `inner`.
final class SkipsSync: FileSystem, @unchecked Sendable {
    let inner: any FileSystem
    let injector: FaultInjector
    let point: FaultPoint

    init(_ point: FaultPoint, wrapping inner: any FileSystem, injector: FaultInjector) {
        self.point = point
        self.inner = inner
        self.injector = injector
    }

    func write(_ bytes: [UInt8], to path: String) throws { try inner.write(bytes, to: path) }
    func sync(_ path: String) throws {
        if point == fsyncSkipped, path.hasSuffix("/" + FileSnapshotStore.temporaryName), injector.fires(point) {
            return
        }
        try inner.sync(path)
    }
    func rename(_ from: String, _ to: String) throws { try inner.rename(from, to) }
    func link(_ from: String, _ to: String) throws { try inner.link(from, to) }
    func unlink(_ path: String) throws { try inner.unlink(path) }
    func syncFolder(_ folder: String) throws {
        if point == folderSyncSkipped, injector.fires(point) { return }
        try inner.syncFolder(folder)
    }

    /// A snapshot store on `folder` whose steps go through this double over the simulation's disturbed file system.
    static func store(_ point: FaultPoint) -> (String, FaultInjector) throws -> any SnapshotStore {
        { folder, injector in
            try FileSnapshotStore(
                folder: folder,
                files: SkipsSync(point, wrapping: FaultyFileSystem(injector: injector), injector: injector))
        }
    }
}

@Suite("durability bugs as doubles of the file system")
struct BrokenFileSystemTests {
    func simulate(
        seed: UInt64, faults: Set<FaultPoint>, store: @escaping (String, FaultInjector) throws -> any SnapshotStore
    ) throws -> SimulationResult<GameAction> {
        let folder = try TemporaryFolder("simulate-broken")
        defer { folder.remove() }
        let options = SimulationOptions(
            profile: .ios26, seed: seed, duration: 6 * 60_000_000_000, faults: faults, perMille: 100,
            folder: folder.path + "/disk")
        let levels = SimulatorTests.levels
        return try Simulator(options: options, store: store) { Game(seed: $0, levels: levels) }.run()
    }

    /// Among every fault of the environment (a power loss among them), the simulation finds the double within 50
    /// seeds of 6 minutes as invariant 9; the same seed over the sound store is clean; `Shrinker` reduces the run to a
    /// script of at most 10 timed lines that fails the same way, and passes once the double's fault lines are out.
    @Test(
        "a double that skips an fsync is found by a power loss and shrunk",
        arguments: [fsyncSkipped, folderSyncSkipped])
    func skippedSyncIsFoundAndShrunk(bug: FaultPoint) throws {
        let store = SkipsSync.store(bug)
        var found: (result: SimulationResult<GameAction>, failure: SimulationFailure)? = nil
        for seed in UInt64(1)...50 where found == nil {
            let result = try simulate(seed: seed, faults: Set(FaultPoint.all).union([bug]), store: store)
            if let failure = result.failures.first(where: { $0.number == 9 }) { found = (result, failure) }
        }
        let (result, failure) = try #require(found, "\(bug.name) not found within 50 seeds")
        #expect(failure.detail.contains("a durable save was lost"), "\(failure)")
        let sound = try simulate(seed: result.options.seed, faults: Set(FaultPoint.all)) {
            try FileSnapshotStore.faulty(folder: $0, injector: $1)
        }
        #expect(sound.ok, "the same seed over the sound store is clean: \(sound.failures)")

        let folder = try TemporaryFolder("shrink-broken")
        defer { folder.remove() }
        let levels = SimulatorTests.levels
        let shrinker = Shrinker(
            profile: .ios26, seed: result.options.seed, folder: folder.path + "/disk", store: store,
            game: { Game(seed: $0, levels: levels) })
        let shrunk = try #require(try shrinker.shrink(result, failure: failure), "the run replays as a script")
        let text = ScriptWriter.render(shrunk.script)
        print(
            "\(bug.name): found at seed \(result.options.seed); shrunk from \(shrunk.linesBefore) lines to "
                + "\(shrunk.timedLines) timed lines in \(shrunk.replays) replays:\n\(text)")
        #expect(shrunk.timedLines <= 10, "\(text)")
        #expect(text.contains("os.powerLoss"), "found by a power loss: \(text)")
        // Replayed, it fails the same way; without the double's lines it does not. (Its point is the test's own, not
        // the catalog's: the lines are replayed as they are, not parsed back from the text.)
        let lines = shrunk.script.lines.map(\.command)
        #expect(try shrinker.replay(lines).violations.contains { $0.violation.invariant == 9 }, "\(text)")
        let fixed = lines.filter {
            guard case .fault(_, let point, _) = $0 else { return true }
            return point != bug
        }
        #expect(fixed.count < lines.count, "the script arms the double")
        #expect(try !shrinker.replay(fixed).violations.contains { $0.violation.invariant == 9 }, "\(text)")
    }
}

// SimulatorTests: the seeded fault simulation (issue 30) on the real runtime and the shooter: a seed replays
// byte-identically, different seeds differ, kills at every step of a save and at any instant never lose a save the
// runtime reported, a store that acknowledges saves it never made durable is caught (invariant 9), and each of the
// acceptance's five seeded bugs is found and shrunk to a script of at most 10 timed lines that fails the same way;
// building no scene (no display of the caller's) changes no transcript.

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

@Suite("interlude simulate's engine")
struct SimulatorTests {
    static let levels: [Level] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Assets/Levels")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".level") }.sorted().compactMap {
            try? LevelFile.parse(String(contentsOfFile: folder.appendingPathComponent($0).path, encoding: .utf8))
        }
    }()

    func simulate(
        _ profile: Profile, seed: UInt64, minutes: Int64 = 6, faults: Set<FaultPoint> = Set(FaultPoint.all),
        store: ((String, FaultInjector) throws -> any SnapshotStore)? = nil, display: (any Display<Scene>)? = nil,
        world: SimulationWorld<Scene> = SimulationWorld()
    ) throws -> SimulationResult<GameAction> {
        let folder = try TemporaryFolder("simulate")
        defer { folder.remove() }
        let options = SimulationOptions(
            profile: profile, seed: seed, duration: minutes * 60_000_000_000, faults: faults, perMille: 100,
            folder: folder.path + "/disk")
        let levels = Self.levels
        var simulator =
            if let store {
                Simulator(options: options, store: store) { Game(seed: $0, levels: levels) }
            } else {
                Simulator(options: options) { Game(seed: $0, levels: levels) }
            }
        simulator.display = display
        simulator.world = world
        return try simulator.run()
    }

    @Test(
        "a seed gives a byte-identical transcript, whatever folder its disk is in",
        arguments: [Profile.ios5, .android34])
    func deterministic(profile: Profile) throws {
        let first = try simulate(profile, seed: 11)
        let second = try simulate(profile, seed: 11)
        #expect(first.transcript == second.transcript)
        #expect(first.moves > 100 && first.transcript.contains("\"type\":\"simulation\""))
        #expect(!first.transcript.contains("/tmp"), "the disk's folder is written DISK")
        let other = try simulate(profile, seed: 12)
        #expect(other.transcript != first.transcript)
    }

    @Test("kills at every step of a save and at any instant never lose a reported save", arguments: Profile.all)
    func killsLoseNothing(profile: Profile) throws {
        var kills = 0
        for seed in UInt64(1)...4 {
            let result = try simulate(profile, seed: seed)
            #expect(result.ok, "seed \(seed): \(result.failures)")
            kills += result.kills
        }
        #expect(kills >= 4, "the schedule kills (\(kills))")
    }

    /// Without a display of the caller's the simulation builds no scene (its recording display keeps none); a display
    /// that keeps every scene adds the `frame` lines of its captures and changes nothing else, on every profile.
    @Test("a simulation that builds no scene writes the transcript of one that builds them all", arguments: Profile.all)
    func noSceneSameTranscript(profile: Profile) throws {
        let plain = try simulate(profile, seed: 3, minutes: 3)
        let display = RecordingDisplay<Scene>()
        let drawn = try simulate(profile, seed: 3, minutes: 3, display: display)
        let lines = drawn.transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let frames = lines.filter { $0.contains(#""type":"frame""#) }
        #expect(!frames.isEmpty, "the caller's display captures frames")
        #expect(plain.transcript == lines.filter { !$0.contains(#""type":"frame""#) }.joined(separator: "\n"))
        #expect(display.calls.filter { $0 == .present }.count > 1000, "the same presents reach a display")
    }

    /// A store that keeps its saves in memory only, per process: every save it acknowledges is lost by a kill.
    @Test("a store that acknowledges saves it never made durable is caught")
    func forgetfulStoreIsCaught() throws {
        var found: [SimulationFailure] = []
        for seed in UInt64(1)...20 where found.isEmpty {
            let result = try simulate(.ios5, seed: seed, faults: [.killAnyInstant]) { _, _ in InMemorySnapshotStore() }
            found = result.failures.filter { $0.number == 9 }
        }
        #expect(!found.isEmpty, "within 20 seeds")
        #expect(found.first?.invariant == "invariant 9 (savedSnapshotSurvivesKill)")
        #expect(found.first?.detail.contains("a durable save was lost") == true)
    }

    /// The seeded bugs (SeededBugs.swift), each a double of a port or of the environment, among every fault of the
    /// environment: the simulation finds each within 50 seeds of 6 minutes, as the invariant that names it; the same
    /// seed without the bug is clean; `Shrinker` reduces it to a script of at most 10 timed lines that fails the same
    /// way when replayed from its text, and passes once the bug's fault lines are taken out.
    @Test("a seeded bug is found and shrunk to a short script", arguments: SeededBug.all)
    func seededBugIsFoundAndShrunk(bug: SeededBug) throws {
        var found: (result: SimulationResult<GameAction>, failure: SimulationFailure)? = nil
        let world = bug.world(Scene.self)
        for seed in UInt64(1)...50 where found == nil {
            let result = try simulate(.ios26, seed: seed, faults: Set(FaultPoint.all).union([bug.point]), world: world)
            if let failure = result.failures.first(where: { $0.number == bug.invariant }) { found = (result, failure) }
        }
        let (result, failure) = try #require(found, "\(bug.point.name) not found within 50 seeds")
        #expect(
            try simulate(.ios26, seed: result.options.seed, world: world).ok, "the same seed without the bug is clean")

        let folder = try TemporaryFolder("shrink")
        defer { folder.remove() }
        let levels = Self.levels
        var shrinker = Shrinker(
            profile: .ios26, seed: result.options.seed, folder: folder.path + "/disk",
            store: { try FileSnapshotStore.faulty(folder: $0, injector: $1) }, game: { Game(seed: $0, levels: levels) })
        shrinker.world = world
        let shrunk = try #require(try shrinker.shrink(result, failure: failure), "the run replays as a script")
        #expect(shrunk.timedLines <= 10, "\(ScriptWriter.render(shrunk.script))")
        #expect(shrunk.script.lines.count < shrunk.linesBefore)
        // Its text, parsed back, fails the same way; without the bug's lines it does not fail so.
        let text = ScriptWriter.render(shrunk.script)
        let parsed: Script<GameAction> = try ScriptParser.parse(text, file: "shrunk.script", faults: SeededBug.points)
        let replayed = try shrinker.replay(parsed.lines.map(\.command))
        #expect(replayed.violations.contains { $0.violation.invariant == bug.invariant }, "\(text)")
        let fixed = parsed.lines.map(\.command).filter {
            guard case .fault(_, let point, _) = $0 else { return true }
            return point != bug.point
        }
        #expect(fixed.count < parsed.lines.count, "the script arms the bug")
        #expect(try !shrinker.replay(fixed).violations.contains { $0.violation.invariant == bug.invariant }, "\(text)")
    }

    @Test("the fault injector: off points never fire; an armed one fires once; after a kill everything fails")
    func injector() throws {
        let injector = FaultInjector(seed: 1, enabled: [], perMille: 1000)
        #expect(!(0..<100).contains { _ in injector.fires(.writeNoSpace) })
        injector.arm(.fsyncFails)
        #expect(injector.fires(.fsyncFails))
        #expect(!injector.fires(.fsyncFails))
        let killer = FaultInjector(seed: 1, enabled: [.killBeforeRename], perMille: 1000)
        #expect(throws: SimulatedKill(.killBeforeRename)) { try killer.kill(at: .killBeforeRename) }
        #expect(killer.fires(.writeNoSpace), "a dead process fails everything")
        #expect(!killer.fires(SeededBug.timerFullTime.point), "but a seeded bug stays off unless named")
        killer.relaunch()
        #expect(!killer.fires(.writeNoSpace))
    }

    @Test(
        "a FileSnapshotStore over the disturbed file system: a fired write fails and keeps the old save")
    func storeFaults() throws {
        let folder = try TemporaryFolder("simulate-store")
        defer { folder.remove() }
        let injector = FaultInjector(seed: 3, enabled: [], perMille: 0)
        let store = try FileSnapshotStore.faulty(folder: folder.path, injector: injector)
        try store.save(Array("one".utf8))
        injector.arm(.writeNoSpace)
        #expect(throws: (any Error).self) { try store.save(Array("two".utf8)) }
        #expect(try store.load() == Array("one".utf8))
        injector.arm(.killBetweenRenames)
        #expect(throws: SimulatedKill(.killBetweenRenames)) { try store.save(Array("three".utf8)) }
        #expect(try store.load() == Array("one".utf8), "the new generation was never renamed into place")
    }
}

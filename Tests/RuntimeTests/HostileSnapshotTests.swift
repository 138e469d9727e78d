// Hostile snapshots (issue 12): files whose checksum is right but whose values were forged or came from a bug. None
// may trap, at the launch or in the play that follows; each is set aside with a reason and the save before it (or a
// new game) is used. And the crash guard: a save that crashed the app is set aside at the next launch.

import GameCore
import InterludeNetwork
import InterludeTesting
import Lifecycle
import Runtime
import Saves
import Testing

/// The bytes of a snapshot with these values, framed and checksummed as the runtime and the game write them (the
/// runtime's values in its frame, the game's in its part): how a forger would make a file that passes the checksum.
func forgedSnapshot(_ values: [String: Int64]) -> [UInt8] {
    var text = GameSnapshot.header + "\n"
    for (key, value) in values.sorted(by: { $0.key < $1.key }) where !SnapshotFrame.isRuntimeKey(key) {
        text += "\(key)=\(value)\n"
    }
    var hasher = StateHasher()
    hasher.combine(bytes: Array(text.utf8))
    text += "checksum=\(hasher.hex)\nend\n"
    return SnapshotFrame.encode(runtime: values.filter { SnapshotFrame.isRuntimeKey($0.key) }, game: Array(text.utf8))
}

/// A genuine save from a game in progress (two levels, so that level numbers have room), and its values.
func genuineSave() -> (bytes: [UInt8], values: [String: Int64], levels: [Level]) {
    let levels: [Level] = [.hangar, .hangar]
    let store = InMemorySnapshotStore()
    let runtime = launchedRuntime(snapshots: store, levels: levels)
    runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
    runtime.inject(.input(.forward, duration: ms(800)), at: ms(600))
    runtime.inject(.fire, at: ms(1500))
    runtime.inject(.homePressed, at: ms(2500))
    let bytes = store.bytes!
    return (bytes, runtime.game.snapshotValues(try! runtime.game.decodeSnapshot(bytes)), levels)
}

@Suite("Hostile snapshots never trap, and are set aside with a reason")
struct HostileSnapshotTests {
    /// The forged corpus: (what, the values changed).
    static let corpus: [(String, [String: Int64])] = {
        let nan = Int64(Float.nan.bitPattern)
        let infinity = Int64(Float.infinity.bitPattern)
        let huge = Int64(Float(1e30).bitPattern)
        var cases: [(String, [String: Int64])] = [
            ("x NaN", ["x": nan]), ("z infinite", ["z": infinity]), ("x 1e30", ["x": huge]),
            ("x negative", ["x": Int64(Float(-3).bitPattern)]), ("yaw NaN", ["yaw": nan]), ("yaw 1e30", ["yaw": huge]),
            ("pitch infinite", ["pitch": infinity]), ("bob NaN", ["effect.bob": nan]),
            ("enemy x NaN", ["enemy.0.x": nan]), ("enemy target 1e30", ["enemy.0.targetZ": huge]),
            ("level -1", ["level": -1]), ("level 99", ["level": 99]), ("level Int.min", ["level": Int64.min]),
            ("generation Int.max", ["generation": Int64.max]), ("generation negative", ["generation": -1]),
            ("outbox score absurd", ["outbox.72057594037927937": 100_000_000]),
            ("outbox level 99", ["outbox.\(99 << 56 | 1)": 500]), ("outbox negative", ["outbox.-5": 10]),
            ("enemies count wrong", ["enemies": 0]), ("pickups count wrong", ["pickups": 0]),
            ("pickup moved", ["pickup.0.x": 999_999]), ("held negative", ["held.forward": -5]),
            ("enemy health with dead mode", ["enemy.0.mode": 2]), ("timer 0", ["timer.round": 0]),
            ("health 1000", ["health": 1000]), ("ammo negative", ["ammo": -1]),
            (
                "257 outbox scores",
                Dictionary(
                    uniqueKeysWithValues: (1...257).map {
                        ("outbox.\(ScoreKey.make(level: 1, run: Int64($0)))", Int64(10))
                    })
            ),
        ]
        for key in [
            "steps", "score", "hits", "shots", "kills", "roundSeconds", "levelsCleared", "effect.reload",
            "effect.recoil", "effect.muzzle", "effect.hitMarker", "effect.damage", "enemy.0.cooldown", "enemy.0.flash",
            "enemy.0.health", "health", "ammo",
        ] {
            cases.append(("\(key) Int.max", [key: Int64.max]))
            cases.append(("\(key) Int.min", [key: Int64.min]))
        }
        return cases
    }()

    @Test(
        "each of the 61 forged snapshots: no trap, set aside with its reason, the genuine save before it restored and playable"
    )
    func forgedCorpus() throws {
        let genuine = genuineSave()
        for (what, changes) in Self.corpus {
            let forged = forgedSnapshot(genuine.values.merging(changes) { $1 })
            let store = InMemorySnapshotStore(bytes: forged, previous: genuine.bytes)
            let runtime = launchedRuntime(snapshots: store, levels: genuine.levels)
            #expect(store.quarantined.map(\.name) == ["snapshot.damaged-1.txt"], "\(what)")
            #expect(store.quarantined.first?.bytes == forged, "\(what): the forged file is kept as it was")
            let detail = runtime.transcript.lines.first { $0.contains(#""loadSnapshot""#) } ?? ""
            #expect(detail.contains("snapshot.txt: "), "\(what): \(detail)")
            #expect(detail.contains("restored snapshot.previous.txt"), "\(what): \(detail)")
            #expect(runtime.game.state.notice?.contains("could not be read") == true, "\(what)")
            // The genuine save plays on, and saves again.
            runtime.inject(.resume, at: ms(100))
            runtime.inject(.input(.forward, duration: ms(2000)), at: ms(200))
            runtime.inject(.fire, at: ms(1000))
            runtime.inject(.homePressed, at: ms(3000))
            #expect(runtime.violations.isEmpty, "\(what): \(runtime.violations)")
            #expect(
                try runtime.game.decodeSnapshot(store.bytes!).extras["generation"] == genuine.values["generation"]! + 2)
        }
    }

    @Test("a forged snapshot with no save before it: a new game, and the player is told")
    func forgedAlone() {
        let genuine = genuineSave()
        let store = InMemorySnapshotStore(bytes: forgedSnapshot(genuine.values.merging(["x": 0x7FC0_0000]) { $1 }))
        let runtime = launchedRuntime(snapshots: store, levels: genuine.levels)
        #expect(runtime.game.state.screen == .menu)
        #expect(runtime.game.state.notice?.contains("starting a new game") == true)
        #expect(store.quarantined.count == 1)
        #expect(runtime.transcript.lines.contains { $0.contains("implausible: x=nan, z=") })
    }

    @Test("10,000 random snapshots, fields drawn from their whole type: launched and played, none traps")
    func randomWholeRange() throws {
        let genuine = genuineSave()
        let keys = genuine.values.keys.sorted()
        var random = SimulationRandom(seed: 12)
        var tally = (restored: 0, setAside: 0, refusedByDecoder: 0)
        for number in 0..<10_000 {
            // From 1 to 4 fields take any value of their type: any Int64, or for a float any 32 bits (NaN,
            // infinities, subnormals). Some draws add an extra the runtime reads (outbox, timer, generation).
            var values = genuine.values
            for _ in 0...random.below(4) {
                let key = keys[Int(random.below(UInt64(keys.count)))]
                values[key] =
                    random.below(2) == 0
                    ? RandomGameState.integer(&random) : Int64(RandomGameState.float(&random).bitPattern)
            }
            if random.below(4) == 0 {
                let extra = ["outbox.\(Int64(bitPattern: random.next()))", "timer.enemies", "generation"]
                values[extra[Int(random.below(3))]] = RandomGameState.integer(&random)
            }
            let bytes = forgedSnapshot(values)
            let store = InMemorySnapshotStore(bytes: bytes)
            let runtime = launchedRuntime(snapshots: store, levels: genuine.levels)
            if store.quarantined.isEmpty {
                tally.restored += 1
                // Restored: a single-player game (played on below), or another screen (only the extras restored).
                #expect(runtime.game.state.isInSession == (values["screen"] == 1), "snapshot \(number) restored")
                runtime.inject(.resume, at: ms(50))
                runtime.inject(.input(.turnLeft, duration: ms(200)), at: ms(60))
                runtime.inject(.fire, at: ms(100))
                runtime.advance(to: ms(400))
                _ = runtime.scene
            } else {
                let detail = runtime.transcript.lines.first { $0.contains(#""loadSnapshot""#) } ?? ""
                #expect(detail.contains("snapshot.txt: "), "snapshot \(number): \(detail)")
                #expect(detail.contains("starting fresh"), "snapshot \(number): \(detail)")
                if detail.contains(": implausible: ") { tally.setAside += 1 } else { tally.refusedByDecoder += 1 }
                #expect(runtime.game.state.screen == .menu)
            }
            #expect(runtime.violations.isEmpty, "snapshot \(number): \(runtime.violations)")
        }
        print(
            "random snapshots: \(tally.restored) restored and played, \(tally.setAside) set aside as implausible, "
                + "\(tally.refusedByDecoder) refused by the decoder")
        #expect(tally.restored > 100, "some draws stay playable (a value within range), and are played")
        #expect(tally.setAside > 5_000)
    }
}

@Suite("Crash guard: a save that crashed the app is set aside at the next launch")
struct CrashGuardTests {
    /// A store holding a genuine save, launched once: the game is restored and the mark is written.
    func restored() -> (store: InMemorySnapshotStore, runtime: Runtime<Game>, levels: [Level]) {
        let genuine = genuineSave()
        let store = InMemorySnapshotStore(bytes: genuine.bytes)
        let runtime = launchedRuntime(snapshots: store, levels: genuine.levels)
        return (store, runtime, genuine.levels)
    }

    @Test("a restore writes the mark before the game is back, naming the generation")
    func markWritten() throws {
        let (store, runtime, _) = restored()
        #expect(runtime.game.state.isInSession)
        let mark = String(decoding: try #require(store.mark), as: UTF8.self)
        #expect(mark == "interlude-restore-mark 1\ngeneration=2\n")
    }

    @Test("a crash reported in the mark: every generation set aside, a new game, the player told")
    func crashSetsAside() throws {
        let (store, _, levels) = restored()
        try store.setRestoreMark(store.mark! + Array("crashed signal=4\n".utf8))  // what the signal handler adds
        let before = (store.bytes, store.previous)
        let relaunched = launchedRuntime(snapshots: store, levels: levels)  // the first process died
        #expect(relaunched.game.state.screen == .menu)
        #expect(relaunched.game.state.notice?.contains("crashed just after restoring") == true)
        #expect(store.quarantined.map(\.bytes) == [before.0, before.1].compactMap { $0 }, "kept, not deleted")
        #expect(relaunched.transcript.lines.contains { $0.contains("crashed: the app crashed (signal=4)") })
        #expect(store.mark == nil, "nothing restored, so no mark")
    }

    @Test("a mark without a crash report (the process was killed): the game is restored again")
    func killRestoresAgain() {
        let (store, _, levels) = restored()
        let relaunched = launchedRuntime(snapshots: store, levels: levels)
        #expect(relaunched.game.state.isInSession)
        #expect(store.quarantined.isEmpty)
        #expect(store.mark != nil, "the new restore is marked again")
    }

    @Test("the mark goes once the restored game has played 10 seconds, not before")
    func provedByPlay() {
        let (store, runtime, _) = restored()
        runtime.inject(.resume, at: ms(100))
        runtime.advance(to: ms(100 + 9_900))
        #expect(store.mark != nil, "9.9 s of play prove nothing yet")
        runtime.advance(to: ms(100 + 10_100))
        #expect(store.mark == nil)
    }

    @Test("the mark goes when the process ends through the life cycle, or the session is left", arguments: [0, 1])
    func provedByEnd(way: Int) {
        let (store, runtime, _) = restored()
        if way == 0 {
            runtime.inject(.homePressed, at: ms(100))
            runtime.inject(.terminatedByOS, at: ms(200))
        } else {
            runtime.inject(.menu, at: ms(100))
        }
        #expect(store.mark == nil)
    }
}

@Suite("The validation refuses nothing that play produces")
struct ValidationSoundnessTests {
    @Test("40,000 steps of random play on the bundled levels: every state passes Game.whyUnplayable")
    func randomPlay() throws {
        let levels = try LevelAssets.levels()
        var game = Game(seed: 3, levels: levels)
        var random = SimulationRandom(seed: 31)
        var checked = 0
        var sessions = 0
        for step in 0..<40_000 {
            if !game.state.isInSession {
                sessions += 1
                game.goToMenu()
                game.play(.singlePlayer, level: 1 + Int(random.below(UInt64(levels.count))), run: Int64(step))
            }
            if random.below(20) == 0 {
                let control = Control.allCases[Int(random.below(UInt64(Control.allCases.count)))]
                game.hold(control, steps: random.below(10) == 0 ? Int64.max : Int64(random.below(120)) + 1)
            }
            if random.below(30) == 0 { game.release(Control.allCases[Int(random.below(8))]) }
            if random.below(8) == 0 { game.fire() }
            if random.below(50) == 0 {
                game.look(yawMillidegrees: Int64(random.below(90_000)) - 45_000, pitchMillidegrees: 0)
            }
            game.step()
            if game.state.isRunning, game.state.steps % Game.thinkSteps == 0 { game.enemiesThink() }
            if game.state.steps % 60 == 0 { game.roundTimerFired() }
            _ = game.takeOutcomes()
            if game.state.isInSession {
                let why = game.whyUnplayable(game.state)
                #expect(why == nil, "step \(step): \(why ?? "")")
                if why != nil { return }
                checked += 1
            }
        }
        #expect(Game.maximumScore(in: levels) == 7_500, "3,200 for 32 enemies, 150 for 15 pickups, 4,150 for 3 exits")
        print("validation soundness: \(checked) states checked over \(sessions) sessions")
        #expect(sessions > 3, "play ended and restarted sessions (deaths, wins)")
    }
}

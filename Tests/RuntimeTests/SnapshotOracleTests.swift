import GameCore
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

@Suite("Snapshot oracle: restore(save(s)) is s")
struct SnapshotOracleTests {
    @Test(
        "for 2,000 random states, decode(encode(s)) has the same state, extras and stateHash, and re-encodes the same")
    func codecRoundTrip() throws {
        var random = SimulationRandom(seed: 4_2026)
        for number in 0..<2000 {
            let state = RandomGameState.make(&random)
            let snapshot = GameSnapshot(state: state, extras: RandomGameState.extras(&random))
            let bytes = snapshot.encoded()
            let restored = try GameSnapshot.decode(bytes)
            #expect(hash(restored.state) == hash(state), "state \(number)")
            // NaN is not equal to itself: compare the fields' bit patterns through the hash and the bytes instead.
            #expect(restored.extras == snapshot.extras, "state \(number)")
            #expect(text(restored.encoded()) == text(bytes), "state \(number)")
        }
    }

    @Test("for 2,000 random states, the byte-level encoder writes exactly what the plain String encoder writes")
    func byteEncoderMatchesStrings() {
        var random = SimulationRandom(seed: 2_611)
        for number in 0..<2000 {
            var extras = RandomGameState.extras(&random)
            // An extra named like a gameplay value replaces it, in both encoders.
            if number % 7 == 0 { extras[["score", "enemy.0.x", "held.forward", "pickups"][number % 4]] = -5 }
            let snapshot = GameSnapshot(state: RandomGameState.make(&random), extras: extras)
            #expect(text(snapshot.encoded()) == text(snapshot.encodedThroughStrings()), "state \(number)")
        }
    }

    @Test("for 500 random states, a launch restores the game paused with its timers, outbox and settings")
    func runtimeRoundTrip() throws {
        var random = SimulationRandom(seed: 77)
        let game = Game(seed: 9)
        for number in 0..<500 {
            var state = RandomGameState.plausible(&random, game: game)
            state.screen = random.below(4) == 0 ? .multiplayer : .singlePlayer
            let extras = RandomGameState.plausibleExtras(&random, game: game)
            let bytes = GameSnapshot(state: state, extras: extras).encoded()
            let runtime = Runtime(profile: .ios5, seed: 9, snapshots: InMemorySnapshotStore(bytes: bytes))
            runtime.send(.launched)
            runtime.settle()
            let saved = runtime.currentSnapshot()
            if state.screen == .singlePlayer {
                var paused = state
                paused.isPaused = true
                #expect(runtime.game.stateHash == hash(paused), "state \(number)")
                #expect(saved.extras == extras, "state \(number)")
                #expect(
                    text(saved.encoded()) == text(GameSnapshot(state: paused, extras: extras).encoded()),
                    "state \(number)")
            } else {
                #expect(runtime.game.state.screen == .menu, "multiplayer is not restored (state \(number))")
                #expect(runtime.game.state.notice != nil)
                #expect(
                    saved.extras.filter { !$0.key.hasPrefix("timer.") } == extras.filter { !$0.key.hasPrefix("timer.") }
                )
            }
        }
    }

    @Test(
        "terminated from suspended (or from background, through willTerminate) and relaunched, the game reaches the uninterrupted hash",
        arguments: [Event.purgedByOS, .switcherKilled, .terminatedByOS], [150, 1350, 2999])
    func terminatedAndRelaunched(end: Event, at moment: Int64) {
        let session = DeterminismTests().session
        let plain = session.play()
        let relaunched = session.play(interruption: (moment, [.homePressed, end, .iconTapped]))
        #expect(relaunched.simulationHash == plain.simulationHash)
        #expect(relaunched.violations.isEmpty)
        #expect(
            relaunched.transcript.lines.contains { $0.contains(#""detail":"restored singlePlayer level 1, paused""#) })
    }

    @Test("a well-formed snapshot the game cannot continue from is refused, kept aside, and the game starts fresh")
    func implausibleRefused() {
        var random = SimulationRandom(seed: 5)
        let state = RandomGameState.plausible(&random, game: Game(seed: 9))
        for (key, value) in [("steps", Int64.max), ("score", -1), ("timer.round", 61), ("timer.autosave", 0)] {
            var extras = RandomGameState.plausibleExtras(&random, game: Game(seed: 9))
            var bad = state
            switch key {
            case "steps": bad.steps = value
            case "score": bad.score = value
            default: extras[key] = value
            }
            let store = InMemorySnapshotStore(bytes: GameSnapshot(state: bad, extras: extras).encoded())
            let runtime = Runtime(profile: .ios5, seed: 9, snapshots: store)
            runtime.send(.launched)
            runtime.settle()
            #expect(runtime.game.state.screen == .menu, "\(key)")
            #expect(store.quarantined.map(\.name) == ["snapshot.damaged-1.txt"], "\(key)")
            #expect(
                runtime.transcript.lines.contains { $0.contains("implausible: \(key)=\(value) is outside") }, "\(key)")
        }
    }

    @Test("settings survive a relaunch even from the menu")
    func settingsSurvive() {
        let store = InMemorySnapshotStore()
        let runtime = Runtime(profile: .ios5, seed: 1, snapshots: store)
        runtime.send(.launched)
        runtime.settle()
        runtime.settings["volume"] = 7
        runtime.send(.homePressed)
        runtime.settle()
        runtime.advance(by: 100_000_000)
        runtime.send(.purgedByOS)
        runtime.settle()
        #expect(runtime.settings.isEmpty, "memory is gone with the process")
        runtime.send(.launched)
        runtime.settle()
        #expect(runtime.settings == ["volume": 7])
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func hash(_ state: GameState) -> String {
        var game = Game(seed: 1)
        game.state = state
        return game.stateHash
    }
}

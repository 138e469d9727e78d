import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Testing

/// A single-player session: (gameplay ms, action) pairs, optionally interrupted at a gameplay moment.
struct Session {
    var actions: [(Int64, GameAction)]
    var lengthMs: Int64
    var levels: [Level] = [.hangar]

    /// Plays the session; `interruption` events are injected at gameplay time `at`, each `gap` ms apart, then
    /// the player resumes. Returns the final hash after `lengthMs` of play and the runtime.
    func play(profile: Profile = .ios4, interruption: (at: Int64, events: [Event])? = nil, gap: Int64 = 1500)
        -> Runtime<Game>
    {
        let runtime = launchedRuntime(profile, levels: levels)
        let start: Int64 = 1000
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(start))
        var pausedFor: Int64 = 0
        var pending = actions
        var interruptAt = interruption?.at
        while !pending.isEmpty || interruptAt != nil {
            let nextAction = pending.first?.0 ?? Int64.max
            if let at = interruptAt, at <= nextAction {
                for (index, event) in interruption!.events.enumerated() {
                    runtime.inject(event, at: ms(start + at + pausedFor + Int64(index) * gap))
                }
                let back = start + at + pausedFor + Int64(interruption!.events.count) * gap
                runtime.inject(.resume, at: ms(back))
                pausedFor = back - start - at
                interruptAt = nil
                continue
            }
            let (time, action) = pending.removeFirst()
            runtime.inject(action, at: ms(start + time + pausedFor))
        }
        runtime.advance(to: ms(start + lengthMs + pausedFor))
        return runtime
    }
}

@Suite("Determinism and interruption invariance")
struct DeterminismTests {
    let session = Session(
        actions: [
            (200, .input(.forward, duration: ms(1500))), (400, .fire), (900, .input(.turnLeft, duration: ms(500))),
            (1300, .fire), (2100, .input(.right, duration: ms(700))), (2500, .fire), (3000, .fire),
        ], lengthMs: 5000)

    @Test("the same inputs give the same transcript and hash")
    func sameRunTwice() {
        let first = session.play()
        let second = session.play()
        #expect(first.transcript.text == second.transcript.text)
        #expect(first.simulationHash == second.simulationHash)
        #expect(first.game.state.steps == 300)
    }

    @Test(
        "an interrupted and resumed game reaches the uninterrupted hash",
        arguments: [
            [Event.smsArrived, .smsDismissed], [.callArrived, .callDeclined], [.homePressed, .iconTapped],
            [.lockPressed, .unlocked], [.homeDoubleTapped, .switcherDismissed],
        ], [150, 1000, 1350, 2999])
    func invariance(events: [Event], at moment: Int64) {
        let plain = session.play()
        let interrupted = session.play(interruption: (moment, events))
        #expect(interrupted.simulationHash == plain.simulationHash)
        #expect(interrupted.game.state.score == plain.game.state.score)
        #expect(interrupted.violations.isEmpty)
        #expect(interrupted.transcript.lines.contains { $0.contains(#""name":"willResignActive""#) })
    }

    @Test("purged while suspended and relaunched from the snapshot, the game continues to the same hash")
    func purgedAndRelaunched() {
        let plain = session.play()
        let relaunched = session.play(interruption: (1000, [.homePressed, .purgedByOS, .iconTapped]))
        #expect(
            relaunched.transcript.lines.contains {
                $0.contains(#""name":"loadSnapshot","detail":"restored singlePlayer"#)
            })
        #expect(relaunched.simulationHash == plain.simulationHash)
        #expect(relaunched.violations.isEmpty)
    }

    @Test("a different seed gives a different game")
    func seedMatters() {
        let runtime = Runtime(profile: .ios5, seed: 99)
        runtime.send(.launched)
        runtime.settle()
        runtime.perform(.play(.singlePlayer, level: 1))
        for step in 0..<20 {
            runtime.inject(.fire, at: ms(Int64(step) * 100))
        }
        #expect(runtime.simulationHash != session.play(profile: .ios5).simulationHash)
    }
}

// ModernProfileTests: the runtime's duties and invariants on the profiles of issue 29 (ios13, ios26, android28,
// android34). Invariant 7 (CONTRACT §6) across the new causes: a rotation on Android and a reclaimed scene on iOS
// restore the game from what was saved (`saveInstanceState`), and the game reaches the uninterrupted hash; a lost
// EGL context makes the display recreate its GL objects and changes nothing of the game.

import GameCore
import Lifecycle
import Runtime
import Testing

@Suite("The newer profiles under the game")
struct ModernProfileTests {
    let session = Session(
        actions: [
            (200, .input(.forward, duration: ms(1500))), (400, .fire), (900, .input(.turnLeft, duration: ms(500))),
            (1300, .fire), (2100, .input(.right, duration: ms(700))), (2500, .fire), (3000, .fire),
        ], lengthMs: 5000)

    struct Case: CustomTestStringConvertible, Sendable {
        let profile: Profile
        let events: [Event]
        var gap: Int64 = 1500  // ms between the events; 0 for events that do not pause the game (nothing to discount)
        var testDescription: String { "\(profile.name): \(events.map(\.rawValue).joined(separator: ", "))" }
    }

    static let cases: [Case] = {
        let ios: [[Event]] = [
            [.homePressed, .iconTapped], [.lockPressed, .unlocked], [.homeDoubleTapped, .switcherDismissed],
            [.controlCenterPulled, .controlCenterDismissed], [.smsOpened, .iconTapped],
            [.homePressed, .sceneReclaimed, .iconTapped], [.homePressed, .purgedByOS, .iconTapped],
        ]
        let android: [[Event]] = [
            [.homePressed, .iconTapped], [.lockPressed, .unlocked], [.homeDoubleTapped, .switcherDismissed],
            [.smsOpened, .iconTapped], [.rotated], [.homePressed, .purgedByOS, .iconTapped],
            [.notificationCenterOpenedApp, .iconTapped],
            // A rotation while stopped: the activity is relaunched as it comes back (Lifecycle.md §9).
            [.homePressed, .rotated, .iconTapped], [.lockPressed, .rotated, .unlocked],
        ]
        var cases: [Case] = []
        for profile in [Profile.ios13, .ios26] { cases += ios.map { Case(profile: profile, events: $0) } }
        for profile in [Profile.android28, .android34] { cases += android.map { Case(profile: profile, events: $0) } }
        cases.append(Case(profile: .ios13, events: [.callArrived, .callAnswered, .callEnded]))
        cases.append(Case(profile: .android28, events: [.callArrived, .callEnded]))
        cases.append(Case(profile: .ios26, events: [.callArrived, .callAnswered, .callEnded], gap: 0))
        cases.append(Case(profile: .android34, events: [.callArrived, .callDeclined], gap: 0))
        cases.append(Case(profile: .ios13, events: [.smsArrived, .smsDismissed, .rotated], gap: 0))
        for profile in [Profile.android28, .android34] {
            cases.append(Case(profile: profile, events: [.glContextLost, .smsArrived], gap: 0))
        }
        return cases
    }()

    @Test("an interrupted and resumed game reaches the uninterrupted hash, with no violation", arguments: cases)
    func invariance(_ test: Case) {
        let plain = session.play(profile: test.profile)
        let interrupted = session.play(profile: test.profile, interruption: (1000, test.events), gap: test.gap)
        #expect(interrupted.violations.isEmpty, "\(interrupted.violations)")
        #expect(interrupted.simulationHash == plain.simulationHash)
        #expect(interrupted.game.state.score == plain.game.state.score)
    }

    @Test(
        "a rotation on Android saves the instance state and restores the game from it",
        arguments: [
            Profile.android28, .android34,
        ])
    func rotationRestores(_ profile: Profile) {
        let runtime = session.play(profile: profile, interruption: (1000, [.rotated]))
        let lines = runtime.transcript.lines
        #expect(lines.contains { $0.contains(#""name":"saveInstanceState","detail":"instance #"#) })
        #expect(lines.contains { $0.contains(#""name":"loadSnapshot","detail":"restored singlePlayer"#) })
        #expect(lines.contains { $0.contains(#""name":"recreateGLObjects""#) })
        let callbacks = lines.filter { $0.contains(#""type":"callback""#) }
        #expect(callbacks.contains { $0.contains("onRestoreInstanceState") })
    }

    @Test("a reclaimed scene comes back from stateRestorationActivity's save", arguments: [Profile.ios13, .ios26])
    func reclaimedSceneRestores(_ profile: Profile) {
        let runtime = session.play(
            profile: profile, interruption: (1000, [.homePressed, .sceneReclaimed, .iconTapped]))
        let lines = runtime.transcript.lines
        let save = lines.firstIndex { $0.contains(#""name":"saveInstanceState","detail":"instance #"#) }
        let restore = lines.firstIndex { $0.contains(#""name":"loadSnapshot","detail":"restored singlePlayer"#) }
        #expect(save != nil && restore != nil && save! < restore!)
    }

    @Test("a lost EGL context: the display is told to recreate every GL object, while GL is allowed")
    func contextLost() throws {
        let display = RecordingDisplay<Scene>()
        let runtime = launchedRuntime(.android34, display: display)
        runtime.inject(.glContextLost, at: ms(500))
        #expect(display.calls.last == .recreateGLObjects)
        #expect(display.hasSurfaces)
        #expect(runtime.violations.isEmpty)
        runtime.inject(.homePressed, at: ms(1000))
        runtime.inject(.glContextLost, at: ms(1500))
        #expect(display.calls.last != .recreateGLObjects, "no GL in the background: the event is rejected")
        #expect(runtime.transcript.lines.last?.contains(#""type":"rejected""#) == true)
    }

    @Test("onPause owes a snapshot as willResignActive does (invariant 5 by role)")
    func snapshotKindsByRole() {
        let runtime = session.play(profile: .android28, interruption: (1000, [.homePressed, .iconTapped]))
        let lines = runtime.transcript.lines
        #expect(lines.contains { $0.contains(#""detail":"quick #"#) })
        #expect(lines.contains { $0.contains(#""detail":"full #"#) })
        #expect(lines.contains { $0.contains(#""detail":"instance #"#) })
    }
}

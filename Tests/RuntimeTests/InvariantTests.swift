import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

/// A component that draws in `didEnterBackground`: the bug iOS kills apps for.
final class DrawsInBackground: LifecycleObserver {
    func runtime(_ runtime: Runtime<Game>, delivered callback: Callback) {
        if callback == .didEnterBackground { runtime.presentNow() }
    }
}

/// A component that draws once the app is suspended, from a leftover timer-like hook.
final class DrawsWhenAsked: LifecycleObserver {
    func runtime(_ runtime: Runtime<Game>, delivered callback: Callback) {}
}

/// A store whose bytes rot after they are written.
final class RottingStore: SnapshotStore {
    var bytes: [UInt8]?
    func save(_ bytes: [UInt8]) throws { self.bytes = Array(bytes.prefix(bytes.count / 2)) }
    func load() throws -> [UInt8]? { bytes }
    func generations() throws -> [StoredGeneration] {
        bytes.map { [StoredGeneration(name: "snapshot.txt", contents: .success($0))] } ?? []
    }
    func quarantine(_ name: String) throws -> String { "left in place" }
}

@Suite("Each invariant of CONTRACT §6 catches a deliberate violation")
struct InvariantTests {
    @Test("clean runs break nothing")
    func clean() {
        let runtime = launchedRuntime(.ios4)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        for (index, event) in [Event.smsArrived, .smsDismissed, .homePressed, .iconTapped, .lockPressed, .unlocked]
            .enumerated()
        {
            runtime.inject(event, at: ms(1000 + Int64(index) * 700))
        }
        runtime.advance(to: ms(9000))
        #expect(runtime.violations.isEmpty)
    }

    @Test("1: a GL call after didEnterBackground terminates the app with glWhileBackgrounded")
    func glWhileBackgrounded() {
        let display = RecordingDisplay<Scene>()
        let runtime = launchedRuntime(.ios5, display: display)
        runtime.observers.append(DrawsInBackground())
        runtime.inject(.homePressed, at: ms(1000))
        // didEnterBackground is delivered before its work runs, so GL is still allowed at that moment:
        // the drawing goes through. The rule bites once GL is forbidden.
        runtime.inject(.iconTapped, at: ms(2000))
        runtime.inject(.homePressed, at: ms(3000))
        runtime.advance(to: ms(3010))
        let presentsBefore = display.calls.filter { $0 == .present }.count
        runtime.presentNow()
        #expect(runtime.violations.map(\.invariant) == [1])
        #expect(runtime.status == Status(.terminated, reason: .glWhileBackgrounded))
        #expect(display.calls.filter { $0 == .present }.count == presentsBefore, "the GL call never reached GL")
        #expect(runtime.transcript.lines.contains { $0.contains(#""to":"terminated","reason":"glWhileBackgrounded""#) })
    }

    @Test("1: a component drawing inside a callback once GL is forbidden is caught too")
    func glInsideCallback() {
        // Forbid GL as part of willResignActive, so the didEnterBackground drawing happens while forbidden.
        var resign = Segment.resign.work
        resign.append(.forbidGL)
        let profile = broken(
            .ios5, Pattern(.active), .homePressed,
            .go(.to(.background, nil), [Segment(.willResignActive, resign), .enterBackground]))
        let runtime = launchedRuntime(profile)
        runtime.observers.append(DrawsInBackground())
        runtime.inject(.homePressed, at: ms(1000))
        runtime.presentNow()
        #expect(runtime.violations.first?.invariant == 1)
        #expect(runtime.status.state == .terminated)
    }

    @Test("2: a frame loop left running while inactive is caught")
    func frameLoopWhileInactive() {
        let profile = broken(
            .ios4, Pattern(.active), .smsArrived,
            .go(.to(.inactive, .alert), [without(.resign, [.stopFrameLoop, .pauseGame])]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.smsArrived, at: ms(1000))
        runtime.advance(to: ms(1100))
        #expect(runtime.violations.contains { $0.invariant == 2 })
    }

    @Test("3: a timer left live while inactive is caught")
    func timerWhileInactive() {
        let profile = broken(
            .ios4, Pattern(.active), .smsArrived, .go(.to(.inactive, .alert), [without(.resign, [.invalidateTimers])]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.smsArrived, at: ms(1000))
        #expect(runtime.violations.map(\.invariant) == [3])
    }

    @Test("4: a leaderboard request left in flight while inactive is caught")
    func requestWhileInactive() {
        let profile = broken(
            .ios5, Pattern(.active), .homeDoubleTapped,
            .go(.to(.inactive, .switcher), [without(.resign, [.cancelLeaderboardRequests])]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.openLeaderboard, at: ms(500))
        runtime.inject(.homeDoubleTapped, at: ms(600))
        #expect(runtime.violations.map(\.invariant) == [4])
    }

    @Test("4: a peer left connected while inactive is caught")
    func peerWhileInactive() {
        let profile = broken(
            .ios5, Pattern(.active), .callArrived, .go(.to(.inactive, .call), [without(.resign, [.disconnectPeers])]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        runtime.inject(.callArrived, at: ms(600))
        #expect(runtime.violations.map(\.invariant) == [4])
    }

    @Test("5: willResignActive without a snapshot during a game is caught")
    func missingSnapshot() {
        let profile = broken(
            .ios4, Pattern(.active), .smsArrived, .go(.to(.inactive, .alert), [without(.resign, [.saveSnapshot])]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.smsArrived, at: ms(1000))
        #expect(runtime.violations.map(\.invariant) == [5])
    }

    @Test("5: a snapshot on disk that does not load is caught")
    func rottenSnapshot() {
        let runtime = launchedRuntime(.ios4, snapshots: RottingStore())
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.smsArrived, at: ms(1000))
        #expect(runtime.violations.first?.invariant == 5)
        #expect(runtime.violations.first?.detail.contains("does not load") == true)
    }

    @Test("6: a callback delivered while suspended is caught")
    func callbackWhileSuspended() {
        let profile = broken(.ios5, Pattern(.suspended), .memoryWarned, .go(.stay, [.memoryWarning]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.homePressed, at: ms(500))
        runtime.advance(to: ms(1000))
        runtime.inject(.memoryWarned, at: ms(1000))
        #expect(runtime.violations.map(\.invariant) == [6])
    }

    @Test("6: a background task that is never ended is caught")
    func unendedBackgroundTask() {
        let profile = broken(
            .ios5, Pattern(.active), .homePressed,
            .go(.to(.background, nil), [.resign, without(.enterBackground, [.endBackgroundTask])]))
        let runtime = launchedRuntime(profile)
        runtime.inject(.homePressed, at: ms(500))
        runtime.advance(to: ms(2000))
        #expect(runtime.status.state == .background, "the OS does not suspend an app holding a background task")
        runtime.inject(.iconTapped, at: ms(2000))
        #expect(runtime.violations.map(\.invariant) == [6])
    }
}

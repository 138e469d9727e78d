import GameCore
import InterludeNetwork
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Testing

@Suite("Work performed on transitions")
struct LifecycleWorkTests {
    @Test("launch reaches active through launching, starts the frame loop, allows GL")
    func launch() {
        let runtime = launchedRuntime()
        #expect(runtime.status.state == .active)
        #expect(runtime.isFrameLoopRunning && !runtime.isGLForbidden)
        #expect(runtime.lastCallbacks == [.willFinishLaunching, .didFinishLaunching, .didBecomeActive])
        #expect(runtime.transcript.lines[1] == #"{"t":0,"type":"transition","from":"notRunning","to":"launching"}"#)
        #expect(runtime.violations.isEmpty)
    }

    @Test("an SMS on ios4 pauses single player, stops loop and timers, saves; dismissing keeps it paused")
    func smsOnIOS4() {
        let runtime = launchedRuntime(.ios4)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.advance(to: ms(2500))
        #expect(runtime.game.state.isRunning && runtime.liveTimerCount == 3, "round, autosave, enemies")
        #expect(runtime.game.state.roundSeconds == 2, "the round timer counts seconds of play")
        runtime.inject(.smsArrived, at: ms(3000))
        #expect(runtime.status == Status(.inactive, reason: .alert))
        #expect(runtime.game.state.isPaused && !runtime.isFrameLoopRunning && runtime.liveTimerCount == 0)
        let steps = runtime.game.state.steps
        runtime.advance(to: ms(6000))
        #expect(runtime.game.state.steps == steps, "no simulation while inactive")
        runtime.inject(.smsDismissed, at: ms(6000))
        #expect(runtime.status.state == .active && runtime.game.state.isPaused, "a game never resumes by itself")
        runtime.advance(to: ms(7000))
        #expect(runtime.game.state.steps == steps)
        runtime.inject(.resume, at: ms(7000))
        runtime.advance(to: ms(8000))
        #expect(runtime.game.state.steps == steps + 60)
        #expect(runtime.violations.isEmpty)
    }

    @Test("an SMS banner on ios5 changes nothing")
    func smsBanner() {
        let runtime = launchedRuntime(.ios5)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.smsArrived, at: ms(1000))
        #expect(runtime.status.state == .active && runtime.game.state.isRunning && runtime.lastCallbacks.isEmpty)
        #expect(runtime.transcriptTypes.last == "ignored")
    }

    @Test("answering a call in multiplayer drops peers and lands on the menu; ending it brings the app back")
    func callInMultiplayer() {
        let runtime = launchedRuntime(.ios5)
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        #expect(runtime.match.isConnected)
        runtime.inject(.callArrived, at: ms(1500))
        #expect(!runtime.match.isConnected && runtime.game.state.screen == .menu)
        runtime.inject(.callAnswered, at: ms(3000))
        #expect(runtime.status == Status(.background, reason: .call))
        runtime.advance(to: ms(4000))
        #expect(runtime.status.state == .suspended, "the OS suspends a background app whose work is done")
        runtime.inject(.callEnded, at: ms(20000))
        #expect(runtime.status.state == .active && runtime.game.state.screen == .menu)
        #expect(runtime.violations.isEmpty)
    }

    @Test("no GL call between didEnterBackground and willEnterForeground")
    func noGLInBackground() throws {
        let display = RecordingDisplay<Scene>()
        let runtime = launchedRuntime(.ios5, display: display)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.homePressed, at: ms(1000))
        let callsAtBackground = display.calls.count
        #expect(display.calls.suffix(2) == [.releaseSurfaces, .finishGL])
        runtime.advance(to: ms(10000))
        #expect(display.calls.count == callsAtBackground, "nothing drawn while backgrounded")
        let frame = runtime.capture("while-away")
        #expect(display.calls.last == .keptImage("while-away"))
        #expect(!frame.hash.isEmpty)
        runtime.inject(.iconTapped, at: ms(10000))
        #expect(display.calls[callsAtBackground + 1] == .restoreSurfaces)
        runtime.advance(to: ms(10100))
        #expect(display.calls.last == .present)
        #expect(runtime.violations.isEmpty)
    }

    @Test("a recording display that keeps no scene gets the same calls, and the runtime builds no scene for it")
    func noSceneKept() throws {
        let kept = RecordingDisplay<Scene>()
        let notKept = RecordingDisplay<Scene>(keepsScenes: false)
        var transcripts: [[String]] = []
        for display in [kept, notKept] {
            let runtime = launchedRuntime(.ios5, display: display)
            runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
            runtime.inject(.callArrived, at: ms(1000))
            runtime.inject(.callDeclined, at: ms(2000))
            runtime.advance(to: ms(3000))
            #expect(runtime.violations.isEmpty)
            transcripts.append(runtime.transcript.lines)
        }
        #expect(transcripts[0] == transcripts[1])
        #expect(kept.calls == notKept.calls && kept.calls.contains(.present) && kept.calls.contains(.finishGL))
        var built = 0
        notKept.present(building: {
            built += 1
            return Game(seed: 1, levels: [.hangar]).scene()
        })
        kept.present(building: {
            built += 10
            return Game(seed: 1, levels: [.hangar]).scene()
        })
        #expect(built == 10, "only the display that keeps scenes builds one")
        #expect(notKept.keptImage("away") == nil && kept.calls.last == .present)
    }

    @Test("a cancelled leaderboard request never delivers its result")
    func leaderboardCancel() {
        let runtime = launchedRuntime(.ios5)
        runtime.configureLeaderboard(.delay(ms(1000)))
        runtime.inject(.openLeaderboard, at: ms(500))
        #expect(runtime.leaderboard.inFlight.count == 1)
        runtime.inject(.lockPressed, at: ms(600))
        #expect(
            runtime.transcript.lines.contains {
                $0.contains(#""name":"cancelLeaderboardRequests","detail":"1 cancelled""#)
            })
        runtime.advance(to: ms(5000))
        #expect(runtime.leaderboard.delivered == 0 && runtime.leaderboardTop.isEmpty)
        runtime.inject(.unlocked, at: ms(5000))
        runtime.advance(to: ms(5000))
        #expect(runtime.leaderboard.delivered == 0, "the cancelled fetch is not delivered after the app returns either")
        #expect((runtime.leaderboard.transport as? InProcessLeaderboard)?.cancelled == 1)
        runtime.advance(to: ms(8000))
        #expect(runtime.leaderboard.delivered == 1, "back on the screen, a new fetch is sent and delivered")
        #expect(runtime.leaderboardTop == ["no scores yet"])
        #expect(runtime.violations.isEmpty)
    }

    @Test("lock keeps the app inactive on ios4 and backgrounds it on ios5")
    func lockPerProfile() {
        let ios4 = launchedRuntime(.ios4)
        ios4.inject(.lockPressed, at: ms(1000))
        ios4.advance(to: ms(5000))
        #expect(ios4.status == Status(.inactive, reason: .lock))
        let ios5 = launchedRuntime(.ios5)
        ios5.inject(.lockPressed, at: ms(1000))
        ios5.advance(to: ms(5000))
        #expect(ios5.status == Status(.suspended, reason: .lock))
        ios5.inject(.unlocked, at: ms(6000))
        #expect(ios5.status.state == .active && ios5.lastCallbacks == [.willEnterForeground, .didBecomeActive])
    }

    @Test("illegal events are rejected with a reason and change nothing")
    func rejection() {
        let runtime = launchedRuntime(.ios4)
        runtime.inject(.unlocked, at: ms(100))
        #expect(runtime.status.state == .active)
        let last = runtime.transcript.lines.last!
        #expect(last.contains(#""type":"rejected","name":"unlocked","state":"active","why":"unlocked needs"#))
    }
}

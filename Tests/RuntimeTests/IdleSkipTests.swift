// The idle skip (issue 12): a stretch of virtual time in which no step can do anything is crossed at once, and
// the transcript is byte-identical to stepping through it; script values at their limits never trap.

import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct IdleSkipTests {
    static let levels = (try? LevelAssets.levels()) ?? [.hangar]

    static var bundledScripts: [String] {
        let folder = LevelAssets.root.appendingPathComponent("Assets/Interruptions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".script") }.sorted().map { "Assets/Interruptions/\($0)" }
    }

    /// Scripts with long idle stretches in every state that has one, short enough to step through in a test. The
    /// first ones idle while the process is not running, where a step is not even begun (the probe counts none).
    static let notRunningScripts = ["not running", "terminated", "switcher killed"]
    static let idleScripts: [(String, String)] = [
        ("not running", "at 90s launched\nat +1s homePressed\nat +2s iconTapped"),
        (
            "suspended in a game",
            "at 0s launched\nat 0.5s play singlePlayer\nat +1s input forward 500ms\nat +1s homePressed\n"
                + "at +100s iconTapped\nat +1s resume\nat +2s fire"
        ),
        (
            "inactive under a call",
            "at 0s launched\nat 0.5s play singlePlayer\nat +1s callArrived\nat +90s callDeclined"
        ),
        ("locked", "at 0s launched\nat 0.5s play multiplayer\nat +1s lockPressed\nat +80s unlocked\nat +1s resume"),
        (
            "terminated",
            "at 0s launched\nat 0.5s play singlePlayer\nat +1s homePressed\nat +0s terminatedByOS\n"
                + "at +70s iconTapped"
        ),
        (
            "leaderboard cancelled",
            "leaderboard delay=3s\nat 0s launched\nat 0.5s openLeaderboard\n"
                + "at +0.1s homeDoubleTapped\nat +60s switcherDismissed\nat +5s closeLeaderboard"
        ),
        ("switcher killed", "at 0s launched\nat 1s homeDoubleTapped\nat +2s switcherKilled\nat +60s iconTapped"),
        (
            "purged",
            "at 0s launched\nat 0.5s play singlePlayer\nat +1s homePressed\nat +30s purgedByOS\nat +60s iconTapped"
        ),
    ]

    static func replay(_ script: Script, skipping: Bool) -> ReplayResult {
        ScriptRunner.run(script, game: { Game(seed: $0, levels: levels) }) { $0.skipsIdleSteps = skipping }
    }

    static func replayCountingSteps(_ script: Script, skipping: Bool) -> (ReplayResult, Int) {
        let counter = StepCounter()
        let result = ScriptRunner.run(script, game: { Game(seed: $0, levels: levels) }) { runtime in
            runtime.skipsIdleSteps = skipping
            runtime.willDo = { if case .step = $0 { counter.count += 1 } }
        }
        return (result, counter.count)
    }

    @Test(arguments: bundledScripts)
    func aBundledScriptGivesTheSameBytesWithAndWithoutTheSkip(path: String) throws {
        let script = try ScriptParser.parse(try LevelAssets.text(path), file: path)
        let skipped = Self.replay(script, skipping: true)
        let stepped = Self.replay(script, skipping: false)
        #expect(skipped.transcript == stepped.transcript)
        #expect(skipped.simulationHash == stepped.simulationHash)
        #expect(skipped.ok, "\(skipped.failures)")
    }

    @Test(arguments: idleScripts.map(\.0))
    func anIdleStretchGivesTheSameBytesWithAndWithoutTheSkip(name: String) throws {
        let body = try #require(Self.idleScripts.first { $0.0 == name }).1
        for profile in ["ios4", "ios5"] {
            let script = try ScriptParser.parse(
                "interlude-script 1\nprofile \(profile)\n" + body, file: "\(name).script")
            let (skipped, skippedSteps) = Self.replayCountingSteps(script, skipping: true)
            let (stepped, steppedSteps) = Self.replayCountingSteps(script, skipping: false)
            #expect(skipped.transcript == stepped.transcript, "\(name) on \(profile)")
            #expect(skipped.transcript.count > 200)
            // The skip did cross the idle stretch (at least 25 s of it).
            if !Self.notRunningScripts.contains(name) {
                #expect(
                    skippedSteps + 25 * 60 < steppedSteps, "\(name) on \(profile): \(skippedSteps) of \(steppedSteps)")
            }
        }
    }

    /// How many fixed steps `script` runs (the watchdog's probe counts them).
    static func steps(_ text: String) throws -> (steps: Int, elapsed: Duration, result: ReplayResult) {
        let script = try ScriptParser.parse(text, file: "idle.script")
        let counter = StepCounter()
        let clock = ContinuousClock()
        var result: ReplayResult?
        let elapsed = clock.measure {
            result = ScriptRunner.run(script, game: { Game(seed: $0, levels: levels) }) { runtime in
                runtime.willDo = { if case .step = $0 { counter.count += 1 } }
            }
        }
        return (counter.count, elapsed, result!)
    }

    @Test func aDaySuspendedIsCrossedAtOnce() throws {
        let run = try Self.steps(
            """
            interlude-script 1
            at 0s launched
            at 0.5s play singlePlayer
            at +1s homePressed
            at +82800s iconTapped
            expect state active
            expect paused
            at +1s resume
            expect running
            """)
        #expect(run.result.ok, "\(run.result.failures)")
        #expect(run.steps < 1_000, "\(run.steps) steps")
        #expect(run.elapsed < .seconds(5), "\(run.elapsed)")
        #expect(
            run.result.transcript.contains(
                "\"t\":1516,\"type\":\"transition\",\"from\":\"background\",\"to\":\"suspended\""))
        #expect(run.result.transcript.contains("\"t\":82801500,\"type\":\"event\",\"name\":\"iconTapped\""))
    }

    @Test func theEndOfTheTimelineIsReachedAtOnceWhenNothingRuns() throws {
        let bodies = [
            "at 86400s launched", "at 0s launched\nat 1s homeDoubleTapped\nat +1s switcherKilled\nat 86400s iconTapped",
            "at 0s launched\nat 1s homePressed\nat +0s terminatedByOS\nat 86400s iconTapped",
        ]
        for body in bodies {
            let run = try Self.steps("interlude-script 1\n" + body)
            #expect(run.steps < 1_000, "\(body): \(run.steps) steps")
            #expect(run.elapsed < .seconds(5), "\(body): \(run.elapsed)")
            #expect(run.result.finalState == .active)
        }
    }

    @Test func theClockStopsAtItsLatestTimeAndNeverTraps() {
        let runtime = Runtime(profile: .ios5)
        runtime.advance(to: .max)
        #expect(runtime.now == latestVirtualTime)
        runtime.advance(by: .max)
        #expect(runtime.now == latestVirtualTime)
        runtime.send(.launched)
        runtime.settle()
        runtime.advance(by: 1)  // past the end: the clock holds, no step time overflows
        #expect(runtime.now == latestVirtualTime)
    }

    @Test func durationsAndDelaysAtTheirExtremesNeverTrap() {
        let runtime = launchedRuntime(display: nil)
        runtime.inject(.play(.singlePlayer, level: Int.max), at: ms(500))
        for key in Control.allCases { runtime.inject(.input(key, duration: .max), at: ms(600)) }
        runtime.inject(.input(.forward, duration: .min), at: ms(700))
        runtime.inject(.look(yawMillidegrees: .max, pitchMillidegrees: .min), at: ms(800))
        runtime.advance(to: ms(900))
        runtime.configureLeaderboard(.delay(.max))
        runtime.inject(.menu, at: ms(1000))
        runtime.inject(.openLeaderboard, at: ms(1100))
        #expect(runtime.leaderboard.inFlight.allSatisfy { $0.deliverAt == .max })
        runtime.advance(to: ms(5000))
        runtime.configureLeaderboard(.delay(-1))
        runtime.inject(.closeLeaderboard, at: ms(5100))
        #expect(runtime.violations.isEmpty, "\(runtime.violations)")
    }
}

/// Counts steps from the runtime's probe (one thread: the replay's).
final class StepCounter: @unchecked Sendable {
    var count = 0
}

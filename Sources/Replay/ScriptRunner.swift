// ScriptRunner: replays an interruption script on a runtime with virtual time, checks its `expect` lines
// and the invariants, and ends the transcript with the verdict (CONTRACT §7, §8). The checks themselves live in
// ScriptRunner+Expectations.swift; what a replay returns in ReplayResult.swift.

import EngineViews
import Faults
import Lifecycle
import Runtime
import Saves

/// Replays scripts on any game: the runner drives a runtime through its public API only.
public enum ScriptRunner {
    /// Replays `script` (which must name a known profile) on the game `makeGame` makes from the script's seed.
    /// `display` nil renders nothing; frames are then hashed from the scene. `snapshots` is the "disk". `profile`
    /// replaces the script's (a modified table under test, e.g. a bug seeded on purpose for the explorer to find).
    /// `faults` is the injector a script's fault lines arm and kill through (issue 30); the store's fault points fire
    /// only when `snapshots` shares it (Simulation's `FileSnapshotStore.faulty(folder:injector:)`). A script with fault
    /// lines and no injector gets one of its own, whose draws fire nothing: only its lines do. With an injector, the
    /// runtime's environment is `makeEnvironment`'s (the injector's fault points and quirks; a test's seeded bug).
    /// `lineWillRun` is told of each line before it runs (virtual time advancing to it, then its event or action): a
    /// watchdog names the line a replay hung or crashed in. `engines` adds engines whose views the transcript shows
    /// (the command line's, the game's own) to those the script asks for (CONTRACT §7 `engines`, §8 `engine`).
    public static func run<Game: LifecycleGame>(
        _ script: Script<Game.Action>, profile: Profile? = nil, display: (any Display<Game.Scene>)? = nil,
        snapshots: any SnapshotStore = InMemorySnapshotStore(), presentEvery: Int64 = 1, faults: FaultInjector? = nil,
        engines: [Engine] = [], game makeGame: (UInt64) -> Game, configure: (Runtime<Game>) -> Void = { _ in },
        environment makeEnvironment: (FaultInjector, Profile) -> any Environment = {
            FaultyEnvironment($0, profile: $1)
        },
        lineWillRun: ((SourceLocation) -> Void)? = nil
    ) -> ReplayResult where Game.Action: ScriptAction {
        guard let profile = profile ?? script.profile else {
            preconditionFailure("the parser accepts known profiles only")
        }
        let injector = faults ?? (script.hasFaultLines ? FaultInjector(seed: script.seed, enabled: []) : nil)
        // Under faults the disk stands behind the device's data protection (`storage.protectedData.unavailable`).
        let disk = injector.map { DataProtectedStore(wrapping: snapshots, injector: $0) } ?? snapshots
        let runtime = Runtime(
            profile: profile, seed: script.seed, game: makeGame(script.seed), display: display, snapshots: disk)
        runtime.presentEvery = presentEvery
        let followed = followEngines(script.requestedEngines(adding: engines), on: runtime)
        configure(runtime)
        // The faults stand around whatever the host configured (its leaderboard service among them).
        if let injector { runtime.disturb(with: injector, environment: makeEnvironment(injector, profile)) }
        /// A process killed at a fault point is relaunched from the disk at once, as the OS or the user would.
        func relaunchIfKilled() {
            guard let injector, injector.killedBy != nil else { return }
            runtime.kill()
            injector.relaunch()
            runtime.inject(.launched, at: runtime.now)
        }
        var failures: [ExpectationFailure] = []
        // The line each violation broke during, by index in `runtime.violations` (nil: before the first line).
        var violationLines: [SourceLocation?] = Array(repeating: nil, count: runtime.violations.count)
        var frames: [Frame] = []
        var expectations = 0
        for line in script.lines where line.applies(under: profile.name) {
            lineWillRun?(line.location)
            switch line.command {
            case .event(let time, let event):
                runtime.inject(event, at: time)
                relaunchIfKilled()
            case .action(let time, let action):
                runtime.inject(action, at: time)
                relaunchIfKilled()
            case .wait(let time):
                runtime.advance(to: time)
                relaunchIfKilled()
            case .fault(let time, let point, let skip):
                runtime.advance(to: time)
                if let injector { fire(point, on: injector, runtime: runtime, skip: skip) }
                relaunchIfKilled()
            case .expect(let expectation):
                expectations += 1
                let mismatch = check(expectation, on: runtime, engines: followed?.follower)
                if let mismatch { failures.append(mismatch.failure(of: expectation, at: line.location)) }
                runtime.noteExpectation(line: line.location.line, failure: mismatch?.detail)
            case .capture(let name):
                let frame = runtime.capture("\(script.name)-\(name)")
                frames.append(frame)
                runtime.noteFrame(name: name, frame)
            case .leaderboard(let setting):
                runtime.configureLeaderboard(setting)
            case .match(let setting):
                runtime.configureMatch(setting)
            }
            violationLines += Array(repeating: line.location, count: runtime.violations.count - violationLines.count)
        }
        let violations = zip(runtime.violations, violationLines).map { ReplayViolation(violation: $0, location: $1) }
        runtime.noteEnd(ok: failures.isEmpty && violations.isEmpty)
        return ReplayResult(
            scriptName: script.name, record: runtime.transcript, expectationFailures: failures,
            violations: violations, frames: frames, finalState: runtime.status.state,
            simulationHash: runtime.simulationHash, expectations: expectations)
    }

    /// Hangs the views of `engines` on `runtime` (none: nothing is hung, the transcript is as before).
    private static func followEngines<Game: LifecycleGame>(
        _ engines: [Engine], on runtime: Runtime<Game>
    ) -> EngineFollowerBox? {
        guard !engines.isEmpty, let family = PlatformFamily(profile: runtime.profile) else { return nil }
        let box = EngineFollowerBox(EngineFollower(engines: engines, family: family))
        runtime.transcriptFollower = { box.follower.follow($0) }
        return box
    }

    /// A fault line's point, now: an instant kill (`os.kill.anyInstant`; `os.powerLoss` also empties what was not
    /// fsynced) kills the process; memory pressure (`os.memory.low`) kills an app in the background or suspended
    /// (jetsam) and warns one in front (`memoryWarned`); any other point fires the next time the runtime reaches it.
    /// The simulation's schedule fires its instants through here too, so that a script replays them the same way.
    public static func fire<Game: LifecycleGame>(
        _ point: FaultPoint, on injector: FaultInjector, runtime: Runtime<Game>, skip: Int = 0
    ) {
        switch point {
        case .powerLoss: injector.losePower()
        case .killAnyInstant: injector.killNow(point)
        case .memoryLow:
            let state = runtime.status.state
            if state == .background || state == .suspended {
                injector.killNow(point)
            } else if state != .terminated, state != .notRunning {
                runtime.inject(.memoryWarned)
            }
        default: injector.arm(point, skip: skip)
        }
    }
}

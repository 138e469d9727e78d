// InterleavingTests: invariant 7 over the bundled fight scripts (every kind, at moments spread over each fight) and
// over a short fight on every profile (every kind where it applies, the others skipped), and a game that does not
// keep it (its pause changes its state) caught at its first moment, as a script.

import Exploration
import GameCore
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

@Suite struct InterleavingTests {
    static let fights = [
        "fight-level1-sms-ios4", "fight-level1-purge-relaunch", "fight-level2-lock-death-ios5",
        "fight-level3-call-ios4",
    ]

    /// Every built-in kind at three of the moments 1 s apart (`make explore-check` runs them all, 500 ms apart); on
    /// ios4 there is no Notification Center, so that kind is skipped there, and split screen everywhere (iOS).
    @Test(arguments: fights)
    func fightEndsTheSameWhateverInterruptsIt(name: String) throws {
        let interleaving = Interleaving(
            script: try Bundled.script(name), every: 1_000_000_000, kinds: InterruptionKind.all, game: Bundled.game)
        // The fights are iOS scripts: no split screen; ios4 has no Notification Center either.
        #expect(
            interleaving.skipped.map(\.kind)
                == (name.hasSuffix("ios4") ? [.notificationCenter, .splitScreen] : [.splitScreen]))
        let baseline = interleaving.baseline()
        #expect(baseline.ok)
        let moments = interleaving.runningMoments().running
        #expect(moments.count >= 5)
        // Each kind at the first, the middle and the last moment where the game runs: `make explore-check` runs every
        // kind at every moment, 500 ms apart, over these four fights (`interlude explore --interleave`).
        let sample = Array(Set([moments[0], moments[moments.count / 2], moments[moments.count - 1]])).sorted()
        for interleaveCase in interleaving.cases(at: sample) {
            let outcome = interleaving.run(interleaveCase, baselineHash: baseline.simulationHash)
            #expect(outcome.isSame, "\(interleaving.report(outcome, baselineHash: baseline.simulationHash))")
        }
    }

    /// Every built-in kind on every profile: where it applies, the short fight ends with the uninterrupted hash;
    /// where it does not, it is skipped with a reason and never run.
    @Test(arguments: Profile.all.map(\.name))
    func everyKindEndsTheSameOnEveryProfileWhereItApplies(profile: String) throws {
        let script = try ScriptParser.parse(InterruptionKindTests.fight(on: profile), file: "fight-\(profile).script")
        let interleaving = Interleaving(
            script: script, every: 1_000_000_000, kinds: InterruptionKind.all, game: Bundled.game)
        #expect(Set(interleaving.applicableKinds).isDisjoint(with: interleaving.skipped.map(\.kind)))
        #expect(interleaving.applicableKinds.count + interleaving.skipped.count == InterruptionKind.all.count)
        #expect(interleaving.skipped.allSatisfy { !$0.reason.isEmpty && $0.profile == profile })
        let baseline = interleaving.baseline()
        #expect(baseline.ok, "\(baseline.failures)")
        let moments = interleaving.runningMoments().running
        #expect(moments.count >= 4)
        let cases = interleaving.cases(at: moments)
        #expect(cases.count == interleaving.applicableKinds.count * moments.count)
        for interleaveCase in cases {
            let outcome = interleaving.run(interleaveCase, baselineHash: baseline.simulationHash)
            #expect(outcome.isSame, "\(interleaving.report(outcome, baselineHash: baseline.simulationHash))")
        }
    }

    @Test func injectedLinesComeAfterTheMomentAndShiftTheRest() throws {
        let script = try Bundled.script("fight-level1-sms-ios4")
        let interleaving = Interleaving(script: script, kinds: [.home], game: Bundled.game)
        let moment: Nanoseconds = 1_000_000_000
        let interleaved = interleaving.script(for: InterleaveCase(kind: .home, moment: moment))
        let commands = interleaved.lines.map(\.command).filter { $0.time != nil }
        let times = commands.compactMap(\.time)
        #expect(times == times.sorted())
        let injected = commands.filter { $0.time! >= moment && $0.time! <= moment + InterruptionKind.pause }
        #expect(injected.first == Command.event(time: moment, .homePressed))
        #expect(injected.contains(Command.action(time: moment + InterruptionKind.pause, .resume)))
        let originalLast = script.lines.compactMap(\.command.time).max()!
        #expect(times.last == originalLast + InterruptionKind.pause)
    }

    /// A game whose pause is not neutral (it counts pauses in its state) differs at the first moment, and the
    /// script written for it shows it.
    @Test func aGameWhosePauseChangesItsStateIsCaught() throws {
        let text = """
            interlude-script 1
            profile ios4
            at 0s launched
            at 0.5s play singlePlayer
            at 3s fire
            """
        let script = try ScriptParser.parse(text, file: "ticker.script")
        for (countsPauses, differs) in [(false, false), (true, true)] {
            let interleaving = Interleaving(script: script, every: 500_000_000, kinds: [.sms, .purge]) { _ in
                Ticker(countsPauses: countsPauses)
            }
            let baseline = interleaving.baseline()
            let moments = interleaving.runningMoments()
            #expect(moments.running.count == 5)  // 0.5 s (just after play's line) to 2.5 s
            let outcomes = interleaving.cases(at: moments.running).map {
                interleaving.run($0, baselineHash: baseline.simulationHash)
            }
            #expect(outcomes.allSatisfy { !$0.isSame } == differs)
            #expect(outcomes.allSatisfy(\.isSame) == !differs)
            if differs {
                let report = interleaving.report(outcomes[0], baselineHash: baseline.simulationHash)
                #expect(report.contains("at 500ms"))
                // The hash says that the states differ; the game's exported values say how.
                #expect(report.contains("# Values (uninterrupted -> interrupted): pauses 0 -> 1."), "\(report)")
                let values = interleaving.baselineWithValues().values
                #expect(values == ["steps": 150, "pauses": 0])
                #expect(
                    interleaving.report(outcomes[0], baselineHash: baseline.simulationHash, baselineValues: values)
                        == report)
                #expect(try ScriptParser.parse(report, file: "report.script").lines.count == script.lines.count + 3)
            }
        }
    }
}

/// A game of steps: its state is the steps played (and, when `countsPauses`, how often it was paused: the bug).
struct Ticker: LifecycleGame {
    var countsPauses: Bool
    var steps: Int64 = 0
    var pauses: Int64 = 0
    var isInSession = false
    var isPaused = false
    var reports: [GameReport] = []

    var isRunning: Bool { isInSession && !isPaused }
    var screenName: String { isInSession ? "singlePlayer" : "menu" }
    var stateHash: String {
        var hasher = StateHasher()
        hasher.combine(steps)
        hasher.combine(pauses)
        return hasher.hex
    }
    var savedState: [String: Int64] { ["steps": steps, "pauses": pauses, "inSession": isInSession ? 1 : 0] }
    var exportedValues: [String: Int64] { ["steps": steps, "pauses": pauses] }

    mutating func perform(_ action: GameAction, context: ActionContext) -> String? {
        switch action {
        case .play where !isInSession:
            isInSession = true
            reports.append(.sessionStarted(multiplayer: false))
        case .fire where isRunning: break
        case .resume where isPaused: isPaused = false
        default: return "the ticker cannot \(action) now"
        }
        return nil
    }
    mutating func hold(_ control: Control, _ isHeld: Bool) {}
    mutating func step() { steps += 1 }
    mutating func pause() {
        if countsPauses, isInSession, !isPaused { pauses += 1 }
        isPaused = isInSession
    }
    mutating func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }
    func relaunched() -> Ticker { Ticker(countsPauses: countsPauses) }
    func scene(status: [String], leaderboard: [String]) -> TickerScene { TickerScene(steps: steps) }
    /// Named integers need no codec (the default `key=integer` lines); a missing one reads as 0.
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        let values = try SnapshotText.decodeValues(bytes)
        return ["steps", "pauses", "inSession"].reduce(into: [:]) { $0[$1] = values[$1] ?? 0 }
    }
    func whyCannotRestore(_ state: [String: Int64]) -> String? { state["steps"]! >= 0 ? nil : "steps < 0" }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (isInSession, isPaused, steps, pauses) = (true, true, state["steps"]!, state["pauses"]!)
        return .session(detail: "restored \(steps) steps, paused")
    }
}

struct TickerScene: GameScene, Equatable {
    var steps: Int64
    var contentHash: String {
        var hasher = StateHasher()
        hasher.combine(steps)
        return hasher.hex
    }
}

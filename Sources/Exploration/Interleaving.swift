// Interleaving: invariant 7 for any single-player script. The script is replayed once as written (the baseline),
// then once per (interruption kind × moment): at every moment where the baseline's game runs, the interruption,
// its matching return and the player's `resume` are injected, and every later line is shifted by the time the
// game stood paused. The end state hash must equal the baseline's (CONTRACT §6 invariant 7: paused time excluded),
// every `expect` must still hold and no invariant may break.
// The pause lasts a whole number of 50 ms (3 s), so every later line keeps its place on the 1/60 s step grid and
// the game plays exactly the same steps between two lines as in the baseline. A kind that does not apply under the
// script's profile (it would not pause the game there: InterruptionKind.swift) is never run: `skipped` says why.

import Lifecycle
import Replay
import Runtime

/// One run of the interleaving: a kind injected at a moment.
public struct InterleaveCase: Hashable, Sendable {
    public let kind: InterruptionKind
    public let moment: Nanoseconds

    public init(kind: InterruptionKind, moment: Nanoseconds) {
        self.kind = kind
        self.moment = moment
    }
}

/// A kind left out of an interleaving: it does not apply under the script's profile. Not a failure.
public struct InterleaveSkip: Hashable, Sendable, CustomStringConvertible {
    public let kind: InterruptionKind
    public let profile: String  // the profile's name, as the script names it
    /// Why the kind does not apply (`InterruptionKind.whyDoesNotApply(to:)`).
    public let reason: String

    public init(kind: InterruptionKind, profile: String, reason: String) {
        self.kind = kind
        self.profile = profile
        self.reason = reason
    }

    /// `call skipped on ios26: on ios26 a call is a banner that pauses nothing (...)`.
    public var description: String { "\(kind.name) skipped on \(profile): \(reason)" }
}

/// What one run found.
public struct InterleaveOutcome<Action: ScriptAction>: Sendable {
    public let interleaveCase: InterleaveCase
    public let script: Script<Action>
    public let simulationHash: String
    public let failures: [String]  // failed expectations and broken invariants
    /// True when the end hash is the baseline's and nothing failed.
    public let isSame: Bool
    /// The game's exported values at the end (`LifecycleGame.exportedValues`): what the report names when the end
    /// hash is not the baseline's.
    public let exportedValues: [String: Int64]
}

/// Interruption invariance of one script.
public struct Interleaving<Game: LifecycleGame>: Sendable where Game.Action: ScriptAction {
    public let script: Script<Game.Action>
    public let every: Nanoseconds
    /// The kinds asked for, in order; those that apply under the script's profile are `applicableKinds`.
    public let kinds: [InterruptionKind]
    /// The kinds of `kinds` that apply under the script's profile: the kinds `cases(at:)` injects.
    public let applicableKinds: [InterruptionKind]
    /// The kinds of `kinds` that do not apply under the script's profile, each with why: never run, never a failure.
    public let skipped: [InterleaveSkip]
    public let makeGame: @Sendable (UInt64) -> Game

    public init(
        script: Script<Game.Action>, every: Nanoseconds = 100_000_000,
        kinds: [InterruptionKind] = InterruptionKind.standard,
        game makeGame: @escaping @Sendable (UInt64) -> Game
    ) {
        // Captures draw nothing here and would only cost time: the end hash is what is compared.
        var script = script
        script.lines.removeAll { if case .capture = $0.command { return true } else { return false } }
        self.script = script
        self.every = max(1, every)
        self.kinds = kinds
        self.makeGame = makeGame
        var applicable: [InterruptionKind] = []
        var skipped: [InterleaveSkip] = []
        for kind in kinds {
            if let profile = script.profile, let reason = kind.whyDoesNotApply(to: profile) {
                skipped.append(InterleaveSkip(kind: kind, profile: profile.name, reason: reason))
            } else {
                applicable.append(kind)
            }
        }
        self.applicableKinds = applicable
        self.skipped = skipped
    }

    /// The uninterrupted replay.
    public func baseline() -> ReplayResult { replay(script).result }

    /// The uninterrupted replay and the game's exported values at its end.
    public func baselineWithValues() -> (result: ReplayResult, values: [String: Int64]) { replay(script) }

    /// Replays `script`, keeping the game's exported values at the end.
    private func replay(_ script: Script<Game.Action>) -> (result: ReplayResult, values: [String: Int64]) {
        var values: [String: Int64] = [:]
        var runtime: Runtime<Game>?
        let result = ScriptRunner.run(script, game: makeGame) { runtime = $0 }
        if let runtime { values = runtime.game.exportedValues }
        return (result, values)
    }

    /// The moments at which the baseline's game runs (active, in a session, not paused), after every line at or
    /// before them: every `every` from `every` up to the last timed line. The others are not interrupted (an
    /// interruption there, such as before `play`, would change the session's identity, not test invariance).
    public func runningMoments() -> (running: [Nanoseconds], skipped: Int) {
        guard let profile = script.profile else { return ([], 0) }
        let last = script.lines.compactMap(\.command.time).max() ?? 0
        var moments: [Nanoseconds] = []
        var moment = every
        while moment < last {
            moments.append(moment)
            moment += every
        }
        let runtime = Runtime(profile: profile, seed: script.seed, game: makeGame(script.seed))
        var running: [Nanoseconds] = []
        var index = 0
        func probe(before time: Nanoseconds) {
            while index < moments.count, moments[index] < time {
                runtime.advance(to: moments[index])
                if runtime.status.state == .active, runtime.game.isRunning { running.append(moments[index]) }
                index += 1
            }
        }
        for line in script.lines {
            switch line.command {
            case .event(let time, let event):
                probe(before: time)
                runtime.inject(event, at: time)
            case .action(let time, let action):
                probe(before: time)
                runtime.inject(action, at: time)
            case .leaderboard(let setting):
                runtime.configureLeaderboard(setting)
            case .match(let setting):
                runtime.configureMatch(setting)
            case .expect, .capture, .fault, .wait:
                break  // the explorer's scripts have no fault lines
            }
        }
        return (running, moments.count - running.count)
    }

    /// Every case to run: each applicable kind at each running moment (the `skipped` kinds at none).
    public func cases(at moments: [Nanoseconds]) -> [InterleaveCase] {
        moments.flatMap { moment in applicableKinds.map { InterleaveCase(kind: $0, moment: moment) } }
    }

    /// The script with `interleaveCase` injected: after every line at or before the moment (and their `expect`
    /// lines), the interruption, its return and `resume`; every later timed line shifted by the pause.
    public func script(for interleaveCase: InterleaveCase) -> Script<Game.Action> {
        guard let profile = script.profile else { return script }
        let moment = interleaveCase.moment
        var lines = script.lines
        let insertAt =
            lines.firstIndex { ($0.command.time ?? Nanoseconds.min) > moment } ?? lines.endIndex
        for index in insertAt..<lines.count {
            switch lines[index].command {
            case .event(let time, let event): lines[index].command = .event(time: time + InterruptionKind.pause, event)
            case .action(let time, let action):
                lines[index].command = .action(time: time + InterruptionKind.pause, action)
            default: break
            }
        }
        let location = SourceLocation(file: script.name, line: 0, column: 1)
        var injected = interleaveCase.kind.events(profile).map {
            ScriptLine<Game.Action>(location: location, command: .event(time: moment + $0.offset, $0.event))
        }
        if let resume = Game.Action.shell(.resume) {
            injected.append(
                ScriptLine(location: location, command: .action(time: moment + InterruptionKind.pause, resume)))
        }
        lines.insert(contentsOf: injected, at: insertAt)
        var interleaved = script
        interleaved.name = "\(script.name)-\(interleaveCase.kind.name)-at-\(spelt(moment))"
        interleaved.lines = lines
        return interleaved
    }

    /// Runs one case against the baseline's end hash (a case of a skipped kind runs too, if asked for, and then
    /// as a rule differs: its interruption does not pause the game).
    public func run(_ interleaveCase: InterleaveCase, baselineHash: String) -> InterleaveOutcome<Game.Action> {
        let interleaved = script(for: interleaveCase)
        let (result, values) = replay(interleaved)
        return InterleaveOutcome(
            interleaveCase: interleaveCase, script: interleaved, simulationHash: result.simulationHash,
            failures: result.failures, isSame: result.simulationHash == baselineHash && result.ok,
            exportedValues: values)
    }

    /// The script of a differing case, with what differs in its comments: the two end hashes and, when they differ,
    /// the exported values that differ (`baselineValues`, the baseline's end values; nil: the baseline is replayed
    /// again to read them).
    public func report(
        _ outcome: InterleaveOutcome<Game.Action>, baselineHash: String, baselineValues: [String: Int64]? = nil
    ) -> String {
        var comment = [
            "interlude explore --interleave: \(script.name) with \(outcome.interleaveCase.kind.name) injected at "
                + "\(spelt(outcome.interleaveCase.moment)) (later lines shifted by "
                + "\(spelt(InterruptionKind.pause))).",
            "Invariant 7: the end hash should be \(baselineHash) (uninterrupted); it is \(outcome.simulationHash).",
        ]
        if outcome.simulationHash != baselineHash {
            let before = baselineValues ?? baselineWithValues().values
            comment.append(
                "Values (uninterrupted -> interrupted): \(ValueDifference.phrase(before, outcome.exportedValues)).")
        }
        comment += outcome.failures.map { "failed: \($0)" }
        return ExplorationScripts.text(outcome.script, comment: comment)
    }
}

/// A time as scripts spell it: `2s`, `1500ms`, `0.25ms`.
func spelt(_ time: Nanoseconds) -> String {
    if time % 1_000_000_000 == 0 { return "\(time / 1_000_000_000)s" }
    if time % 1_000_000 == 0 { return "\(time / 1_000_000)ms" }
    return "\(time)ns"
}

// Checker: the invariants of CONTRACT §6 (1–6 and 8–12) as an observer. The runtime tells it what happened (a
// callback delivered, a save written, a step, a kill, a relaunch, answers taken) and asks it to check after each step
// and each event's work. It reads the runtime through `CheckedRuntime`, facts it cannot change, and keeps only its own
// memory: what it was told, and what it has reported. What it finds it appends to `violations`; the runtime writes each
// to the transcript as it is found (`Runtime.check`). It never changes the app: what a broken rule does to the app is
// the runtime's (iOS ending an app that calls GL in the background is `Runtime.killForGL`, reported here as
// invariant 1), and a violation never stops a run. CheckerTests drive it alone, over a view of their own.

import InterludeNetwork
import Lifecycle
import Saves

/// A broken invariant: its number in CONTRACT §6 and what was seen.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    public let invariant: Int  // 1...12
    public let detail: String
    /// The invariant by name: what a test compares.
    public var rule: Rule? { Rule(rawValue: invariant) }
    /// `invariant 8 (pausedGameStandsStill): ...`.
    public var description: String { "invariant \(invariant)\(rule.map { " (\($0))" } ?? ""): \(detail)" }

    /// The invariants of CONTRACT §6, by number.
    public enum Rule: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case noGLWhileBackgrounded = 1
        case simulationOnlyWhileActive
        case noTimerUnlessActive
        case nothingInFlightWhileAway
        case snapshotBeforeLeaving
        case callbacksAndTasksInOrder
        case interruptionChangesNothing  // compares two runs: never raised within one
        case pausedGameStandsStill
        /// Issue 30: a save the runtime reported durable survives a kill (checked at the relaunch).
        case savedSnapshotSurvivesKill
        /// Issue 30: a resumed timer continues from what was left of it.
        case timerKeepsItsTime
        /// Issue 30: the leaderboard holds every score it acknowledged, once.
        case scoreStoredOnce
        /// A save made while a session is paused comes back exactly: restored and saved again, the same bytes.
        case restoreRoundTrips

        public var description: String {
            switch self {
            case .noGLWhileBackgrounded: return "noGLWhileBackgrounded"
            case .simulationOnlyWhileActive: return "simulationOnlyWhileActive"
            case .noTimerUnlessActive: return "noTimerUnlessActive"
            case .nothingInFlightWhileAway: return "nothingInFlightWhileAway"
            case .snapshotBeforeLeaving: return "snapshotBeforeLeaving"
            case .callbacksAndTasksInOrder: return "callbacksAndTasksInOrder"
            case .interruptionChangesNothing: return "interruptionChangesNothing"
            case .pausedGameStandsStill: return "pausedGameStandsStill"
            case .savedSnapshotSurvivesKill: return "savedSnapshotSurvivesKill"
            case .timerKeepsItsTime: return "timerKeepsItsTime"
            case .scoreStoredOnce: return "scoreStoredOnce"
            case .restoreRoundTrips: return "restoreRoundTrips"
            }
        }
    }
}

/// A paused game as a fixed step found it, before the step's simulation (invariant 8): its hash, and its values for
/// a failure to name, read now, or later from a copy of the game where a copy is a snapshot
/// (`LifecycleGame.copiesAreSnapshots`): the same values, without building them at every paused step.
struct PausedGame<Game: LifecycleGame> {
    let hash: String
    private let copy: Game?
    private let values: [String: Int64]

    init(_ game: Game) {
        hash = game.stateHash
        copy = Game.copiesAreSnapshots ? game : nil
        values = Game.copiesAreSnapshots ? [:] : game.exportedValues
    }

    /// The game's values as the step found them.
    var exportedValues: [String: Int64] { copy?.exportedValues ?? values }
}

/// What the checker reads of a runtime: facts, and questions that change nothing.
protocol CheckedRuntime<Game>: AnyObject {
    associatedtype Game: LifecycleGame
    /// Virtual time, nanoseconds.
    var now: Nanoseconds { get }
    var status: Status { get }
    var isFrameLoopRunning: Bool { get }
    var liveTimers: [LiveTimer] { get }
    var game: Game { get }
    /// The generation of the newest save written (or restored).
    var snapshotGeneration: Int64 { get }
    var leaderboardRequestsInFlight: Int { get }
    /// The outbox's upload runs in a background task: the one request allowed away from the foreground.
    var isUploadingInBackground: Bool { get }
    var isMatchConnected: Bool { get }
    /// The newest save on the disk, decoded and checked as a launch would (throws why it would not restore); nil when
    /// there is none.
    func newestSaveOnDisk() throws -> SavedGame<Game.SavedState>?
    /// What is wrong with the leaderboard service's table, given every key it acknowledged (its transport's audit).
    func auditLeaderboard(acknowledged: Set<Int64>) -> String?
}

/// The checker: its memory between checks, and every violation it found, in order.
struct Checker<Game: LifecycleGame> {
    private(set) var violations: [Violation] = []
    private var savedSinceSimulationStep = false  // a snapshot was written after the last simulation step
    private var snapshotOwed: Callback? = nil  // a resign/enter-background delivered in a session, not yet covered
    private var tasksLeftOpen = 0  // background tasks still open when the app left the background, not yet reported
    private var pauseBreakReported = false  // invariant 8 broke in this pause: reported once, until the next pause
    // Its memory across processes (an observer's, not the app's: a kill does not clear it).
    private var lastDurableGeneration: Int64? = nil  // invariant 9: the newest save reported durable
    private var durableOwedAfterKill: Int64? = nil  // invariant 9: what the relaunch after a kill owes (or later)
    private(set) var acknowledgedScores: Set<Int64> = []  // invariant 11: every key the leaderboard acknowledged
    private var lastAuditProblem: String? = nil  // invariant 11: reported once until it changes
    private var lastRoundTripProblem: String? = nil  // invariant 12: reported once until it changes

    /// Records a broken rule (the runtime writes it to the transcript).
    mutating func report(_ rule: Violation.Rule, _ detail: String) {
        violations.append(Violation(invariant: rule.rawValue, detail: detail))
    }

    /// `callback` was delivered; `inSession`: a game session ran when its move began.
    mutating func delivered(_ callback: Callback, inSession: Bool, in runtime: some CheckedRuntime<Game>) {
        // 6: no callback while suspended or after termination.
        let state = runtime.status.state
        if state == .suspended || state == .terminated || state == .notRunning {
            report(.callbacksAndTasksInOrder, "callback \(callback.rawValue) delivered while \(state.rawValue)")
        }
        // The same duty on every profile: `sceneWillResignActive` and `onPause` resign, `onStop` enters the background.
        if callback.role == .resign || callback.role == .enterBackground, inSession {
            snapshotOwed = savedSinceSimulationStep ? nil : callback
        }
    }

    /// A save was written: it covers the callback that owed one, and the disk must give it back (5).
    mutating func saved(in runtime: some CheckedRuntime<Game>) {
        savedSinceSimulationStep = true
        snapshotOwed = nil
        do {
            guard try runtime.newestSaveOnDisk() != nil else {
                return report(.snapshotBeforeLeaving, "a saved snapshot is not on disk")
            }
        } catch {
            report(.snapshotBeforeLeaving, "the snapshot on disk does not load: \(error)")
        }
    }

    /// A save of generation `generation` finished; `durable` when it is on the disk for good (9 counts on it).
    mutating func finishedSave(_ generation: Int64, durable: Bool) {
        if durable { lastDurableGeneration = generation }
    }

    /// The process was killed: a relaunch owes the newest durable save (9); a dead process owes nothing more (5).
    mutating func killed() {
        durableOwedAfterKill = lastDurableGeneration
        snapshotOwed = nil
    }

    /// 9: a save the runtime reported durable survives a kill: told when a launch has restored (or not).
    mutating func launched(in runtime: some CheckedRuntime<Game>) {
        guard let owed = durableOwedAfterKill else { return }
        durableOwedAfterKill = nil
        let restored = runtime.snapshotGeneration
        lastDurableGeneration = restored  // the disk holds this now, reported or not
        guard restored < owed else { return }
        report(
            .savedSnapshotSurvivesKill,
            "after the process was killed, the relaunch restored generation #\(restored), but #\(owed) "
                + "had been reported saved: a durable save was lost")
    }

    /// 10: the session's timers were scheduled; each that was left `left` (ns or steps) must go on from it.
    mutating func timersScheduled(left: [TimerName: Int64], in runtime: some CheckedRuntime<Game>) {
        var left = left
        let steps = runtime.game.steps
        for timer in runtime.liveTimers {
            guard let expected = left.removeValue(forKey: timer.name) else { continue }
            let found = timer.deadline - (timer.clock == .game ? steps : runtime.now)
            guard found != expected else { continue }
            let unit = timer.clock == .game ? " steps" : " ns"
            report(
                .timerKeepsItsTime,
                "timer \(timer.name) resumed with \(found)\(unit) to go, but \(expected)\(unit) were left when it was "
                    + "invalidated: it fires later than in an uninterrupted game")
        }
    }

    /// 11: the leaderboard's service holds every score it acknowledged, once. Told the answers just taken.
    mutating func answersTaken(_ results: [LeaderboardResult], in runtime: some CheckedRuntime<Game>) {
        for case .submitted(let key) in results { acknowledgedScores.insert(key) }
        guard !results.isEmpty, let problem = runtime.auditLeaderboard(acknowledged: acknowledgedScores) else { return }
        guard problem != lastAuditProblem else { return }
        lastAuditProblem = problem
        report(.scoreStoredOnce, problem)
    }

    /// Background tasks were still open when the app left the background (6, reported after the event's work).
    mutating func tasksLeftOpen(_ count: Int) {
        if count > 0 { tasksLeftOpen = count }
    }

    /// 2: the simulation advances only in active, and only when the game is not paused.
    mutating func simulationStepped(in runtime: some CheckedRuntime<Game>) {
        if runtime.status.state != .active || !runtime.game.isRunning {
            report(
                .simulationOnlyWhileActive,
                "simulation stepped while \(runtime.status)\(runtime.game.isPaused ? " and paused" : "")")
        }
        savedSinceSimulationStep = false
    }

    /// 8: after `pause()` a game in a session reports `isPaused` (else it would run on). Told by `pauseGame`.
    mutating func paused(in runtime: some CheckedRuntime<Game>) {
        pauseBreakReported = false
        let game = runtime.game
        guard game.isInSession, !game.isPaused else { return }
        pauseBreakReported = true
        report(.pausedGameStandsStill, "pause() left the game unpaused (screen \(game.screenName)): it runs on")
    }

    /// 8: what a fixed step must not change, taken before its simulation: nil unless the game is paused in a session
    /// (or a break of this pause was reported already).
    mutating func pausedGameBeforeStep(in runtime: some CheckedRuntime<Game>) -> PausedGame<Game>? {
        let game = runtime.game
        guard game.isInSession, game.isPaused else {
            pauseBreakReported = false
            return nil
        }
        guard !pauseBreakReported else { return nil }
        return PausedGame(game)
    }

    /// 8: a paused game stands still through a step's simulation (`idleFrame`, or `step` and its timers if it
    /// claims to run): still paused, the same state hash. Only the player and the runtime's own work change it.
    mutating func checkPausedGame(_ before: PausedGame<Game>, in runtime: some CheckedRuntime<Game>) {
        let game = runtime.game
        let hash = game.stateHash
        guard hash != before.hash || !game.isPaused else { return }
        pauseBreakReported = true
        let changed = "(\(ValueDifference.phrase(before.exportedValues, game.exportedValues)))"
        if !game.isPaused {
            report(
                .pausedGameStandsStill,
                "a paused game resumed itself during a step, without the player's resume \(changed)")
        } else {
            report(
                .pausedGameStandsStill,
                "a paused game changed during a step: state hash \(before.hash) -> \(hash) \(changed)")
        }
    }

    /// Checks invariants 2–6 against the runtime as it is now (after a step, or after an event's work).
    mutating func check(afterEvent: Bool, in runtime: some CheckedRuntime<Game>) {
        let status = runtime.status
        let state = status.state
        // 2: the frame loop runs only while active.
        if runtime.isFrameLoopRunning, state != .active {
            report(.simulationOnlyWhileActive, "frame loop running while \(status)")
        }
        // 3: no live timer unless active.
        let live = runtime.liveTimers
        if !live.isEmpty, state != .active {
            report(
                .noTimerUnlessActive,
                "\(live.count) live timer(s) while \(status): \(live.map(\.name.rawValue).joined(separator: ", "))")
        }
        // 4: no request in flight and no peer connected in inactive, background, suspended.
        if state == .inactive || state == .background || state == .suspended {
            // The outbox's upload is the one request a background task may carry (CONTRACT §4).
            let inFlight = runtime.leaderboardRequestsInFlight
            if inFlight > 0, !runtime.isUploadingInBackground {
                report(.nothingInFlightWhileAway, "\(inFlight) leaderboard request(s) in flight while \(status)")
            }
            if runtime.isMatchConnected {
                report(.nothingInFlightWhileAway, "a match connection is open while \(status)")
            }
        }
        // 5: a snapshot at or before every willResignActive and didEnterBackground in a session.
        if afterEvent, let owed = snapshotOwed {
            report(.snapshotBeforeLeaving, "no snapshot written for \(owed.rawValue) during a game")
            snapshotOwed = nil
        }
        // 6: every beginBackgroundTask has exactly one end, before the app leaves the background.
        if tasksLeftOpen > 0 {
            report(.callbacksAndTasksInOrder, "\(tasksLeftOpen) background task(s) still open while \(status)")
            tasksLeftOpen = 0
        }
    }

    /// 12: a save made while a session is paused must come back exactly. It is restored, as a relaunch would, in a
    /// new game of its own (`relaunched()`), and that game's save must be the same bytes (CONTRACT §6).
    mutating func savedGame(_ saved: [UInt8], kind: SnapshotKind, in runtime: some CheckedRuntime<Game>) {
        let game = runtime.game
        guard game.isInSession, game.isPaused else { return }
        let problem = Self.roundTripProblem(saved, of: game)
        guard problem != lastRoundTripProblem else { return }
        lastRoundTripProblem = problem
        if let problem { report(.restoreRoundTrips, "the \(kind) save #\(runtime.snapshotGeneration) \(problem)") }
    }

    /// Why `saved` (the game's part of a save) does not survive a restore in a new game of `game`'s, or nil.
    private static func roundTripProblem(_ saved: [UInt8], of game: Game) -> String? {
        var scratch = game.relaunched()
        let state: Game.SavedState
        do {
            state = try scratch.decodeState(saved)
        } catch {
            return "does not decode: \(error)"
        }
        if let why = scratch.whyCannotRestore(state) { return "is refused by the game that wrote it: \(why)" }
        // A game may decline to restore a session (a match cannot come back): its detail says so; nothing to compare.
        guard case .session = scratch.restore(state) else { return nil }
        let again = scratch.encodeState(scratch.savedState)
        guard again != saved else { return nil }
        let differences = ValueDifference.between(scratch.stateValues(state), scratch.stateValues(scratch.savedState))
        let restored = "was restored and saved again, and the save differs"
        guard differences.isEmpty else {
            let named = differences.prefix(4).map(\.description).joined(separator: ", ")
            let more = differences.count > 4 ? " and \(differences.count - 4) more" : ""
            return "\(restored) (saved -> after the restore): \(named)\(more)"
        }
        let at =
            zip(saved, again).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(saved.count, again.count)
        func byte(_ bytes: [UInt8]) -> String {
            at < bytes.count ? "0x" + String(bytes[at], radix: 16, uppercase: true) : "the end"
        }
        return "\(restored) at byte \(at) of \(saved.count) (\(byte(saved)) saved, \(byte(again)) after the restore; "
            + "no value the game names differs)"
    }
}

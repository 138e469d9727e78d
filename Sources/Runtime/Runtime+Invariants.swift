// Runtime+Invariants: CONTRACT §6 (1–6, 8 and 12), checked after every step and every event's work (12 after a save).
// A violation is recorded in the transcript and fails the replay; it never stops the run.

import InterludeNetwork
import Lifecycle

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

/// What the checker remembers between checks.
struct InvariantState {
    var violations: [Violation] = []  // every one found, in order
    var savedSinceSimulationStep = false  // a snapshot was written after the last simulation step
    var snapshotOwed: Callback? = nil  // a willResignActive/didEnterBackground delivered in a session, not yet covered
    var processEnded = false
    var refusedGLCallsSeen = 0  // of the display's own gate
    var tasksLeftOpen = 0  // background tasks still open when the app left the background, not yet reported
    var pauseBreakReported = false  // invariant 8 broke in this pause: reported once, until the next pause
    // The checker's memory across processes (an observer's, not the app's: a kill does not clear it).
    var lastDurableGeneration: Int64? = nil  // invariant 9: the newest save reported durable
    var durableOwedAfterKill: Int64? = nil  // invariant 9: what the relaunch after a kill must restore (or later)
    var acknowledgedScores: Set<Int64> = []  // invariant 11: every key the leaderboard acknowledged
    var lastAuditProblem: String? = nil  // invariant 11: reported once until it changes
    var lastRoundTripProblem: String? = nil  // invariant 12: reported once until it changes
}

extension Runtime {
    func violate(_ rule: Violation.Rule, _ detail: String) {
        let violation = Violation(invariant: rule.rawValue, detail: detail)
        invariantState.violations.append(violation)
        transcript.append(now, .violation(invariant: rule.rawValue, detail: detail))
    }

    func noteDelivered(_ callback: Callback, inSession: Bool) {
        // 6: no callback while suspended or after termination.
        if appState == .suspended || appState == .terminated || appState == .notRunning {
            violate(.callbacksAndTasksInOrder, "callback \(callback.rawValue) delivered while \(appState.rawValue)")
        }
        // The same duty on every profile: `sceneWillResignActive` and `onPause` resign, `onStop` enters the background.
        if callback.role == .resign || callback.role == .enterBackground, inSession {
            invariantState.snapshotOwed = invariantState.savedSinceSimulationStep ? nil : callback
        }
        if callback.role == .launch { invariantState.processEnded = false }
    }

    func noteSaved() {
        invariantState.savedSinceSimulationStep = true
        invariantState.snapshotOwed = nil
        // 5: the snapshot on disk always loads.
        do {
            guard let bytes = try snapshots.load() else {
                return violate(.snapshotBeforeLeaving, "a saved snapshot is not on disk")
            }
            _ = try decodePlayable(bytes)
        } catch {
            violate(.snapshotBeforeLeaving, "the snapshot on disk does not load: \(error)")
        }
    }

    /// 12: a save made while a session is paused must come back exactly. It is restored, as a relaunch would, in a
    /// new game of its own (`relaunched()`), and that game's save must be the same bytes (CONTRACT §6).
    func checkRoundTrip(_ saved: [UInt8], kind: SnapshotKind) {
        guard game.isInSession, game.isPaused else { return }
        let problem = roundTripProblem(saved)
        guard problem != invariantState.lastRoundTripProblem else { return }
        invariantState.lastRoundTripProblem = problem
        if let problem { violate(.restoreRoundTrips, "the \(kind) save #\(snapshotGeneration) \(problem)") }
    }

    /// Why `saved` (the game's part of a save) does not survive a restore, or nil.
    private func roundTripProblem(_ saved: [UInt8]) -> String? {
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

    func noteSimulationStep() {
        // 2: the simulation advances only in active, and only when the game is not paused.
        if appState != .active || !game.isRunning {
            violate(
                .simulationOnlyWhileActive, "simulation stepped while \(status)\(game.isPaused ? " and paused" : "")")
        }
        invariantState.savedSinceSimulationStep = false
    }

    /// 8: after `pause()` a game in a session reports `isPaused` (else it would run on). Called by `pauseGame`.
    func notePaused() {
        invariantState.pauseBreakReported = false
        guard game.isInSession, !game.isPaused else { return }
        invariantState.pauseBreakReported = true
        violate(.pausedGameStandsStill, "pause() left the game unpaused (screen \(game.screenName)): it runs on")
    }

    /// 8: what a fixed step must not change, taken before its simulation: nil unless the game is paused in a session
    /// (or a break of this pause was reported already).
    func pausedGameBeforeStep() -> PausedGame<Game>? {
        guard game.isInSession, game.isPaused else {
            invariantState.pauseBreakReported = false
            return nil
        }
        guard !invariantState.pauseBreakReported else { return nil }
        return PausedGame(game)
    }

    /// 8: a paused game stands still through a step's simulation (`idleFrame`, or `step` and its timers if it
    /// claims to run): still paused, the same state hash. Only the player and the runtime's own work change it.
    func checkPausedGame(_ before: PausedGame<Game>) {
        let hash = game.stateHash
        guard hash != before.hash || !game.isPaused else { return }
        invariantState.pauseBreakReported = true
        let changed = "(\(ValueDifference.phrase(before.exportedValues, game.exportedValues)))"
        if !game.isPaused {
            violate(
                .pausedGameStandsStill,
                "a paused game resumed itself during a step, without the player's resume \(changed)")
        } else {
            violate(
                .pausedGameStandsStill,
                "a paused game changed during a step: state hash \(before.hash) -> \(hash) \(changed)")
        }
    }

    /// Checks invariants 2–6 against the current state.
    func checkInvariants(afterEvent: Bool) {
        if pendingRestore != nil { proveRestore() }
        // 1: a GL call that bypassed the runtime and was refused by the display's own gate.
        if let refused = display?.refusedGLCalls, refused.count > invariantState.refusedGLCallsSeen {
            let entries = refused[invariantState.refusedGLCallsSeen...]
            invariantState.refusedGLCallsSeen = refused.count
            for entry in entries { killForGL(entry) }
        }
        let state = appState
        // 2: the frame loop runs only while active.
        if isFrameLoopRunning, state != .active {
            violate(.simulationOnlyWhileActive, "frame loop running while \(status)")
        }
        // 3: no live timer unless active.
        if !machine.timers.live.isEmpty, state != .active {
            violate(
                .noTimerUnlessActive,
                "\(machine.timers.live.count) live timer(s) while \(status): \(machine.timers.live.map(\.name.rawValue).joined(separator: ", "))"
            )
        }
        // 4: no request in flight and no peer connected in inactive, background, suspended.
        if state == .inactive || state == .background || state == .suspended {
            // The outbox's upload is the one request a background task may carry (CONTRACT §4).
            if !leaderboard.inFlight.isEmpty, !isUploadingInBackground {
                violate(
                    .nothingInFlightWhileAway,
                    "\(leaderboard.inFlight.count) leaderboard request(s) in flight while \(status)")
            }
            if match.isConnected { violate(.nothingInFlightWhileAway, "a match connection is open while \(status)") }
        }
        // 5: a snapshot at or before every willResignActive and didEnterBackground in a session.
        if afterEvent, let owed = invariantState.snapshotOwed {
            violate(.snapshotBeforeLeaving, "no snapshot written for \(owed.rawValue) during a game")
            invariantState.snapshotOwed = nil
        }
        // 6: every beginBackgroundTask has exactly one end, before the app leaves the background.
        if invariantState.tasksLeftOpen > 0 {
            violate(
                .callbacksAndTasksInOrder,
                "\(invariantState.tasksLeftOpen) background task(s) still open while \(status)")
            invariantState.tasksLeftOpen = 0
        }
    }
}

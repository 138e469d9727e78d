// CheckerTests: the invariants' checker (Checker.swift) driven alone, as LifecycleMachineTests drives the machine: no
// runtime, no display, no disk. A view of the test's own stands where the runtime would, and the test tells the checker
// what happened and reads what it reported. The checker never writes to its view (the view's setters are the test's).

import Saves
import Testing

@testable import Lifecycle
@testable import Runtime

/// What the checker sees: facts the test sets by hand.
final class ViewedApp: CheckedRuntime {
    typealias Game = Clicker
    var now: Nanoseconds = 0
    var status = Status(.active)
    var isFrameLoopRunning = true
    var liveTimers: [LiveTimer] = []
    var game = Clicker()
    var snapshotGeneration: Int64 = 0
    var leaderboardRequestsInFlight = 0
    var isUploadingInBackground = false
    var isMatchConnected = false
    var diskSave: SavedGame<[String: Int64]>? = nil
    var diskError: SnapshotDecodeError? = nil
    var auditAnswer: String? = nil
    private(set) var audits: [Set<Int64>] = []

    func newestSaveOnDisk() throws -> SavedGame<[String: Int64]>? {
        if let diskError { throw diskError }
        return diskSave
    }

    func auditLeaderboard(acknowledged: Set<Int64>) -> String? {
        audits.append(acknowledged)
        return auditAnswer
    }
}

@Suite("the checker, alone")
struct CheckerTests {
    func rules(_ checker: Checker<Clicker>) -> [Violation.Rule?] { checker.violations.map(\.rule) }

    @Test("invariants 2 to 4 hold in active and break away from it")
    func awayFromActive() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        checker.check(afterEvent: true, in: app)
        #expect(checker.violations.isEmpty)
        app.status = Status(.background)
        app.liveTimers = [LiveTimer(name: .autosave, clock: .virtual, interval: 1, deadline: 5)]
        app.leaderboardRequestsInFlight = 2
        app.isMatchConnected = true
        checker.check(afterEvent: false, in: app)
        #expect(
            rules(checker) == [
                .simulationOnlyWhileActive, .noTimerUnlessActive, .nothingInFlightWhileAway, .nothingInFlightWhileAway,
            ])
        // The outbox's upload is the one request allowed in the background.
        app.isFrameLoopRunning = false
        app.liveTimers = []
        app.isMatchConnected = false
        app.isUploadingInBackground = true
        checker.check(afterEvent: false, in: app)
        #expect(checker.violations.count == 4)
    }

    @Test("a resign in a session owes a save, reported after the event's work unless one was written")
    func snapshotOwed() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        app.game.isInSession = true
        checker.simulationStepped(in: app)
        checker.delivered(.willResignActive, inSession: true, in: app)
        checker.check(afterEvent: false, in: app)
        #expect(checker.violations.isEmpty, "owed only once the event's work is done")
        checker.check(afterEvent: true, in: app)
        #expect(rules(checker) == [.snapshotBeforeLeaving])
        // A save covers the next one; a save that does not load is reported as such.
        app.diskSave = SavedGame(state: [:], extras: [:])
        checker.delivered(.willResignActive, inSession: true, in: app)
        checker.saved(in: app)
        checker.check(afterEvent: true, in: app)
        #expect(checker.violations.count == 1)
        app.diskError = SnapshotDecodeError(line: 1, message: "torn")
        checker.saved(in: app)
        #expect(checker.violations.last?.detail.contains("does not load") == true)
    }

    @Test("a callback while suspended breaks 6; tasks left open are reported once")
    func callbacksAndTasks() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        app.status = Status(.suspended)
        checker.delivered(.didBecomeActive, inSession: false, in: app)
        checker.tasksLeftOpen(2)
        app.status = Status(.active)
        checker.check(afterEvent: true, in: app)
        checker.check(afterEvent: true, in: app)
        #expect(rules(checker) == [.callbacksAndTasksInOrder, .callbacksAndTasksInOrder])
        #expect(checker.violations[1].detail.hasPrefix("2 background task(s)"))
    }

    @Test("after a kill, a relaunch older than the newest durable save breaks 9")
    func durableSaveSurvivesKill() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        checker.finishedSave(3, durable: true)
        checker.finishedSave(4, durable: false)  // a background write not yet durable owes nothing
        checker.killed()
        app.snapshotGeneration = 3
        checker.launched(in: app)
        #expect(checker.violations.isEmpty)
        checker.finishedSave(5, durable: true)
        checker.killed()
        app.snapshotGeneration = 4
        checker.launched(in: app)
        #expect(rules(checker) == [.savedSnapshotSurvivesKill])
        checker.launched(in: app)  // a launch without a kill before it owes nothing
        #expect(checker.violations.count == 1)
    }

    @Test("a resumed timer must go on from what was left of it (10)")
    func timerKeepsItsTime() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        app.now = 1_000
        app.liveTimers = [LiveTimer(name: .autosave, clock: .virtual, interval: 5_000, deadline: 3_000)]
        checker.timersScheduled(left: [.autosave: 2_000], in: app)
        #expect(checker.violations.isEmpty)
        checker.timersScheduled(left: [.autosave: 1_500], in: app)
        #expect(rules(checker) == [.timerKeepsItsTime])
    }

    @Test("answers taken are audited with every key acknowledged so far; one problem is reported once (11)")
    func leaderboardAudit() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        checker.answersTaken([.submitted(key: 7)], in: app)
        checker.answersTaken([.top([])], in: app)
        checker.answersTaken([], in: app)  // nothing taken: nothing audited
        #expect(app.audits == [[7], [7]])
        app.auditAnswer = "a score counted twice"
        checker.answersTaken([.submitted(key: 9)], in: app)
        checker.answersTaken([.submitted(key: 9)], in: app)
        #expect(rules(checker) == [.scoreStoredOnce])
        #expect(checker.acknowledgedScores == [7, 9])
    }

    @Test("a pause the game ignores, and a paused game that moves, break 8 once per pause")
    func pausedGameStandsStill() {
        let app = ViewedApp()
        var checker = Checker<Clicker>()
        app.game.isInSession = true
        checker.paused(in: app)
        #expect(rules(checker) == [.pausedGameStandsStill], "pause() left it running")
        app.game.isPaused = true
        checker.paused(in: app)
        let before = checker.pausedGameBeforeStep(in: app)
        #expect(before != nil)
        app.game.clicks += 1
        checker.checkPausedGame(before!, in: app)
        #expect(checker.violations.count == 2)
        #expect(checker.pausedGameBeforeStep(in: app) == nil, "reported once until the next pause")
    }

    @Test("the checker reads its view and never writes it")
    func observesOnly() {
        let app = ViewedApp()
        app.status = Status(.background)
        app.game.isInSession = true
        let game = app.game
        var checker = Checker<Clicker>()
        checker.delivered(.didEnterBackground, inSession: true, in: app)
        checker.check(afterEvent: true, in: app)
        checker.paused(in: app)
        checker.saved(in: app)
        #expect(app.game.clicks == game.clicks && app.game.isPaused == game.isPaused)
        #expect(app.status == Status(.background) && app.isFrameLoopRunning && app.snapshotGeneration == 0)
        #expect(!checker.violations.isEmpty)
    }
}

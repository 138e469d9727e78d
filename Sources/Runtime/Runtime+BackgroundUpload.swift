// Runtime+BackgroundUpload: the outbox finishing its upload after `didEnterBackground`, inside a background task
// that stays open across steps and events (CONTRACT §4 "The outbox's background upload"). This is how real games
// use a background task, and what makes its expiry reachable: the task ends when the outbox is sent, when a
// submission fails, when the OS expires it (the profile's budget), or just before the app returns to the foreground.

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// After an event's work: a backgrounded app whose outbox holds scores begins a background task and sends the
    /// outbox's first score, once per stay in the background, on a profile with background tasks.
    func beginBackgroundUpload() {
        guard appState == .background, !process.upload.isOpen, !process.upload.triedThisStay,
            let budget = profile.backgroundTaskBudget, !leaderboard.outbox.isEmpty, leaderboard.mayResend(now: now)
        else { return }
        process.upload = BackgroundUpload(
            isOpen: true, expiresAt: saturatingSum(now, budget), sent: 0, triedThisStay: true)
        doWork(.beginBackgroundTask, for: nil, note: "outbox upload: \(leaderboard.outbox.count) score(s)")
        _ = leaderboard.resendOutbox(now: now)
    }

    /// After a step's answers: the next score, or the end of the task once the outbox is empty or a score failed.
    func continueBackgroundUpload(_ results: [LeaderboardResult]) {
        guard process.upload.isOpen, appState == .background else { return }
        var failed = false
        for result in results {
            switch result {
            case .submitted: process.upload.sent += 1
            case .failed(.submit): failed = true
            case .top, .failed(.fetchTop): break
            }
        }
        guard leaderboard.inFlight.isEmpty else { return }
        if !failed, leaderboard.resendOutbox(now: now) { return }
        let sent = process.upload.sent
        process.upload.isOpen = false
        let note =
            failed
            ? "outbox upload failed after \(sent) sent; \(leaderboard.outbox.count) score(s) kept"
            : "outbox upload done: \(sent) sent"
        doWork(.endBackgroundTask, for: nil, note: note)
    }

    /// The OS expires the task once the profile's budget has passed since the app entered the background.
    func expireBackgroundUpload() {
        guard process.upload.isOpen, now >= process.upload.expiresAt, machine.status.hasOpenBackgroundTask else {
            return
        }
        happen(.backgroundTaskExpired)
    }

    /// The app leaves the background with the upload running: the game ends its task first (iOS would end it for
    /// the app, which invariant 6 reports); the request in flight goes on as a foreground request.
    func endBackgroundUploadBeforeForeground(_ move: Transition) {
        if move.to.state != .background, move.to.state != .suspended { process.upload.triedThisStay = false }
        guard process.upload.isOpen, move.to.state != .background, move.to.state != .suspended,
            move.to.state != .terminated
        else { return }
        process.upload.isOpen = false
        doWork(
            .endBackgroundTask, for: nil,
            note: "back in the foreground after \(process.upload.sent) sent; the upload goes on as a foreground request"
        )
    }

    /// The task ended by its expiration (or the last end of a task): the upload stops, its scores stay in the outbox.
    func stopBackgroundUpload() -> String {
        process.upload.isOpen = false
        let cancelled = leaderboard.cancelAll()
        return
            "outbox upload stopped after \(process.upload.sent) sent: \(cancelled) request(s) cancelled, "
            + "\(leaderboard.outbox.count) score(s) kept"
    }

    /// True while the outbox's upload may have a request in flight in the background: inside its open background
    /// task, or, where a stopped process keeps running (`android28`), with no task at all.
    var isUploadingInBackground: Bool { (process.upload.isOpen && appState == .background) || isRunningWhileStopped }

    /// True while the app is stopped on a profile whose stopped process keeps running (no freezer: `android28`): its
    /// network work goes on with no background task (CONTRACT §4).
    var isRunningWhileStopped: Bool { appState == .background && profile.runsWhileStopped }
}

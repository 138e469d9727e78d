// Runtime+Frame: time moves in fixed steps of 1/60 s. Each step, in order: the work point, due timers,
// leaderboard deliveries, the simulation (only active and running), a frame, the OS's own decisions,
// then the invariants. Reads as a list, like Quake's _Host_Frame.

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// Moves the clock forward by `duration`.
    public func advance(by duration: Nanoseconds) { advance(to: saturatingSum(now, duration)) }

    /// Moves the clock to `time`, running every fixed step up to it. Time never goes backwards.
    /// A stretch in which no step can do anything (see `isIdle`) is skipped at once, with the same transcript.
    public func advance(to time: Nanoseconds) {
        let time = min(time, latestVirtualTime)
        if machine.hasPendingWork { settle() }
        let firstStep = nextStep
        while stepTime(nextStep) <= time {
            now = max(now, stepTime(nextStep))
            nextStep += 1
            let linesBefore = transcript.appendedCount
            frame()
            if skipsIdleSteps, isIdle, transcript.appendedCount == linesBefore {
                nextStep = Self.firstStep(after: time)
            }
        }
        now = max(now, time)
        if presentsOncePerAdvance, nextStep > firstStep, isFrameLoopRunning, appState == .active {
            framesPresented += 1
            withGL("present") { $0.present(building: { scene }) }
        }
    }

    /// True when a step now would change nothing, and so would every step after it until an event or action:
    /// the process is not running, or it is not active, its frame loop stopped, no timer live, no request in
    /// flight, no work pending, not a background app the OS is to suspend (after the profile's delay), and not a
    /// stopped app that still sends its outbox (`android28`). Given also that the step just
    /// run wrote no transcript line (no violation either), each further step would repeat it exactly: skipping them
    /// leaves the transcript byte-identical (checked by replaying every bundled script both ways).
    var isIdle: Bool {
        let state = appState
        guard state.isRunning else { return true }
        return state != .active && !isFrameLoopRunning && machine.timers.live.isEmpty && leaderboard.inFlight.isEmpty
            && !machine.hasPendingWork && !match.isInMatch && machine.suspensionTime == nil
            && !(isRunningWhileStopped && !leaderboard.outbox.isEmpty)
    }

    /// The first fixed step later than `time` (`time` >= 0, at most `latestTime`), without overflow.
    static func firstStep(after time: Nanoseconds) -> Int64 {
        // stepTime(k) <= time  <=>  k * 1e9 / 60 < time + 1  <=>  k <= (60 * time + 59) / 1e9.
        let perSecond: Int64 = 1_000_000_000
        let (seconds, rest) = time.quotientAndRemainder(dividingBy: perSecond)
        let perStep = Int64(stepsPerSecond)
        return seconds * perStep + (rest * perStep + perStep - 1) / perSecond + 1
    }

    /// One fixed step.
    private func frame() {
        guard appState.isRunning else { return }
        willDo?(.step(nextStep - 1))
        deliverLateCallback()
        fireVirtualTimers()
        deliverLeaderboardResults()
        sendOutbox()
        refetchLeaderboard()
        simulate()
        exchangeWithMatch()
        presentFrame()
        expireBackgroundUpload()
        letTheOSSuspend()
        if machine.hasPendingWork { settle() } else { checkInvariants(afterEvent: false) }
    }

    private func fireVirtualTimers() {
        for name in machine.fireTimers(on: .virtual, at: now) {
            switch name {
            case .autosave:
                if game.isRunning { doWork(.saveSnapshot, for: nil) }
            default:
                break  // game timers count on the game clock
            }
        }
    }

    /// While active, scores in the outbox are sent again, one at a time; also while stopped where the stopped
    /// process keeps running with no background task (`android28`, CONTRACT §4).
    private func sendOutbox() {
        guard appState == .active || isRunningWhileStopped else { return }
        _ = leaderboard.resendOutbox(now: now)
    }

    /// Back on a leaderboard screen whose fetch was cancelled (nothing shown yet): fetch again.
    private func refetchLeaderboard() {
        guard appState == .active, leaderboardTop.isEmpty, game.isShowingLeaderboard,
            !leaderboard.inFlight.contains(where: { $0.kind == .fetchTop })
        else { return }
        leaderboard.send(.fetchTop, now: now)
    }

    private func simulate() {
        guard isFrameLoopRunning else { return }
        let paused = check { $0.pausedGameBeforeStep(in: $1) }  // invariant 8: a paused game stands still through this
        runSimulation()
        if let paused { check { $0.checkPausedGame(paused, in: $1) } }
    }

    private func runSimulation() {
        guard game.isRunning else { return game.idleFrame() }
        check { $0.simulationStepped(in: $1) }
        game.step()
        for name in machine.fireTimers(on: .game, at: game.steps) { game.timerFired(name) }
        takeReports()
    }

    private func presentFrame() {
        guard isFrameLoopRunning, !presentsOncePerAdvance, (nextStep - 1) % max(1, presentEvery) == 0 else { return }
        framesPresented += 1
        withGL("present") { $0.present(building: { scene }) }
    }

    /// The OS suspends a background app whose work is done and which holds no background task, once the profile's
    /// delay has passed (iOS: at once; `android34`: the freezer's 10 s; `android28`: never, CONTRACT §2).
    private func letTheOSSuspend() {
        guard let due = machine.suspensionTime, now >= due else { return }
        happen(.suspendedByOS)
    }
}

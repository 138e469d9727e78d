// Runtime+Frame: time moves in fixed steps of 1/60 s. Each step, in order: the work point, due timers,
// leaderboard deliveries, the simulation (only active and running), a frame, the OS's own decisions,
// then the invariants. Reads as a list, like Quake's _Host_Frame.

import GameCore
import Lifecycle
import Replay

extension Runtime {
    /// Moves the clock forward by `duration`.
    public func advance(by duration: Nanoseconds) { advance(to: now + max(0, duration)) }

    /// Moves the clock to `time`, running every fixed step up to it. Time never goes backwards.
    public func advance(to time: Nanoseconds) {
        if !pending.isEmpty { settle() }
        let firstStep = nextStep
        while Self.stepTime(nextStep) <= time {
            now = max(now, Self.stepTime(nextStep))
            nextStep += 1
            frame()
        }
        now = max(now, time)
        if presentsOncePerAdvance, nextStep > firstStep, isFrameLoopRunning, status.state == .active {
            framesPresented += 1
            withGL("present") { $0.present(scene) }
        }
    }

    /// One fixed step.
    private func frame() {
        guard status.state.isRunning else { return }
        willDo?(.step(nextStep - 1))
        fireVirtualTimers()
        deliverLeaderboardResults()
        sendOutbox()
        refetchLeaderboard()
        simulate()
        presentFrame()
        letTheOSSuspend()
        if !pending.isEmpty { settle() } else { checkInvariants(afterEvent: false) }
    }

    private func fireVirtualTimers() {
        for name in timers.fire(on: .virtual, at: now) {
            switch name {
            case .autosave:
                if game.state.isRunning {
                    let detail = saveSnapshot(kind: "autosave")
                    transcript.append(
                        now, "work", [("name", .string(Work.saveSnapshot.rawValue)), ("detail", .string(detail))])
                }
            case .round, .enemies:
                break
            }
        }
    }

    private func deliverLeaderboardResults() {
        for result in leaderboard.deliver(now: now) {
            switch result {
            case .top(let lines):
                if game.state.screen == .leaderboard { leaderboardTop = lines }
            case .submitted:
                break
            case .failed:
                if game.state.screen == .leaderboard { leaderboardTop = ["leaderboard unreachable; scores kept"] }
            }
        }
    }

    /// While active, scores in the outbox are sent again, one at a time.
    private func sendOutbox() {
        guard status.state == .active, leaderboard.mayResend(now: now),
            let (key, score) = leaderboard.outbox.min(by: { $0.key < $1.key })
        else { return }
        leaderboard.send(.submit(score: score, key: key), now: now)
    }

    /// Back on a leaderboard screen whose fetch was cancelled (nothing shown yet): fetch again.
    private func refetchLeaderboard() {
        guard status.state == .active, game.state.screen == .leaderboard, leaderboardTop.isEmpty,
            !leaderboard.inFlight.contains(where: { $0.kind == .fetchTop })
        else { return }
        leaderboard.send(.fetchTop, now: now)
    }

    private func simulate() {
        guard isFrameLoopRunning else { return }
        guard game.state.isRunning else {
            game.menuFrames += game.state.screen == .menu || game.state.screen == .leaderboard ? 1 : 0
            return
        }
        noteSimulationStep()
        game.step()
        for peer in peers { peer.exchange(x: game.state.player.x, z: game.state.player.z) }
        for name in timers.fire(on: .game, at: game.state.steps) {
            switch name {
            case .round: game.roundTimerFired()
            case .enemies: game.enemiesThink()
            case .autosave: break
            }
        }
        takeOutcomes()
    }

    private func presentFrame() {
        guard isFrameLoopRunning, !presentsOncePerAdvance, (nextStep - 1) % max(1, presentEvery) == 0 else { return }
        framesPresented += 1
        withGL("present") { $0.present(scene) }
    }

    /// The OS suspends a background app whose work is done and which holds no background task.
    private func letTheOSSuspend() {
        guard status.state == .background, openBackgroundTasks == 0 else { return }
        happen(.suspendedByOS)
    }
}

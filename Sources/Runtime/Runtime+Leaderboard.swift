// Runtime+Leaderboard: the network component's leaderboard as the runtime drives it (CONTRACT §4 "The leaderboard"):
// its transport and a script's settings, the outbox a snapshot restores, the top list a purge drops. The network's
// state (`AppProcess.leaderboard`, `leaderboardTop`) is written here and in Runtime+BackgroundUpload.swift only;
// other components ask through these methods (`make check-imports`' check of writes).

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// Applies a script's `leaderboard` line.
    public func configureLeaderboard(_ setting: LeaderboardSetting) {
        if case .pending(let points) = setting {
            // Kept as level 1's score of a run of its own, while the process runs (a process not running has no
            // outbox in memory: its saved one comes back at launch).
            guard appState.isRunning, points <= game.maximumScore else {
                if appState.isRunning {
                    log?(
                        "interlude: leaderboard pending=\(points) is more than one game can score (\(game.maximumScore))"
                    )
                }
                return
            }
            let run = Int64(bitPattern: seed) &* 1_000_003 &+ now / 1_000_000 &+ 1
            submitScore(points, level: 1, run: run)
            return
        }
        leaderboard.configure(setting)
    }

    /// Talks to the leaderboard through `transport` from now on (an app not yet launched, before any request).
    public func useLeaderboard(_ transport: any LeaderboardTransport, pacing: LeaderboardPacing) {
        let delay = leaderboard.delay
        leaderboard = LeaderboardClient(transport: transport, pacing: pacing)
        leaderboard.delay = delay
    }

    /// Puts a restored snapshot's outbox back (`outbox.KEY` scores, `outboxMs.KEY` their milliseconds of play).
    func restoreOutbox(from extras: [String: Int64]) {
        for (key, value) in extras {
            if key.hasPrefix("outbox."), let id = Int64(key.dropFirst("outbox.".count)) {
                leaderboard.outbox[id] = value
            } else if key.hasPrefix("outboxMs."), let id = Int64(key.dropFirst("outboxMs.".count)) {
                leaderboard.outboxMilliseconds[id] = value
            }
        }
    }

    /// Drops the cached top list (`purgeCaches`); returns how many lines were dropped.
    func dropLeaderboardTop() -> Int {
        let dropped = leaderboardTop.count
        leaderboardTop = []
        return dropped
    }

    /// Takes the leaderboard's answers that arrived by now (in the order the environment delivers them): a top list
    /// is shown while the game shows the leaderboard, and the background upload goes on.
    func deliverLeaderboardResults() {
        let results = environment.arriving(leaderboard.deliver(now: now))
        check { $0.answersTaken(results, in: $1) }
        defer { continueBackgroundUpload(results) }
        for result in results {
            switch result {
            case .top(let lines):
                if game.isShowingLeaderboard { leaderboardTop = lines }
            case .submitted:
                break
            case .failed:
                if game.isShowingLeaderboard { leaderboardTop = ["leaderboard unreachable; scores kept"] }
            }
        }
    }
}

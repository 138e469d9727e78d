// Runtime+Snapshot: saving and restoring the game with the runtime's extras (timers' remaining times,
// the score outbox, the save generation).

import GameCore
import Lifecycle

extension Runtime {
    /// Saves the game now; `kind` is quick, full, final or autosave. Returns the transcript detail.
    func saveSnapshot(kind: String) -> String {
        snapshotGeneration += 1
        var extras: [String: Int64] = ["generation": snapshotGeneration]
        for timer in timers.live {
            extras["timer." + timer.name.rawValue] = timer.deadline - (timer.clock == .game ? game.state.steps : now)
        }
        for (name, left) in timers.remaining { extras["timer." + name.rawValue] = left }
        for (key, score) in leaderboard.outbox { extras["outbox.\(key)"] = score }
        let bytes = GameSnapshot(state: game.state, extras: extras).encoded()
        do {
            try snapshots.save(bytes)
        } catch {
            violate(5, "saving the \(kind) snapshot failed: \(error)")
            return "\(kind) failed"
        }
        noteSaved()
        return "\(kind) #\(snapshotGeneration)"
    }

    /// Restores the game from the stored snapshot, paused; a multiplayer match is not restored.
    func loadSnapshot() -> String {
        let bytes: [UInt8]?
        do {
            bytes = try snapshots.load()
        } catch {
            game.state.notice = "could not read the saved game: \(error)"
            return "unreadable (\(error)); starting fresh"
        }
        guard let bytes else { return "none" }
        let snapshot: GameSnapshot
        do {
            snapshot = try GameSnapshot.decode(bytes)
        } catch {
            game.state.notice = "the saved game is damaged (\(error)); starting fresh"
            return "damaged (\(error)); starting fresh"
        }
        snapshotGeneration = snapshot.extras["generation"] ?? 0
        for (key, score) in snapshot.extras where key.hasPrefix("outbox.") {
            if let id = Int64(key.dropFirst("outbox.".count)) { leaderboard.outbox[id] = score }
        }
        switch snapshot.state.screen {
        case .singlePlayer:
            game.state = snapshot.state
            game.state.isPaused = true
            for name in TimerName.allCases {
                if let left = snapshot.extras["timer." + name.rawValue] { timers.remaining[name] = left }
            }
            return "restored singlePlayer level \(game.state.levelNumber), paused"
        case .multiplayer:
            game.goToMenu()
            game.state.notice = "the multiplayer match ended while the app was away"
            return "multiplayer not restored; main menu"
        case .menu, .leaderboard, .gameOver:
            return "main menu"
        }
    }
}

// Runtime+Snapshot: saving and restoring the game with the runtime's extras (timers' remaining times, the score
// outbox, settings, the save generation). A launch falls back through the stored generations, newest first: a bad
// one is moved aside (never deleted), the player is told on screen, the host's log is told, and the transcript's
// `loadSnapshot` detail says what happened. When no generation loads, the game starts fresh.

import GameCore
import Lifecycle

extension Runtime {
    /// Saves the game now; `kind` is quick, full, final (`SnapshotKind`) or autosave. Returns the transcript detail.
    /// Full and final saves are durable before this returns (the app may be suspended or ended next; the frame loop
    /// is stopped then); quick and autosaves may finish in the background so the frame loop never waits for the disk.
    func saveSnapshot(kind: String) -> String {
        snapshotGeneration += 1
        let bytes = currentSnapshot().encoded()
        do {
            try snapshots.save(bytes)
            if kind == SnapshotKind.full.rawValue || kind == SnapshotKind.final.rawValue { try snapshots.flush() }
        } catch {
            violate(5, "saving the \(kind) snapshot failed: \(error)")
            log?("interlude: saving the \(kind) snapshot failed: \(error)")
            return "\(kind) failed"
        }
        noteSaved()
        return "\(kind) #\(snapshotGeneration)"
    }

    /// The game and the runtime's extras as they are now.
    public func currentSnapshot() -> GameSnapshot {
        var extras: [String: Int64] = ["generation": snapshotGeneration]
        for timer in timers.live {
            extras["timer." + timer.name.rawValue] = timer.deadline - (timer.clock == .game ? game.state.steps : now)
        }
        for (name, left) in timers.remaining { extras["timer." + name.rawValue] = left }
        for (key, score) in leaderboard.outbox { extras["outbox.\(key)"] = score }
        for (name, value) in settings { extras["setting." + name] = value }
        return GameSnapshot(state: game.state, extras: extras)
    }

    /// Restores the game from the newest stored generation that loads, paused; a multiplayer match is not restored.
    /// Every generation is checked, so a damaged older one is set aside too (before a later save would replace it).
    func loadSnapshot() -> String {
        let stored: [StoredGeneration]
        do {
            stored = try snapshots.generations()
        } catch {
            return giveUp("the saved games could not be listed (\(error))")
        }
        guard !stored.isEmpty else { return "none" }
        var problems: [String] = []
        var restored: (name: String, detail: String)? = nil
        for generation in stored {
            switch Self.decodePlayable(generation) {
            case .success(let snapshot):
                if restored == nil { restored = (generation.name, restore(snapshot)) }
            case .failure(let error):
                problems.append(setAside(generation.name, because: error))
            }
        }
        guard let restored else { return giveUp(problems.joined(separator: "; ")) }
        guard !problems.isEmpty else { return restored.detail }
        let report = problems.joined(separator: "; ")
        guard restored.name != stored[0].name else {
            log?("interlude: \(report); the newest save (\(restored.name)) loaded")
            return restored.detail + "; " + report
        }
        let what = "the last save could not be read; restored the one before it"
        game.state.notice = what + " (the damaged file is kept)"
        log?("interlude: \(report); \(what) (\(restored.name))")
        return report + "; restored \(restored.name): " + restored.detail
    }

    /// The generation's snapshot, or why it cannot be played from.
    static func decodePlayable(_ generation: StoredGeneration) -> Result<GameSnapshot, SnapshotDecodeError> {
        switch generation.contents {
        case .success(let bytes):
            return Result { () throws(SnapshotDecodeError) in try decodePlayable(bytes) }
        case .failure(let error):
            return .failure(
                SnapshotDecodeError(error.isTooLarge ? .tooLarge : .unreadable, line: 0, message: "\(error)"))
        }
    }

    /// Decodes `bytes` and refuses a well-formed snapshot whose values the game cannot continue from (they would
    /// overflow a counter or a timer): a checksum proves the bytes are what was written, not that they are sane.
    static func decodePlayable(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> GameSnapshot {
        let snapshot = try GameSnapshot.decode(bytes)
        let state = snapshot.state
        let counters: [(String, Int64)] = [
            ("steps", state.steps), ("score", state.score), ("hits", state.hits), ("roundSeconds", state.roundSeconds),
            ("health", Int64(state.player.health)), ("ammo", Int64(state.player.ammo)),
        ]
        for (key, value) in counters where !(0...playableLimit).contains(value) {
            throw SnapshotDecodeError(.malformed, line: 0, message: "\(key)=\(value) is outside 0...\(playableLimit)")
        }
        for name in TimerName.allCases {
            guard let left = snapshot.extras["timer." + name.rawValue] else { continue }
            let period = TimerSet.period(of: name).1
            guard (1...period).contains(left) else {
                throw SnapshotDecodeError(
                    .malformed, line: 0, message: "timer.\(name.rawValue)=\(left) is outside 1...\(period)")
            }
        }
        return snapshot
    }

    /// The largest counter a restored game may hold: 2^53, millions of years of play at 60 steps a second.
    static let playableLimit: Int64 = 1 << 53

    /// Moves a bad generation aside; returns what happened, naming the place (`file:line:column: message`).
    private func setAside(_ name: String, because error: SnapshotDecodeError) -> String {
        let place = error.line == 0 ? name : "\(name):\(error.line):\(error.column == 0 ? 1 : error.column)"
        do {
            return "\(place): \(error.kind): \(error.message) (kept as \(try snapshots.quarantine(name)))"
        } catch let moveError {
            return "\(place): \(error.kind): \(error.message) (could not be moved aside: \(moveError); left in place)"
        }
    }

    /// No saved game loads: a fresh game, and the player is told.
    private func giveUp(_ problems: String) -> String {
        game.state.notice = "the saved game could not be read; starting a new game (the damaged files are kept)"
        log?("interlude: \(problems); starting a new game")
        return problems + "; starting fresh"
    }

    /// Puts `snapshot` in place: settings and outbox always, the game only when it was single player.
    private func restore(_ snapshot: GameSnapshot) -> String {
        snapshotGeneration = snapshot.extras["generation"] ?? 0
        for (key, value) in snapshot.extras {
            if key.hasPrefix("outbox."), let id = Int64(key.dropFirst("outbox.".count)) {
                leaderboard.outbox[id] = value
            } else if key.hasPrefix("setting.") {
                settings[String(key.dropFirst("setting.".count))] = value
            }
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

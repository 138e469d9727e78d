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
        let mark = takeRestoreMark()
        let stored: [StoredGeneration]
        do {
            stored = try snapshots.generations()
        } catch {
            return giveUp("the saved games could not be listed (\(error))")
        }
        guard !stored.isEmpty else { return "none" }
        var problems: [String] = []
        var restored: (name: String, detail: String)? = nil
        var crashed = false
        for generation in stored {
            switch decodePlayable(generation) {
            case .success(let snapshot):
                if let mark, let crash = mark.crash {
                    // Every generation goes: the one before is the same game a few seconds earlier, as likely to
                    // crash again. Both are kept aside.
                    crashed = true
                    let why =
                        "the app crashed (\(crash)) before the game restored from generation \(mark.generation) had "
                        + "played \(Self.restoreProofSteps / Int64(stepsPerSecond)) seconds"
                    problems.append(
                        setAside(generation.name, because: SnapshotDecodeError(.crashed, line: 0, message: why)))
                } else if restored == nil {
                    restored = (generation.name, restore(snapshot))
                }
            case .failure(let error):
                problems.append(setAside(generation.name, because: error))
            }
        }
        if let mark, mark.crash == nil {
            log?(
                "interlude: the last launch ended before the game restored from generation \(mark.generation) "
                    + "proved itself, without a crash report (killed?): restoring as usual")
        }
        guard let restored else { return giveUp(problems.joined(separator: "; "), crashed: crashed) }
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
    func decodePlayable(_ generation: StoredGeneration) -> Result<GameSnapshot, SnapshotDecodeError> {
        switch generation.contents {
        case .success(let bytes):
            return Result { () throws(SnapshotDecodeError) in try decodePlayable(bytes) }
        case .failure(let error):
            return .failure(
                SnapshotDecodeError(error.isTooLarge ? .tooLarge : .unreadable, line: 0, message: "\(error)"))
        }
    }

    /// Decodes `bytes` and refuses a well-formed snapshot that this game could not have written, or could not
    /// continue from: a checksum proves the bytes are what was written, not that they are sane. What a launch
    /// uses is checked: the game of a session (`Game.whyUnplayable`: positions, angles, counters, the level's
    /// enemies and pickups), and always the save generation, the timers and the outbox.
    func decodePlayable(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> GameSnapshot {
        let snapshot = try GameSnapshot.decode(bytes)
        if let why = whyUnplayable(snapshot) { throw SnapshotDecodeError(.implausible, line: 0, message: why) }
        return snapshot
    }

    /// Why `snapshot` cannot be restored by this game, or nil.
    func whyUnplayable(_ snapshot: GameSnapshot) -> String? {
        if snapshot.state.isInSession, let why = game.whyUnplayable(snapshot.state) { return why }
        let generation = snapshot.extras["generation"] ?? 0
        guard (0...Game.counterLimit).contains(generation) else {
            return "generation=\(generation) is outside 0...\(Game.counterLimit)"
        }
        for name in TimerName.allCases {
            guard let left = snapshot.extras["timer." + name.rawValue] else { continue }
            let period = TimerSet.period(of: name).1
            guard (1...period).contains(left) else { return "timer.\(name.rawValue)=\(left) is outside 1...\(period)" }
        }
        let outbox = snapshot.extras.keys.filter { $0.hasPrefix("outbox.") }.count
        guard outbox <= LeaderboardClient.outboxLimit else {
            return "\(outbox) outbox scores; the outbox keeps at most \(LeaderboardClient.outboxLimit)"
        }
        let maximumScore = game.maximumScore
        for (key, value) in snapshot.extras where key.hasPrefix("outbox.") {
            guard let scoreKey = Int64(key.dropFirst("outbox.".count)),
                (1...game.levels.count).contains(ScoreKey.level(of: scoreKey))
            else { return "\(key) does not name a run on a level of this game" }
            guard (1...maximumScore).contains(value) else {
                return "\(key)=\(value) is not a score one game can make (1...\(maximumScore))"
            }
        }
        return nil
    }

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
    private func giveUp(_ problems: String, crashed: Bool = false) -> String {
        game.state.notice =
            crashed
            ? "the app crashed just after restoring the saved game; starting a new game (the save is kept aside)"
            : "the saved game could not be read; starting a new game (the damaged files are kept)"
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
            markRestoring(snapshotGeneration, steps: snapshot.state.steps)
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

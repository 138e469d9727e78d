// Runtime+Snapshot: saving and restoring the game with the runtime's own values (timers' remaining times, the score
// outbox, settings, the save generation), kept apart from the game's bytes in the runtime's frame
// (SnapshotFrame.swift; LifecycleGame+Snapshot.swift reads a game's older formats too). A launch falls back through the stored generations, newest first: a bad
// one is moved aside (never deleted), the player is told on screen, the host's log is told, and the transcript's
// `loadSnapshot` detail says what happened. When no generation loads, the game starts fresh.

import Faults
import InterludeNetwork
import Lifecycle
import Saves

extension Runtime {
    /// The largest save generation a snapshot may carry (2^53: exact as a double, never reached by saving).
    public static var counterLimit: Int64 { 1 << 53 }

    /// Saves the game now. Returns the transcript detail. A kind that `mustBeDurable` is on the disk before this
    /// returns (the frame loop is stopped then); the others may finish in the background.
    func saveSnapshot(kind: SnapshotKind) -> String {
        snapshotGeneration += 1
        let gameBytes = game.encodeState(game.savedState)
        let bytes = SnapshotFrame.encode(runtime: snapshotExtras, game: gameBytes)
        do {
            if protectedDataRefusesSave() { throw ProtectedDataUnavailable() }
            try snapshots.save(bytes)
            if kind.mustBeDurable { try snapshots.flush() }
            let generation = snapshotGeneration
            let durable = kind.mustBeDurable || snapshots.savesAreDurable
            check { checker, _ in checker.finishedSave(generation, durable: durable) }
        } catch let killed as SimulatedKill {
            process.killPending = true  // the process died mid-save: nothing more of it runs (`doWork` kills it)
            return "\(kind) killed at \(killed.point.name)"
        } catch {
            violate(.snapshotBeforeLeaving, "saving the \(kind) snapshot failed: \(error)")
            log?("interlude: saving the \(kind) snapshot failed: \(error)")
            return "\(kind) failed"
        }
        check { $0.saved(in: $1) }
        check { $0.savedGame(gameBytes, kind: kind, in: $1) }
        return "\(kind) #\(snapshotGeneration)"
    }

    /// The bytes a save would write now: the runtime's values and the game's state (its `encodeState`), in the
    /// runtime's frame.
    public func snapshotBytes() -> [UInt8] { game.encodeSnapshot(game.savedState, extras: snapshotExtras) }

    /// The runtime's facts a snapshot keeps beside the game: the save generation, each timer's time left
    /// (`timer.NAME`), the score outbox (`outbox.KEY`) and the settings (`setting.NAME`).
    public var snapshotExtras: [String: Int64] {
        var extras: [String: Int64] = ["generation": snapshotGeneration]
        for (name, left) in machine.timersLeft(now: now, step: game.steps) { extras["timer." + name.rawValue] = left }
        for (key, score) in leaderboard.outbox { extras["outbox.\(key)"] = score }
        for (key, milliseconds) in leaderboard.outboxMilliseconds where leaderboard.outbox[key] != nil {
            extras["outboxMs.\(key)"] = milliseconds
        }
        for (name, value) in settings { extras["setting." + name] = value }
        return extras
    }

    /// The snapshot on disk, decoded, with every value by name (what `expect snapshot` reads), or why there is none.
    public func storedSnapshotValues() -> Result<[String: Int64], StoredSnapshotError> {
        do {
            guard let bytes = try snapshots.load() else { return .failure(.none) }
            return .success(game.snapshotValues(try game.decodeSnapshot(bytes)))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }

    /// Restores the game from the newest stored generation that loads, paused; a multiplayer match is not restored.
    /// Every generation is checked, so a damaged older one is set aside too (before a later save would replace it).
    func loadSnapshot() -> String {
        // A mark this live process wrote (a restore not yet proved, then a rotation or a reclaimed scene restores
        // again) says nothing about a launch that died: it is replaced without a word.
        let ownMark = pendingRestore != nil
        let mark = takeRestoreMark().flatMap { ownMark ? nil : $0 }
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
        game.tell(what + " (the damaged file is kept)")
        log?("interlude: \(report); \(what) (\(restored.name))")
        return report + "; restored \(restored.name): " + restored.detail
    }

    /// The generation's snapshot, or why it cannot be played from.
    func decodePlayable(_ generation: StoredGeneration) -> Result<SavedGame<Game.SavedState>, SnapshotDecodeError> {
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
    func decodePlayable(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedGame<Game.SavedState> {
        let snapshot = try game.decodeSnapshot(bytes)
        if let why = whyUnplayable(snapshot) { throw SnapshotDecodeError(.implausible, line: 0, message: why) }
        return snapshot
    }

    /// Why `snapshot` cannot be restored by this game, or nil.
    func whyUnplayable(_ snapshot: SavedGame<Game.SavedState>) -> String? {
        if let why = game.whyCannotRestore(snapshot.state) { return why }
        let generation = snapshot.extras["generation"] ?? 0
        guard (0...Self.counterLimit).contains(generation) else {
            return "generation=\(generation) is outside 0...\(Self.counterLimit)"
        }
        for name in machine.timers.names {
            guard let left = snapshot.extras["timer." + name.rawValue], let period = machine.timers.period(of: name)?.1
            else {
                continue
            }
            guard (1...period).contains(left) else { return "timer.\(name.rawValue)=\(left) is outside 1...\(period)" }
        }
        let outbox = snapshot.extras.keys.filter { $0.hasPrefix("outbox.") }.count
        guard outbox <= LeaderboardClient.outboxLimit else {
            return "\(outbox) outbox scores; the outbox keeps at most \(LeaderboardClient.outboxLimit)"
        }
        let maximumScore = game.maximumScore
        for (key, value) in snapshot.extras where key.hasPrefix("outbox.") {
            guard let scoreKey = Int64(key.dropFirst("outbox.".count)),
                (1...max(1, game.levelCount)).contains(ScoreKey.level(of: scoreKey))
            else { return "\(key) does not name a run on a level of this game" }
            guard (1...maximumScore).contains(value) else {
                return "\(key)=\(value) is not a score one game can make (1...\(maximumScore))"
            }
        }
        for (key, value) in snapshot.extras where key.hasPrefix("outboxMs.") {
            guard snapshot.extras["outbox." + key.dropFirst("outboxMs.".count)] != nil else {
                return "\(key) has no score (outbox.\(key.dropFirst("outboxMs.".count)))"
            }
            guard (0...Self.counterLimit).contains(value) else {
                return "\(key)=\(value) is outside 0...\(Self.counterLimit)"
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
        game.tell(
            crashed
                ? "the app crashed just after restoring the saved game; starting a new game (the save is kept aside)"
                : "the saved game could not be read; starting a new game (the damaged files are kept)")
        log?("interlude: \(problems); starting a new game")
        return problems + "; starting fresh"
    }

    /// Puts `snapshot` in place: settings and outbox always, the game as it says (a session comes back paused).
    private func restore(_ snapshot: SavedGame<Game.SavedState>) -> String {
        snapshotGeneration = snapshot.extras["generation"] ?? 0
        for (key, value) in snapshot.extras {
            if key.hasPrefix("outbox."), let id = Int64(key.dropFirst("outbox.".count)) {
                leaderboard.outbox[id] = value
            } else if key.hasPrefix("outboxMs."), let id = Int64(key.dropFirst("outboxMs.".count)) {
                leaderboard.outboxMilliseconds[id] = value
            } else if key.hasPrefix("setting.") {
                settings[String(key.dropFirst("setting.".count))] = value
            }
        }
        let restored = game.restore(snapshot.state)
        guard case .session = restored else { return restored.detail }
        markRestoring(snapshotGeneration, steps: game.steps)
        var left: [TimerName: Int64] = [:]
        for name in machine.timers.names { left[name] = snapshot.extras["timer." + name.rawValue] }
        machine.restoreTimers(left)
        return restored.detail
    }
}

/// Why `Runtime.storedSnapshotValues()` has no values.
public enum StoredSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    case none  // nothing saved
    case unreadable(String)  // the store or the game's decoder refused it, with why

    public var description: String {
        switch self {
        case .none: return "no snapshot on disk"
        case .unreadable(let why): return "the snapshot on disk does not load: \(why)"
        }
    }
}

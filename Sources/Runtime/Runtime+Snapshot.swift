// Runtime+Snapshot: saving and restoring the game with the runtime's own values (timers' remaining times, the score
// outbox, settings, the save generation), kept apart from the game's bytes in the runtime's frame
// (Saves' SnapshotFrame.swift; LifecycleGame+Snapshot.swift reads a game's older formats too). A launch falls back
// through the stored generations, newest first (Saves' GenerationWalk.swift): a bad one is moved aside (never
// deleted), the player is told on screen, the host's log is told, and the transcript's `loadSnapshot` detail says
// what happened. When no generation loads, the game starts fresh.

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
            try snapshots.save(bytes)
            if kind.mustBeDurable { try snapshots.flush() }
            let generation = snapshotGeneration
            let durable = kind.mustBeDurable || snapshots.savesAreDurable
            check { checker, _ in checker.finishedSave(generation, durable: durable) }
        } catch let killed as SimulatedKill {
            killAfterThisWork()  // the process died mid-save: nothing more of it runs
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
    /// Every generation is checked, so a damaged older one is set aside too (Saves' `GenerationWalk`).
    func loadSnapshot() -> String {
        let mark = process.crashGuard.takeMark(from: snapshots, log: log)
        let stored: [StoredGeneration]
        do {
            stored = try snapshots.generations()
        } catch {
            return giveUp("the saved games could not be listed (\(error))")
        }
        guard !stored.isEmpty else { return "none" }
        let walk = GenerationWalk(
            stored, in: snapshots, mark: mark, proofSeconds: Self.restoreProofSteps / Int64(stepsPerSecond),
            decode: decodePlayable, restore: restore)
        if let mark, mark.crash == nil {
            log?(
                "interlude: the last launch ended before the game restored from generation \(mark.generation) "
                    + "proved itself, without a crash report (killed?): restoring as usual")
        }
        guard let restored = walk.restored else {
            return giveUp(walk.problems.joined(separator: "; "), crashed: walk.crashed)
        }
        guard !walk.problems.isEmpty else { return restored.detail }
        let report = walk.problems.joined(separator: "; ")
        guard restored.name != stored[0].name else {
            log?("interlude: \(report); the newest save (\(restored.name)) loaded")
            return restored.detail + "; " + report
        }
        let what = "the last save could not be read; restored the one before it"
        game.tell(what + " (the damaged file is kept)")
        log?("interlude: \(report); \(what) (\(restored.name))")
        return report + "; restored \(restored.name): " + restored.detail
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
        for (key, value) in snapshot.extras where key.hasPrefix("setting.") {
            settings[String(key.dropFirst("setting.".count))] = value
        }
        restoreOutbox(from: snapshot.extras)
        let restored = game.restore(snapshot.state)
        guard case .session = restored else { return restored.detail }
        process.crashGuard.markRestoring(snapshotGeneration, steps: game.steps, in: snapshots, log: log)
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

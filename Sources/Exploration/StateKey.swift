// StateKey: the abstract state the explorer deduplicates on.
//
// Two runtimes with the same key answer every move the same way, as far as the life cycle can see: the same table
// row, the same callbacks, the same work with the same branch taken in the work's switch (`Runtime+Work.swift`), and
// the same verdict of invariants 1–6. Why that holds, fact by fact:
// - the row is looked up by `Status` (state, reason, open background task): in the key;
// - `pauseGame` branches on in-session and paused, `scheduleTimers` on in-session, `invalidateTimers`,
//   `cancelLeaderboardRequests` and `disconnectPeers` on how many timers, requests and peers there are: in the key;
// - the GL guard reads whether GL is forbidden, invariant 2 whether the frame loop runs: in the key;
// - `loadSnapshot` depends on what the stored snapshot restores to (none, a session, a menu): in the key, computed
//   by decoding the stored bytes and restoring them into a fresh game, as a launch would;
// - the player's actions depend on the screen, in-session, paused and running (the game's own rules): in the key;
//   the leaderboard screen refetches when its list is empty, and the outbox sends while it holds a score: in the key.
// What the key leaves out is gameplay quantity — time, position, health, ammo, score, steps, a timer's time left,
// the values inside the snapshot — which changes what is drawn and hashed, not what the life cycle does. Those
// are invariant 7's business, which `--interleave` checks instead. (A quantity that would change the screen, such
// as health reaching zero, shows in the key as the screen `gameOver` when it happens.)

import Lifecycle
import Runtime

/// The abstract state of a runtime: what the life cycle and its invariants can tell apart.
public struct StateKey: Hashable, Sendable, CustomStringConvertible {
    public let status: Status
    public let screen: String
    public let inSession: Bool
    public let paused: Bool
    public let running: Bool
    public let frameLoop: Bool
    public let glForbidden: Bool
    public let liveTimers: Int
    public let requests: Int  // leaderboard requests in flight
    public let peers: Int  // connections to a match open (0 or 1)
    public let outboxHoldsScores: Bool
    public let leaderboardListShown: Bool
    /// What a launch would restore from the stored snapshot: `none`, `unloadable`, or `session SCREEN` / `SCREEN`.
    public let snapshot: String

    public var description: String {
        var facts = ["\(status)", screen]
        if inSession { facts.append(paused ? "paused" : running ? "running" : "stopped") }
        if frameLoop { facts.append("loop") }
        if !glForbidden { facts.append("GL") }
        if liveTimers > 0 { facts.append("timers \(liveTimers)") }
        if requests > 0 { facts.append("requests \(requests)") }
        if peers > 0 { facts.append("peers \(peers)") }
        if outboxHoldsScores { facts.append("outbox") }
        if leaderboardListShown { facts.append("list") }
        facts.append("snapshot: \(snapshot)")
        return facts.joined(separator: ", ")
    }
}

extension Runtime {
    /// This runtime's abstract state.
    var stateKey: StateKey {
        let game = self.game
        return StateKey(
            status: status, screen: game.screenName, inSession: game.isInSession, paused: game.isPaused,
            running: game.isRunning, frameLoop: isFrameLoopRunning, glForbidden: isGLForbidden,
            liveTimers: liveTimerCount, requests: leaderboard.inFlight.count, peers: match.isConnected ? 1 : 0,
            outboxHoldsScores: !leaderboard.outbox.isEmpty, leaderboardListShown: !leaderboardTop.isEmpty,
            snapshot: restorableSnapshot)
    }

    /// What a launch would restore from the newest stored snapshot.
    var restorableSnapshot: String {
        guard let bytes = try? snapshots.load() else { return "none" }
        guard let saved = try? game.decodeSnapshot(bytes), game.whyCannotRestore(saved.state) == nil else {
            return "unloadable"
        }
        var fresh = game.relaunched()
        switch fresh.restore(saved.state) {
        case .session: return "session \(fresh.screenName)"
        case .noSession: return fresh.screenName
        }
    }
}

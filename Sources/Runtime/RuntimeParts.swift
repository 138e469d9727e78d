// RuntimeParts: the runtime's stored facts beside the machine, grouped one concern to a struct, so that the class
// holds a few parts rather than a long list of loose variables. Runtime.swift forwards its public properties to them.

import InterludeNetwork
import Lifecycle
import Saves

/// Time as the runtime has run it: the clock, the next fixed step, the frames shown.
struct FrameClock {
    var now: Nanoseconds = 0  // virtual (or real) ns since start
    var nextStep: Int64 = 0  // index of the next fixed step
    var framesPresented: Int64 = 0
}

/// What lives and dies with the app's process. A kill, a purge or the app's end replaces it whole
/// (`Runtime.endProcess`); what outlives it is the device's: the disk (`Runtime.snapshots`), the servers behind the
/// leaderboard's and the match's transports, and the checker's memory (CONTRACT §6, 9).
struct AppProcess<Game: LifecycleGame> {
    /// The game's in-memory state.
    var game: Game
    /// The leaderboard's requests in flight and the score outbox (the transport is the device's).
    var leaderboard: LeaderboardClient
    var leaderboardTop: [String] = []  // last list fetched; dropped by purgeCaches
    var upload = BackgroundUpload()
    // What a save keeps beside the game, and the crash guard's restore not yet proved (Saves' CrashGuard).
    var generation: Int64 = 0
    var settings: [String: Int64] = [:]
    var crashGuard = CrashGuard(proofSteps: Runtime<Game>.restoreProofSteps)
    var protectedData = ProtectedData.available
    /// An activate callback the environment holds back, its work, and the fixed step it arrives at.
    var lateCallback: (callback: Callback, work: [Work], step: Int64)? = nil
    /// A piece of work died at a fault point (a save killed mid-way): the process ends once its work line is written.
    var killPending = false

    /// The process a relaunch starts: the game's fresh one (`relaunched()`), the same leaderboard service with
    /// nothing in flight (what was in flight is cancelled on its transport), nothing else.
    func next() -> AppProcess {
        AppProcess(game: game.relaunched(), leaderboard: leaderboard.relaunched())
    }
}

/// iOS data protection of the process's files: available; going once `protectedDataWillBecomeUnavailable` is
/// delivered (the app's last chance to write: the files lock once the event's work is done); unavailable until
/// `protectedDataDidBecomeAvailable`, while the disk may refuse each save (`SnapshotStore.protectedData`).
enum ProtectedData { case available, going, unavailable }

/// The network's side that outlives the process: the match's transport and the name we join under.
struct Online<Message: MatchMessage> {
    var match: any MatchTransport<Message>
    var playerName = "player"
}

/// The outbox's upload inside a background task of its own (CONTRACT §4 "The outbox's background upload"): begun
/// once the work of a move into the background is done and the outbox holds scores, on a profile with background
/// tasks; ended when the outbox is empty or a submission failed, stopped by `backgroundTaskExpired` (the OS's own,
/// after the profile's budget, or a script's), ended before the app returns to the foreground.
struct BackgroundUpload {
    /// The task is open and the upload runs.
    var isOpen = false
    /// When the OS expires the task (the time the app entered the background plus the profile's budget).
    var expiresAt: Nanoseconds = .max
    /// Scores acknowledged so far.
    var sent = 0
    /// Begun once per stay in the background: an upload that ended does not start again before the app returns.
    var triedThisStay = false
}

/// How the host wants time run and frames shown.
struct Pacing {
    var presentEvery: Int64 = 1
    var presentsOncePerAdvance = false
    var skipsIdleSteps = true
}

/// What the host hangs on the runtime: its log, observers, probes and HUD lines. None of them acts on the runtime.
struct HostHooks<Game: LifecycleGame> {
    var log: ((String) -> Void)? = nil
    var observers: [any LifecycleObserver<Game>] = []
    /// Told each event, callback, window and state-change line as it is written; returns lines to write right after it
    /// (the `engine` lines of CONTRACT §8). Nil everywhere but a replay that asks for engines.
    var transcriptFollower: ((TranscriptEntry) -> [TranscriptEntry])? = nil
    var didPerformWork: ((Work, Callback?) -> Void)? = nil
    var willDo: ((RuntimeActivity) -> Void)? = nil
    var hostStatus: [String] = []
}

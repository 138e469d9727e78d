// RuntimeParts: the runtime's stored facts beside the machine, grouped one concern to a struct, so that the class
// holds a few parts rather than a long list of loose variables. Runtime.swift forwards its public properties to them.

import Faults
import Lifecycle

/// Time as the runtime has run it: the clock, the next fixed step, the frames shown.
struct FrameClock {
    var now: Nanoseconds = 0  // virtual (or real) ns since start
    var nextStep: Int64 = 0  // index of the next fixed step
    var framesPresented: Int64 = 0
}

/// The network's side: the leaderboard client and the last list it fetched, the match and our part in it.
struct Online<Message: MatchMessage> {
    var leaderboard = LeaderboardClient()
    var leaderboardTop: [String] = []  // last list fetched; dropped by purgeCaches
    var match: any MatchTransport<Message>
    var playerName = "player"
    var upload = BackgroundUpload()
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

/// What a save keeps beside the game, and a restore not yet proved (Runtime+CrashGuard.swift).
struct SaveState {
    var generation: Int64 = 0
    var settings: [String: Int64] = [:]
    var pendingRestore: PendingRestore? = nil
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
    /// The simulation's fault injector (its seeded bugs); nil everywhere else.
    var faults: FaultInjector? = nil
    /// A piece of work died at a fault point (a save killed mid-way): the process ends once its work line is written.
    var killPending = false
    /// From the end of the work of the event that delivered `protectedDataWillBecomeUnavailable` (the app's last
    /// chance to write: iOS makes the files unavailable some seconds after the notice) until
    /// `protectedDataDidBecomeAvailable` (or the process's end): where the fault point
    /// `storage.protectedData.unavailable` is reached by every save.
    var protectedDataUnavailable = false
    /// `protectedDataWillBecomeUnavailable` was delivered; the data goes once the event's work is done.
    var protectedDataGoing = false
    /// An activate callback a quirk (`quirk.resumeLate`) holds back, its work, and the fixed step it arrives at.
    var lateCallback: (callback: Callback, work: [Work], step: Int64)? = nil
}

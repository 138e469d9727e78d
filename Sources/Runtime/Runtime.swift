// Runtime — runs the game under the life cycle: clock, frame loop, timers, work, GL guard, invariants.
//
// Owns: Runtime (this file: state and public API), event and action intake (Runtime+Events.swift),
// the work executor, one exhaustive switch (Runtime+Work.swift), the fixed-step frame (Runtime+Frame.swift),
// the invariant checker of CONTRACT §6 (Runtime+Invariants.swift), the transcript (Transcript.swift),
// timers (Timers.swift), ports and their in-memory versions (Ports.swift, Display.swift, RecordingDisplay.swift,
// the leaderboard port and client in LeaderboardClient.swift, InProcessLeaderboard.swift), captures and the transcript
// lines a script runner adds (Runtime+Capture.swift), the recording of a session (Runtime+Recording.swift).
// Generic over the game (`LifecycleGame`): it never names one. Imports Lifecycle only: never GL, never Foundation,
// never a renderer, never the script format (Replay's ScriptRunner drives a runtime through this public API).
// Events only record; work is performed at one point (`settle()`), so no GL happens inside a callback.
// Time is injected: hosts call `advance(to:)` with virtual time (replays, tests) or real time (the window).
// Start reading at `send(_:)` in Runtime+Events.swift, then `perform(_:)` in Runtime+Work.swift.

import Lifecycle

/// What the runtime is about to do, as a watchdog reports it.
public enum RuntimeActivity: Hashable, Sendable {
    /// Fixed step (frame) `n` begins: timers, leaderboard, simulation, present, the OS's decisions.
    case step(Int64)
    /// A piece of the life cycle's work, performed by `settle()`.
    case work(Work)
    /// A call into the display through the GL guard: "present", "capture", "finishGL", ...
    case display(String)
}

/// The app process: life-cycle status, a game, and everything the life cycle must stop and start. What a host
/// (window, offscreen replay) and a test drive: OS events (`send`), the player's actions (`perform`), time
/// (`advance`), and what they read back (the status, the transcript, frames).
public final class Runtime<Game: LifecycleGame> {

    /// What the runtime decides: state, reason, open background tasks, GL permission, frame loop, queued work. The
    /// one owner of those facts; the runtime performs what its methods return.
    public internal(set) var machine: LifecycleMachine
    /// The table the life cycle follows.
    public var profile: Profile { machine.profile }
    public let seed: UInt64
    /// The life-cycle status (the machine's): the state and its reason change only through the table.
    public var status: Status { machine.status }
    public internal(set) var now: Nanoseconds = 0  // virtual (or real) ns since start
    public internal(set) var game: Game  // in-memory state: lost when the process dies
    public internal(set) var timers = TimerSet(gameTimers: Game.timers)
    public internal(set) var leaderboard = LeaderboardClient()
    public internal(set) var leaderboardTop: [String] = []  // last list fetched; dropped by purgeCaches
    /// The match (multiplayer): its port, in memory unless the host gave a real one (`useMatch`).
    public internal(set) var match: any MatchTransport = InMemoryMatch()
    /// The name we join matches under.
    public var playerName = "player"
    var shotPending = false  // the player fired in a match since the last exchange
    /// True between `startFrameLoop` and `stopFrameLoop` (the machine's flag).
    public var isFrameLoopRunning: Bool { machine.isFrameLoopRunning }
    /// True while GL calls are forbidden (the machine's permission; none before the first didBecomeActive).
    public var isGLForbidden: Bool { !machine.isGLAllowed }
    /// Background tasks begun and not yet ended (`beginBackgroundTask` / `endBackgroundTask` work).
    public var openBackgroundTasks: Int { machine.openBackgroundTasks }
    var appState: AppState { machine.state }
    public internal(set) var transcript = Transcript()
    /// How many recent transcript lines to keep (nil, the default: every line). See `Transcript.limit`.
    public var transcriptLimit: Int? {
        get { transcript.limit }
        set { transcript.limit = newValue }
    }
    /// Told every transcript line as it is appended (see `Transcript.sink`).
    public var transcriptSink: (@Sendable (String) -> Void)? {
        get { transcript.sink }
        set { transcript.sink = newValue }
    }
    public internal(set) var violations: [Violation] = []
    /// The callbacks of the most recent event.
    public var lastCallbacks: [Callback] { machine.lastCallbacks }
    /// The work of the most recent event, in table order.
    public var lastWork: [Work] { machine.lastWork }
    public internal(set) var framesPresented: Int64 = 0
    public internal(set) var snapshotGeneration: Int64 = 0
    /// The player's settings by name (saved as `setting.NAME` with every snapshot, restored at every launch).
    public var settings: [String: Int64] = [:]
    /// Where the runtime reports problems a person should see outside the transcript (a damaged save it fell back
    /// from, a failed save). Hosts point it at standard error; nil drops the messages.
    public var log: ((String) -> Void)? = nil

    /// Present every n-th step while the frame loop runs (1: every step). Replays may thin frames out.
    public var presentEvery: Int64 = 1
    /// Present once at the end of each `advance` instead of at every step (a real-time window that may run
    /// several steps per loop iteration shows only the newest).
    public var presentsOncePerAdvance = false
    public let display: (any Display<Game.Scene>)?
    public let snapshots: any SnapshotStore
    public var observers: [any LifecycleObserver<Game>] = []
    /// What was injected, when recording (`startRecording()`); nil otherwise.
    public internal(set) var recording: Recording<Game>?
    /// Extra lines the host adds to the HUD (e.g. the window's key help).
    public var hostStatus: [String] = []
    /// Told after each piece of work `settle()` performs, with the callback it belongs to (nil for work of no
    /// callback). A measuring hook for benchmarks (the host reads its own clock); it must not act on the runtime.
    public var didPerformWork: ((Work, Callback?) -> Void)? = nil
    /// Told what the runtime is about to do: each fixed step, each piece of work, each call into the display. A
    /// watchdog's probe (`interlude replay` keeps the latest in shared memory, so that it can say where a replay hung:
    /// "hung in frame 812 during present"); it must be cheap and must not act on the runtime.
    public var willDo: ((RuntimeActivity) -> Void)? = nil

    /// Skip stretches of virtual time in which nothing can happen (a suspended or ended process) in one go rather
    /// than step by step; the transcript is the same either way. Tests turn it off to prove that.
    public var skipsIdleSteps = true
    var nextStep: Int64 = 0  // index of the next fixed step
    var invariantState = InvariantState()
    var pendingRestore: PendingRestore? = nil  // a restored game not yet proved (Runtime+CrashGuard.swift)

    /// A runtime for an app that is not running yet, which will run `game` (a fresh one: a relaunch starts from
    /// `game.relaunched()`). `seed` names the runs (a session's score key); `display` nil renders nothing (GL-free);
    /// `snapshots` is the disk.
    public init(
        profile: Profile, seed: UInt64 = 1, game: Game, display: (any Display<Game.Scene>)? = nil,
        snapshots: any SnapshotStore = InMemorySnapshotStore()
    ) {
        self.machine = LifecycleMachine(profile: profile)
        self.seed = seed
        self.display = display
        self.snapshots = snapshots
        self.game = game
        followGLPermission()
    }

    /// The display's gate follows the machine's GL permission (the second line of defence behind `withGL`).
    func followGLPermission() {
        if machine.isGLAllowed { display?.allowGL() } else { display?.forbidGL() }
    }

    /// True once the process has ended (until a relaunch).
    public var isTerminated: Bool { appState == .terminated }

    /// The live timers' count (CONTRACT §6.3).
    public var liveTimerCount: Int { timers.live.count }

    /// The gameplay hash of the in-memory game (CONTRACT §8 `simulationHash`).
    public var simulationHash: String { game.stateHash }

    /// What to draw now: the game's scene with the life-cycle status on the HUD.
    public var scene: Game.Scene {
        var status = ["state \(self.status)  profile \(profile.name) (sms \(profile.smsStyle.rawValue))"]
        status += wrapped("callbacks: ", lastCallbacks.map(\.rawValue))
        status += wrapped("work: ", lastWork.map(\.rawValue))
        return game.scene(status: status + hostStatus, leaderboard: leaderboardTop)
    }

    private func wrapped(_ title: String, _ words: [String]) -> [String] {
        var lines = [title + (words.isEmpty ? "-" : "")]
        for word in words {
            if lines[lines.count - 1].count + word.count > 64 { lines.append("  ") }
            lines[lines.count - 1] += (lines[lines.count - 1].hasSuffix(" ") ? "" : ", ") + word
        }
        return lines
    }
}

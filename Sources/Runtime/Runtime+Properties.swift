// Runtime+Properties: the runtime's public (and internal) properties, each read from the one part that owns it: the
// machine (LifecycleMachine.swift) or a part of RuntimeParts.swift. None is stored here.

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// The table the life cycle follows.
    public var profile: Profile { machine.profile }
    /// The life-cycle status (the machine's): the state and its reason change only through the table.
    public var status: Status { machine.status }
    var appState: AppState { machine.state }
    /// True between `startFrameLoop` and `stopFrameLoop` (the machine's flag).
    public var isFrameLoopRunning: Bool { machine.isFrameLoopRunning }
    /// True while GL calls are forbidden (the machine's permission; none before the first didBecomeActive).
    public var isGLForbidden: Bool { !machine.isGLAllowed }
    /// Background tasks begun and not yet ended (`beginBackgroundTask` / `endBackgroundTask` work).
    public var openBackgroundTasks: Int { machine.openBackgroundTasks }
    /// The callbacks of the most recent event.
    public var lastCallbacks: [Callback] { machine.lastCallbacks }
    /// The work of the most recent event, in table order.
    public var lastWork: [Work] { machine.lastWork }

    /// Virtual (or real) nanoseconds since the start.
    public internal(set) var now: Nanoseconds {
        get { clock.now }
        set { clock.now = newValue }
    }
    /// The index of the next fixed step.
    var nextStep: Int64 {
        get { clock.nextStep }
        set { clock.nextStep = newValue }
    }
    /// Frames presented so far.
    public internal(set) var framesPresented: Int64 {
        get { clock.framesPresented }
        set { clock.framesPresented = newValue }
    }

    /// The game's in-memory state: lost when the process dies.
    public internal(set) var game: Game {
        _read { yield process.game }  // borrowed, not copied: reading `game.steps` copies no game
        _modify { yield &process.game }
    }
    /// The leaderboard client: requests in flight, the score outbox.
    public internal(set) var leaderboard: LeaderboardClient {
        _read { yield process.leaderboard }
        _modify { yield &process.leaderboard }
    }
    /// The last list fetched; dropped by `purgeCaches`.
    public internal(set) var leaderboardTop: [String] {
        get { process.leaderboardTop }
        set { process.leaderboardTop = newValue }
    }
    /// The match (multiplayer): its port, in memory unless the host gave a real one (`useMatch`).
    public internal(set) var match: any MatchTransport<Game.Message> {
        get { online.match }
        set { online.match = newValue }
    }
    /// The name we join matches under.
    public var playerName: String {
        get { online.playerName }
        set { online.playerName = newValue }
    }

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
    /// The invariants broken so far, in order.
    public var violations: [Violation] { checker.violations }

    /// The save generation: how many snapshots this game has written.
    public internal(set) var snapshotGeneration: Int64 {
        get { process.generation }
        set { process.generation = newValue }
    }
    /// The player's settings by name (saved as `setting.NAME` with every snapshot, restored at every launch).
    public var settings: [String: Int64] {
        get { process.settings }
        _modify { yield &process.settings }
    }

    /// Present every n-th step while the frame loop runs (1: every step). Replays may thin frames out.
    public var presentEvery: Int64 {
        get { pacing.presentEvery }
        set { pacing.presentEvery = newValue }
    }
    /// Present once at the end of each `advance` instead of at every step (a real-time window that may run
    /// several steps per loop iteration shows only the newest).
    public var presentsOncePerAdvance: Bool {
        get { pacing.presentsOncePerAdvance }
        set { pacing.presentsOncePerAdvance = newValue }
    }
    /// Skip stretches of virtual time in which nothing can happen (a suspended or ended process) in one go rather
    /// than step by step; the transcript is the same either way. Tests turn it off to prove that.
    public var skipsIdleSteps: Bool {
        get { pacing.skipsIdleSteps }
        set { pacing.skipsIdleSteps = newValue }
    }

    /// Where the runtime reports problems a person should see outside the transcript (a damaged save it fell back
    /// from, a failed save). Hosts point it at standard error; nil drops the messages.
    public var log: ((String) -> Void)? {
        get { hooks.log }
        set { hooks.log = newValue }
    }
    /// Told every callback as it is delivered.
    public var observers: [any LifecycleObserver<Game>] {
        get { hooks.observers }
        set { hooks.observers = newValue }
    }
    /// Told each `event`, `callback`, `window` and `transition` line as the runtime writes it; the lines it returns are
    /// written right after that line (CONTRACT §8 `engine`: Replay's `EngineFollower`). It must not act on the runtime.
    public var transcriptFollower: ((TranscriptEntry) -> [TranscriptEntry])? {
        get { hooks.transcriptFollower }
        set { hooks.transcriptFollower = newValue }
    }
    /// Extra lines the host adds to the HUD (e.g. the window's key help).
    public var hostStatus: [String] {
        get { hooks.hostStatus }
        set { hooks.hostStatus = newValue }
    }
    /// Told after each piece of work `settle()` performs, with the callback it belongs to (nil for work of no
    /// callback). A measuring hook for benchmarks (the host reads its own clock); it must not act on the runtime.
    public var didPerformWork: ((Work, Callback?) -> Void)? {
        get { hooks.didPerformWork }
        set { hooks.didPerformWork = newValue }
    }
    /// Told what the runtime is about to do: each fixed step, each piece of work, each call into the display. A
    /// watchdog's probe (`interlude replay` keeps the latest in shared memory, so that it can say where a replay hung:
    /// "hung in frame 812 during present"); it must be cheap and must not act on the runtime.
    public var willDo: ((RuntimeActivity) -> Void)? {
        get { hooks.willDo }
        set { hooks.willDo = newValue }
    }
}

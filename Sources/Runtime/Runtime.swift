// Runtime — runs the game under the life cycle: clock, frame loop, timers, work, GL guard, invariants.
//
// A state machine plus an executor (STYLE §3.7): Lifecycle's LifecycleMachine decides (state, reason, background
// tasks, GL permission, frame loop, timers, queued work) and returns what to do; this class performs it. Owns: Runtime
// (this file: its stored parts, grouped in RuntimeParts.swift, and its init; the public properties in
// Runtime+Properties.swift), event and action intake (Runtime+Events.swift), the work executor, one exhaustive switch
// (Runtime+Work.swift), the fixed-step frame (Runtime+Frame.swift), the invariants' observer of CONTRACT §6
// (Checker.swift, told by Runtime+Invariants.swift), the transcript (Transcript.swift), the display's port and its
// in-memory version (Display.swift, RecordingDisplay.swift; the saves' port is Saves', the leaderboard's and match's
// InterludeNetwork's; the runtime's side of them in Runtime+Snapshot, +CrashGuard, +Leaderboard, +Match and
// +BackgroundUpload), the environment it asks (Environment.swift, Runtime+Faults.swift), captures and the transcript
// lines a script runner adds (Runtime+Capture.swift), the recording of a session (Runtime+Recording.swift). Which
// component each file is, and whose state it may assign: Docs/Architecture.md, checked by .ci/check-writes.
// Generic over the game (`LifecycleGame`): it never names one. Imports Lifecycle, Saves, Faults, PlayerNames and
// InterludeNetwork: never GL, never Foundation, never a renderer, never the script format (Replay's ScriptRunner
// drives a runtime through this public API).
// A run's faults (a simulation, a script's fault lines) stand around it, never inside: its `environment`, and
// decorators of its ports (Replay's `FaultyLeaderboard`, `FaultyMatch`: `disturb(with:environment:)`; the disk's
// `DataProtectedStore` and `FaultyFileSystem`, put there by whoever opens the store).
// Events only record; work is performed at one point (`settle()`), so no GL happens inside a callback.
// Time is injected: hosts call `advance(to:)` with virtual time (replays, tests) or real time (the window).
// Start reading at `send(_:)` in Runtime+Events.swift, then `perform(_:)` in Runtime+Work.swift.

import InterludeNetwork
import Lifecycle
import Saves

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

    // The stored parts: the machine decides; the rest is what the executor acts on and remembers.
    /// What the runtime decides: state, reason, open background tasks, GL permission, frame loop, timers, queued
    /// work. The one owner of those facts; the runtime performs what its methods return.
    public internal(set) var machine: LifecycleMachine
    /// Names the runs (a session's score key).
    public let seed: UInt64
    var clock = FrameClock()
    /// What dies with the process: the game, the leaderboard's requests and outbox, the save generation, ...
    var process: AppProcess<Game>
    var online: Online<Game.Message>
    public internal(set) var transcript = Transcript()
    /// The invariants' observer (Checker.swift): its memory outlives the process; it never acts on the app.
    var checker = Checker<Game>()
    /// Refused GL calls of the display's own gate already acted on (`killForGL`).
    var refusedGLCallsSeen = 0
    /// The ended process's memory is gone (`endProcess`); false again from the next launch.
    var processEnded = false
    var pacing = Pacing()
    var hooks = HostHooks<Game>()
    public let display: (any Display<Game.Scene>)?
    /// The disk. A kill may reopen it (`kill(reopening:)`): a new process opens its files anew.
    public internal(set) var snapshots: any SnapshotStore
    /// What was injected, when recording (`startRecording()`); nil otherwise.
    public internal(set) var recording: Recording<Game>?
    /// The world around the app where it may misbehave (Environment.swift): the contract's own unless a simulation,
    /// a script's fault lines or a test's double put another here.
    public var environment: any Environment = PlainEnvironment()

    /// A runtime for an app that is not running yet, which will run `game` (a fresh one: a relaunch starts from
    /// `game.relaunched()`). `seed` names the runs (a session's score key); `display` nil renders nothing (GL-free);
    /// `snapshots` is the disk.
    public init(
        profile: Profile, seed: UInt64 = 1, game: Game, display: (any Display<Game.Scene>)? = nil,
        snapshots: any SnapshotStore = InMemorySnapshotStore()
    ) {
        self.machine = LifecycleMachine(profile: profile, gameTimers: Game.timers)
        self.seed = seed
        self.display = display
        self.snapshots = snapshots
        process = AppProcess(game: game, leaderboard: LeaderboardClient())
        online = Online(match: InMemoryMatch(pilot: game.matchPilot))
        followGLPermission()
    }

    /// The display's gate follows the machine's GL permission (the second line of defence behind `withGL`).
    func followGLPermission() {
        if machine.isGLAllowed { display?.allowGL() } else { display?.forbidGL() }
    }

    /// True once the process has ended (until a relaunch).
    public var isTerminated: Bool { appState == .terminated }

    /// The live timers' count (CONTRACT §6.3).
    public var liveTimerCount: Int { machine.liveTimerCount }

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

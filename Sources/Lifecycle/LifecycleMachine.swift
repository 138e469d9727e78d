// LifecycleMachine: what the runtime decides, as a value (STYLE §3.7 "decide in a value, perform in a shell", the
// shape of swift-nio's protocol state machines). It owns the life-cycle state and its reason, the open background
// tasks, the GL permission, the frame loop's running flag, the timer table (LifecycleMachine+Timers.swift: which
// timers are live, when each is due, what was left of each when the app was interrupted), the work the last
// transitions asked for and not yet performed, and what the last event delivered and asked for (the HUD's lines,
// `expect callbacks`). Its mutating
// methods take an event, a leg of a transition or a piece of work and return what to perform; `Runtime` is the
// executor that performs it (game, timers, disk, network, display) and writes the transcript. No display, no game:
// LifecycleMachineTests drive it alone.
//
// One path enters `terminated` outside the table: `killForGL`, iOS ending an app that calls GL while it may not
// (CONTRACT §6.1). Every other state change follows a row of `Profile`'s table.

/// A piece of work a transition asks for, with the callback it answers (nil: the autosave timer's save).
public struct PlannedWork: Hashable, Sendable {
    /// The work to perform.
    public let work: Work
    /// The callback the work answers, or nil.
    public let callback: Callback?

    /// Work `work` answering `callback`.
    public init(_ work: Work, for callback: Callback?) {
        self.work = work
        self.callback = callback
    }
}

/// What the executor does for a piece of work once the machine has taken its decision (`LifecycleMachine.decide`).
public enum WorkEffect: Hashable, Sendable {
    /// Decided entirely in the machine (the frame loop's flag, the count of background tasks): nothing to perform.
    case decided
    /// The GL permission changed: the display's gate must follow it.
    case gate(allowed: Bool)
    /// `endBackgroundTask` with no task open: nothing changes; invariant 6 is broken.
    case noTaskOpen
    /// Not a decision: the executor performs it (the game, timers, disk, network, display).
    case perform
}

/// The life cycle's decisions as a value: state, reason, open background tasks, GL permission, frame loop, timers,
/// queued work.
public struct LifecycleMachine: Sendable {
    /// The table the machine follows.
    public let profile: Profile
    /// Where the app is. Changed only by `enter` (a leg of a row) and `killForGL`.
    public private(set) var state = AppState.notRunning
    /// The sub-fact beside the state.
    public private(set) var reason: Reason? = nil
    /// Background tasks begun and not yet ended.
    public private(set) var openBackgroundTasks = 0
    /// True while GL calls may be made: from `allowGL` to `forbidGL` (none before the first `didBecomeActive`).
    public private(set) var isGLAllowed = false
    /// True between `startFrameLoop` and `stopFrameLoop` (or the end of the process).
    public private(set) var isFrameLoopRunning = false
    /// The callbacks of the most recent event or action (empty when it moved nothing).
    public private(set) var lastCallbacks: [Callback] = []
    /// The work of the most recent event or action, in table order.
    public private(set) var lastWork: [Work] = []
    /// The runtime's and the game's timers: live ones with their deadlines, invalidated ones with what was left.
    /// Changed only through the timer methods (LifecycleMachine+Timers.swift); `Runtime.timers` reads it.
    public internal(set) var timers: TimerSet
    private var queue: [PlannedWork] = []
    /// Android's window (surface and focus) as its notifications left it; untouched on iOS.
    public private(set) var window = AndroidWindow()
    /// Android: the configuration changed while the activity was stopped; it is relaunched as it becomes visible
    /// again. Valid only in .background and .suspended (`Status.isRelaunchPending`).
    public private(set) var isRelaunchPending = false
    /// When the app last went into the background from the front (virtual ns): the OS suspends it the profile's
    /// `suspensionDelay` later (CONTRACT §2). Valid only in .background.
    public private(set) var stoppedAt: Nanoseconds = 0

    /// A machine for an app that is not running yet, whose sessions schedule the autosave and `gameTimers` (a game's
    /// `LifecycleGame.timers`).
    public init(profile: Profile, gameTimers: [GameTimer] = []) {
        self.profile = profile
        timers = TimerSet(gameTimers: gameTimers)
    }

    /// The key the table is read with; "a background task is open" is derived from the count of open tasks.
    public var status: Status {
        Status(
            state, reason: reason, hasOpenBackgroundTask: state == .background && openBackgroundTasks > 0,
            isRelaunchPending: isRelaunchPending && (state == .background || state == .suspended))
    }

    /// True when queued work waits for `nextWork()`.
    public var hasPendingWork: Bool { !queue.isEmpty }

    /// When the OS suspends the app by itself (virtual ns): the profile's `suspensionDelay` after it was stopped,
    /// while it is in the background with no background task open; nil when it is not due (or never is: `android28`,
    /// CONTRACT §2). The one answer the runtime's idle test, its suspension and the explorer's wait all ask.
    public var suspensionTime: Nanoseconds? {
        guard state == .background, openBackgroundTasks == 0, let delay = profile.suspensionDelay else { return nil }
        return stoppedAt > Nanoseconds.max - delay ? .max : stoppedAt + delay
    }

    /// Notes the time of a move that left the app in the background from elsewhere: the OS's suspension delay counts
    /// from here (Android's freezer counts from the app being cached, Lifecycle.md §9).
    public mutating func noteStopped(at time: Nanoseconds) {
        stoppedAt = time
    }

    /// What `event` does now. A move is followed by the executor: `enter` for each of its legs (delivering the leg's
    /// callbacks after it), then `complete`. An ignored or rejected event clears the last callbacks and work.
    public mutating func receive(_ event: Event) -> Outcome {
        let outcome = transition(from: status, on: event, in: profile)
        if case .moved = outcome { return outcome }
        forgetLastTransition()
        return outcome
    }

    /// The window notifications (`WindowNotice`) an event brings once its move's legs were entered (or once it was
    /// ignored, with no callbacks): none on a profile without them.
    public mutating func windowNotices(after event: Event, callbacks: [Callback]) -> [WindowNotice] {
        guard profile.hasWindowNotices else { return [] }
        return window.notices(after: event, state: state, callbacks: callbacks)
    }

    /// Whether the player may act now: nil if so, else why not (the action is then rejected). Either way the last
    /// callbacks and work are cleared: an action moves no state.
    public mutating func receiveAction() -> String? {
        forgetLastTransition()
        guard state == .active else { return "the player can act only while the app is active; the app is \(status)" }
        return nil
    }

    /// Clears the last callbacks and work (an event that moved nothing).
    public mutating func forgetLastTransition() {
        lastCallbacks = []
        lastWork = []
    }

    /// Moves to `state` with `reason`: a leg of a row. Returns the state left when anything changed, else nil.
    @discardableResult
    public mutating func enter(_ state: AppState, reason: Reason?) -> AppState? {
        guard state != self.state || reason != self.reason else { return nil }
        let left = self.state
        self.state = state
        self.reason = reason
        return left
    }

    /// Ends a move whose legs were entered: its final status (unrecorded), its work queued in table order. Returns
    /// the background tasks still open as the app left the background (iOS ends them; invariant 6 reports them).
    /// The work of a callback in `repeating` is queued twice in a row (a quirk delivered it twice); that of `holding`
    /// is not queued (a quirk delivers it late: `enqueue`).
    public mutating func complete(_ move: Transition, repeating: Set<Callback> = [], holding: Callback? = nil) -> Int {
        enter(move.to.state, reason: move.to.reason)
        var leftOpen = 0
        if move.to.state != .background, move.to.state != .terminated, openBackgroundTasks > 0 {
            // The move's own work may end them (the expiration handler, `backgroundTaskExpired`, ends its task as
            // the app is suspended): only the tasks no queued work ends are left open.
            let ends = move.work.filter { $0 == .endBackgroundTask }.count
            let begins = move.work.filter { $0 == .beginBackgroundTask }.count
            leftOpen = max(0, openBackgroundTasks - max(0, ends - begins))
            openBackgroundTasks -= leftOpen
        }
        for segment in move.segments {
            let held = holding != nil && segment.callback == holding
            let times = held ? 0 : segment.callback.map { repeating.contains($0) } == true ? 2 : 1
            for _ in 0..<times {
                for work in segment.work { queue.append(PlannedWork(work, for: segment.callback)) }
            }
        }
        isRelaunchPending = move.to.isRelaunchPending
        lastCallbacks = move.callbacks
        lastWork = move.work
        return leftOpen
    }

    /// Queues `work` for `callback` after what is queued (a callback a quirk delivers late).
    public mutating func enqueue(_ work: [Work], for callback: Callback) {
        for item in work { queue.append(PlannedWork(item, for: callback)) }
    }

    /// The next queued work, oldest first; nil once none is left. Nothing is left after a GL kill.
    public mutating func nextWork() -> PlannedWork? {
        guard !queue.isEmpty else { return nil }
        return queue.removeFirst()
    }

    /// Takes the decision `work` holds, if any, and says what the executor performs.
    public mutating func decide(_ work: Work) -> WorkEffect {
        switch work {
        case .stopFrameLoop:
            isFrameLoopRunning = false
            return .decided
        case .startFrameLoop:
            isFrameLoopRunning = true
            return .decided
        case .forbidGL:
            isGLAllowed = false
            return .gate(allowed: false)
        case .allowGL:
            isGLAllowed = true
            return .gate(allowed: true)
        case .beginBackgroundTask:
            openBackgroundTasks += 1
            return .decided
        case .endBackgroundTask:
            guard openBackgroundTasks > 0 else { return .noTaskOpen }
            openBackgroundTasks -= 1
            return .decided
        case .pauseGame, .invalidateTimers, .scheduleTimers, .cancelLeaderboardRequests, .disconnectPeers,
            .saveSnapshot, .loadSnapshot, .finishGL, .releaseGLSurfaces, .restoreGLSurfaces, .purgeCaches,
            .saveInstanceState, .recreateGLObjects:
            return .perform
        }
    }

    /// A GL call was made while GL was forbidden: iOS ends the app (`terminated(glWhileBackgrounded)`) and the work
    /// still queued is dropped. The one way into `terminated` outside the table. Returns the state left, or nil when
    /// the app had ended already.
    public mutating func killForGL() -> AppState? {
        guard state != .terminated else { return nil }
        queue.removeAll()
        return enter(.terminated, reason: .glWhileBackgrounded)
    }

    /// The process was killed (`Runtime.kill`: SIGKILL, a power loss): `terminated` with reason `killed`, outside the
    /// table, as `killForGL`; the work still queued is dropped.
    public mutating func killProcess() {
        queue.removeAll()
        enter(.terminated, reason: .killed)
    }

    /// The process is gone: no work left, the frame loop stopped, GL forbidden, no background task open, no timer
    /// (live or invalidated). The state (terminated) stays until a relaunch.
    public mutating func endProcess() {
        queue.removeAll()
        timers.forgetAll()
        isFrameLoopRunning = false
        isGLAllowed = false
        openBackgroundTasks = 0
        isRelaunchPending = false
        window = AndroidWindow()
    }
}

// Runtime+Work: the work executor. One exhaustive switch: the compiler proves every Work is implemented.
// Work runs only here, at one point (`settle()`), never inside a callback; and the process ends here (`kill`,
// `endProcess`).

import InterludeNetwork
import Lifecycle
import Saves

extension Runtime {
    /// Performs all queued work, in table order, then handles a process that has ended and checks invariants.
    public func settle() {
        while let next = machine.nextWork() { doWork(next.work, for: next.callback) }
        if process.protectedData == .going { setProtectedData(.unavailable) }  // the notice's event wrote what it had to
        beginBackgroundUpload()
        if appState == .terminated, !processEnded { endProcess() }
        checkInvariants(afterEvent: true)
    }

    /// The work point: does one piece of work (of `callback`, or of none: the autosave timer) and records it. Every
    /// piece of work goes through here, so the watchdog, the transcript and the benchmarks' hook see them all.
    func doWork(_ work: Work, for callback: Callback?, note: String? = nil) {
        willDo?(.work(work))
        let detail = perform(work, for: callback) ?? note
        transcript.append(now, .work(work, detail: detail))
        didPerformWork?(work, callback)
        if process.killPending {
            process.killPending = false
            kill()
        }
    }

    /// Does one piece of work; returns the transcript's detail, if any.
    func perform(_ work: Work, for callback: Callback?) -> String? {
        switch machine.decide(work) {
        case .decided:
            // The expiration handler (or the last end of a task) stops the outbox's upload: its scores stay kept.
            if work == .endBackgroundTask, process.upload.isOpen, machine.openBackgroundTasks == 0 {
                return stopBackgroundUpload()
            }
            return nil
        case .gate:
            followGLPermission()
            return nil
        case .noTaskOpen:
            violate(.callbacksAndTasksInOrder, "endBackgroundTask without an open background task")
            return "none open"
        case .perform: return execute(work, for: callback)
        }
    }

    /// Does the work the machine leaves to the executor; returns the transcript's detail, if any.
    private func execute(_ work: Work, for callback: Callback?) -> String? {
        switch work {
        case .pauseGame:
            guard game.isInSession else { return "no game" }
            let wasPaused = game.isPaused
            game.pause()
            check { $0.paused(in: $1) }
            return wasPaused ? "already paused" : game.isPaused ? "paused" : "pause ignored"
        case .invalidateTimers:
            return "\(machine.invalidateTimers(now: now, step: game.steps)) invalidated"
        case .scheduleTimers:
            return "\(game.isInSession ? scheduleTimersKeepingTime() : 0) scheduled"
        case .cancelLeaderboardRequests:
            return "\(leaderboard.cancelAll()) cancelled"
        case .disconnectPeers:
            let count = match.isInMatch || match.isConnected ? 1 : 0
            match.leave(tick: nextStep)
            game.leaveMatch()
            if count > 0 { machine.discardTimers() }
            return "\(count) dropped"
        case .saveSnapshot:
            if watchdogKillsSave(for: callback) { return "\(Self.snapshotKind(for: callback)) killed by the watchdog" }
            return saveSnapshot(kind: Self.snapshotKind(for: callback))
        case .loadSnapshot:
            // A recreated activity or a reconnected scene: what the process held for it is gone; the game comes
            // back from what was saved for it (invariant 7), as after a relaunch.
            if callback == .onRestoreInstanceState || callback == .sceneWillConnect { game = game.relaunched() }
            defer { check { $0.launched(in: $1) } }
            return loadSnapshot()
        case .saveInstanceState:
            return saveSnapshot(kind: .instance)
        case .recreateGLObjects:
            withGL("recreateGLObjects") { $0.recreateGLObjects() }
            return nil
        case .finishGL:
            withGL("finishGL") { $0.finishGL() }
            return nil
        case .releaseGLSurfaces:
            withGL("releaseSurfaces") { $0.releaseSurfaces() }
            return nil
        case .restoreGLSurfaces:
            withGL("restoreSurfaces") { $0.restoreSurfaces() }
            return nil
        case .purgeCaches:
            return "\(dropLeaderboardTop()) cached leaderboard lines dropped"
        case .stopFrameLoop, .startFrameLoop, .forbidGL, .allowGL, .beginBackgroundTask, .endBackgroundTask:
            return nil  // decided by the machine (`LifecycleMachine.decide`)
        }
    }

    /// The kind of a `saveSnapshot` answering `callback`, by the callback's role: the same on every profile
    /// (`onPause` saves as `willResignActive` does; `sceneDidDisconnect` of a closed scene as `willTerminate`).
    static func snapshotKind(for callback: Callback?) -> SnapshotKind {
        switch callback?.role {
        case .resign: return .quick
        case .enterBackground: return .full
        case .terminate: return .final
        case .saveState: return .instance
        case .notice where callback == .sceneDidDisconnect: return .final
        default: return .autosave
        }
    }

    /// Runs `body` on the display if GL is allowed. A GL call while GL is forbidden ends the app, as iOS does.
    func withGL(_ entry: String, _ body: (any Display<Game.Scene>) -> Void) {
        guard let display else { return }
        guard machine.isGLAllowed else { return killForGL(entry) }
        willDo?(.display(entry))
        body(display)
    }

    /// iOS kills an app that calls GL in the background: so do we, with the reason in the transcript. The one path
    /// into `terminated` outside the table (`LifecycleMachine.killForGL`; CONTRACT §6.1).
    func killForGL(_ entry: String) {
        violate(.noGLWhileBackgrounded, "GL call '\(entry)' while backgrounded")
        guard let left = machine.killForGL() else { return }
        transcript.append(now, .transition(from: left, to: .terminated, reason: .glWhileBackgrounded))
    }

    /// Draws the current scene now, through the GL guard: what a component does when it renders by itself.
    public func presentNow() {
        withGL("present") { $0.present(building: { scene }) }
    }

    /// The process is killed now (SIGKILL, a power loss, the OS's watchdog): no callback, no work, nothing saved.
    /// The transcript says `STATE -> terminated` with reason `killed`; everything in memory is gone, the disk stays.
    /// The next `launched` relaunches the app from its snapshot store: `store`, when given, is that disk as the new
    /// process opens it (what the old process held in memory, a write not yet made, is gone with it). Nothing more
    /// happens when the app has ended already.
    public func kill(reopening store: (any SnapshotStore)? = nil) {
        if let store { snapshots = store }
        guard appState != .terminated, appState != .notRunning else { return }
        let left = appState
        machine.killProcess()
        transcript.append(now, .transition(from: left, to: .terminated, reason: .killed))
        check { checker, _ in checker.killed() }
        endProcess()
    }

    /// The process dies once the work under way is written (a save killed mid-way, the OS's watchdog).
    func killAfterThisWork() { process.killPending = true }

    /// The process is gone: everything in memory is lost; only the snapshot store (the disk) remains.
    func endProcess() {
        proveRestore(ended: true)
        processEnded = true
        machine.endProcess()
        followGLPermission()
        setProtectedData(.available)  // a new process starts unlocked (CONTRACT §6 `storage.protectedData.unavailable`)
        process = process.next()  // a new process knows only what it restores; the servers outlive it
        match.leave(tick: nextStep)  // the process's socket closes with it
    }
}

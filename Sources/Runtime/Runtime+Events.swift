// Runtime+Events: events and player actions come in here. They only record (transcript, status, callbacks)
// and queue work; `settle()` performs the queued work at one point.

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// Injects an OS or phone event now. The transition, its callbacks and its queued work are recorded;
    /// the work is performed by `settle()` (called by `advance`, and by the script runner at once).
    public func send(_ event: Event) {
        record(.event(time: now, event))
        happen(event)
    }

    /// Injects an OS event as a host does: advances the clock to `time` (if given and later), sends `event` and
    /// performs its work before returning. The one call a host or a script runner needs per event.
    public func inject(_ event: Event, at time: Nanoseconds? = nil) {
        if let time { advance(to: time) }
        send(event)
        settle()
    }

    /// Injects a player's action as a host does: advances the clock to `time` (if given and later), performs
    /// `action` and its work before returning.
    public func inject(_ action: Game.Action, at time: Nanoseconds? = nil) {
        if let time { advance(to: time) }
        perform(action)
        settle()
    }

    /// Records `event` without the recording: also how the OS's own decisions (suspension) arrive.
    func happen(_ event: Event) {
        write(.event(name: event.rawValue, args: nil))
        switch machine.receive(event) {
        case .ignored:
            transcript.append(now, .ignored(name: event.rawValue, state: appState))
            noteWindow(after: event, callbacks: [])
        case .rejected(let why):
            reject(event.rawValue, why: why)
        case .moved(let move):
            follow(environment.delivered(move))
            noteWindow(after: event, callbacks: move.callbacks)
        }
    }

    /// Android's focus and surface notifications the event brought, as lines of their own kind (CONTRACT §8).
    private func noteWindow(after event: Event, callbacks: [Callback]) {
        for notice in environment.arriving(machine.windowNotices(after: event, callbacks: callbacks)) {
            write(.window(name: notice.name, args: notice.args))
        }
    }

    /// Writes `entry` now, then what the transcript's follower (if any) writes after it (CONTRACT §8 `engine`).
    private func write(_ entry: TranscriptEntry) {
        transcript.append(now, entry)
        guard let follower = hooks.transcriptFollower else { return }
        for line in follower(entry) { transcript.append(now, line) }
    }

    func reject(_ name: String, why: String) {
        transcript.append(now, .rejected(name: name, state: appState, why: why))
    }

    /// Walks the transition's legs: each state change is recorded, then the callbacks delivered in it.
    private func follow(_ move: Transition) {
        let inSessionAtStart = game.isInSession
        let wasAway = appState == .background || appState == .suspended
        let twice = environment.repeated(in: move)  // quirks (CONTRACT §7 fault lines); none in the plain world
        let late = callbackDeliveredLate(in: move)
        for leg in move.legs {
            if let left = machine.enter(leg.to, reason: leg.reason) {
                write(.transition(from: left, to: leg.to, reason: leg.reason))
            }
            for callback in leg.callbacks where callback != late?.callback {
                deliver(callback, inSession: inSessionAtStart)
                if twice.contains(callback) { deliver(callback, inSession: inSessionAtStart) }
            }
        }
        endBackgroundUploadBeforeForeground(move)
        // The end of the move is silent (its legs were recorded). Leaving the background ends what is still open (iOS
        // ends the tasks; the app is told nothing): the checker reports it (invariant 6) after the event's work.
        let leftOpen = machine.complete(move, repeating: twice, holding: late?.callback)
        if !wasAway, appState == .background { machine.noteStopped(at: now) }
        if let late { holdBack(late) }  // one held earlier arrives at its step, or is dropped then
        check { checker, _ in checker.tasksLeftOpen(leftOpen) }
    }

    func deliver(_ callback: Callback, inSession: Bool) {
        if callback == .protectedDataWillBecomeUnavailable { setProtectedData(.going) }
        if callback == .protectedDataDidBecomeAvailable { setProtectedData(.available) }
        write(.callback(callback))
        check { $0.delivered(callback, inSession: inSession, in: $1) }
        if callback.role == .launch { processEnded = false }
        for observer in observers { observer.runtime(self, delivered: callback) }
    }

    /// Performs a player action now (CONTRACT §7 game actions). The player can act only while active.
    public func perform(_ action: Game.Action) {
        record(.action(time: now, action))
        let (name, args) = (action.transcriptName, action.transcriptArgs)
        write(.event(name: name, args: args))
        if let why = machine.receiveAction() { return reject(name, why: why) }
        if let why = act(action) { reject(name, why: why) }
    }

    /// Holds or releases a control from a window (no duration: until released).
    public func hold(_ control: Game.Control, _ isHeld: Bool) {
        recordHold(control, isHeld)
        game.hold(control, isHeld && appState == .active)
    }

    /// Does the action; returns why it cannot be done, or nil.
    private func act(_ action: Game.Action) -> String? {
        let run = Int64(bitPattern: seed) &* 1_000_003 &+ snapshotGeneration &* 7919 &+ now / 1_000_000
        let why = game.perform(action, context: ActionContext(run: run))
        takeReports()
        return why
    }

    /// Acts on what the game reports: a session's start schedules its timers (and connects a match's peers), its end
    /// discards them (and drops the peers), a score goes to the outbox, the leaderboard screen fetches the top list.
    func takeReports() {
        for report in game.takeReports() {
            switch report {
            case .sessionStarted(let multiplayer, let level):
                if multiplayer { joinMatch(level: level) }
                scheduleGameTimers()
            case .sessionEnded:
                match.leave(tick: nextStep)
                machine.discardTimers()
            case .leaderboardOpened:
                leaderboard.send(.fetchTop, now: now)
            case .score(let level, let run, let points):
                submitScore(points, level: level, run: run)
            }
        }
    }

    /// The one place a score goes to the leaderboard: into the outbox (sent while active, kept across
    /// interruptions), keyed by the session's run so that a later, higher score of the same run replaces it.
    func submitScore(_ score: Int64, level: Int, run: Int64) {
        guard score > 0 else { return }
        // One key per run and level: the server keeps one score per key (a retry is stored once), and its top
        // lists are per level, which the key's top byte carries.
        let key = ScoreKey.make(level: level, run: run)
        if leaderboard.outbox[key] == nil, leaderboard.outbox.count >= LeaderboardClient.outboxLimit {
            // Bounded, so that a save always fits its loader: after 256 sessions never acknowledged, the lowest
            // score makes room for a higher one (and the host's log says which was let go).
            let full = "interlude: the score outbox is full (\(LeaderboardClient.outboxLimit))"
            guard let lowest = leaderboard.outbox.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }),
                lowest.value < score
            else {
                log?("\(full); \(score) not kept")
                return
            }
            leaderboard.drop(lowest.key)
            log?("\(full); dropped \(lowest.value)")
        }
        leaderboard.keep(score, key: key, milliseconds: LeaderboardClient.milliseconds(ofSteps: game.steps))
    }

    func scheduleGameTimers() { _ = scheduleTimersKeepingTime() }
}

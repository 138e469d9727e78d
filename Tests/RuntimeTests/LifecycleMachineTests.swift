// LifecycleMachineTests: the runtime's decisions without a display or a game. Each test drives a `LifecycleMachine`
// as the executor does (legs, completion, queued work) and compares what it returns and what it holds afterwards.
// The timer suite performs the timer work itself, passing the clocks in (virtual nanoseconds, a game step count
// advanced by hand). The last suite checks the executor's side of one fact: a display's own gate follows the
// machine's GL permission.

import GameCore
import InterludeTesting
import Lifecycle
import Runtime
import Testing

/// Drives `machine` through `event` as `Runtime` does: each leg entered, the move completed, every queued piece of
/// work taken and decided. Returns the work in the order taken (nil: the event moved nothing) and the tasks the move
/// found open.
@discardableResult
private func drive(_ machine: inout LifecycleMachine, _ event: Event) -> (work: [PlannedWork], leftOpen: Int)? {
    guard case .moved(let move) = machine.receive(event) else { return nil }
    for leg in move.legs { machine.enter(leg.to, reason: leg.reason) }
    let leftOpen = machine.complete(move)
    var work: [PlannedWork] = []
    while let next = machine.nextWork() {
        work.append(next)
        _ = machine.decide(next.work)
    }
    return (work, leftOpen)
}

/// A machine of `profile` driven through `events`.
private func machine(_ profile: Profile, _ events: [Event]) -> LifecycleMachine {
    var machine = LifecycleMachine(profile: profile)
    for event in events { drive(&machine, event) }
    return machine
}

/// Statuses reached by a few paths, on both profiles.
private let paths: [[Event]] = [
    [], [.launched], [.launched, .smsArrived], [.launched, .callArrived], [.launched, .homePressed],
    [.launched, .homePressed, .suspendedByOS], [.launched, .lockPressed], [.launched, .homePressed, .terminatedByOS],
]

@Suite("LifecycleMachine: decisions as a value")
struct LifecycleMachineTests {
    @Test("every event in every status reached follows its row: final status, callbacks, work in table order")
    func followsTheTable() {
        for profile in Profile.all {
            for path in paths {
                let start = machine(profile, path)
                for event in Event.allCases {
                    var machine = start
                    let expected = transition(from: start.status, on: event, in: profile)
                    let driven = drive(&machine, event)
                    guard case .moved(let move) = expected else {
                        #expect(driven == nil && machine.status == start.status, "\(profile.name) \(path) \(event)")
                        #expect(machine.lastWork.isEmpty && machine.lastCallbacks.isEmpty)
                        continue
                    }
                    let planned = move.segments.flatMap { s in s.work.map { PlannedWork($0, for: s.callback) } }
                    #expect(driven?.work == planned, "\(profile.name) \(path) \(event)")
                    #expect(machine.state == move.to.state && machine.reason == move.to.reason)
                    #expect(machine.lastCallbacks == move.callbacks && machine.lastWork == move.work)
                }
            }
        }
    }

    @Test("a launch restores, then allows GL, restores surfaces, schedules timers and starts the frame loop")
    func launch() {
        var machine = LifecycleMachine(profile: .ios5)
        #expect(!machine.isGLAllowed && !machine.isFrameLoopRunning && machine.status == Status(.notRunning))
        let work = drive(&machine, .launched)?.work
        #expect(
            work == [
                PlannedWork(.loadSnapshot, for: .didFinishLaunching), PlannedWork(.allowGL, for: .didBecomeActive),
                PlannedWork(.restoreGLSurfaces, for: .didBecomeActive),
                PlannedWork(.scheduleTimers, for: .didBecomeActive),
                PlannedWork(.startFrameLoop, for: .didBecomeActive),
            ])
        #expect(machine.lastCallbacks == [.willFinishLaunching, .didFinishLaunching, .didBecomeActive])
        #expect(machine.status == Status(.active) && machine.isGLAllowed && machine.isFrameLoopRunning)
    }

    @Test("the GL permission: allowed after didBecomeActive, forbidden after didEnterBackground, back on foreground")
    func glPermission() {
        for profile in Profile.all {
            var machine = machine(profile, [.launched])
            #expect(machine.isGLAllowed)
            let home = drive(&machine, .homePressed)?.work.map(\.work) ?? []
            #expect(home.firstIndex(of: .releaseGLSurfaces)! < home.firstIndex(of: .forbidGL)!)
            #expect(!machine.isGLAllowed && !machine.isFrameLoopRunning && machine.state == .background)
            // android28 has no freezer: its stopped app is never suspended (CONTRACT §2).
            let suspends = profile.suspensionDelay != nil
            #expect(machine.openBackgroundTasks == 0 && (machine.suspensionTime != nil) == suspends)
            drive(&machine, .suspendedByOS)
            #expect(!machine.isGLAllowed && machine.state == (suspends ? .suspended : .background))
            drive(&machine, .iconTapped)
            #expect(machine.isGLAllowed && machine.isFrameLoopRunning && machine.state == .active)
        }
    }

    @Test("the GL gate is told only when the permission changes; other work is left to the executor or decided")
    func effects() {
        var machine = LifecycleMachine(profile: .ios4)
        #expect(machine.decide(.allowGL) == .gate(allowed: true))
        #expect(machine.decide(.forbidGL) == .gate(allowed: false))
        #expect(machine.decide(.startFrameLoop) == .decided && machine.isFrameLoopRunning)
        #expect(machine.decide(.stopFrameLoop) == .decided && !machine.isFrameLoopRunning)
        for work in [Work.saveSnapshot, .pauseGame, .finishGL, .purgeCaches, .loadSnapshot] {
            #expect(machine.decide(work) == .perform)
        }
    }

    @Test("background tasks are counted: the status shows an open one, an end without a begin is refused")
    func backgroundTasks() {
        var machine = machine(.ios4, [.launched, .homePressed])
        #expect(machine.decide(.endBackgroundTask) == .noTaskOpen && machine.openBackgroundTasks == 0)
        #expect(machine.decide(.beginBackgroundTask) == .decided)
        #expect(machine.decide(.beginBackgroundTask) == .decided)
        #expect(machine.status == Status(.background, hasOpenBackgroundTask: true) && machine.suspensionTime == nil)
        #expect(machine.decide(.endBackgroundTask) == .decided && machine.openBackgroundTasks == 1)
        // Leaving the background with a task open: iOS ends it; the machine says how many were left open.
        let foreground = drive(&machine, .iconTapped)
        #expect(foreground?.leftOpen == 1 && machine.openBackgroundTasks == 0 && machine.state == .active)
    }

    @Test("a GL kill enters terminated(glWhileBackgrounded) outside the table and drops the queued work")
    func glKill() {
        var machine = machine(.ios5, [.launched])
        guard case .moved(let move) = machine.receive(.homePressed) else {
            Issue.record("home moved nothing")
            return
        }
        for leg in move.legs { machine.enter(leg.to, reason: leg.reason) }
        _ = machine.complete(move)
        #expect(machine.hasPendingWork)
        #expect(machine.killForGL() == .background)
        #expect(machine.status == Status(.terminated, reason: .glWhileBackgrounded) && !machine.hasPendingWork)
        #expect(machine.killForGL() == nil, "an ended app is not killed twice")
        machine.endProcess()
        #expect(!machine.isGLAllowed && !machine.isFrameLoopRunning && machine.openBackgroundTasks == 0)
        #expect(drive(&machine, .launched) != nil && machine.state == .active, "a relaunch follows the table again")
    }

    @Test("the player acts only while active; an action or an ignored event clears the last callbacks and work")
    func actionsAndIgnoredEvents() {
        var machine = LifecycleMachine(profile: .ios4)
        #expect(machine.receiveAction() != nil)
        drive(&machine, .launched)
        #expect(!machine.lastWork.isEmpty)
        #expect(machine.receiveAction() == nil && machine.lastWork.isEmpty && machine.lastCallbacks.isEmpty)
        drive(&machine, .smsArrived)
        #expect(machine.receiveAction()?.contains("inactive") == true)
        #expect(machine.lastCallbacks.isEmpty)
    }

    @Test("entering the same state with the same reason changes nothing")
    func enterIsIdempotent() {
        var machine = LifecycleMachine(profile: .ios4)
        #expect(machine.enter(.launching, reason: nil) == .notRunning)
        #expect(machine.enter(.launching, reason: nil) == nil)
        #expect(machine.enter(.inactive, reason: .alert) == .launching)
        #expect(machine.enter(.inactive, reason: .call) == .inactive)
    }
}

/// A session's game timer of 5 steps, beside the runtime's autosave (10 s of virtual time).
private let round = GameTimer(TimerName("round"), every: 5)

/// Drives `machine` through `event` as `Runtime` does, performing the timer work at `now` and `step` (the session is
/// in play). Returns the transcript details of that work, in order.
@discardableResult
private func driveTimers(
    _ machine: inout LifecycleMachine, _ event: Event, now: Nanoseconds, step: Int64
) -> [String] {
    guard case .moved(let move) = machine.receive(event) else { return [] }
    for leg in move.legs { machine.enter(leg.to, reason: leg.reason) }
    _ = machine.complete(move)
    var details: [String] = []
    while let next = machine.nextWork() {
        guard machine.decide(next.work) == .perform else { continue }
        switch next.work {
        case .scheduleTimers: details.append("\(machine.scheduleTimers(now: now, step: step)) scheduled")
        case .invalidateTimers: details.append("\(machine.invalidateTimers(now: now, step: step)) invalidated")
        default: break
        }
    }
    return details
}

@Suite("LifecycleMachine: the timer table")
struct LifecycleMachineTimerTests {
    @Test("a session's timers are scheduled only while active, once each")
    func scheduledOnlyWhileActive() {
        var machine = LifecycleMachine(profile: .ios5, gameTimers: [round])
        #expect(machine.scheduleTimers(now: 0, step: 0) == 0 && machine.liveTimerCount == 0)
        #expect(driveTimers(&machine, .launched, now: 0, step: 0) == ["2 scheduled"])
        #expect(machine.timers.live.map(\.name) == [.autosave, round.name])
        #expect(machine.scheduleTimers(now: 1, step: 1) == 0, "already live")
        driveTimers(&machine, .homePressed, now: 0, step: 0)
        #expect(machine.scheduleTimers(now: 2, step: 2) == 0 && machine.liveTimerCount == 0)
    }

    @Test("each fires on its own clock when due, in table order, and is re-armed for its next period")
    func firesOnItsClock() {
        var machine = LifecycleMachine(profile: .ios4, gameTimers: [round])
        driveTimers(&machine, .launched, now: 0, step: 0)
        #expect(machine.fireTimers(on: .game, at: 4).isEmpty)
        #expect(machine.fireTimers(on: .game, at: 5) == [round.name])
        #expect(machine.fireTimers(on: .game, at: 9).isEmpty && machine.fireTimers(on: .game, at: 10) == [round.name])
        #expect(machine.fireTimers(on: .virtual, at: TimerSet.autosavePeriod - 1).isEmpty)
        #expect(machine.fireTimers(on: .virtual, at: TimerSet.autosavePeriod) == [.autosave])
        #expect(
            machine.timersLeft(now: TimerSet.autosavePeriod, step: 10) == [
                .autosave: TimerSet.autosavePeriod, round.name: 5,
            ])
    }

    @Test("an interruption invalidates them keeping what was left; coming back continues from it")
    func remainingAcrossAnInterruption() {
        var machine = LifecycleMachine(profile: .ios5, gameTimers: [round])
        driveTimers(&machine, .launched, now: 0, step: 0)
        #expect(driveTimers(&machine, .homePressed, now: 3_000_000_000, step: 3) == ["2 invalidated"])
        #expect(machine.liveTimerCount == 0)
        #expect(machine.timersLeft(now: 9_000_000_000, step: 3) == [.autosave: 7_000_000_000, round.name: 2])
        #expect(driveTimers(&machine, .iconTapped, now: 60_000_000_000, step: 3) == ["2 scheduled"])
        #expect(machine.fireTimers(on: .game, at: 4).isEmpty && machine.fireTimers(on: .game, at: 5) == [round.name])
        #expect(machine.fireTimers(on: .virtual, at: 66_999_999_999).isEmpty)
        #expect(machine.fireTimers(on: .virtual, at: 67_000_000_000) == [.autosave])
    }

    @Test("a timer due as the app goes inactive keeps at least one unit, never zero")
    func neverZeroLeft() {
        var machine = LifecycleMachine(profile: .ios4, gameTimers: [round])
        driveTimers(&machine, .launched, now: 0, step: 0)
        driveTimers(&machine, .smsArrived, now: TimerSet.autosavePeriod + 5, step: 7)
        #expect(machine.timersLeft(now: 0, step: 0) == [.autosave: 1, round.name: 1])
    }

    @Test("a restored session continues from the saved remainders; a session's end and the process's end forget")
    func restoreDiscardAndEnd() {
        var machine = LifecycleMachine(profile: .ios5, gameTimers: [round])
        machine.restoreTimers([round.name: 3, TimerName("unknown"): 1])
        #expect(machine.timers.remaining == [round.name: 3])
        driveTimers(&machine, .launched, now: 0, step: 100)
        #expect(machine.fireTimers(on: .game, at: 103) == [round.name])
        machine.discardTimers()
        #expect(machine.liveTimerCount == 0 && machine.timersLeft(now: 0, step: 0).isEmpty)
        #expect(machine.scheduleTimers(now: 0, step: 0) == 2)
        driveTimers(&machine, .lockPressed, now: 1, step: 1)
        #expect(!machine.timers.remaining.isEmpty)
        machine.endProcess()
        #expect(machine.liveTimerCount == 0 && machine.timers.remaining.isEmpty)
    }
}

/// A display with a gate of its own: it remembers whether it was last told to allow or forbid GL.
private final class GatedDisplay: Display {
    var isForbidden = false
    var told: [Bool] = []  // true: forbidGL, false: allowGL
    func present(_ scene: Scene) {}
    func finishGL() {}
    func releaseSurfaces() {}
    func restoreSurfaces() {}
    func capture(_ name: String, scene: Scene) -> Frame { Frame(file: nil, hash: scene.contentHash) }
    func keptImage(_ name: String) -> Frame? { nil }
    func forbidGL() {
        isForbidden = true
        told.append(true)
    }
    func allowGL() {
        isForbidden = false
        told.append(false)
    }
}

@Suite("The display's gate follows the machine's GL permission")
struct GLGateFollowsTheMachineTests {
    @Test("forbidden before launch, allowed when active, forbidden in the background and after the process ends")
    func gateFollows() {
        let display = GatedDisplay()
        let runtime = Runtime(profile: .ios4, seed: 7, display: display)
        #expect(display.isForbidden && runtime.isGLForbidden && !runtime.machine.isGLAllowed)
        runtime.launch()
        #expect(!display.isForbidden && !runtime.isGLForbidden)
        runtime.inject(.homePressed)
        #expect(display.isForbidden && runtime.isGLForbidden && runtime.status.state == .background)
        runtime.inject(.iconTapped)
        #expect(!display.isForbidden && runtime.machine.isGLAllowed)
        runtime.inject(.homePressed)
        runtime.inject(.terminatedByOS)
        #expect(display.isForbidden && runtime.isGLForbidden)
        #expect(
            Array(display.told.prefix(5)) == [true, false, true, false, true]
                && !display.told.dropFirst(5).contains(false))
    }
}

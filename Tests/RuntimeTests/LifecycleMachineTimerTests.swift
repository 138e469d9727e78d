// LifecycleMachineTimerTests: the timer table as the machine keeps it, with no display and no game. Each test drives
// a `LifecycleMachine` as the executor does and performs the timer work itself, passing the clocks in: virtual
// nanoseconds and a game step count it advances by hand.

import Lifecycle
import Runtime
import Testing

/// A session's game timer of 5 steps, beside the runtime's autosave (10 s of virtual time).
private let round = GameTimer(TimerName("round"), every: 5)

/// Drives `machine` through `event` as `Runtime` does, performing the timer work at `now` and `step` (the session is
/// in play). Returns the transcript details of that work, in order.
@discardableResult
private func drive(
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
        #expect(drive(&machine, .launched, now: 0, step: 0) == ["2 scheduled"])
        #expect(machine.timers.live.map(\.name) == [.autosave, round.name])
        #expect(machine.scheduleTimers(now: 1, step: 1) == 0, "already live")
        drive(&machine, .homePressed, now: 0, step: 0)
        #expect(machine.scheduleTimers(now: 2, step: 2) == 0 && machine.liveTimerCount == 0)
    }

    @Test("each fires on its own clock when due, in table order, and is re-armed for its next period")
    func firesOnItsClock() {
        var machine = LifecycleMachine(profile: .ios4, gameTimers: [round])
        drive(&machine, .launched, now: 0, step: 0)
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
        drive(&machine, .launched, now: 0, step: 0)
        #expect(drive(&machine, .homePressed, now: 3_000_000_000, step: 3) == ["2 invalidated"])
        #expect(machine.liveTimerCount == 0)
        #expect(machine.timersLeft(now: 9_000_000_000, step: 3) == [.autosave: 7_000_000_000, round.name: 2])
        #expect(drive(&machine, .iconTapped, now: 60_000_000_000, step: 3) == ["2 scheduled"])
        #expect(machine.fireTimers(on: .game, at: 4).isEmpty && machine.fireTimers(on: .game, at: 5) == [round.name])
        #expect(machine.fireTimers(on: .virtual, at: 66_999_999_999).isEmpty)
        #expect(machine.fireTimers(on: .virtual, at: 67_000_000_000) == [.autosave])
    }

    @Test("a timer due as the app goes inactive keeps at least one unit, never zero")
    func neverZeroLeft() {
        var machine = LifecycleMachine(profile: .ios4, gameTimers: [round])
        drive(&machine, .launched, now: 0, step: 0)
        drive(&machine, .smsArrived, now: TimerSet.autosavePeriod + 5, step: 7)
        #expect(machine.timersLeft(now: 0, step: 0) == [.autosave: 1, round.name: 1])
    }

    @Test("a restored session continues from the saved remainders; a session's end and the process's end forget")
    func restoreDiscardAndEnd() {
        var machine = LifecycleMachine(profile: .ios5, gameTimers: [round])
        machine.restoreTimers([round.name: 3, TimerName("unknown"): 1])
        #expect(machine.timers.remaining == [round.name: 3])
        drive(&machine, .launched, now: 0, step: 100)
        #expect(machine.fireTimers(on: .game, at: 103) == [round.name])
        machine.discardTimers()
        #expect(machine.liveTimerCount == 0 && machine.timersLeft(now: 0, step: 0).isEmpty)
        #expect(machine.scheduleTimers(now: 0, step: 0) == 2)
        drive(&machine, .lockPressed, now: 1, step: 1)
        #expect(!machine.timers.remaining.isEmpty)
        machine.endProcess()
        #expect(machine.liveTimerCount == 0 && machine.timers.remaining.isEmpty)
    }
}

// ScenarioScripts: the scripts the `replay` and `memory` modes replay, generated in code from a seed, so the same
// arguments give the same scripts (and the same transcripts) on every run. `lifecycleWalk` is a random legal walk
// through the life cycle (every event chosen among those the current state accepts, from the profile's table) on a
// menu or an idle game, each step followed by an `expect state` line; `session` is a 10-minute game with movement,
// fire and one interruption a minute (sms, call, home, lock). Both are real `Script`s written as `.script` text.

import Faults
import GameCore
import Lifecycle
import Replay
import Runtime
import Saves

enum ScenarioScripts {
    static let second: Nanoseconds = 1_000_000_000
    static let millisecond: Nanoseconds = 1_000_000

    /// Scenario `index` of the set seeded with `seed`: `launched`, then (half of the time) an idle single-player game,
    /// then `events` random events, each legal in the state the app is in when it arrives, 50 to 500 ms apart, each
    /// followed by `expect state`. The walk is chosen by running it once on a runtime without a display, so a
    /// replay of the text must reach the same states (a replay that does not fails its expectations).
    static func lifecycleWalk(index: Int, seed: UInt64, events: Int, levels: [Level]) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x1_0000_0001)
        let profile: Profile = random.next() % 2 == 0 ? .ios4 : .ios5
        let scriptSeed = random.next() % 1000 + 1
        let runtime = Runtime(
            profile: profile, seed: scriptSeed, display: nil, snapshots: InMemorySnapshotStore(), levels: levels)
        var lines: [Command] = []
        var time: Nanoseconds = 0
        func send(_ event: Event) {
            runtime.inject(event, at: time)
            lines.append(.event(time: time, event))
            lines.append(.expect(.state(runtime.status.state)))
        }
        send(.launched)
        if random.next() % 2 == 0 {
            time += 500 * millisecond
            let action = GameAction.play(.singlePlayer, level: 1)
            runtime.inject(action, at: time)
            lines.append(.action(time: time, action))
        }
        for _ in 0..<events {
            time += Nanoseconds(50 + random.next() % 451) * millisecond
            runtime.advance(to: time)
            let legal = Event.allCases.filter {
                if case .moved = transition(from: runtime.status, on: $0, in: profile) { return true }
                return false
            }
            guard !legal.isEmpty else { break }
            send(legal[Int(random.next() % UInt64(legal.count))])
        }
        let script = Script(
            name: "walk-\(index)", profileName: profile.name, seed: scriptSeed,
            lines: lines.enumerated().map { numbered($0.element, line: $0.offset) })
        return ScriptWriter.render(script)
    }

    /// A `minutes`-long single-player session on iOS 5: each minute (re)starts a level (1, 2, 3 in turn), walks,
    /// turns and fires for 50 s, then one interruption (sms opened, call declined, home, lock, call answered and
    /// ended, in turn) with the way back, resume, and `expect state` lines.
    static func session(minutes: Int) -> Script {
        var lines: [Command] = [.event(time: 0, .launched)]
        var time: Nanoseconds = 0
        func at(_ delay: Nanoseconds, _ event: Event) {
            time += delay
            lines.append(.event(time: time, event))
        }
        func act(_ delay: Nanoseconds, _ action: GameAction) {
            time += delay
            lines.append(.action(time: time, action))
        }
        for minute in 0..<minutes {
            let start = Nanoseconds(minute) * 60 * second
            time = start
            if minute > 0 { act(200 * millisecond, .menu) }
            act(300 * millisecond, .play(.singlePlayer, level: minute % 3 + 1))
            lines.append(.expect(.running))
            var turn: Int64 = 0
            while time < start + 50 * second {
                turn += 1
                act(100 * millisecond, .look(yawMillidegrees: (turn * 73 % 360 - 180) * 1000, pitchMillidegrees: 0))
                act(100 * millisecond, .input(turn % 4 == 0 ? .back : .forward, duration: 1200 * millisecond))
                act(900 * millisecond, .fire)
                act(400 * millisecond, .input(turn % 2 == 0 ? .left : .right, duration: 300 * millisecond))
                act(400 * millisecond, .fire)
            }
            switch minute % 5 {
            case 0:
                at(second, .smsArrived)
                at(2 * second, .smsOpened)
                lines.append(.expect(.state(.background)))
                at(4 * second, .iconTapped)
            case 1:
                at(second, .callArrived)
                lines.append(.expect(.state(.inactive)))
                at(5 * second, .callDeclined)
            case 2:
                at(second, .homePressed)
                lines.append(.expect(.state(.background)))
                at(5 * second, .iconTapped)
            case 3:
                at(second, .lockPressed)
                at(5 * second, .unlocked)
            default:
                at(second, .callArrived)
                at(2 * second, .callAnswered)
                at(3 * second, .callEnded)
            }
            lines.append(.expect(.state(.active)))
            act(500 * millisecond, .resume)
        }
        time = Nanoseconds(minutes) * 60 * second
        act(0, .fire)
        lines.append(.expect(.state(.active)))
        return Script(
            name: "session-\(minutes)min", profileName: "ios5", seed: 5,
            lines: lines.enumerated().map { numbered($0.element, line: $0.offset) })
    }

    private static func numbered(_ command: Command, line: Int) -> ScriptLine {
        ScriptLine(location: SourceLocation(file: "generated", line: line + 1, column: 1), command: command)
    }
}

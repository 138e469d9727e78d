// Environment: the world around the app where it is not a port of its own: how the platform delivers a move's
// callbacks and window notices, how the OS's timer service resumes a timer, when the OS cuts short a save,
// the order the network delivers answers in. The runtime asks it at each such point; `PlainEnvironment` (the default)
// is the contract's world and changes nothing. A simulation's (`FaultyEnvironment`, Replay) decorates it with the
// fault points and quirks of CONTRACT §6 and §7 ("Faults"); a test's double breaks it on purpose (a seeded bug).
// Every method is a pure answer: the environment never reaches into the runtime.

import InterludeNetwork
import Lifecycle

/// How the platform around the app behaves, asked at each point where it could misbehave (CONTRACT §6 "Faults").
public protocol Environment: AnyObject {
    /// The move as the platform delivers it: its callbacks and their work (default: as the table says).
    func delivered(_ move: Transition) -> Transition
    /// The callbacks of `move` delivered twice in a row, with their work (default: none).
    func repeated(in move: Transition) -> Set<Callback>
    /// The activate callback of `move` that arrives late (with its work), or nil (default: none).
    func heldBack(in move: Transition) -> Callback?
    /// An Android event's window notices (focus, surface) in the order they arrive (default: as given).
    func arriving<Notice>(_ notices: [Notice]) -> [Notice]
    /// The time left on each invalidated timer, as the OS's timer service keeps it when the timers are scheduled
    /// again (default: as the runtime kept it).
    func resumed(_ left: [TimerName: Int64]) -> [TimerName: Int64]
    /// The leaderboard's answers taken together, in the order they arrive (default: as sent).
    func arriving(_ answers: [LeaderboardResult]) -> [LeaderboardResult]
    /// Whether the OS's watchdog ends the process before the save of `callback` (an enter-background one) finishes.
    func watchdogEndsSave(of callback: Callback?) -> Bool
}

extension Environment {
    public func delivered(_ move: Transition) -> Transition { move }
    public func repeated(in move: Transition) -> Set<Callback> { [] }
    public func heldBack(in move: Transition) -> Callback? { nil }
    public func arriving<Notice>(_ notices: [Notice]) -> [Notice] { notices }
    public func resumed(_ left: [TimerName: Int64]) -> [TimerName: Int64] { left }
    public func arriving(_ answers: [LeaderboardResult]) -> [LeaderboardResult] { answers }
    public func watchdogEndsSave(of callback: Callback?) -> Bool { false }
}

/// The contract's world: nothing misbehaves.
public final class PlainEnvironment: Environment {
    public init() {}
}

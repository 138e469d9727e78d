// SeededBugs: the bugs the simulation must find (Docs/Simulation.md "Seeded bugs"), as test doubles of the ports and
// the environment: none is compiled into the engine. Each fires at its own fault point (a `.bug` point the injector
// fires every time it is reached once enabled, or when a script's fault line arms it), so that a simulated run finds
// it and the shrinker's replays, and a shrunk script's text, place it again.

import Faults
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Simulation
import Testing

/// A seeded bug: its fault point, the invariant that must catch it, and the world that has it.
struct SeededBug: CustomTestStringConvertible, Sendable {
    /// Where the bug sits: which double has it.
    enum Double: Sendable {
        case environmentSkipsQuickSave, environmentForgetsTimeLeft, displayDraws, leaderboardCountsTwice
    }

    let point: FaultPoint
    let invariant: Int
    let double: Double

    var testDescription: String { point.name }

    /// `willResignActive`'s quick save skipped (invariant 5).
    static let quickSaveSkipped = SeededBug(
        point: FaultPoint("bug.quickSaveSkipped", .bug, "test-only: the quick save of a resign callback is skipped"),
        invariant: 5, double: .environmentSkipsQuickSave)
    /// One frame drawn right after `forbidGL`, past the runtime's guard (invariant 1, by the display's own gate).
    static let drawAfterForbidGL = SeededBug(
        point: FaultPoint("bug.drawAfterForbidGL", .bug, "test-only: one frame is drawn right after forbidGL"),
        invariant: 1, double: .displayDraws)
    /// A resumed timer scheduled with its full period instead of what was left (invariant 10).
    static let timerFullTime = SeededBug(
        point: FaultPoint(
            "bug.timerFullTime", .bug, "test-only: a resumed timer is scheduled with its full period, not what was left"
        ),
        invariant: 10, double: .environmentForgetsTimeLeft)
    /// A leaderboard service that stores a repeated submission again: its idempotency check skipped (invariant 11,
    /// after the network repeats, delays or garbles a submission).
    static let scoreCountedTwice = SeededBug(
        point: FaultPoint(
            "bug.scoreCountedTwice", .bug,
            "test-only: the leaderboard server stores a repeated submission again (its idempotency check skipped)"),
        invariant: 11, double: .leaderboardCountsTwice)

    /// (The fifth, an fsync skipped, is a double of the file system's port: BrokenFileSystemTests.swift.)
    static let all = [quickSaveSkipped, drawAfterForbidGL, timerFullTime, scoreCountedTwice]
    /// The points of the bugs whose doubles live here: what a script's fault lines may name beyond the catalog.
    static let points = all.map(\.point)

    /// The simulation's world with this bug in it.
    func world<Scene: GameScene>(_ scene: Scene.Type) -> SimulationWorld<Scene> {
        let point = self.point
        switch double {
        case .environmentSkipsQuickSave:
            return SimulationWorld(environment: { SkipsQuickSave(FaultyEnvironment($0, profile: $1), point) })
        case .environmentForgetsTimeLeft:
            return SimulationWorld(environment: { ForgetsTimeLeft(FaultyEnvironment($0, profile: $1), point) })
        case .displayDraws: return SimulationWorld(display: { DrawsAfterForbidGL<Scene>($0, point) })
        case .leaderboardCountsTwice: return SimulationWorld(leaderboard: { CountsTwiceLeaderboard($0, point) })
        }
    }
}

/// An environment that forwards every answer to another: what a double changes one answer of.
class DecoratedEnvironment: Environment {
    let inner: FaultyEnvironment
    let point: FaultPoint
    var injector: FaultInjector { inner.injector }

    init(_ inner: FaultyEnvironment, _ point: FaultPoint) {
        self.inner = inner
        self.point = point
    }

    func delivered(_ move: Transition) -> Transition { inner.delivered(move) }
    func repeated(in move: Transition) -> Set<Callback> { inner.repeated(in: move) }
    func heldBack(in move: Transition) -> Callback? { inner.heldBack(in: move) }
    func arriving<Notice>(_ notices: [Notice]) -> [Notice] { inner.arriving(notices) }
    func resumed(_ left: [TimerName: Int64]) -> [TimerName: Int64] { inner.resumed(left) }
    func arriving(_ answers: [LeaderboardResult]) -> [LeaderboardResult] { inner.arriving(answers) }
    func watchdogEndsSave(of callback: Callback?) -> Bool { inner.watchdogEndsSave(of: callback) }
}

/// The app's resign handler forgets its quick save: the move's resign callback comes without `saveSnapshot`.
final class SkipsQuickSave: DecoratedEnvironment {
    override func delivered(_ move: Transition) -> Transition {
        let move = inner.delivered(move)
        guard move.segments.contains(where: { $0.callback?.role == .resign && $0.work.contains(.saveSnapshot) }),
            injector.fires(point)
        else { return move }
        let segments = move.segments.map { segment in
            guard segment.callback?.role == .resign else { return segment }
            return Segment(segment.callback, segment.work.filter { $0 != .saveSnapshot })
        }
        return Transition(from: move.from, event: move.event, to: move.to, segments: segments)
    }
}

/// The timer service forgets what was left of each timer: resumed timers start their full period again.
final class ForgetsTimeLeft: DecoratedEnvironment {
    override func resumed(_ left: [TimerName: Int64]) -> [TimerName: Int64] {
        let left = inner.resumed(left)
        guard !left.isEmpty, injector.fires(point) else { return left }
        return [:]
    }
}

/// A display with a gate of its own (as the GL hosts have) that draws one frame by itself, past the runtime's guard,
/// right after GL was forbidden: its gate refuses the call and the runtime hears of it (invariant 1).
final class DrawsAfterForbidGL<Scene: GameScene>: Display {
    let injector: FaultInjector
    let point: FaultPoint
    private let inner = RecordingDisplay<Scene>(keepsScenes: false)
    private var isForbidden = true  // as a GL host's gate: closed until the runtime first allows GL
    private(set) var refusedGLCalls: [String] = []

    init(_ injector: FaultInjector, _ point: FaultPoint) {
        self.injector = injector
        self.point = point
    }

    /// The bug: GL, allowed until now, is forbidden, and a frame is drawn anyway.
    func forbidGL() {
        let wasAllowed = !isForbidden
        isForbidden = true
        if wasAllowed, injector.fires(point) { draw("present") }
    }

    func allowGL() { isForbidden = false }

    /// A GL entry: refused (and recorded) while forbidden.
    private func draw(_ entry: String) {
        guard !isForbidden else { return refusedGLCalls.append(entry) }
    }

    func present(_ scene: Scene) { inner.present(scene) }
    func present(building makeScene: () -> Scene) { inner.present(building: makeScene) }
    func finishGL() { inner.finishGL() }
    func releaseSurfaces() { inner.releaseSurfaces() }
    func restoreSurfaces() { inner.restoreSurfaces() }
    func recreateGLObjects() { inner.recreateGLObjects() }
    func capture(_ name: String, scene: Scene) -> Frame { inner.capture(name, scene: scene) }
    func keptImage(_ name: String) -> Frame? { inner.keptImage(name) }
}

/// A leaderboard service whose idempotency check is skipped when its point fires: a submission it has seen is stored
/// again, so a repeated request counts a score twice. Its table is audited as the in-process one's is.
final class CountsTwiceLeaderboard: LeaderboardTransport {
    let injector: FaultInjector
    let point: FaultPoint
    private var started: [Int64: LeaderboardRequestKind] = [:]
    private var rows: [Int64: Int] = [:]
    private var isDown = false

    init(_ injector: FaultInjector, _ point: FaultPoint) {
        self.injector = injector
        self.point = point
    }

    func start(_ id: Int64, _ kind: LeaderboardRequestKind) { started[id] = kind }
    func cancel(_ id: Int64) { started[id] = nil }

    func take(_ id: Int64, waiting: Bool) -> LeaderboardResult? {
        guard let kind = started.removeValue(forKey: id) else { return nil }
        if isDown { return .failed(kind) }
        switch kind {
        case .fetchTop: return .top(["no scores yet"])
        case .submit(_, let key, _):
            if rows[key] == nil || injector.fires(point) { rows[key, default: 0] += 1 }
            return .submitted(key: key)
        }
    }

    func apply(_ setting: LeaderboardSetting) {
        if case .down = setting { isDown = true }
        if case .up = setting { isDown = false }
    }

    func audit(acknowledged: Set<Int64>) -> String? {
        guard let twice = rows.filter({ $0.value > 1 }).keys.min() else { return nil }
        return "the leaderboard stored the score of key \(twice) \(rows[twice]!) times: a score counted twice"
    }
}

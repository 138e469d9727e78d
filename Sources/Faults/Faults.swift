// Faults: the fault-point API of the seeded simulation (issue 30, `interlude simulate`, Docs/Simulation.md). A fault
// point is a named place in production code where the environment may misbehave: a write that finds the disk full,
// an fsync that fails, the process dying between two steps of a save. Code with fault points holds an optional
// `FaultInjector`; nil (every host but a simulation) costs one comparison and changes nothing. A simulation makes one
// injector per seed: it decides, from the seed alone, which enabled point fires when it is reached, counts what fired
// (the coverage report), and, once a point has killed the process, fails every later point too (a dead process
// writes nothing). `interlude simulate --list` prints `FaultPoint.all`.
// Owns: FaultPoint and its catalog, FaultInjector, SimulatedKill. Imports nothing.

/// What a fault point disturbs.
public enum FaultKind: String, Sendable, CaseIterable, Comparable {
    case storage, network, os
    /// A seeded bug: a test-only switch that breaks the runtime on purpose, to show the simulation finds it. Never
    /// in `--faults all`; named one by one.
    case bug

    public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A named place in production code where a simulation may make the environment misbehave.
public struct FaultPoint: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Dotted and stable: `storage.write.noSpace`. Scripts and reports use it.
    public let name: String
    public let kind: FaultKind
    /// What happens when it fires, in one line.
    public let summary: String

    public init(_ name: String, _ kind: FaultKind, _ summary: String) {
        self.name = name
        self.kind = kind
        self.summary = summary
    }

    public var description: String { name }

    public static func < (lhs: FaultPoint, rhs: FaultPoint) -> Bool { lhs.name < rhs.name }

    /// The point called `name` (a seeded bug too), or nil.
    public static func named(_ name: String) -> FaultPoint? { (all + seededBugs).first { $0.name == name } }
}

extension FaultPoint {
    /// A snapshot's write finds the disk full (`ENOSPC`): the save fails, the previous generation stays.
    public static let writeNoSpace = FaultPoint(
        "storage.write.noSpace", .storage, "a snapshot write fails with ENOSPC (the disk is full)")
    /// A snapshot's write fails with an I/O error (`EIO`).
    public static let writeIOError = FaultPoint(
        "storage.write.ioError", .storage, "a snapshot write fails with EIO (an I/O error)")
    /// The fsync of a snapshot's temporary file fails (`EIO`): the save fails before its rename.
    public static let fsyncFails = FaultPoint(
        "storage.fsync.fails", .storage, "the fsync of a snapshot's temporary file fails with EIO")
    /// The process dies after the temporary file is written and fsynced, before any rename.
    public static let killBeforeRename = FaultPoint(
        "storage.kill.beforeRename", .storage,
        "the process dies between a snapshot's fsynced write and its rename (the save never finishes)")
    /// The process dies after the previous generation was set aside, before the new one is renamed into place.
    public static let killBetweenRenames = FaultPoint(
        "storage.kill.betweenRenames", .storage,
        "the process dies between setting the previous generation aside and renaming the new one into place")
    /// The process dies after the rename, before the folder is fsynced.
    public static let killBeforeFolderSync = FaultPoint(
        "storage.kill.beforeFolderSync", .storage,
        "the process dies after a snapshot's rename, before the folder's fsync")
    /// The OS kills the process at a moment of the schedule (SIGKILL: no callback, nothing saved).
    public static let killAnyInstant = FaultPoint(
        "os.kill.anyInstant", .os, "the process is killed at any instant (SIGKILL) and relaunched from disk")

    /// Seeded bug: `willResignActive`'s quick save is skipped (invariant 5 must catch it).
    public static let bugQuickSaveSkipped = FaultPoint(
        "bug.quickSaveSkipped", .bug, "test-only: the quick save of a resign callback is skipped")
    /// Seeded bug: one frame is drawn right after `forbidGL` (invariant 1 must catch it).
    public static let bugDrawAfterForbidGL = FaultPoint(
        "bug.drawAfterForbidGL", .bug, "test-only: one frame is drawn right after forbidGL")

    /// The seeded bugs, sorted by name: never enabled unless named.
    public static let seededBugs: [FaultPoint] = [bugQuickSaveSkipped, bugDrawAfterForbidGL].sorted()

    /// Every fault point of the environment (no seeded bug), sorted by name.
    public static let all: [FaultPoint] = [
        writeNoSpace, writeIOError, fsyncFails, killBeforeRename, killBetweenRenames, killBeforeFolderSync,
        killAnyInstant,
    ].sorted()
}

/// SplitMix64: the seeded draws of a simulation (the schedule's and the fault points'), the same on every machine.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (at least 1).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    /// One of `elements` (not empty).
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}

/// The process died at a fault point (a simulation's kill): what every disturbed operation throws from then on.
public struct SimulatedKill: Error, Equatable, CustomStringConvertible {
    public let point: FaultPoint
    public init(_ point: FaultPoint) { self.point = point }
    public var description: String { "the process was killed at \(point.name)" }
}

/// Decides, under a seed, which enabled fault points fire. Confined to the thread that drives its runtime (as the
/// runtime is), which is why it may be shared by reference with the runtime's store.
public final class FaultInjector: @unchecked Sendable {
    /// The points that may fire.
    public let enabled: Set<FaultPoint>
    /// How often an enabled point fires when reached, per thousand.
    public let perMille: Int
    /// How many times each point fired.
    public private(set) var fired: [FaultPoint: Int] = [:]
    /// How many times each point was reached, fired or not.
    public private(set) var reached: [FaultPoint: Int] = [:]
    /// The point that killed the process, once one has: every later point fails with it.
    public private(set) var killedBy: FaultPoint?
    /// Points armed to fire the next time they are reached, whatever the draw (a script's fault line).
    private var armed: Set<FaultPoint> = []
    private var random: SplitMix64

    /// An injector whose draws follow `seed` alone.
    public init(seed: UInt64, enabled: Set<FaultPoint>, perMille: Int = 50) {
        self.enabled = enabled
        self.perMille = max(0, min(1000, perMille))
        random = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// Fires `point` the next time it is reached.
    public func arm(_ point: FaultPoint) { armed.insert(point) }

    /// Whether `point` fires now (and counts it). After a kill, every point of the environment fires (the process is
    /// gone); a seeded bug never fires unless it is enabled or armed.
    public func fires(_ point: FaultPoint) -> Bool {
        // A dead process fails at every point of the environment; a seeded bug stays off unless named.
        if killedBy != nil { return point.kind != .bug }
        reached[point, default: 0] += 1
        let fire: Bool
        if armed.remove(point) != nil {
            fire = true
        } else if enabled.contains(point) {
            fire = random.below(1000) < perMille
        } else {
            fire = false
        }
        if fire { fired[point, default: 0] += 1 }
        return fire
    }

    /// Throws `SimulatedKill` when `point`, a point where the process dies, fires (or the process died already).
    public func kill(at point: FaultPoint) throws {
        if let killedBy { throw SimulatedKill(killedBy) }
        guard fires(point) else { return }
        killedBy = point
        throw SimulatedKill(point)
    }

    /// The process was killed from outside (the schedule's SIGKILL): later points fail with it.
    public func killNow(_ point: FaultPoint = .killAnyInstant) {
        if killedBy == nil {
            killedBy = point
            reached[point, default: 0] += 1
            fired[point, default: 0] += 1
        }
    }

    /// A new process starts: nothing is dead any more; the draws go on from where they were.
    public func relaunch() { killedBy = nil }
}

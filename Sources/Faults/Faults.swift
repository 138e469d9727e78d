// Faults: the fault-point API of the seeded simulation (issue 30, `interlude simulate`, Docs/Simulation.md). A fault
// point is a named place in production code where the environment may misbehave: a write that finds the disk full,
// an fsync that fails, the process dying between two steps of a save. Code with fault points holds an optional
// `FaultInjector`; nil (every host but a simulation) costs one comparison and changes nothing. A simulation makes one
// injector per seed: it decides, from the seed alone, which enabled point fires when it is reached, counts what fired
// (the coverage report), and, once a point has killed the process, fails every later point too (a dead process
// writes nothing). `interlude simulate --list` prints `FaultPoint.all`.
// A power loss (`os.powerLoss`) kills the process and reaches whatever registered with the injector to lose power
// (`PowerLossHandler`): the simulation's disk, whose ledger of the fsyncs that really ran says what is lost (module
// Simulation, Docs/Simulation.md). This module knows no file.
// Owns: FaultPoint and its catalog, FaultInjector, SimulatedKill, PowerLossHandler. Imports nothing.

/// What a fault point disturbs.
public enum FaultKind: String, Sendable, CaseIterable, Comparable {
    case storage, network, os
    /// A callback delivered as real engines and devices have been seen to (a pause twice, focus and surface out of
    /// order): opt-in (`--faults quirk`), never in `all`; each names the public report it reproduces.
    case quirk
    /// A seeded bug: the point of a test's double (of a port or of the environment) that breaks the runtime's world
    /// on purpose, to show the simulation finds it. Never in the engine's catalog: a test defines and enables it.
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
    /// For a quirk: the public reports of it, where it was seen.
    public let reports: [String]

    public init(_ name: String, _ kind: FaultKind, _ summary: String, reports: [String] = []) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.reports = reports
    }

    public var description: String { name }

    public static func < (lhs: FaultPoint, rhs: FaultPoint) -> Bool { lhs.name < rhs.name }

    /// The point called `name` (a seeded bug too), or nil.
    public static func named(_ name: String) -> FaultPoint? { (all + quirks).first { $0.name == name } }
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

    /// The device loses power at a moment of the schedule: the process dies, and data written but never fsynced is lost.
    public static let powerLoss = FaultPoint(
        "os.powerLoss", .os,
        "the device loses power at any instant: the process dies and what was written without fsync is lost")

    /// iOS data protection: a save while the passcode-locked device's protected data is unavailable fails.
    public static let protectedDataUnavailable = FaultPoint(
        "storage.protectedData.unavailable", .storage,
        "iOS data protection: a snapshot of complete protection cannot be written while the locked device's protected "
            + "data is unavailable (EPERM)")
    /// The save in the enter-background callback outlasts the OS's watchdog (iOS: about 5 s to return from
    /// `didEnterBackground`): the app is killed before the save finishes.
    public static let saveOutlastsWatchdog = FaultPoint(
        "storage.save.outlastsWatchdog", .storage,
        "the save of the enter-background callback takes longer than the watchdog allows (iOS: about 5 s): the OS "
            + "kills the app before it finishes")
    /// Memory pressure: the OS warns a running app, and ends one in the background or suspended (jetsam: no callback).
    public static let memoryLow = FaultPoint(
        "os.memory.low", .os,
        "memory pressure at any instant: a running app in front is warned; one in the background or suspended is "
            + "killed without a callback (jetsam) and relaunched from disk")

    /// Quirk: the resign callback (`willResignActive`, `onPause`, ...) delivered twice in a row, with its work.
    public static let quirkResignTwice = FaultPoint(
        "quirk.resignTwice", .quirk, "the resign callback (a pause) is delivered twice in a row",
        reports: [
            "godotengine/godot#85265", "openframeworks/openFrameworks#1404 (lostFocus called twice)",
            "libsdl-org/SDL#2621",
        ])
    /// Quirk: the activate callback delivered an extra time.
    public static let quirkActivateTwice = FaultPoint(
        "quirk.activateTwice", .quirk, "the activate callback (a resume) is delivered an extra time",
        reports: ["lionheart/openradar-mirror#21113 (iOS 11-12.1.4: didBecomeActive twice with Notification Center)"])
    /// Quirk: the activate callback (a resume) delivered half a second late, with its work; dropped when the app has
    /// left `active` by then.
    public static let quirkResumeLate = FaultPoint(
        "quirk.resumeLate", .quirk,
        "the activate callback (a resume) arrives half a second late, with its work (dropped if the app left active)",
        reports: ["godotengine/godot#85265 (pause and resume notifications arriving late, and twice)"])
    /// Quirk: Android's focus and surface notifications of one event in the other order.
    public static let quirkWindowOrder = FaultPoint(
        "quirk.windowOrder", .quirk,
        "Android's focus and surface notifications of an event arrive in the other order (any order is allowed)",
        reports: ["NVIDIA, Android lifecycle for game developers (focus and surface events in any order)"])

    /// The quirks, sorted by name: never enabled unless named (or `--faults quirk`).
    public static let quirks: [FaultPoint] = [
        quirkResignTwice, quirkActivateTwice, quirkResumeLate, quirkWindowOrder,
    ].sorted()

    /// The leaderboard's request is lost on the way: the server never sees it; the client's request fails.
    public static let leaderboardDrop = FaultPoint(
        "network.leaderboard.drop", .network, "a leaderboard request is lost: the server never sees it, it fails")
    /// The leaderboard answers after the client's deadline: the server acted on the request, the client counts it
    /// failed (and sends a score again later).
    public static let leaderboardSlow = FaultPoint(
        "network.leaderboard.slow", .network,
        "the leaderboard answers after the client's deadline: the server stored it, the client counts it failed")
    /// The leaderboard's answer is garbage (it does not decode): the client counts the request failed.
    public static let leaderboardGarbage = FaultPoint(
        "network.leaderboard.garbage", .network,
        "the leaderboard answers garbage: the server stored it, the answer does not decode, the request fails")
    /// The request reaches the server twice (a proxy's retry): an idempotent server stores a score once.
    public static let leaderboardDuplicate = FaultPoint(
        "network.leaderboard.duplicate", .network, "a leaderboard request reaches the server twice")
    /// A peer of the match stalls or vanishes (its phone lost the network): no leave; the server times it out.
    public static let matchPeerVanishes = FaultPoint(
        "network.match.peerVanishes", .network,
        "a peer of the match stalls or vanishes without leaving: the server times it out (left, timedOut)")
    /// A peer sends garbage: the server drops the message and the peer (left, dropped).
    public static let matchPeerGarbage = FaultPoint(
        "network.match.peerGarbage", .network,
        "a peer sends a message that does not decode: the server drops it and the peer (left, dropped)")
    /// The match server stops answering: our connection's bounded wait ends the match for us (lost).
    public static let matchServerStalls = FaultPoint(
        "network.match.serverStalls", .network, "the match server stops answering: the match is lost for us")
    /// The match server sends garbage: our side cannot decode it and ends the match for us (lost).
    public static let matchServerGarbage = FaultPoint(
        "network.match.serverGarbage", .network,
        "the match server sends what does not decode: our side drops the connection, the match is lost for us")
    /// Two answers due at the same moment arrive in the other order.
    public static let leaderboardReorder = FaultPoint(
        "network.leaderboard.reorder", .network, "two leaderboard answers due together arrive in the other order")

    /// The points the schedule (or a script's fault line) fires itself, at an instant, rather than the code reaching
    /// them: kills, a power loss, memory pressure.
    public static let instantKills: [FaultPoint] = [killAnyInstant, powerLoss, memoryLow]

    /// Every fault point of the environment (no seeded bug), sorted by name.
    public static let all: [FaultPoint] = [
        writeNoSpace, writeIOError, fsyncFails, killBeforeRename, killBetweenRenames, killBeforeFolderSync,
        killAnyInstant, powerLoss, memoryLow, protectedDataUnavailable, saveOutlastsWatchdog, leaderboardDrop,
        leaderboardSlow, leaderboardGarbage, leaderboardDuplicate,
        leaderboardReorder, matchPeerVanishes, matchPeerGarbage, matchServerStalls,
        matchServerGarbage,
    ].sorted()
}

/// SplitMix64: the engine's one seeded generator (a simulation's schedule and fault points, the shooter's game, the
/// benchmarks' data), the same numbers on every machine for the same seed. Its whole state is one word, which a
/// snapshot may keep (`state`, and `init(seed:)` with it goes on from there).
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The step added to the state at each draw (the golden ratio's 64-bit fraction); also a good odd multiplier to
    /// spread a seed's neighbours apart.
    public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= Self.increment
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
    /// How often an enabled point of the environment fires when reached, per thousand (a seeded bug: always).
    public let perMille: Int
    /// How many times each point fired.
    public private(set) var fired: [FaultPoint: Int] = [:]
    /// How many times each point was reached, fired or not.
    public private(set) var reached: [FaultPoint: Int] = [:]
    /// The point that killed the process, once one has: every later point fails with it.
    public private(set) var killedBy: FaultPoint?
    /// Points armed to fire when reached for the N-th time (counting every reach since the injector began), whatever
    /// the draw: a script's fault lines.
    private var armed: [FaultPoint: [Int]] = [:]
    /// Each point that fired since the last `takeFires`, with the reach it fired at (1: its first reach ever).
    private var recentFires: [(point: FaultPoint, reach: Int)] = []
    /// What `losePower` reaches, in the order registered (`powerLossHandler`).
    private var powerLossHandlers: [(key: ObjectIdentifier, handler: any PowerLossHandler)] = []
    private var random: SplitMix64

    /// An injector whose draws follow `seed` alone.
    public init(seed: UInt64, enabled: Set<FaultPoint>, perMille: Int = 50) {
        self.enabled = enabled
        self.perMille = max(0, min(1000, perMille))
        random = SplitMix64(seed: seed ^ SplitMix64.increment)
    }

    /// Fires `point` the next time it is reached after `skip` more reaches (0: the next time). Arming it twice with
    /// 0 and 2 fires it at the next reach and the third.
    public func arm(_ point: FaultPoint, skip: Int = 0) {
        armed[point, default: []].append((reached[point] ?? 0) + max(0, skip) + 1)
    }

    /// The points that fired since the last call (or the start), in order, with the reach each fired at; the
    /// instants fired by `killNow` and `losePower` are not among them. A simulation makes its fault lines of them.
    public func takeFires() -> [(point: FaultPoint, reach: Int)] {
        defer { recentFires.removeAll() }
        return recentFires
    }

    /// Whether `point` fires now (and counts it): an enabled point of the environment `perMille` times in a thousand,
    /// an enabled seeded bug every time. After a kill, every point of the environment fires (the process is gone); a
    /// seeded bug never fires unless it is enabled or armed.
    public func fires(_ point: FaultPoint) -> Bool {
        // A dead process fails at every point of the environment; a seeded bug or a quirk stays off unless named.
        if killedBy != nil { return point.kind != .bug && point.kind != .quirk }
        reached[point, default: 0] += 1
        let reach = reached[point]!
        let fire: Bool
        if let targets = armed[point], let index = targets.firstIndex(of: reach) {
            armed[point]!.remove(at: index)
            fire = true
        } else if enabled.contains(point) {
            // A seeded bug is code that is wrong every time it runs; the environment misbehaves now and then.
            fire = point.kind == .bug || random.below(1000) < perMille
        } else {
            fire = false
        }
        if fire {
            fired[point, default: 0] += 1
            recentFires.append((point, reach))
        }
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

    /// The power-loss handler of type `Handler` this injector reaches, made and registered by `make` the first time
    /// it is asked for: one per injector (a run), shared by every process's store, since the disk outlives them.
    public func powerLossHandler<Handler: PowerLossHandler>(_ make: () -> Handler) -> Handler {
        let key = ObjectIdentifier(Handler.self)
        if let found = powerLossHandlers.first(where: { $0.key == key })?.handler as? Handler { return found }
        let made = make()
        powerLossHandlers.append((key, made))
        return made
    }

    /// The power goes: the process dies (`os.powerLoss`) and each registered handler loses what was never made
    /// durable (the simulation's disk: Docs/Simulation.md, "The power-loss model"). Returns what they lost (the
    /// paths emptied or put back), sorted.
    @discardableResult
    public func losePower() -> [String] {
        killNow(.powerLoss)
        return powerLossHandlers.flatMap { $0.handler.losePower() }.sorted()
    }
}

/// What a power loss reaches besides the process (`FaultInjector.losePower`): a simulated disk, which loses what was
/// written and never made durable. Called on the thread that drives the injector.
public protocol PowerLossHandler: AnyObject {
    /// The power went: loses what was not durable; returns what was lost (paths), in any order.
    func losePower() -> [String]
}

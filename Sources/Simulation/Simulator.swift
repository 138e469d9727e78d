// Simulation: the seeded fault simulation of the real runtime and game (issue 30, `interlude simulate`,
// Docs/Simulation.md). One seed is one run: for H simulated hours, a schedule drawn from the seed alone injects the
// OS's events, the player's actions (the game's `explorationActions`), scores, waits and kills into a real `Runtime`
// over a real `FileSnapshotStore` (its file system disturbed by `FaultyFileSystem`) and the in-process leaderboard,
// whose fault points (`Faults`) fire under the same seed. After every step and every event's work the runtime checks
// the contract's invariants, those of faults among them (CONTRACT §6: 9, a save reported durable survives a kill; 10, a
// resumed timer keeps its time; 11, the leaderboard holds each acknowledged score once). The same seed, profile, hours
// and faults give a byte-identical transcript: the simulation reads no clock and no unseeded random source, and the
// disk's folder is written `DISK`. The run is also kept as a script's lines (`SimulationResult.lines`), from which
// `Shrinker` makes a short `.script`.
// Owns: Simulator, SimulationOptions, SimulationResult, SimulationFailure, the schedule (its draws are Faults' SplitMix64).
// Imports Lifecycle, Runtime, Faults, Storage, Replay (the script's lines); never GL, a game or the command line
// (`interlude simulate` writes the files). Start reading at `Simulator.run()`.

import Faults
import Foundation
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Saves
import Storage

/// What one seed runs.
public struct SimulationOptions: Sendable {
    public var profile: Profile
    public var seed: UInt64
    /// Simulated time, in nanoseconds.
    public var duration: Nanoseconds
    /// The fault points that may fire (`os.kill.anyInstant` adds kills to the schedule).
    public var faults: Set<FaultPoint>
    /// How often an enabled storage point fires when reached, per thousand.
    public var perMille: Int
    /// The simulated disk: a real folder, emptied first.
    public var folder: String
    /// Each process writes its saves through a `BackgroundSnapshotStore` (the window's and Breakout's), whose writer
    /// the simulation runs at the start of one move in four (`SteppedSnapshotWriter`): a kill may find a save
    /// handed over and not yet written. False: the store writes at once (the default).
    public var backgroundStore = false

    public init(
        profile: Profile, seed: UInt64, duration: Nanoseconds, faults: Set<FaultPoint> = Set(FaultPoint.all),
        perMille: Int = 50, folder: String
    ) {
        self.profile = profile
        self.seed = seed
        self.duration = duration
        self.faults = faults
        self.perMille = perMille
        self.folder = folder
    }
}

/// A broken invariant, where it broke: what a report counts once per (invariant, site).
public struct SimulationFailure: Hashable, Sendable, CustomStringConvertible {
    /// `invariant 9 (savedSnapshotSurvivesKill)`: the invariant and its name.
    public let invariant: String
    /// The invariant's number (CONTRACT §6).
    public let number: Int
    /// The move that broke it (an event, an action, `kill`) and the state it found.
    public let site: String
    public let detail: String
    /// Virtual time, nanoseconds.
    public let time: Nanoseconds

    public init(invariant: String, number: Int, site: String, detail: String, time: Nanoseconds) {
        self.invariant = invariant
        self.number = number
        self.site = site
        self.detail = detail
        self.time = time
    }

    public var description: String { "\(invariant) at \(site) (t=\(time / 1_000_000) ms): \(detail)" }
    /// What makes two failures the same.
    public var kind: String { "\(invariant) @ \(site)" }
}

/// What one seed did.
public struct SimulationResult<Action: ScriptAction>: Sendable {
    public let options: SimulationOptions
    /// JSON Lines: each process's runtime transcript (CONTRACT §8), and the simulation's own `simulation` lines.
    public let transcript: String
    public let failures: [SimulationFailure]
    public let moves: Int
    public let kills: Int
    /// Invariant reports that were the contract's own answer to an injected fault (a failed save reported), or that
    /// a killed process made after its death: not failures.
    public let tolerated: Int
    /// How many times each fault point fired / was reached.
    public let faultsFired: [FaultPoint: Int]
    public let faultsReached: [FaultPoint: Int]
    /// How often each (state, event, fault) cell was reached: `background+task suspendedByOS` when no fault point
    /// fired during that event's move, `active homePressed storage.fsync.fails` for each point that did (a kill
    /// from the schedule is the move `kill`: `inactive kill os.kill.anyInstant`).
    public let cells: [String: Int]
    /// The run as a script's lines (CONTRACT §7): each move, a fault line before it for each point that fired in it,
    /// and a fault line for each kill: what `--shrink` starts from.
    public let lines: [Command<Action>]
    /// For each failure's kind, how many of `lines` were played when it was found (its move included).
    public let failingLine: [String: Int]
    public var ok: Bool { failures.isEmpty }
}

/// One seed's run of `Game` under `options`.
public struct Simulator<Game: LifecycleGame> where Game.Action: ScriptAction {
    public let options: SimulationOptions
    public let makeGame: (UInt64) -> Game
    public let actions: [Game.Action]
    /// Makes each process's snapshot store on the simulated disk (default: `FileSnapshotStore.faulty`, whose file
    /// system the storage points disturb and whose steps a power loss judges).
    /// A test passes a broken one to show the simulation finds what it breaks.
    public let makeStore: (String, FaultInjector) throws -> any SnapshotStore
    /// What the runtime is about to do, as `Runtime.willDo` tells it (a benchmark's time split); nil: nothing.
    public var willDo: ((RuntimeActivity) -> Void)? = nil
    /// The display the runtime draws on (`interlude simulate --render`: EGL offscreen); nil: a `RecordingDisplay`
    /// that keeps no scene (no GL, no scene built). With a display, the frame is captured after every relaunch and at
    /// the end (`frame` lines named `relaunch-K` and `end`, images `PROFILE-seed-S-NAME`), so that the transcript
    /// carries the pixels' hashes.
    public var display: (any Display<Game.Scene>)? = nil
    /// The environment and (when `display` is nil) the display, made from the run's injector: a test's doubles.
    public var world = SimulationWorld<Game.Scene>()
    /// The match's transport for the run (nil: the in-memory one), behind the run's network (`FaultyMatch`): a
    /// lockstep socket to an embedded match server acts the `network.match.*` points out on real sockets.
    public var match: (() -> any MatchTransport<Game.Message>)? = nil

    public init(
        options: SimulationOptions, actions: [Game.Action] = Game.explorationActions,
        store makeStore: @escaping (String, FaultInjector) throws -> any SnapshotStore = {
            try FileSnapshotStore.faulty(folder: $0, injector: $1)
        },
        game makeGame: @escaping (UInt64) -> Game
    ) {
        self.options = options
        self.actions = actions
        self.makeStore = makeStore
        self.makeGame = makeGame
    }

    /// The gaps between moves: mostly short (interruptions come in bursts), sometimes long (a phone in a pocket).
    static var gaps: [Nanoseconds] {
        let ms: Nanoseconds = 1_000_000
        return [
            17 * ms, 100 * ms, 100 * ms, 250 * ms, 250 * ms, 500 * ms, 500 * ms, 1000 * ms, 1000 * ms, 1000 * ms,
            2000 * ms, 2000 * ms, 3000 * ms, 5000 * ms, 10_000 * ms, 40_000 * ms,
        ]
    }

    /// The match's moves: two scripted peers join and leave, one sends each of the game's peer words
    /// (`ScriptAction.peerWords`: the shooter's `fire`), and the match server goes away and comes back.
    static var peerMoves: [MatchSetting] {
        [.peerJoin("ann"), .peerJoin("bob"), .peerLeave("ann"), .peerLeave("bob"), .down, .up]
            + Game.Action.peerWords.map { .peerSends("ann", word: $0) }
    }

    /// Runs the seed. Throws only when the simulated disk cannot be made.
    public func run() throws -> SimulationResult<Game.Action> {
        try? FileManager.default.removeItem(atPath: options.folder)
        let injector = FaultInjector(
            seed: options.seed, enabled: options.faults.subtracting(FaultPoint.instantKills),
            perMille: options.perMille)
        // Without a display of the caller's no frame is captured, so no scene is built either: the recording display
        // still stands behind the runtime's GL guard, which checks every present as before (CONTRACT §6.1).
        let (store, writer) = try openStore(injector)
        let runtime = Runtime(
            profile: options.profile, seed: options.seed, game: makeGame(options.seed),
            display: display ?? world.display?(injector) ?? RecordingDisplay<Game.Scene>(keepsScenes: false),
            snapshots: store)
        if let service = world.leaderboard?(injector) { runtime.useLeaderboard(service, pacing: .virtual) }
        if let match { runtime.useMatch(match()) }
        runtime.disturb(with: injector, environment: world.environment(injector, options.profile))
        runtime.willDo = willDo
        let run = SimulationRun(simulator: self, runtime: runtime, injector: injector, writer: writer)
        try run.launch()
        while run.time < options.duration { try run.move() }
        return run.finish()
    }
}

extension Simulator {
    /// A process's snapshot store on the simulated disk, as `makeStore` opens it; with `backgroundStore`, behind a
    /// `BackgroundSnapshotStore` whose writer (returned) the simulation runs by hand. The device's data protection
    /// stands in front of it all (`storage.protectedData.unavailable`).
    func openStore(_ injector: FaultInjector) throws -> (any SnapshotStore, SteppedSnapshotWriter?) {
        let store = try makeStore(options.folder, injector)
        guard options.backgroundStore else { return (DataProtectedStore(wrapping: store, injector: injector), nil) }
        let writer = world.writer()
        let background = BackgroundSnapshotStore(wrapping: OneThreadStore(store), writer: writer)
        return (DataProtectedStore(wrapping: background, injector: injector), writer)
    }
}

/// A store used from the simulation's one thread only (its background writer runs on it too, when told): what a
/// `BackgroundSnapshotStore` may write through, whatever store `makeStore` made.
private final class OneThreadStore: ForwardingSnapshotStore, @unchecked Sendable {
    let backing: any SnapshotStore
    init(_ backing: any SnapshotStore) { self.backing = backing }
}

/// One seed's run under way: the runtime, its fault injector, the schedule's generator and everything the result
/// reports, gathered move by move (`Simulator.run`).
private final class SimulationRun<Game: LifecycleGame> where Game.Action: ScriptAction {
    let simulator: Simulator<Game>
    let runtime: Runtime<Game>
    let injector: FaultInjector
    var options: SimulationOptions { simulator.options }
    var random: SplitMix64
    /// The background writer of the process under way (`backgroundStore`), and the generator that says when it runs:
    /// its own, so that a run without one draws the same schedule.
    var writer: SteppedSnapshotWriter?
    var writerRandom: SplitMix64
    /// A storage point fired in the writer's work: the store reports the failed write at its next save or flush,
    /// which is the contract's answer (tolerated), not a failure.
    var writerFailureOwed = false
    var failures: [SimulationFailure] = []
    var seen: Set<String> = []
    var cells: [String: Int] = [:]
    var moves = 0
    var kills = 0
    var time: Nanoseconds = 0
    var lines: [Command<Game.Action>] = []
    var failingMove: [String: Int] = [:]  // a failure's kind → the index in `lines` just past its move
    var failedInMove: [String] = []  // the kinds first found in the move under way
    var simulationLines: [(after: Int, text: String)] = []  // the simulation's own lines, after entry N
    var violationsTaken = 0
    var tolerated = 0
    var firedBefore = 0
    let events = Event.allCases
    let instantKills: [FaultPoint]

    init(simulator: Simulator<Game>, runtime: Runtime<Game>, injector: FaultInjector, writer: SteppedSnapshotWriter?) {
        self.simulator = simulator
        self.runtime = runtime
        self.injector = injector
        self.writer = writer
        random = SplitMix64(seed: simulator.options.seed)
        writerRandom = SplitMix64(seed: simulator.options.seed ^ 0x5157_5249_5445_5253)
        instantKills = FaultPoint.instantKills.filter { simulator.options.faults.contains($0) }
    }

    func note(_ failure: SimulationFailure) {
        guard seen.insert(failure.kind).inserted else { return }
        failures.append(failure)
        failedInMove.append(failure.kind)
    }

    func line(_ name: String, _ detail: String) {
        let text =
            "{\"t\":\(time / 1_000_000),\"type\":\"simulation\",\"name\":\"\(name)\",\"detail\":"
            + "\(Transcript.jsonString(detail))}"
        simulationLines.append((runtime.transcript.entries.count, text))
    }

    /// How many times a storage point has fired in the run.
    var storageFaultsFired: Int { injector.fired.filter { $0.key.kind == .storage }.values.reduce(0, +) }

    /// Takes the runtime's new violations. In a move where a storage fault fired, the runtime's reports of the
    /// failed save (invariant 5) are what the contract promises, not failures.
    func take(site: String) {
        let firedNow = storageFaultsFired
        // A failed write of the background writer's, from an earlier move, is reported in this one (at most once).
        let faulted = firedNow > firedBefore || writerFailureOwed
        firedBefore = firedNow
        for violation in runtime.violations[violationsTaken...] {
            if faulted, violation.rule == .snapshotBeforeLeaving {
                tolerated += 1
                writerFailureOwed = false
                continue
            }
            note(
                SimulationFailure(
                    invariant: "invariant \(violation.invariant)\(violation.rule.map { " (\($0))" } ?? "")",
                    number: violation.invariant, site: site, detail: violation.detail, time: time))
        }
        violationsTaken = runtime.violations.count
    }

    /// The points that fired in this move, as the fault lines that make a script's replay fire them: armed just
    /// before the move (at `moment`), each to fire at the reach it fired at, counted from the move's start.
    func faultLines(reachedBefore: [FaultPoint: Int], at moment: Nanoseconds) -> [Command<Game.Action>] {
        injector.takeFires().map {
            .fault(time: moment, $0.point, skip: $0.reach - (reachedBefore[$0.point] ?? 0) - 1)
        }
    }

    /// After a move in which a fault point killed the process: the relaunch, from the disk.
    func relaunchIfKilled(after status: Status) throws {
        guard let killer = injector.killedBy else { return }
        kills += 1
        line("kill", "\(killer.name) in \(status)")
        injector.relaunch()
        // A new process: a new store, and a new writer thread; what the old one held never reaches the disk.
        let (store, writer) = try simulator.openStore(injector)
        self.writer = writer
        writerFailureOwed = false
        runtime.kill(reopening: store)
        runtime.inject(.launched, at: time)
        take(site: "relaunch after \(killer.name) in \(status)")
        line("relaunch", "restored #\(runtime.snapshotGeneration)")
        capture("relaunch-\(kills)")
    }

    /// With a display of the caller's: the frame now, in the transcript.
    func capture(_ name: String) {
        guard simulator.display != nil else { return }
        let file = "\(options.profile.name)-seed-\(options.seed)-\(name)"
        runtime.noteFrame(name: name, runtime.capture(file))
    }

    /// Counts the cell `site`, once per fault point that fired since `before` (or once without a fault).
    func count(_ site: String, since before: [FaultPoint: Int]) {
        let firedNow = injector.fired.filter { $0.value > before[$0.key] ?? 0 }.keys.sorted()
        if firedNow.isEmpty { cells[site, default: 0] += 1 }
        for point in firedNow { cells["\(site) \(point.name)", default: 0] += 1 }
    }

    /// The first move: the launch, with the points that fired in it.
    func launch() throws {
        runtime.inject(.launched, at: 0)
        lines.append(.event(time: 0, .launched))
        take(site: "launched")
        lines = faultLines(reachedBefore: [:], at: 0) + lines
        endMove()
    }

    /// One move of the schedule: a gap drawn from the seed, then an event, an action, a peer's move, a score, a kill
    /// or a wait, checked, with the relaunch after a kill.
    func move() throws {
        if let writer, writerRandom.below(4) == 0 {
            // The writer's thread gets to the saves handed over; a storage kill in its work ends the process now.
            let fired = storageFaultsFired
            writer.runPending()
            if storageFaultsFired > fired { writerFailureOwed = true }
            try relaunchIfKilled(after: runtime.status)
        }
        let previous = time
        time = min(options.duration, time + random.pick(Simulator<Game>.gaps))
        let status = runtime.status
        let reachedBefore = injector.reached
        let (site, move) = drawMove(in: status)
        moves += 1
        take(site: site)
        try relaunchIfKilled(after: status)
        // The points that fired in the move (its relaunch included) go before it, armed where it began.
        lines += faultLines(reachedBefore: reachedBefore, at: previous) + move
        endMove()
    }

    /// Draws the move's kind from the seed and does it now (`time`): its cell's site and its script lines.
    func drawMove(in status: Status) -> (site: String, lines: [Command<Game.Action>]) {
        let roll = random.below(100)
        let before = injector.fired
        if roll < 50 {
            let event = random.pick(events)
            runtime.inject(event, at: time)
            count("\(status) \(event.rawValue)", since: before)
            return ("\(status) \(event.rawValue)", [.event(time: time, event)])
        } else if roll < 78, !simulator.actions.isEmpty {
            let action = random.pick(simulator.actions)
            runtime.inject(action, at: time)
            return ("\(status) \(action)", [.action(time: time, action)])
        } else if roll < 80 {
            // A peer of the match joins, leaves or fires at us (the match's server refuses what it cannot do).
            let setting = random.pick(Simulator<Game>.peerMoves)
            runtime.advance(to: time)
            _ = runtime.configureMatch(setting)
            return ("\(status) peer", [.wait(time: time), .match(setting)])
        } else if roll < 84 {
            // The game reports a score (a level's end, an earlier run's): the outbox sends it while active.
            let points = Int64(1 + random.below(5000))
            runtime.advance(to: time)
            runtime.configureLeaderboard(.pending(points))
            return ("\(status) score", [.wait(time: time), .leaderboard(.pending(points))])
        } else if roll < 88, !instantKills.isEmpty {
            let point = random.pick(instantKills)
            runtime.advance(to: time)
            ScriptRunner.fire(point, on: injector, runtime: runtime)
            count("\(status) kill", since: before)
            return ("\(status) kill", [.wait(time: time), .fault(time: time, point)])
        }
        runtime.advance(to: time)
        return ("\(status) wait", [.wait(time: time)])
    }

    /// The failures first found in the move just made fail at the line after it.
    func endMove() {
        for kind in failedInMove { failingMove[kind] = lines.count }
        failedInMove.removeAll()
    }

    /// The transcript with the simulation's own lines in place, the disk's folder written `DISK`, and the result.
    func finish() -> SimulationResult<Game.Action> {
        capture("end")
        line("end", "\(moves) moves, \(kills) kills, \(failures.count) failures")
        var output = ""
        var next = 0
        for (index, entry) in runtime.transcript.entries.enumerated() {
            while next < simulationLines.count, simulationLines[next].after == index {
                output += simulationLines[next].text + "\n"
                next += 1
            }
            output += entry.json + "\n"
        }
        for rest in simulationLines[next...] { output += rest.text + "\n" }
        let text = output.replacingOccurrences(of: options.folder, with: "DISK")
        return SimulationResult(
            options: options, transcript: text, failures: failures, moves: moves, kills: kills, tolerated: tolerated,
            faultsFired: injector.fired, faultsReached: injector.reached, cells: cells, lines: lines,
            failingLine: failingMove)
    }
}

// Simulation: the seeded fault simulation of the real runtime and game (issue 30, `interlude simulate`,
// Docs/Simulation.md). One seed is one run: for H simulated hours, a schedule drawn from the seed alone injects the
// OS's events, the player's actions (the game's `explorationActions`), waits and kills into a real `Runtime` over a
// real `FileSnapshotStore` whose fault points (`Faults`) fire under the same seed. After every move the contract's
// invariants are checked (the runtime does, after every step and every event's work), and the simulation's own: after
// any kill, the newest save the runtime reported (every save through the synchronous store is durable when it
// returns) is what the relaunch restores, or a later one. The same seed, profile, hours and faults give a byte-identical
// transcript: the simulation reads no clock and no unseeded random source, and the disk's folder is written `DISK`.
// Owns: Simulator, SimulationOptions, SimulationResult, SimulationFailure, the schedule (its draws are Faults' SplitMix64).
// Imports Lifecycle, Runtime, Faults, Storage; never GL, a game or the command line (`interlude simulate` writes the
// files). Start reading at `Simulator.run()`.

import Faults
import Foundation
import Lifecycle
import Runtime
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
    /// `invariant 5 (snapshotBeforeLeaving)`, or the simulation's own `durableSaveLost`.
    public let invariant: String
    /// The move that broke it (an event, an action, `kill`) and the state it found.
    public let site: String
    public let detail: String
    /// Virtual time, nanoseconds.
    public let time: Nanoseconds

    public var description: String { "\(invariant) at \(site) (t=\(time / 1_000_000) ms): \(detail)" }
    /// What makes two failures the same.
    public var kind: String { "\(invariant) @ \(site)" }
}

/// What one seed did.
public struct SimulationResult: Sendable {
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
    public var ok: Bool { failures.isEmpty }
}

/// One seed's run of `Game` under `options`.
public struct Simulator<Game: LifecycleGame> {
    public let options: SimulationOptions
    public let makeGame: (UInt64) -> Game
    public let actions: [Game.Action]
    /// Makes each process's snapshot store on the simulated disk (default: `FileSnapshotStore` with the fault points).
    /// A test passes a broken one to show the simulation finds what it breaks.
    public let makeStore: (String, FaultInjector) throws -> any SnapshotStore

    public init(
        options: SimulationOptions, actions: [Game.Action] = Game.explorationActions,
        store makeStore: @escaping (String, FaultInjector) throws -> any SnapshotStore = {
            try FileSnapshotStore(folder: $0, faults: $1)
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

    /// Runs the seed. Throws only when the simulated disk cannot be made.
    public func run() throws -> SimulationResult {
        try? FileManager.default.removeItem(atPath: options.folder)
        let injector = FaultInjector(
            seed: options.seed, enabled: options.faults.subtracting([.killAnyInstant]), perMille: options.perMille)
        var random = SplitMix64(seed: options.seed)
        var output = ""
        var failures: [SimulationFailure] = []
        var seen: Set<String> = []
        var cells: [String: Int] = [:]
        var moves = 0
        var kills = 0
        var lastDurable: Int64? = nil
        var time: Nanoseconds = 0

        func makeRuntime() throws -> Runtime<Game> {
            let store = try makeStore(options.folder, injector)
            let runtime = Runtime(
                profile: options.profile, seed: options.seed, game: makeGame(options.seed),
                display: RecordingDisplay<Game.Scene>(), snapshots: store)
            runtime.faults = injector  // its seeded bugs, when a test names one
            return runtime
        }
        func note(_ failure: SimulationFailure) {
            guard seen.insert(failure.kind).inserted else { return }
            failures.append(failure)
        }
        func line(_ name: String, _ detail: String) -> String {
            "{\"t\":\(time / 1_000_000),\"type\":\"simulation\",\"name\":\"\(name)\",\"detail\":\(Transcript.jsonString(detail))}\n"
        }

        var runtime = try makeRuntime()
        var linesTaken = 0
        var violationsTaken = 0
        var tolerated = 0
        var firedBefore = 0
        /// Takes the runtime's new lines and violations; notes the saves it reported. In a move where a storage
        /// fault fired, the runtime's reports of the failed save (invariant 5) are what the contract promises, not
        /// failures; in a move where the process was killed, nothing after the kill happened (the process was gone).
        func take(site: String) {
            let firedNow = injector.fired.filter { $0.key.kind == .storage }.values.reduce(0, +)
            let faulted = firedNow > firedBefore
            firedBefore = firedNow
            let killed = injector.killedBy != nil
            let entries = runtime.transcript.entries
            for line in entries[linesTaken...] {
                output += line.json + "\n"
                if case .work(.saveSnapshot, let detail?) = line.entry, let generation = Self.savedGeneration(detail) {
                    lastDurable = generation
                }
            }
            linesTaken = entries.count
            for violation in runtime.violations[violationsTaken...] {
                if killed || (faulted && violation.invariant == 5) {
                    tolerated += 1
                    continue
                }
                note(
                    SimulationFailure(
                        invariant: "invariant \(violation.invariant)\(violation.rule.map { " (\($0))" } ?? "")",
                        site: site, detail: violation.detail, time: time))
            }
            violationsTaken = runtime.violations.count
        }
        func relaunch(after cause: String) throws {
            kills += 1
            output += line("kill", cause)
            injector.relaunch()
            runtime = try makeRuntime()
            linesTaken = 0
            violationsTaken = 0
            runtime.inject(.launched, at: time)
            take(site: "relaunch after \(cause)")
            let restored = runtime.snapshotGeneration
            if let lastDurable, restored < lastDurable {
                note(
                    SimulationFailure(
                        invariant: "durableSaveLost", site: cause,
                        detail: "the newest save the runtime reported was #\(lastDurable); the relaunch restored "
                            + "#\(restored)", time: time))
            }
            output += line("relaunch", "restored #\(restored)")
        }

        /// Counts the cell `site`, once per fault point that fired since `before` (or once without a fault).
        func count(_ site: String, since before: [FaultPoint: Int]) {
            let firedNow = injector.fired.filter { $0.value > before[$0.key] ?? 0 }.keys.sorted()
            if firedNow.isEmpty { cells[site, default: 0] += 1 }
            for point in firedNow { cells["\(site) \(point.name)", default: 0] += 1 }
        }

        runtime.inject(.launched, at: 0)
        take(site: "launched")
        let events = Event.allCases
        let killsEnabled = options.faults.contains(.killAnyInstant)
        while time < options.duration {
            time = min(options.duration, time + random.pick(Self.gaps))
            let status = runtime.status
            let roll = random.below(100)
            let site: String
            let firedBeforeMove = injector.fired
            if roll < 50 {
                let event = random.pick(events)
                site = "\(status) \(event.rawValue)"
                runtime.inject(event, at: time)
                count(site, since: firedBeforeMove)
            } else if roll < 85, !actions.isEmpty {
                let action = random.pick(actions)
                site = "\(status) \(action)"
                runtime.inject(action, at: time)
            } else if roll < 88, killsEnabled {
                site = "\(status) kill"
                injector.killNow()
                runtime.advance(to: time)
                count(site, since: firedBeforeMove)
                take(site: site)
                moves += 1
                try relaunch(after: "\(FaultPoint.killAnyInstant.name) in \(status)")
                continue
            } else {
                site = "\(status) wait"
                runtime.advance(to: time)
            }
            moves += 1
            take(site: site)
            if let killer = injector.killedBy {
                try relaunch(after: "\(killer.name) in \(status)")
            }
        }
        output += line("end", "\(moves) moves, \(kills) kills, \(failures.count) failures")
        let text = output.replacingOccurrences(of: options.folder, with: "DISK")
        return SimulationResult(
            options: options, transcript: text, failures: failures, moves: moves, kills: kills, tolerated: tolerated,
            faultsFired: injector.fired, faultsReached: injector.reached, cells: cells)
    }

    /// The generation of a `saveSnapshot` that succeeded, from its work detail (`full #12`; `full failed`: nil).
    static func savedGeneration(_ detail: String) -> Int64? {
        guard let hash = detail.firstIndex(of: "#") else { return nil }
        return Int64(detail[detail.index(after: hash)...])
    }
}

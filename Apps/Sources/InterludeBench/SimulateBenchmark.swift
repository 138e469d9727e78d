// Simulate speed (issue 30): simulated game-hours per CPU-hour of `interlude simulate`'s engine, one core, render
// off, as the command runs it (the real runtime and shooter, a `FileSnapshotStore` on /dev/shm, the in-process
// leaderboard), with every fault point and without any. Reference, in the same run: the bundled scripts replayed in
// process without rendering, their virtual time (each script's last timed line) per CPU time, alternating with the
// simulation round by round (the ratio is the median of the rounds' ratios). Where the time goes:
// the same seeds with the schedule's moves but the fixed steps only (a runtime advanced through the same virtual time
// on the menu, no move), so that the share of the 60 Hz steps and the share of the moves (events, saves, kills,
// relaunches) stand apart. CPU time is the process's (CLOCK_PROCESS_CPUTIME_ID): one thread does all the work.

import Faults
import Foundation
import GameCore
import Lifecycle
import Replay
import Runtime
import Saves
import ShooterPlatform
import Simulation
import Storage

enum SimulateBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: ["--seeds": "3", "--hours": "0.5", "--rounds": "3", "--json": "out/bench/simulate.json"])
        let seeds = try options.count("--seeds")
        let rounds = try options.count("--rounds")
        guard let hours = Double(options.string("--hours")), hours > 0 else {
            throw BenchmarkError("--hours takes a positive number")
        }
        let levels = try BenchRuntime.levels()
        let assets = try AssetDirectory.locate()
        let disk = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = "\(disk)/interlude-bench-simulate-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // The reference: the bundled scripts, virtual time per CPU time.
        var bundled: [Script] = []
        var bundledNanoseconds: Int64 = 0
        for (name, text) in try ReplaySpeedBenchmark.bundledScripts(assets, levels: levels).kept {
            let script: Script = try ScriptParser.parse(text, file: name)
            bundled.append(script)
            bundledNanoseconds += script.lines.compactMap(\.command.time).max() ?? 0
        }
        let bundledVirtual = Double(bundledNanoseconds)
        /// The bundled scripts once: their virtual time per CPU time.
        func replayBundled() -> Double {
            let started = cpuSeconds()
            for script in bundled {
                _ = ScriptRunner.run(
                    script, snapshots: InMemorySnapshotStore(), game: { Game(seed: $0, levels: levels) })
            }
            return bundledVirtual / 1e9 / (cpuSeconds() - started)
        }

        // The simulation, every profile, with all faults and with none.
        let duration = Int64(hours * 3_600_000_000_000)
        func simulate(_ faults: Set<FaultPoint>) throws -> (factor: Double, moves: Int, kills: Int) {
            var cpu = 0.0
            var moves = 0
            var kills = 0
            for profile in Profile.all {
                for seed in 1...UInt64(seeds) {
                    let started = cpuSeconds()
                    let result = try Simulator(
                        options: SimulationOptions(
                            profile: profile, seed: seed, duration: duration, faults: faults, folder: folder)
                    ) { Game(seed: $0, levels: levels) }.run()
                    cpu += cpuSeconds() - started
                    moves += result.moves
                    kills += result.kills
                }
            }
            let simulated = hours * 3600 * Double(Profile.all.count * seeds)
            return (simulated / cpu, moves, kills)
        }
        // The reference and the simulation (every fault) alternate, round by round, after a round of each to warm
        // up: this machine's speed drifts between runs by half as much again, and a ratio of two measures taken
        // seconds apart cancels the drift. Each figure is the median of its rounds; the ratio the median of the
        // rounds' ratios.
        _ = replayBundled()
        var all = try simulate(Set(FaultPoint.all))
        var bundledFactors: [Double] = []
        var allFactors: [Double] = []
        var ratios: [Double] = []
        for _ in 1...rounds {
            bundledFactors.append(replayBundled())
            all = try simulate(Set(FaultPoint.all))
            allFactors.append(all.factor)
            ratios.append(all.factor / bundledFactors[bundledFactors.count - 1])
        }
        let bundledFactor = median(bundledFactors)
        all.factor = median(allFactors)
        let none = try simulate([])

        // Where the time goes: the same seeds (every fault) with the CPU time between the runtime's activities
        // (`Runtime.willDo`) given to the activity that began it; the rest is the schedule's own.
        let split = TimeSplit()
        var splitTotal = 0.0
        for profile in Profile.all {
            for seed in 1...UInt64(seeds) {
                var simulator = Simulator(
                    options: SimulationOptions(profile: profile, seed: seed, duration: duration, folder: folder)
                ) { Game(seed: $0, levels: levels) }
                simulator.willDo = { split.begin(TimeSplit.category(of: $0)) }
                let started = cpuSeconds()
                split.begin("the schedule: moves, events' transitions, checks, the transcript")
                _ = try simulator.run()
                split.begin(nil)
                splitTotal += cpuSeconds() - started
            }
        }
        let interruptionsPerNight =
            Double(all.moves) * all.factor / (hours * 3600 * Double(Profile.all.count * seeds))
            * 8 * 3600 * 2

        let figures = [
            Figure(
                name: "simulate: game-hours per CPU-hour, every fault", value: all.factor, unit: "x", goal: 1000,
                better: .higher,
                note:
                    "\(Profile.all.count) profiles x \(seeds) seeds x \(hours) h; \(all.moves) moves, \(all.kills) kills"
            ),
            Figure(name: "simulate: game-hours per CPU-hour, no fault", value: none.factor, unit: "x", better: .higher),
            Figure(
                name: "reference: bundled scripts' virtual time per CPU time (no render)", value: bundledFactor,
                unit: "x", better: .higher, note: "\(bundled.count) scripts, median of \(rounds) rounds"),
            Figure(
                name: "simulate (every fault) / bundled scripts", value: median(ratios), unit: "ratio",
                better: .higher,
                note: "median of \(rounds) rounds: "
                    + ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")),
            Figure(
                name: "interruptions (moves) in an 8 h night on two cores", value: interruptionsPerNight, unit: "",
                better: .higher),
        ]
        let shares = split.seconds.sorted { $0.value > $1.value }.map { (name: $0.key, share: $0.value / splitTotal) }
        for figure in figures { print(figure.line) }
        print("where the time goes (every fault, \(String(format: "%.2f", splitTotal)) CPU s):")
        for (name, share) in shares { print("  \(String(format: "%5.1f", share * 100)) %  \(name)") }
        try writeResult(
            mode: "simulate", figures: figures,
            extra: ["timeSplit": shares.map { ["activity": $0.name, "share": ($0.share * 1000).rounded() / 1000] }],
            to: options.string("--json"))
    }

    /// CPU time given to what the runtime said it began, until it began something else.
    final class TimeSplit: @unchecked Sendable {
        var seconds: [String: Double] = [:]
        private var current: String?
        private var since = 0.0

        /// `activity` begins now (nil: nothing more is counted).
        func begin(_ activity: String?) {
            let now = SimulateBenchmark.cpuSeconds()
            if let current { seconds[current, default: 0] += now - since }
            current = activity
            since = now
        }

        /// The share a runtime activity counts under.
        static func category(of activity: RuntimeActivity) -> String {
            switch activity {
            case .step: return "fixed steps (timers, the game, the leaderboard, invariants)"
            case .work(.saveSnapshot), .work(.saveInstanceState): return "saves (encode, write, fsync on /dev/shm)"
            case .work(.loadSnapshot): return "loads (relaunches and restores)"
            case .work: return "other work"
            case .display: return "frames: presents through the GL guard (60 a virtual second while active; no scene)"
            }
        }
    }

    /// The middle value of `values` (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// This process's CPU time, in seconds.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

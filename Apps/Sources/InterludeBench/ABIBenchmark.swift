// ABI cost (Docs/Contract.md §11): what crossing into a C game costs. Two figures:
// - nanoseconds per call across the boundary, as the runtime makes them (`ForeignGame`: the crash report's marker,
//   the C call, the check of what came back): `interlude_status` (the cheapest: pure crossing), `interlude_step`,
//   and a save (`interlude_save` and the copy of its bytes); reference in the same run: the shooter's same reads
//   and step through the same generic `LifecycleGame` path, so the ratio is the crossing's cost against a Swift game.
// - the C game's simulation speed (`interlude simulate`'s engine, one core, no render, every profile, every fault),
//   in simulated time per CPU time, beside the shooter's in the same run.
// The C game is Examples/Lander's library (`make -C Examples/Lander`), or `--game PATH`.

import Faults
import ForeignGame
import Foundation
import GameCore
import Lifecycle
import Replay
import Runtime
import Simulation

enum ABIBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--game": "Examples/Lander/liblander.so", "--calls": "1000000", "--seeds": "2", "--hours": "0.25",
                "--json": "out/bench/abi.json",
            ])
        let calls = try options.count("--calls")
        let seeds = try options.count("--seeds")
        guard let hours = Double(options.string("--hours")), hours > 0 else {
            throw BenchmarkError("--hours takes a positive number")
        }
        let path = options.string("--game")
        guard FileManager.default.fileExists(atPath: path) else {
            throw BenchmarkError("\(path): no such library (make -C Examples/Lander builds it)")
        }
        let library = try GameLibrary(path: path)
        ForeignAction.install(library)
        let levels = try BenchRuntime.levels()

        // A C game and the shooter, each in a running session.
        var lander = try ForeignGame(path: path, seed: 1)
        _ = lander.perform(ForeignAction("launch"), context: ActionContext(run: 1))
        var shooter = Game(seed: 1, levels: levels)
        _ = shooter.perform(.play(.singlePlayer, level: 1), context: ActionContext(run: 1))
        guard lander.isRunning, shooter.isRunning else { throw BenchmarkError("a game did not start its session") }

        let status = (c: perCall(calls) { statusRead(lander) }, swift: perCall(calls) { statusRead(shooter) })
        let saves = max(1, calls / 100)
        let save = (c: perCall(saves) { saveRead(lander) }, swift: perCall(saves) { saveRead(shooter) })
        // Steps change the game: a copy per round of 1,000 keeps the flight short of landing.
        let stepCalls = max(1000, calls / 10)
        let step = (
            c: perCall(stepCalls, rounds: 1000) { stepOnce(&lander) },
            swift: perCall(stepCalls, rounds: 1000) { stepOnce(&shooter) }
        )

        // The simulation: every profile, `seeds` seeds, every fault, no render.
        let disk = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = "\(disk)/interlude-bench-abi-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let duration = Int64(hours * 3_600_000_000_000)
        func simulate<G: LifecycleGame>(_ makeGame: @escaping (UInt64) -> G) throws -> Double
        where G.Action: ScriptAction {
            var cpu = 0.0
            for profile in Profile.all {
                for seed in 1...UInt64(seeds) {
                    let started = SimulateBenchmark.cpuSeconds()
                    _ = try Simulator(
                        options: SimulationOptions(
                            profile: profile, seed: seed, duration: duration, faults: Set(FaultPoint.all),
                            folder: folder), game: makeGame
                    ).run()
                    cpu += SimulateBenchmark.cpuSeconds() - started
                }
            }
            return hours * 3600 * Double(Profile.all.count * seeds) / cpu
        }
        let cSimulation = try simulate { try! ForeignGame(path: path, seed: $0) }
        let swiftSimulation = try simulate { Game(seed: $0, levels: levels) }

        let figures = [
            Figure(name: "ABI: ns per call, interlude_status", value: status.c, unit: "ns", note: library.name),
            Figure(name: "reference: ns per call, the shooter's status", value: status.swift, unit: "ns"),
            Figure(name: "ABI: ns per call, interlude_step", value: step.c, unit: "ns"),
            Figure(name: "reference: ns per call, the shooter's step", value: step.swift, unit: "ns"),
            Figure(name: "ABI: ns per save (interlude_save, bytes copied)", value: save.c, unit: "ns"),
            Figure(name: "reference: ns per save, the shooter's state", value: save.swift, unit: "ns"),
            Figure(
                name: "simulate: C game, game-hours per CPU-hour, every fault", value: cSimulation, unit: "x",
                goal: 1000, better: .higher,
                note: "\(Profile.all.count) profiles x \(seeds) seeds x \(hours) h, \(library.name)"),
            Figure(
                name: "simulate: the shooter, game-hours per CPU-hour, every fault", value: swiftSimulation,
                unit: "x", better: .higher),
            Figure(
                name: "simulate: C game / the shooter", value: cSimulation / swiftSimulation, unit: "ratio",
                better: .higher),
        ]
        for figure in figures { print(figure.line) }
        try writeResult(mode: "abi", figures: figures, to: options.string("--json"))
    }

    /// Nanoseconds per call of `body`, `count` calls (after `count / 10` to warm up); `rounds` calls per timed block.
    static func perCall(_ count: Int, rounds: Int = 1000, _ body: () -> Void) -> Double {
        for _ in 0..<max(1, count / 10) { body() }
        let clock = ContinuousClock()
        var total = Duration.zero
        var done = 0
        while done < count {
            let block = min(rounds, count - done)
            let started = clock.now
            for _ in 0..<block { body() }
            total += clock.now - started
            done += block
        }
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        return seconds * 1e9 / Double(count)
    }

    // Through the generic protocol, as the runtime calls a game; not inlined, so neither side is folded away.
    @inline(never) static func statusRead<G: LifecycleGame>(_ game: G) { blackHole(game.isRunning) }
    @inline(never) static func saveRead<G: LifecycleGame>(_ game: G) { blackHole(game.encodeState(game.savedState)) }
    @inline(never) static func stepOnce<G: LifecycleGame>(_ game: inout G) { game.step() }
    @inline(never) static func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
}

import ArgumentParser
import Faults
import Foundation
import GameCore
import Lifecycle
import Runtime
import ShooterPlatform
import Simulation
import Storage

/// `interlude simulate`: the seeded fault simulation of the real runtime and the shooter (issue 30).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the real runtime and game under a seeded schedule of interruptions, input and faults.",
        discussion: """
            Each seed is one run of --hours simulated hours (no render): a schedule drawn from the seed alone injects the OS's events, the player's actions, waits and kills, while fault points in the snapshot store (a full disk, an I/O error, a failed fsync, the process dying at each step of a save) fire under the same seed. After every step and every event the contract's invariants are checked, and the simulation's own: after any kill, the relaunch restores the newest save the runtime reported, or a later one. A failure prints its seed and the build's identity; the same seed, profile, hours and faults replay byte-identically (--seed S). Failures with the same invariant and site are counted once. Docs/Simulation.md.

            Writes DIR/PROFILE-seed-S.transcript.jsonl per seed (the runtime's transcript, CONTRACT §8, and `simulation` lines: kill, relaunch, end), DIR/simulate.json and DIR/report.md (failures, faults fired and reached, the (state, event) cells reached per profile).

            Examples:
              interlude simulate --list                              # the fault points
              interlude simulate --seeds 20 --profile all --hours 0.5
              interlude simulate --seed 7 --profile ios26 --faults storage.write.noSpace,os.kill.anyInstant
              interlude simulate --seeds 10 --twice                  # each seed twice, compared byte for byte

            Exit status: 0 no failure; 1 a failure (or --twice found a difference); 2 an invalid option.
            """)

    @Flag(help: "Print the fault points and exit.")
    var list = false

    @Option(help: "Run this one seed.")
    var seed: UInt64?

    @Option(help: "Run seeds 1...N (ignored with --seed).")
    var seeds: Int = 10

    @Option(help: "A profile (ios4, ios5, ios13, ios26, android28, android34) or all.")
    var profile: String = "all"

    @Option(help: "Simulated hours per seed.")
    var hours: Double = 0.25

    @Option(help: "Fault points, comma-separated (names from --list), or all, storage, os, none.")
    var faults: String = "all"

    @Option(help: "How often an enabled storage fault point fires when reached, per thousand.")
    var rate: Int = 50

    @Flag(help: "Run each seed twice and fail when the two transcripts differ.")
    var twice = false

    @Flag(
        help: ArgumentHelp(
            "Shrink each distinct failure to a short .script in DIR/shrunk/ that `interlude replay` fails on the same "
                + "way (fault lines where the faults fired)."))
    var shrink = false

    @Option(name: .shortAndLong, help: "Output folder.")
    var out: String = "out/simulate"

    @Option(
        help: ArgumentHelp(
            "Where the simulated disks go (default: a folder in /dev/shm when there is one, so that fsync costs "
                + "nothing; else the output folder).", valueName: "dir"))
    var disk: String?

    @Option(help: "The Assets folder (default: ./Assets, or the checkout this binary was built from).")
    var assets: String?

    func validate() throws {
        guard Profile.named(profile) != nil || profile == "all" else {
            let names = Profile.all.map(\.name).joined(separator: ", ")
            throw ValidationError("--profile must be \(names) or all; got '\(TerminalText.escaped(profile))'")
        }
        guard hours > 0, hours <= 1000 else { throw ValidationError("--hours must be more than 0 and at most 1000") }
        guard (1...1_000_000).contains(seeds) else { throw ValidationError("--seeds must be within 1...1000000") }
        guard (0...1000).contains(rate) else { throw ValidationError("--rate must be within 0...1000") }
        _ = try faultPoints()
    }

    /// `--faults` as points.
    func faultPoints() throws -> Set<FaultPoint> {
        var points: Set<FaultPoint> = []
        for name in faults.split(separator: ",").map(String.init) {
            switch name {
            case "all": points.formUnion(FaultPoint.all)
            case "none": break
            case _ where FaultKind(rawValue: name) != nil:
                points.formUnion(FaultPoint.all.filter { $0.kind.rawValue == name })
            default:
                guard let point = FaultPoint.named(name) else {
                    throw ValidationError(
                        "--faults: unknown fault point '\(TerminalText.escaped(name))'; `interlude simulate --list` "
                            + "lists them")
                }
                points.insert(point)
            }
        }
        return points
    }

    func run() throws {
        if list {
            for point in FaultPoint.all {
                print("\(point.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(point.summary)")
            }
            print("seeded bugs (test-only switches, never in `all`; name them to enable):")
            for point in FaultPoint.seededBugs {
                print("\(point.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(point.summary)")
            }
            return
        }
        let levels = try loadLevelsOrExit(assets: assets)
        do { try HostPaths.prepareFolder(out) } catch { throw ValidationError("--out: \(error)") }
        let points = try faultPoints()
        let profiles = profile == "all" ? Profile.all : [Profile.named(profile)!]
        let seedList: [UInt64] = seed.map { [$0] } ?? (1...UInt64(seeds)).map { $0 }
        let duration = Int64((hours * 3_600_000_000_000).rounded())
        let identity = Self.buildIdentity()
        let diskRoot =
            disk
            ?? (FileManager.default.fileExists(atPath: "/dev/shm")
                ? "/dev/shm/interlude-simulate-\(getpid())" : out)
        defer { if disk == nil, diskRoot != out { try? FileManager.default.removeItem(atPath: diskRoot) } }
        var failures: [String: (failure: SimulationFailure, seeds: [String])] = [:]
        var order: [String] = []
        var cells: [String: [String: Int]] = [:]
        var fired: [FaultPoint: Int] = [:]
        var reached: [FaultPoint: Int] = [:]
        var failingRuns: [(String, UInt64)] = []
        var differing: [String] = []
        var shrunk: Set<String> = []
        var totals = (moves: 0, kills: 0, tolerated: 0, seconds: 0.0)
        let started = Date()
        for profile in profiles {
            for seed in seedList {
                let name = "\(profile.name)-seed-\(seed)"
                let options = SimulationOptions(
                    profile: profile, seed: seed, duration: duration, faults: points, perMille: rate,
                    folder: diskRoot + "/disk-" + name)
                let simulator = Simulator(options: options) { Game(seed: $0, levels: levels) }
                let clock = Date()
                let result = try simulator.run()
                let seconds = Date().timeIntervalSince(clock)
                try Data(result.transcript.utf8).write(to: URL(fileURLWithPath: "\(out)/\(name).transcript.jsonl"))
                if twice {
                    let again = try simulator.run()
                    if again.transcript != result.transcript { differing.append(name) }
                }
                try? FileManager.default.removeItem(atPath: options.folder)
                totals.moves += result.moves
                totals.kills += result.kills
                totals.tolerated += result.tolerated
                totals.seconds += seconds
                for (cell, count) in result.cells { cells[profile.name, default: [:]][cell, default: 0] += count }
                for (point, count) in result.faultsFired { fired[point, default: 0] += count }
                for (point, count) in result.faultsReached { reached[point, default: 0] += count }
                for failure in result.failures {
                    let key = "\(profile.name): \(failure.kind)"
                    if failures[key] == nil { order.append(key) }
                    failures[key, default: (failure, [])].seeds.append(String(seed))
                }
                if !result.ok { failingRuns.append((profile.name, seed)) }
                if shrink, !result.ok { try shrinkFailures(of: result, levels: levels, disk: diskRoot, done: &shrunk) }
                print(
                    "\(result.ok ? "ok  " : "FAIL") \(name): \(result.moves) moves, \(result.kills) kills, "
                        + "\(result.failures.count) failures (\(String(format: "%.2f", seconds)) s)")
            }
        }
        let simulatedHours = hours * Double(profiles.count * seedList.count)
        let wall = Date().timeIntervalSince(started)
        let speed = simulatedHours * 3600 / max(totals.seconds, 1e-9)
        try writeReport(
            order: order, failures: failures, cells: cells, fired: fired, reached: reached, identity: identity,
            summary: (
                profiles.count * seedList.count, totals.moves, totals.kills, totals.tolerated, simulatedHours, wall,
                speed
            ),
            differing: differing)
        print(
            "\(profiles.count * seedList.count) runs, \(String(format: "%.2f", simulatedHours)) simulated hours in "
                + "\(String(format: "%.1f", wall)) s (\(Int(speed))x real time), \(totals.moves) moves, "
                + "\(totals.kills) kills, \(order.count) distinct failures; build \(identity)")
        for key in order {
            let entry = failures[key]!
            print("FAILURE \(TerminalText.escaped(key)): \(TerminalText.escaped(entry.failure.detail))")
            print("  seeds \(entry.seeds.prefix(10).joined(separator: ", "))\(entry.seeds.count > 10 ? ", ..." : "")")
        }
        for (profile, seed) in failingRuns.prefix(5) {
            print(
                "  reproduce: interlude simulate --seed \(seed) --profile \(profile) --hours \(hours) --faults "
                    + "\(faults) --rate \(rate)  (build \(identity))")
        }
        for name in differing { print("DIFFERS \(name): the second run's transcript is not the first's") }
        print("transcripts and report.md in \(TerminalText.escaped(out))/")
        if !order.isEmpty || !differing.isEmpty { throw Exit.failed }
    }

    /// The build's identity: FNV-1a 64 of this executable's bytes (two builds that differ by one byte differ).
    static func buildIdentity() -> String {
        guard let bytes = FileManager.default.contents(atPath: "/proc/self/exe") else { return "unknown" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private func writeReport(
        order: [String], failures: [String: (failure: SimulationFailure, seeds: [String])],
        cells: [String: [String: Int]], fired: [FaultPoint: Int], reached: [FaultPoint: Int], identity: String,
        summary: (runs: Int, moves: Int, kills: Int, tolerated: Int, hours: Double, wall: Double, speed: Double),
        differing: [String]
    ) throws {
        var md = "# interlude simulate\n\n"
        md += "- build \(identity); \(summary.runs) runs; \(String(format: "%.2f", summary.hours)) simulated hours in "
        md += "\(String(format: "%.1f", summary.wall)) s (\(Int(summary.speed))x real time on one core)\n"
        md += "- \(summary.moves) moves, \(summary.kills) kills, \(summary.tolerated) invariant reports tolerated "
        md += "(a failed save reported under an injected fault, or made by a killed process)\n\n"
        md += "## Failures (\(order.count), each (invariant, site) once)\n\n"
        for key in order {
            let entry = failures[key]!
            md +=
                "- `\(Self.markdown(key))`: \(Self.markdown(entry.failure.detail)) (seeds \(entry.seeds.joined(separator: ", ")))\n"
        }
        if !differing.isEmpty { md += "\n## Not deterministic\n\n" + differing.map { "- \($0)\n" }.joined() }
        md += "\n## Fault points (fired / reached)\n\n| point | fired | reached |\n|---|---|---|\n"
        for point in FaultPoint.all { md += "| `\(point.name)` | \(fired[point] ?? 0) | \(reached[point] ?? 0) |\n" }
        md += "\n## (state, event) cells reached\n"
        for (profile, counts) in cells.sorted(by: { $0.key < $1.key }) {
            md += "\n### \(profile): \(counts.count) cells\n\n| state event | times |\n|---|---|\n"
            for (cell, count) in counts.sorted(by: { $0.key < $1.key }) { md += "| `\(cell)` | \(count) |\n" }
        }
        try Data(md.utf8).write(to: URL(fileURLWithPath: out + "/report.md"))
        let json: [String: Any] = [
            "build": identity, "runs": summary.runs, "moves": summary.moves, "kills": summary.kills,
            "tolerated": summary.tolerated, "simulatedHours": summary.hours, "wallSeconds": summary.wall,
            "realTimeFactor": summary.speed,
            "failures": order.map { key -> [String: Any] in
                let entry = failures[key]!
                return [
                    "kind": key, "detail": entry.failure.detail, "seeds": entry.seeds,
                ]
            },
            "differing": differing,
            "faults": FaultPoint.all.map { ["point": $0.name, "fired": fired[$0] ?? 0, "reached": reached[$0] ?? 0] },
        ]
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: out + "/simulate.json"))
    }

    /// Text for Markdown: no raw HTML, no code-span breaks.
    static func markdown(_ text: String) -> String {
        TerminalText.escaped(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

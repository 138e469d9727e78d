// SimulateReport: what `interlude simulate` writes beside the transcripts: DIR/simulate.json, DIR/report.md and
// DIR/report.html (SimulateReport+HTML, with the heatmaps of SimulateReport+Heatmap). All three are drawn from one
// `SimulateTally`, added up from the runs in their fixed order (profiles in CONTRACT §5's order, seeds ascending),
// so that they are the same whatever --jobs ran them and whichever shards --merge gathers. The timing (wall and run
// seconds) is in DIR/timing.json alone, so that two runs of the same seeds write the same bytes in every other file.
// simulate.json is the tally itself, and with timing.json what --merge reads back.

import Faults
import Foundation
import Lifecycle
import Simulation

/// What a simulation's runs add up to.
struct SimulateTally: Codable, Equatable {
    /// A broken invariant at a site, on one profile, with every seed that broke it there.
    struct Failure: Codable, Equatable {
        /// `PROFILE: invariant @ site`.
        var kind: String
        var profile: String
        var detail: String
        /// Ascending.
        var seeds: [UInt64]
    }

    /// How often a fault point fired, and was reached.
    struct FaultCount: Codable, Equatable {
        var point: String
        var fired: Int
        var reached: Int
    }

    /// Wall and CPU time: the only part that differs between two runs of the same seeds (DIR/timing.json).
    struct Timing: Codable, Equatable {
        /// Seconds from the first run's start to the last run's end (summed over the shards merged).
        var wallSeconds: Double
        /// Seconds spent in the runs themselves, summed over the runs (the first of each seed's --twice runs).
        var runSeconds: Double
        /// Simulated seconds per second of a run's own time, on one core.
        var realTimeFactor: Double
        /// Each run's seconds (`PROFILE-seed-S`), to the millisecond.
        var runs: [String: Double] = [:]

        static let none = Timing(wallSeconds: 0, runSeconds: 0, realTimeFactor: 0)
    }

    /// FNV-1a of the `interlude` executable (SimulateCommand.buildIdentity).
    var build: String
    /// The options every run shares, as the reproduce line gives them.
    var hours: Double
    var faults: String
    var rate: Int
    /// True when the runs saved through a background store (`--background-store`); nil (left out) otherwise.
    var backgroundStore: Bool?
    /// `K/N` for one shard's tally; nil for every run, or for shards merged.
    var shard: String?
    /// The profiles simulated, in CONTRACT §5's order.
    var profiles: [String]
    var runs: Int
    var moves: Int
    var kills: Int
    var tolerated: Int
    var simulatedHours: Double
    /// Not in simulate.json: in timing.json (SimulateReport.write).
    var timing = Timing.none
    /// In a fixed order: by profile (§5's order), then by the first seed that broke it, then by kind.
    var failures: [Failure]
    /// Runs (`PROFILE-seed-S`) whose two --twice runs differ, in run order.
    var differing: [String]
    /// Every fault point of the environment, and each seeded bug enabled (or that fired), by name.
    var faultCounts: [FaultCount]
    /// Per profile, each cell (`SimulationResult.cells`' key) and how often the runs reached it.
    var cells: [String: [String: Int]]
    /// The `--sometimes` cells no run reached (`PROFILE STATE EVENT [FAULT]`), in the file's order; nil without a list.
    var neverReached: [String]?

    /// The options every run shares, as a command line gives them (the reproduce lines, a merge's refusal).
    var optionsText: String {
        "--hours \(hours) --faults \(faults) --rate \(rate)" + (backgroundStore == true ? " --background-store" : "")
    }

    /// simulate.json's fields: everything but the timing.
    enum CodingKeys: String, CodingKey {
        case build, hours, faults, rate, backgroundStore, shard, profiles, runs, moves, kills, tolerated, simulatedHours
        case failures
        case differing, faultCounts, cells, neverReached
    }

    /// What one run (one profile, one seed) gave: its result without the transcript (already written).
    struct Run: Sendable {
        let profile: Profile
        let seed: UInt64
        let moves: Int
        let kills: Int
        let tolerated: Int
        let failures: [SimulationFailure]
        let fired: [FaultPoint: Int]
        let reached: [FaultPoint: Int]
        let cells: [String: Int]
        /// Seconds the run took (the first, with --twice).
        let seconds: Double
        /// With --twice: true when the second run's transcript was not the first's.
        let differs: Bool

        init(
            profile: Profile, seed: UInt64, moves: Int, kills: Int, tolerated: Int, failures: [SimulationFailure],
            fired: [FaultPoint: Int], reached: [FaultPoint: Int], cells: [String: Int], seconds: Double, differs: Bool
        ) {
            self.profile = profile
            self.seed = seed
            self.moves = moves
            self.kills = kills
            self.tolerated = tolerated
            self.failures = failures
            self.fired = fired
            self.reached = reached
            self.cells = cells
            self.seconds = seconds
            self.differs = differs
        }

        init<Action>(
            profile: Profile, seed: UInt64, result: SimulationResult<Action>, seconds: Double, differs: Bool
        ) {
            self.profile = profile
            self.seed = seed
            moves = result.moves
            kills = result.kills
            tolerated = result.tolerated
            failures = result.failures
            fired = result.faultsFired
            reached = result.faultsReached
            cells = result.cells
            self.seconds = seconds
            self.differs = differs
        }
    }

    /// The tally of `runs`, which are in run order, with `enabled` fault points (a seeded bug is listed only when
    /// enabled, or when it fired).
    init(
        runs: [Run], build: String, hours: Double, faults: String, enabled: Set<FaultPoint>, rate: Int, shard: String?,
        wallSeconds: Double
    ) {
        self.build = build
        self.hours = hours
        self.faults = faults
        self.rate = rate
        self.shard = shard
        profiles = Profile.all.map(\.name).filter { name in runs.contains { $0.profile.name == name } }
        self.runs = runs.count
        moves = runs.reduce(0) { $0 + $1.moves }
        kills = runs.reduce(0) { $0 + $1.kills }
        tolerated = runs.reduce(0) { $0 + $1.tolerated }
        simulatedHours = hours * Double(runs.count)
        let runSeconds = runs.reduce(0) { $0 + $1.seconds }
        timing = Timing(
            wallSeconds: wallSeconds, runSeconds: runSeconds,
            realTimeFactor: simulatedHours * 3600 / max(runSeconds, 1e-9),
            runs: Dictionary(runs.map { ($0.name, ($0.seconds * 1000).rounded() / 1000) }) { first, _ in first })
        var failures: [String: Failure] = [:]
        var fired: [FaultPoint: Int] = [:]
        var reached: [FaultPoint: Int] = [:]
        var cells: [String: [String: Int]] = [:]
        for run in runs {
            for failure in run.failures {
                let kind = "\(run.profile.name): \(failure.kind)"
                failures[
                    kind, default: Failure(kind: kind, profile: run.profile.name, detail: failure.detail, seeds: [])
                ]
                .seeds.append(run.seed)
            }
            for (point, count) in run.fired { fired[point, default: 0] += count }
            for (point, count) in run.reached { reached[point, default: 0] += count }
            for (cell, count) in run.cells { cells[run.profile.name, default: [:]][cell, default: 0] += count }
        }
        self.failures = Self.ordered(Array(failures.values))
        differing = runs.filter(\.differs).map { "\($0.profile.name)-seed-\($0.seed)" }
        let points = FaultPoint.all
        faultCounts = points.map { FaultCount(point: $0.name, fired: fired[$0] ?? 0, reached: reached[$0] ?? 0) }
        self.cells = cells
    }

    /// The failures in the report's order: by profile, first seed, kind.
    static func ordered(_ failures: [Failure]) -> [Failure] {
        let rank = Dictionary(uniqueKeysWithValues: Profile.all.enumerated().map { ($1.name, $0) })
        return failures.sorted {
            (rank[$0.profile] ?? rank.count, $0.seeds.first ?? 0, $0.kind)
                < (rank[$1.profile] ?? rank.count, $1.seeds.first ?? 0, $1.kind)
        }
    }

    /// Each simulated profile's coverage, by name.
    var coverage: [String: SimulationCoverage] {
        var coverage: [String: SimulationCoverage] = [:]
        for name in profiles {
            guard let profile = Profile.named(name) else { continue }
            coverage[name] = SimulationCoverage(profile: profile, cells: cells[name] ?? [:])
        }
        return coverage
    }

    /// True when no run failed, none differed, and every `--sometimes` cell was reached.
    var ok: Bool { failures.isEmpty && differing.isEmpty && (neverReached ?? []).isEmpty }
}

/// The report files.
enum SimulateReport {
    /// Writes `simulate.json`, `report.md` and `report.html` into `folder`.
    static func write(_ tally: SimulateTally, to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(tally) + Data("\n".utf8)).write(to: URL(fileURLWithPath: folder + "/simulate.json"))
        try (encoder.encode(tally.timing) + Data("\n".utf8)).write(to: URL(fileURLWithPath: folder + "/timing.json"))
        try Data(markdown(tally).utf8).write(to: URL(fileURLWithPath: folder + "/report.md"))
        try Data(html(tally).utf8).write(to: URL(fileURLWithPath: folder + "/report.html"))
    }

    /// The tally `folder/simulate.json` holds (a shard's, for --merge), with the timing of `folder/timing.json`
    /// (none when the file is missing: the times are then left out of the sum, and nothing else changes).
    static func read(from folder: String) throws -> SimulateTally {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/simulate.json"))
        var tally = try JSONDecoder().decode(SimulateTally.self, from: data)
        if let timing = try? Data(contentsOf: URL(fileURLWithPath: folder + "/timing.json")) {
            tally.timing = try JSONDecoder().decode(SimulateTally.Timing.self, from: timing)
        }
        return tally
    }

    /// The command that replays the first seed of `failure` with the tally's options.
    static func reproduce(_ failure: SimulateTally.Failure, _ tally: SimulateTally) -> String {
        "\(Tool.name) simulate --seed \(failure.seeds.first ?? 0) --profile \(failure.profile) \(tally.optionsText)"
    }

    /// The line that differs between two runs of the same seeds: wall time, run time, speed.
    static func timingLine(_ tally: SimulateTally) -> String {
        let timing = tally.timing
        return "\(String(format: "%.1f", timing.wallSeconds)) s wall, \(String(format: "%.1f", timing.runSeconds)) s "
            + "in the runs (\(Int(timing.realTimeFactor))x real time on one core)"
    }

    /// report.md: the summary, the failures, the cells never reached, the fault points, and per profile its cells.
    static func markdown(_ tally: SimulateTally) -> String {
        var md = "# \(Tool.name) simulate\n\n"
        md += "- build \(tally.build); \(tally.runs) runs\(tally.shard.map { " (shard \($0))" } ?? ""); "
        md += "\(String(format: "%.2f", tally.simulatedHours)) simulated hours"
        md += tally.backgroundStore == true ? ", saved through a background store\n" : "\n"
        md += "- timing: in timing.json (the one file that differs between two runs of the same seeds)\n"
        md += "- \(tally.moves) moves, \(tally.kills) kills, \(tally.tolerated) invariant reports tolerated "
        md += "(a failed save reported under an injected fault, or made by a killed process)\n\n"
        md += "## Failures (\(tally.failures.count), each (invariant, site) once)\n\n"
        for failure in tally.failures {
            md += "- `\(markdown(failure.kind))`: \(markdown(failure.detail)) (seeds "
            md += "\(failure.seeds.map(String.init).joined(separator: ", "))); `\(reproduce(failure, tally))`\n"
        }
        if let never = tally.neverReached {
            md += "\n## Sometimes: \(never.count) cells never reached\n\n"
            md += never.map { "- NEVER REACHED `\(markdown($0))`\n" }.joined()
        }
        if !tally.differing.isEmpty {
            md += "\n## Not deterministic\n\n" + tally.differing.map { "- \($0)\n" }.joined()
        }
        md += "\n## Fault points (fired / reached)\n\n| point | fired | reached |\n|---|---|---|\n"
        for count in tally.faultCounts { md += "| `\(count.point)` | \(count.fired) | \(count.reached) |\n" }
        md += "\n## (state, event, fault) cells reached\n"
        for name in tally.profiles {
            let counts = (tally.cells[name] ?? [:]).compactMap { key, count in
                SimulationCell(key: key).map { ($0, count) }
            }
            .sorted { $0.0 < $1.0 }
            md += "\n### \(name): \(counts.count) cells\n\n| state event fault | times |\n|---|---|\n"
            for (cell, count) in counts { md += "| `\(markdown(cell.key))` | \(count) |\n" }
        }
        return md
    }

    /// Text for Markdown: no raw HTML, no code-span breaks.
    static func markdown(_ text: String) -> String {
        TerminalText.escaped(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

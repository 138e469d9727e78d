import ArgumentParser
import Faults
import Foundation
import Lifecycle
import Runtime
import Simulation
import Storage

/// `interlude simulate`: the seeded fault simulation of the real runtime and a game, the shooter by default (issue 30).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the real runtime and game under a seeded schedule of interruptions, input and faults.",
        discussion: """
            Each seed is one run of --hours simulated hours (no render): a schedule drawn from the seed alone injects the OS's events, the player's actions, waits and kills, while fault points in the snapshot store (a full disk, an I/O error, a failed fsync, the process dying at each step of a save) fire under the same seed. After every step and every event the contract's invariants are checked, and the simulation's own: after any kill, the relaunch restores the newest save the runtime reported, or a later one. A failure prints its seed and the build's identity; the same seed, profile, hours and faults replay byte-identically (--seed S). Failures with the same invariant and site are counted once. Docs/Simulation.md.

            Writes DIR/PROFILE-seed-S.transcript.jsonl per seed (the runtime's transcript, CONTRACT §8, and `simulation` lines: kill, relaunch, end), DIR/simulate.json, DIR/timing.json (the only file that differs between two runs of the same seeds), DIR/report.md and DIR/report.html (failures, faults fired and reached, and per profile the (state x event x fault) cells reached: a table, and a heatmap over the state graph). They are the same whatever --jobs; --shard K/N runs every N-th (profile, seed) run from the K-th, and --merge gathers shards' folders into one report.

            --sometimes FILE names cells that some seed must reach, one a line: PROFILE STATE EVENT [FAULT] (PROFILE a profile or *, STATE the runtime's status text such as background+task, EVENT an event or kill, FAULT a fault point or none; # comments). Each one no seed reached prints NEVER REACHED and fails the run.

            Examples:
              \(Tool.name) simulate --list                              # the fault points
              \(Tool.name) simulate --seeds 20 --profile all --hours 0.5
              \(Tool.name) simulate --seed 7 --profile ios26 --faults storage.write.noSpace,os.kill.anyInstant
              \(Tool.name) simulate --seeds 10 --twice                  # each seed twice, compared byte for byte
              \(Tool.name) simulate --seeds 10 --background-store       # saves written by a background writer
              \(Tool.name) simulate --seeds 40 --shard 1/2 --out out/s1 # half the runs; --shard 2/2 the other half
              \(Tool.name) simulate --merge out/s1 out/s2 --out out/all --sometimes Tests/Fixtures/simulate/sometimes.txt

            \(GameOptions.discussion)

            Exit status: 0 no failure; 1 a failure, --twice found a difference, or a --sometimes cell was never reached; 2 an invalid option, a bad --sometimes line (file:line:column) or --merge folders that do not go together.
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

    @Option(
        help:
            "Fault points, comma-separated (names from --list), or all (no quirk, no seeded bug), a kind (storage, network, os, quirk), none."
    )
    var faults: String = "all"

    @Option(help: "How often an enabled storage fault point fires when reached, per thousand.")
    var rate: Int = 50

    @Flag(help: "Run each seed twice and fail when the two transcripts differ.")
    var twice = false

    @Flag(
        help: ArgumentHelp(
            "Save through a background store (the window's and Breakout's), its writer run by the seed between moves "
                + "and dropped with what it held at a kill. --shrink replays over the synchronous store: a failure that "
                + "needs the writer's timing keeps its seed as the repro."))
    var backgroundStore = false

    @Flag(
        help: ArgumentHelp(
            "Shrink each distinct failure to a short .script in DIR/shrunk/ that `\(Tool.name) replay` fails on the same "
                + "way (fault lines where the faults fired)."))
    var shrink = false

    @Option(name: .shortAndLong, help: "Output folder.")
    var out: String = "out/simulate"

    @Option(
        help: ArgumentHelp(
            "Where the simulated disks go (default: a folder in /dev/shm when there is one, so that fsync costs "
                + "nothing; else the output folder).", valueName: "dir"))
    var disk: String?

    @OptionGroup var game: GameOptions

    @Option(
        help: ArgumentHelp(
            "Runs at a time, each in a child process of its own (default: the number of cores; 1 with --render). The "
                + "files written are the same for any N."))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds after which the watchdog ends a run (default: 120 plus a tenth of its simulated time, times 2 "
                + "with --twice, times 5 with --render).", valueName: "seconds"))
    var timeout: Double?

    // The parent's instructions to a child (one run each). Hidden from --help: not for people.
    @Option(help: .hidden) var childResult: String?
    @Option(help: .hidden, transform: { text in text.split(separator: ",").compactMap { Int($0) } })
    var shrinkOnly: [Int]?

    @Flag(
        help: ArgumentHelp(
            "Render with EGL offscreen (320x180) instead of recording the draws; each run's frame is captured after "
                + "every relaunch and at the end (frame lines with the pixels' hash, PNGs in DIR). One run at a time."))
    var render = false

    @Option(
        help: ArgumentHelp(
            "Run the K-th of N slices of the (profile, seed) runs: every N-th from the K-th, profiles in CONTRACT §5's "
                + "order, seeds ascending.", valueName: "K/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "Cells some seed must reach: PROFILE STATE EVENT [FAULT] a line; each one never reached fails the run.",
            valueName: "file"))
    var sometimes: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Gather the folders of shards (their transcripts and simulate.json) into --out, and report them as one run.",
            valueName: "dir"))
    var merge: [String] = []

    func validate() throws {
        guard Profile.named(profile) != nil || profile == "all" else {
            let names = Profile.all.map(\.name).joined(separator: ", ")
            throw ValidationError("--profile must be \(names) or all; got '\(TerminalText.escaped(profile))'")
        }
        guard hours > 0, hours <= 1000 else { throw ValidationError("--hours must be more than 0 and at most 1000") }
        guard (1...1_000_000).contains(seeds) else { throw ValidationError("--seeds must be within 1...1000000") }
        guard (0...1000).contains(rate) else { throw ValidationError("--rate must be within 0...1000") }
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs must be within 1...1024") }
        if let timeout, !(timeout > 0 && timeout <= 604_800) {
            throw ValidationError("--timeout must be more than 0 and at most 604800 (a week)")
        }
        _ = try shardSlice()
        _ = try faultPoints()
    }

    /// `--shard K/N` (at most 100,000 slices), or nil.
    func shardSlice() throws -> Shard? {
        guard let shard else { return nil }
        guard let slice = Shard(parsing: shard), slice.count <= 100_000 else {
            throw ValidationError(
                "--shard must be K/N with 1 <= K <= N (e.g. 2/4); got '\(TerminalText.escaped(shard))'")
        }
        return slice
    }

    /// The `--sometimes` list, or nil; a bad line (or an unreadable file) is an invalid option (exit 2).
    func sometimesList() throws -> SometimesList? {
        guard let sometimes else { return nil }
        guard let data = FileManager.default.contents(atPath: sometimes), let text = String(data: data, encoding: .utf8)
        else { throw ValidationError("--sometimes: cannot read '\(TerminalText.escaped(sometimes))' as UTF-8 text") }
        do { return try SometimesList(parsing: text, file: sometimes) } catch {
            sayError("error: \(error)")
            throw Exit.invalid
        }
    }

    /// `--faults` as points.
    func faultPoints() throws -> Set<FaultPoint> {
        var points: Set<FaultPoint> = []
        for name in faults.split(separator: ",").map(String.init) {
            switch name {
            case "all": points.formUnion(FaultPoint.all)
            case "none": break
            case "bug":  // FaultKind's seeded bugs
                // Seeded bugs are test doubles (Docs/Simulation.md): none is compiled into a command.
                throw ValidationError(
                    "--faults: seeded bugs are test doubles of the engine's tests (Docs/Simulation.md, \"Seeded "
                        + "bugs\"); no command can enable one")
            case _ where FaultKind(rawValue: name) != nil:
                points.formUnion((FaultPoint.all + FaultPoint.quirks).filter { $0.kind.rawValue == name })
            default:
                guard let point = FaultPoint.named(name) else {
                    throw ValidationError(
                        "--faults: unknown fault point '\(TerminalText.escaped(name))'; `\(Tool.name) simulate --list` "
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
            print("quirks (callbacks as real engines and devices delivered them; never in `all`: --faults quirk):")
            for point in FaultPoint.quirks {
                print("\(point.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(point.summary)")
                print(String(repeating: " ", count: 31) + "seen: " + point.reports.joined(separator: "; "))
            }
            return
        }
        let checklist = try sometimesList()
        if !merge.isEmpty { return try mergeShards(checklist) }
        let entry = try game.entryOrExit()
        try simulate(entry, checklist)
    }

    /// Runs the seeds of `entry`'s game, each in a child process (SimulateCommand+Batch), shrinks their failures if
    /// asked, writes the report.
    private func simulate<Entry: GameEntry>(_ entry: Entry, _ checklist: SometimesList?) throws {
        if render, !entry.rendersOffscreen {
            throw ValidationError("--render: \(entry.name) draws nothing offscreen; simulate it without --render")
        }
        do { try HostPaths.prepareFolder(out) } catch { throw ValidationError("--out: \(error)") }
        let points = try faultPoints()
        let profiles = profile == "all" ? Profile.all : [Profile.named(profile)!]
        let seedList: [UInt64] = seed.map { [$0] } ?? (1...UInt64(seeds)).map { $0 }
        let diskRoot =
            disk
            ?? (FileManager.default.fileExists(atPath: "/dev/shm")
                ? "/dev/shm/interlude-simulate-\(getpid())" : out)
        defer { if disk == nil, diskRoot != out { try? FileManager.default.removeItem(atPath: diskRoot) } }
        if let childResult {
            // A child of `simulate`: one run (--seed, --profile), its record for the parent.
            guard let seed, profiles.count == 1 else { throw Exit.invalid }
            let run = try runHere(entry, profile: profiles[0], seed: seed, points: points, disk: diskRoot)
            try JSONEncoder().encode(RunRecord(run)).write(to: URL(fileURLWithPath: childResult), options: .atomic)
            return
        }
        // Every (profile, seed) run in a fixed order; a shard takes every N-th of them from the K-th.
        let every = profiles.flatMap { profile in seedList.map { (profile: profile, seed: $0) } }
        let plan = try shardSlice()?.select(every) ?? every
        let started = Date()
        let runs = try runInChildren(plan, disk: diskRoot)
        let wallSeconds = Date().timeIntervalSince(started)
        if shrink { try shrinkInChildren(runs, disk: diskRoot) }
        // Each run in the index format of `replay` (index.json, index.md, index.html): one format for both.
        try ReplayIndex.write(runs.map(ReplayOutcome.init(run:)), to: out, command: "simulate", timelines: false)
        var tally = SimulateTally(
            runs: runs, build: Self.buildIdentity(), hours: hours, faults: faults, enabled: points, rate: rate,
            shard: shard, wallSeconds: wallSeconds)
        tally.backgroundStore = backgroundStore ? true : nil
        try finish(&tally, checklist)
    }

    /// One run of `entry`'s game in this process: its transcript written, its failures shrunk when `--shrink` (only
    /// those of `--shrink-only`'s invariants, when given).
    func runHere<Entry: GameEntry>(
        _ entry: Entry, profile: Profile, seed: UInt64, points: Set<FaultPoint>, disk: String
    ) throws -> SimulateTally.Run {
        let name = "\(profile.name)-seed-\(seed)"
        var options = SimulationOptions(
            profile: profile, seed: seed, duration: Int64((hours * 3_600_000_000_000).rounded()), faults: points,
            perMille: rate, folder: disk + "/disk-" + name)
        options.backgroundStore = backgroundStore
        /// A simulator of this run, with a display of its own when rendering (a second run starts afresh).
        func makeSimulator() throws -> Simulator<Entry.Game> {
            var simulator = Simulator(options: options) { entry.makeGame(seed: $0) }
            if render {
                simulator.display =
                    try entry.makeOffscreenDisplay(OffscreenRequest(width: 320, height: 180, outputDirectory: out))
                    .display
            }
            return simulator
        }
        let clock = Date()
        let result = try makeSimulator().run()
        let seconds = Date().timeIntervalSince(clock)
        try Data(result.transcript.utf8).write(to: URL(fileURLWithPath: "\(out)/\(name).transcript.jsonl"))
        let differs = try twice && makeSimulator().run().transcript != result.transcript
        try? FileManager.default.removeItem(atPath: options.folder)
        if shrink, !result.ok {
            var done = Set(
                result.failures.map(\.number).filter { !(shrinkOnly?.contains($0) ?? true) }.map {
                    "\(profile.name) \($0)"
                })
            try shrinkFailures(of: result, entry: entry, disk: disk, done: &done)
        }
        return SimulateTally.Run(profile: profile, seed: seed, result: result, seconds: seconds, differs: differs)
    }

    /// Checks `checklist` against the tally, writes the report, prints the summary; exit status 1 on a failure, a
    /// difference or a cell never reached.
    func finish(_ tally: inout SimulateTally, _ checklist: SometimesList?) throws {
        let coverage = tally.coverage
        let unreached = checklist?.unreached(coverage) ?? []
        tally.neverReached = checklist.map { _ in unreached.map { $0.entry.text(profile: $0.profile) } }
        try SimulateReport.write(tally, to: out)
        say(
            "\(tally.runs) runs\(tally.shard.map { " (shard \($0))" } ?? ""), "
                + "\(String(format: "%.2f", tally.simulatedHours)) simulated hours, \(tally.moves) moves, "
                + "\(tally.kills) kills, \(tally.failures.count) distinct failures; build \(tally.build); "
                + SimulateReport.timingLine(tally))
        for failure in tally.failures {
            say("FAILURE \(failure.kind): \(failure.detail)")
            let seeds = failure.seeds.prefix(10).map(String.init).joined(separator: ", ")
            say("  seeds \(seeds)\(failure.seeds.count > 10 ? ", ..." : "")")
        }
        for failure in tally.failures.prefix(5) {
            say("  reproduce: \(SimulateReport.reproduce(failure, tally))  (build \(tally.build))")
        }
        for name in tally.differing { say("DIFFERS \(name): the second run's transcript is not the first's") }
        if let checklist {
            for (profile, entry) in unreached {
                say("NEVER REACHED \(entry.text(profile: profile))  (\(sometimes ?? ""):\(entry.line))")
            }
            let unchecked = checklist.unchecked(coverage).count
            say(
                "sometimes: \(checklist.entries.count - unchecked) lines checked, \(unreached.count) cells never reached"
                    + (unchecked > 0 ? ", \(unchecked) lines not checked (their profile was not simulated)" : ""))
        }
        say("transcripts, report.md and report.html in \(out)/")
        if !tally.ok { throw Exit.failed }
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
}

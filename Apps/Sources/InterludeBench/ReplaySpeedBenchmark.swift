// Replay speed: how many life-cycle scenarios a tester can replay per second, and how much faster than real time a
// rendered session replays. In process, rendering off: each scenario is parsed from its `.script` text, run by
// `ScriptRunner` with an `InMemorySnapshotStore` and the runtime's in-process fake leaderboard, and its transcript
// produced; timed whole (parse + run + transcript). Two sets: the bundled Assets/Interruptions scripts, and a seeded
// generated set of random legal life-cycle walks (`ScenarioScripts.lifecycleWalk`). Beside them, in the same run,
// the per-process cost a tester pays with the command line: `interlude replay --no-render` of one script in a new
// process. Then a generated 10-minute session (`ScenarioScripts.session`) replayed at 320x180 with every fixed step
// presented (as `interlude replay --present-every 1`): wall time, virtual/wall ratio, frames, ms per frame, split
// into simulation, drawing (`present`) and `glFinish`, with a run without display for the simulation alone.

import Foundation
import GameCore
import PlatformEGL
import Replay
import Runtime
import Saves
import ShooterPlatform

enum ReplaySpeedBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--scenarios": "1000", "--events": "12", "--seed": "1", "--rounds": "20", "--cli-runs": "5",
                "--minutes": "10", "--width": "320", "--height": "180",
                "--unfinished": "no", "--interlude": "", "--suite": "yes",
                "--json": "out/bench/replay.json",
            ])
        guard ["yes", "no"].contains(options.string("--unfinished")) else {
            throw BenchmarkError("--unfinished takes yes or no")
        }
        let levels = try BenchRuntime.levels()
        let assets = try AssetDirectory.locate()
        var figures: [Figure] = []
        var extra: [String: Any] = [:]

        let bundled = try bundledScripts(assets, levels: levels)
        print("replay: \(bundled.kept.count) bundled scripts, \(bundled.excluded.count) left out")
        for (name, why) in bundled.excluded { print("  left out \(name): \(why)") }
        let rounds = try options.count("--rounds")
        var perScript: [String: [Double]] = [:]
        var samples: [Double] = []
        for round in 0..<(rounds + 1) {
            for (name, text) in bundled.kept {
                let time = try timedReplay(text, name: name, levels: levels)
                guard round > 0 else { continue }  // the first round warms up
                samples.append(time)
                perScript[name, default: []].append(time)
            }
        }
        let bundledTimes = Measurement("bundled scripts", samples: samples)
        let bundledRate = Double(samples.count) / (samples.reduce(0, +) / 1000)
        figures += [
            Figure(
                name: "bundled scripts per second (in process, no render)", value: bundledRate, unit: "/s",
                note: "\(bundled.kept.count) scripts x \(rounds) rounds; fights with seconds of simulation included"),
            Figure(name: "bundled script p50", value: bundledTimes.p50, unit: "ms"),
            Figure(name: "bundled script p99", value: bundledTimes.p99, unit: "ms"),
        ]
        extra["bundled"] = perScript.keys.sorted().map { Measurement($0, samples: perScript[$0]!).json(reference: nil) }
        extra["bundledLeftOut"] = bundled.excluded.map { ["script": $0.0, "why": $0.1] }

        let generated = try generatedSet(options, levels: levels)
        figures += generated.figures
        extra["generated"] = generated.extra

        let cli = try commandLine(options, script: assets.path("Interruptions/sms-ios4-dismissed.script"))
        figures.append(
            Figure(
                name: "CLI: interlude replay --no-render, one script, new process p50", value: cli.p50, unit: "ms",
                note: "sms-ios4-dismissed.script; process start, assets, embedded leaderboard server, replay, exit"))
        figures.append(Figure(name: "CLI: one script, new process p99", value: cli.p99, unit: "ms"))
        extra["cli"] = cli.json(reference: nil)

        if options.string("--suite") == "yes" {
            let suite = try mainJob(options, assets: assets)
            figures += suite.figures
            extra["suite"] = suite.extra
        }

        let folder = (options.string("--json") as NSString).deletingLastPathComponent
        let session = try SessionReplay.measure(
            minutes: try options.count("--minutes"), width: try options.count("--width"),
            height: try options.count("--height"), unfinished: options.string("--unfinished") == "yes", levels: levels,
            folder: folder.isEmpty ? "." : folder)
        figures += session.figures
        extra["session"] = session.extra

        print("")
        for figure in figures { print(figure.line) }
        try writeResult(mode: "replay", figures: figures, extra: extra, to: options.string("--json"))
    }

    /// Parses `text`, replays it without display, produces its transcript; the milliseconds it took.
    /// Throws if the script fails: a benchmark of failing replays would time the wrong thing.
    static func timedReplay(_ text: String, name: String, levels: [Level]) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let script = try ScriptParser.parse(text, file: name)
        let result = ScriptRunner.run(
            script, snapshots: InMemorySnapshotStore(), game: { Game(seed: $0, levels: levels) })
        let bytes = result.transcript.utf8.count
        let time = milliseconds(start.duration(to: clock.now))
        guard result.ok, bytes > 0 else {
            throw BenchmarkError("\(name) failed: \(result.failures.first ?? "empty transcript")")
        }
        return time
    }

    /// The bundled scripts that pass in process with the fake leaderboard, and those left out with why.
    static func bundledScripts(_ assets: AssetDirectory, levels: [Level]) throws -> (
        kept: [(String, String)], excluded: [(String, String)]
    ) {
        var kept: [(String, String)] = []
        var excluded: [(String, String)] = []
        for path in try assets.files(in: "Interruptions", suffix: ".script") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let script = try ScriptParser.parse(text, file: path)
            let result = ScriptRunner.run(
                script, snapshots: InMemorySnapshotStore(), game: { Game(seed: $0, levels: levels) })
            if result.ok {
                kept.append((script.name, text))
            } else {
                excluded.append((script.name, result.failures.first ?? "failed"))
            }
        }
        return (kept, excluded)
    }

    /// The generated life-cycle walks: generated (untimed), a tenth replayed as warm-up, then each timed.
    static func generatedSet(_ options: ModeOptions, levels: [Level]) throws -> (
        figures: [Figure], extra: [String: Any]
    ) {
        let count = try options.count("--scenarios")
        let events = try options.count("--events")
        guard let seed = UInt64(options.string("--seed")) else { throw BenchmarkError("--seed takes a number") }
        let texts = (0..<count).map {
            ScenarioScripts.lifecycleWalk(index: $0, seed: seed, events: events, levels: levels)
        }
        for index in 0..<max(1, count / 10) {
            _ = try timedReplay(texts[index], name: "walk-\(index)", levels: levels)
        }
        var samples: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        for (index, text) in texts.enumerated() {
            samples.append(try timedReplay(text, name: "walk-\(index)", levels: levels))
        }
        let wall = milliseconds(start.duration(to: clock.now))
        let times = Measurement("generated walks", samples: samples)
        let lines = texts.map { $0.split(separator: "\n").count }.reduce(0, +)
        let rate = Double(count) / (wall / 1000)
        print(String(format: "generated: %d walks of %d events, %.0f per second", count, events, rate))
        let figures = [
            Figure(
                name: "life-cycle scenarios per second (generated, in process, no render)", value: rate, unit: "/s",
                goal: 1000, better: .higher,
                note: "\(count) walks of \(events) legal events, seed \(seed); parse + run + transcript"),
            Figure(name: "life-cycle scenario p50", value: times.p50, unit: "ms"),
            Figure(name: "life-cycle scenario p99", value: times.p99, unit: "ms"),
        ]
        let extra: [String: Any] = [
            "scenarios": count, "eventsPerScenario": events, "seed": seed, "wallMs": wall,
            "scriptLines": lines, "times": times.json(reference: nil),
        ]
        return (figures, extra)
    }

    /// The main job (`make replay`'s replay): every bundled script rendered at 640x360, 60 frames a virtual second,
    /// by the `interlude` binary given, three ways in the same run: the reference, one process drawing every frame
    /// (`--in-process --redraw-unchanged-frames`, how `make replay` replayed before issue 11, with today's renderer);
    /// one process skipping unchanged frames (`--in-process`); and the default (a child process per script, as many
    /// at once as there are cores, unchanged frames skipped). Wall seconds, and each as a ratio of the reference.
    static func mainJob(_ options: ModeOptions, assets: AssetDirectory) throws -> (
        figures: [Figure], extra: [String: Any]
    ) {
        let interlude = try ChildProcess.interlude(options.string("--interlude"))
        let out = NSTemporaryDirectory() + "interlude-bench-replay-suite"
        let ways: [(name: String, arguments: [String])] = [
            ("one process, every frame drawn (reference)", ["--in-process", "--redraw-unchanged-frames"]),
            ("one process, unchanged frames skipped", ["--in-process"]),
            ("default: a process per script, --jobs \(ReplaySpeedBenchmark.cores())", []),
        ]
        var seconds: [Double] = []
        for way in ways {
            try? FileManager.default.removeItem(atPath: out)
            let child = try ChildProcess.run(interlude, ["replay", "--out", out] + way.arguments)
            guard child.status == 0 else { throw BenchmarkError("interlude replay \(way.name) exited \(child.status)") }
            seconds.append(child.wallMs / 1000)
            print(String(format: "main job, %@: %.1f s", way.name, child.wallMs / 1000))
        }
        let figures = zip(ways, seconds).enumerated().map { index, pair in
            Figure(
                name: "main job: bundled scripts rendered, \(pair.0.name)", value: pair.1, unit: "s",
                goal: index == 2 ? 25 : nil, better: .lower,
                note: String(format: "%.2fx the reference's time", pair.1 / seconds[0]))
        }
        let extra: [String: Any] = [
            "seconds": Dictionary(uniqueKeysWithValues: zip(ways.map(\.name), seconds)),
            "ratioToReference": Dictionary(
                uniqueKeysWithValues: zip(ways.map(\.name), seconds.map { $0 / seconds[0] })),
        ]
        return (figures, extra)
    }

    static func cores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `interlude replay --no-render` of `script` in a new process, one warm-up then `--cli-runs` timed runs.
    static func commandLine(_ options: ModeOptions, script: String) throws -> Measurement {
        let interlude = try ChildProcess.interlude(options.string("--interlude"))
        let out = NSTemporaryDirectory() + "interlude-bench-replay-cli"
        let runs = try options.count("--cli-runs")
        return try Measurement("interlude replay --no-render, new process", runs: runs, warmup: 1) {
            let child = try ChildProcess.run(interlude, ["replay", "--no-render", "--out", out, script])
            guard child.status == 0 else { throw BenchmarkError("interlude replay exited \(child.status)") }
            return .milliseconds(child.wallMs)
        }
    }
}

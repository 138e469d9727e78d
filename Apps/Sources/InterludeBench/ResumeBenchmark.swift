// Resume: (1) warm resume, from `willEnterForeground` (the `iconTapped` that brings a suspended app back) to the first
// new frame finished on screen, meshes, textures and shaders kept (goal: within one frame, 16.7 ms at 60 Hz), beside
// a steady frame of the same game in the same run; (2) cold relaunch from a snapshot on disk to the first frame
// (goal: under 200 ms): a new process (`interlude-bench relaunch-child`) that creates its EGL context, compiles the
// shaders, uploads the textures, loads the levels, reads and checks the snapshot, launches and presents, timed by
// the parent from spawn to the child's "first frame" line; and the same in-process (no process start) for comparison.

import Foundation
import GameCore
import Lifecycle
import PlatformEGL
import Runtime
import ShooterPlatform
import Storage

enum ResumeBenchmark {
    static let frameMs = 1000.0 / 60

    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--runs": "100", "--warmup": "5", "--relaunches": "20", "--json": "out/bench/resume.json",
                "--folder": NSTemporaryDirectory() + "interlude-bench-resume",
            ])
        let runs = try options.count("--runs")
        let warmup = try options.count("--warmup")
        let folder = options.string("--folder")
        try? FileManager.default.removeItem(atPath: folder)
        let levels = try BenchRuntime.levels()
        let display = try OffscreenDisplay(width: 640, height: 360)
        display.redrawsUnchangedScenes = true  // benchmarks time every frame
        let store = BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: folder))
        let runtime = try BenchRuntime.playing(profile: .ios5, display: display, snapshots: store, levels: levels)
        let clock = ContinuousClock()
        var resumes: [Double] = []
        var steady: [Double] = []
        for run in 0..<(warmup + runs) {
            display.renderer.finish()
            let steadyStart = clock.now
            runtime.advance(by: BenchRuntime.step)
            display.renderer.finish()
            let steadyTime = milliseconds(steadyStart.duration(to: clock.now))
            BenchRuntime.reach(runtime, through: [.homePressed])
            runtime.advance(by: BenchRuntime.step)
            guard runtime.status.state == .suspended else { throw BenchmarkError("not suspended: \(runtime.status)") }
            let presented = runtime.framesPresented
            let start = clock.now
            runtime.inject(.iconTapped)
            runtime.advance(by: BenchRuntime.step)
            display.renderer.finish()
            let resumeTime = milliseconds(start.duration(to: clock.now))
            guard runtime.framesPresented > presented else { throw BenchmarkError("no frame after iconTapped") }
            try BenchRuntime.backToPlay(runtime)
            if run >= warmup {
                resumes.append(resumeTime)
                steady.append(steadyTime)
            }
        }
        try store.flush()
        let resume = Measurement("resume", samples: resumes)
        let frame = Measurement("steady frame", samples: steady)
        let child = try relaunches(folder: folder, count: try options.count("--relaunches"), warmup: 2)
        let inProcess = try Measurement(
            "in-process relaunch", runs: try options.count("--relaunches"), warmup: 2,
            timing: { try relaunch(folder: folder).time })
        let (recovery, coldGL) = try contextLoss(scene: runtime.scene, runs: try options.count("--relaunches"))
        let figures = [
            Figure(
                name: "resume: willEnterForeground to first frame p50", value: resume.p50, unit: "ms",
                note: "640x360, heaviest level; a steady frame p50 is \(String(format: "%.3f", frame.p50)) ms"),
            Figure(
                name: "resume: willEnterForeground to first frame p99", value: resume.p99, unit: "ms", goal: frameMs,
                note: "within one frame at 60 Hz"),
            Figure(name: "steady frame (step + present + glFinish) p50", value: frame.p50, unit: "ms"),
            Figure(name: "steady frame (step + present + glFinish) p99", value: frame.p99, unit: "ms"),
            Figure(name: "resume p50 / steady frame p50", value: resume.p50 / frame.p50, unit: "x"),
            Figure(
                name: "cold relaunch, new process, to first frame p50", value: child.p50, unit: "ms", goal: 200,
                note: "spawn to the child's first finished frame"),
            Figure(name: "cold relaunch, new process, to first frame max", value: child.max, unit: "ms"),
            Figure(name: "cold relaunch, in process (no exec), to first frame p50", value: inProcess.p50, unit: "ms"),
            Figure(
                name: "glContextLost: recreate every GL object to first frame p50", value: recovery.p50, unit: "ms",
                note: "new EGL context, shaders, textures, meshes, framebuffer; 640x360, heaviest level"),
            Figure(name: "cold GL set-up (new display) to first frame p50", value: coldGL.p50, unit: "ms"),
            Figure(
                name: "glContextLost recovery p50 / cold GL set-up p50", value: recovery.p50 / coldGL.p50, unit: "x",
                note: "the cost of recreating the shooter's GL objects, as a ratio of its cold GL set-up"),
        ]
        print("resume: \(runs) runs after \(warmup) warm-up; relaunches: \(child.samples.count)")
        for figure in figures { print(figure.line) }
        try writeResult(
            mode: "resume", figures: figures,
            extra: [
                "measurements": [resume, frame, child, inProcess, recovery, coldGL].map { $0.json(reference: nil) }
            ],
            to: options.string("--json"))
    }

    /// Issue 29: a lost EGL context recovered (`recreateGLObjects`: a new context, every shader, texture, mesh and the
    /// framebuffer made again) to the first frame finished, beside the cold GL set-up of a new display to its first
    /// frame of the same scene. Both build the level's meshes on their first draw.
    static func contextLoss(scene: Scene, runs: Int) throws -> (recovery: Measurement, cold: Measurement) {
        let display = try OffscreenDisplay(width: 640, height: 360)
        display.redrawsUnchangedScenes = true
        display.present(scene)
        let recovery = try Measurement(
            "glContextLost recovery", runs: runs, warmup: 2,
            timing: {
                let clock = ContinuousClock()
                let start = clock.now
                display.recreateGLObjects()
                display.present(scene)
                display.renderer.finish()
                let time = start.duration(to: clock.now)
                guard display.problems.isEmpty else { throw BenchmarkError("recovery failed: \(display.problems)") }
                return time
            })
        let cold = try Measurement(
            "cold GL set-up", runs: runs, warmup: 2,
            timing: {
                let clock = ContinuousClock()
                let start = clock.now
                let fresh = try OffscreenDisplay(width: 640, height: 360)
                fresh.present(scene)
                fresh.renderer.finish()
                return start.duration(to: clock.now)
            })
        return (recovery, cold)
    }

    /// A cold launch in this process from the snapshot in `folder`: context, renderer, levels, store, runtime,
    /// `launched`, one step, `glFinish`. Returns the milliseconds and whether the game was restored.
    static func relaunch(folder: String) throws -> (time: Duration, restored: Bool) {
        let clock = ContinuousClock()
        let start = clock.now
        let levels = try LevelFiles.load(from: try AssetDirectory.locate())
        let display = try OffscreenDisplay(width: 640, height: 360)
        display.redrawsUnchangedScenes = true  // benchmarks time every frame
        let store = try FileSnapshotStore(folder: folder)
        let runtime = Runtime(profile: .ios5, seed: 1, display: display, snapshots: store, levels: levels)
        runtime.inject(.launched)
        runtime.advance(by: BenchRuntime.step)
        display.renderer.finish()
        let time = start.duration(to: clock.now)
        guard runtime.framesPresented > 0 else { throw BenchmarkError("the relaunch presented no frame") }
        return (time, runtime.game.state.isInSession)
    }

    /// `interlude-bench relaunch-child FOLDER`: one cold relaunch, then "first frame" on standard output.
    static func child(_ arguments: [String]) throws {
        guard let folder = arguments.first else { throw BenchmarkError("relaunch-child needs the snapshot folder") }
        let (_, restored) = try relaunch(folder: folder)
        guard restored else { throw BenchmarkError("the relaunch did not restore the game") }
        FileHandle.standardOutput.write(Data("first frame\n".utf8))
    }

    /// Spawns `count` children after `warmup` and times each from spawn to its "first frame" line.
    static func relaunches(folder: String, count: Int, warmup: Int) throws -> Measurement {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return try Measurement("cold relaunch, new process", runs: count, warmup: warmup) {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["relaunch-child", folder]
            let pipe = Pipe()
            process.standardOutput = pipe
            let clock = ContinuousClock()
            let start = clock.now
            try process.run()
            let line = pipe.fileHandleForReading.readData(ofLength: 12)
            let time = start.duration(to: clock.now)
            process.waitUntilExit()
            guard String(decoding: line, as: UTF8.self).hasPrefix("first frame"), process.terminationStatus == 0 else {
                throw BenchmarkError("relaunch-child failed (status \(process.terminationStatus))")
            }
            return time
        }
    }
}

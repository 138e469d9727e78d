// Transition latency: for each event type, the time from injecting it (`send`) until all its work is done
// (`settle` returns), on the calling thread, with a real EGL display (640x360) and a real snapshot store in a
// temporary folder (fsync included): `BackgroundSnapshotStore` over `FileSnapshotStore`, as `play` uses, and the
// synchronous `FileSnapshotStore` alone for comparison. The runtime's `didPerformWork` hook splits each event's time
// by callback, so `willResignActive` (goal p99 < 1 ms) and `didEnterBackground` (goal p99 < 10 ms) are pooled over
// every event that delivers them. iOS kills an app that takes 5 s. Each event arrives after the last frame is on
// screen (finished), as between two frames of the real loop.

import Foundation
import GameCore
import Lifecycle
import PlatformEGL
import Runtime
import Saves
import Storage
import ShooterPlatform

enum TransitionBenchmark {
    static let goals: [Callback: Double] = [.willResignActive: 1, .didEnterBackground: 10]

    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--runs": "100", "--warmup": "5", "--json": "out/bench/transitions.json",
                "--folder": NSTemporaryDirectory() + "interlude-bench-transitions",
            ])
        let runs = try options.count("--runs")
        let warmup = try options.count("--warmup")
        let folder = options.string("--folder")
        try? FileManager.default.removeItem(atPath: folder)
        let levels = try BenchRuntime.levels()
        let display = try OffscreenDisplay(width: 640, height: 360)
        display.redrawsUnchangedScenes = true  // benchmarks time every frame
        var figures: [Figure] = []
        var rows: [[String: Any]] = []
        var workRows: [[String: Any]] = []
        print("transitions: \(runs) runs after \(warmup) warm-up each, 640x360 EGL display, snapshots in \(folder)")
        for background in [true, false] {
            let storeName = background ? "background writer" : "synchronous store"
            var byCallback: [Callback: [Double]] = [:]
            print(
                "\n\(storeName)".padding(toLength: 72, withPad: " ", startingAt: 0) + "    p50 ms    p99 ms    max ms")
            for (index, item) in TransitionCase.all.enumerated() {
                let file = try FileSnapshotStore(folder: "\(folder)/\(background ? "bg" : "sync")-\(index)")
                let store: any SnapshotStore = background ? BackgroundSnapshotStore(wrapping: file) : file
                let runtime = try BenchRuntime.playing(
                    profile: item.profile, display: display, snapshots: store, levels: levels)
                var totals: [Double] = []
                var callbacks: [Callback: [Double]] = [:]
                for run in 0..<(warmup + runs) {
                    BenchRuntime.reach(runtime, through: item.before)
                    // The last frame is on screen (as after a swap) before the event arrives: its rendering, which
                    // llvmpipe defers until a flush, is the frame's cost, not the transition's.
                    if runtime.isFrameLoopRunning, runtime.status.state == .active { display.renderer.finish() }
                    let before = runtime.status.state
                    let (total, split) = timed(runtime, item.event, keep: run >= warmup)
                    guard !runtime.lastWork.isEmpty || runtime.status.state != before else {
                        throw BenchmarkError("\(item.name) did nothing in \(runtime.status)")
                    }
                    try store.flush()
                    try BenchRuntime.backToPlay(runtime)
                    guard run >= warmup else { continue }
                    totals.append(total)
                    for (callback, time) in split { callbacks[callback, default: []].append(time) }
                }
                let measurement = Measurement(item.name, samples: totals)
                print(
                    item.name.padding(toLength: 72, withPad: " ", startingAt: 0)
                        + String(format: "%10.3f%10.3f%10.3f", measurement.p50, measurement.p99, measurement.max))
                var row = measurement.json(reference: nil)
                row["store"] = storeName
                row["event"] = item.event.rawValue
                row["profile"] = item.profile.name
                row["callbacks"] = runtime.lastCallbacks.map(\.rawValue)
                rows.append(row)
                for (callback, samples) in callbacks { byCallback[callback, default: []] += samples }
            }
            print("\nby work (\(storeName)): p50 p99 ms, largest p99 first")
            var works: [[String: Any]] = []
            for (name, samples) in workTimes.sorted(by: { $0.key < $1.key }) {
                let measurement = Measurement(name, samples: samples)
                works.append(["work": name, "p50Ms": measurement.p50, "p99Ms": measurement.p99, "store": storeName])
            }
            works.sort { ($0["p99Ms"] as! Double) > ($1["p99Ms"] as! Double) }
            for work in works.prefix(8) {
                print(
                    (work["work"] as! String).padding(toLength: 56, withPad: " ", startingAt: 0)
                        + String(format: "%10.3f%10.3f", work["p50Ms"] as! Double, work["p99Ms"] as! Double))
            }
            workRows += works
            workTimes = [:]
            print("")
            for callback in Callback.allCases {
                guard let samples = byCallback[callback] else { continue }
                let measurement = Measurement(callback.rawValue, samples: samples)
                let goal = goals[callback]
                for (label, value) in [("p50", measurement.p50), ("p99", measurement.p99)] {
                    var figure = Figure(
                        name: "\(callback.rawValue) work \(label), \(storeName)", value: value, unit: "ms",
                        note: "\(samples.count) samples over every event that delivers it")
                    if label == "p99", background { figure.goal = goal }
                    figures.append(figure)
                    print(figure.line)
                }
            }
        }
        figures += try reference(
            levels: levels, display: display, folder: folder, runs: runs, warmup: warmup, figures: figures)
        try writeResult(
            mode: "transitions", figures: figures, extra: ["events": rows, "work": workRows],
            to: options.string("--json"))
    }

    /// The same run's reference: a bare write + fsync + rename + fsync of the folder of the heaviest level's snapshot
    /// bytes, in the same folder, and each goal's p99 (background writer) as a multiple of the reference's p99.
    static func reference(
        levels: [Level], display: OffscreenDisplay<ShooterRenderer>, folder: String, runs: Int, warmup: Int,
        figures: [Figure]
    ) throws -> [Figure] {
        let runtime = try BenchRuntime.playing(
            profile: .ios5, display: display, snapshots: InMemorySnapshotStore(), levels: levels)
        let bytes = runtime.currentSnapshot().encoded()
        try FileManager.default.createDirectory(atPath: folder + "/reference", withIntermediateDirectories: true)
        let bare = try Measurement("reference", runs: runs * 4, warmup: warmup) {
            try SnapshotBenchmark.bareDurableWrite(bytes, folder: folder + "/reference")
        }
        var added = [
            Figure(
                name: "reference: bare write+fsync+rename+fsync of the snapshot, p50", value: bare.p50, unit: "ms",
                note: "\(bytes.count) bytes, \(runs * 4) runs, same folder and run"),
            Figure(name: "reference: bare write+fsync+rename+fsync of the snapshot, p99", value: bare.p99, unit: "ms"),
        ]
        for figure in figures where figure.goal != nil {
            added.append(
                Figure(
                    name: figure.name.replacingOccurrences(of: ", background writer", with: "") + " / reference p99",
                    value: figure.value / bare.p99, unit: "x",
                    note: "below 1: the callback returns before one bare durable write would"))
        }
        for figure in added { print(figure.line) }
        return added
    }

    /// Milliseconds of each piece of work, by "callback / work", in the current store's runs.
    nonisolated(unsafe) static var workTimes: [String: [Double]] = [:]

    /// Sends `event` and settles; returns the total milliseconds and the milliseconds of each callback's work
    /// (and adds each piece of work's to `workTimes` when `keep`).
    static func timed(_ runtime: Runtime<Game>, _ event: Event, keep: Bool) -> (Double, [Callback: Double]) {
        let clock = ContinuousClock()
        var split: [Callback: Double] = [:]
        var mark = clock.now
        runtime.didPerformWork = { work, callback in
            let now = clock.now
            let time = milliseconds(mark.duration(to: now))
            if let callback {
                split[callback, default: 0] += time
                if keep { workTimes[callback.rawValue + " / " + work.rawValue, default: []].append(time) }
            }
            mark = now
        }
        let start = clock.now
        mark = start
        runtime.inject(event)
        let total = milliseconds(start.duration(to: clock.now))
        runtime.didPerformWork = nil
        return (total, split)
    }
}

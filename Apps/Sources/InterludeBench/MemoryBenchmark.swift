// Memory: peak RSS of a headless replay, and whether RSS grows over background/foreground cycles.
// 1. `interlude replay` over every bundled script in a child process, rendering at 640x360 and with `--no-render`;
//    the child's peak RSS from `wait4` (ru_maxrss), beside the same binary's `interlude --help` in the same run,
//    so the replay's own memory shows as a difference and a ratio.
// 2. In a child process (`memory-cycles`, CycleMemory.swift): a runtime playing 03-reactor with a real 640x360
//    `OffscreenDisplay` and a `FileSnapshotStore` behind `BackgroundSnapshotStore` (in /dev/shm by default: 10,000
//    fsyncs on the virtual disk would take minutes), cycled `homePressed` (quick and full save, surfaces released, GL
//    forbidden) → a step (the OS suspends) → `iconTapped` (surfaces restored) → resume, fire, `--frames` frames.
//    RSS (/proc/self/statm) after 100 cycles (warm-up), then every `--sample-every` cycles. The runtime keeps the
//    last 1,000 transcript lines, as `interlude play` does (`Transcript.sessionLimit`; a replay keeps every line, as
//    it writes them all). Rules, each within max(1 MiB, noise): RSS after the last cycle minus after cycle 100 (as
//    the goal is worded), and the growth of the least-squares line through the samples from a tenth of the run on
//    (glibc's heap settles in the first few hundred cycles; a leak is a trend), taken over the whole run. The noise is
//    those samples' spread around that line (the heap wobbles by a few MiB as it reuses freed frame-sized blocks).
//    The child stops early once its RSS passes `--rss-limit-mib` (a shared machine).

import Foundation
import Lifecycle
import PlatformEGL
import Runtime
import Storage
import ShooterPlatform

enum MemoryBenchmark {
    static let mebibyte = 1_048_576.0

    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--cycles": "10000", "--sample-every": "100", "--frames": "1",
                "--rss-limit-mib": "3072", "--interlude": "", "--json": "out/bench/memory.json",
                "--folder": FileManager.default.fileExists(atPath: "/dev/shm")
                    ? "/dev/shm/interlude-bench-memory" : NSTemporaryDirectory() + "interlude-bench-memory",
            ])
        var figures = try peakRSS(interlude: try ChildProcess.interlude(options.string("--interlude")))
        let cycles = try options.count("--cycles")
        let every = try options.count("--sample-every")
        let frames = try options.count("--frames")
        let folder = options.string("--folder")
        let limit = try options.count("--rss-limit-mib")
        print("\nmemory: \(cycles) home/icon cycles in a child process, 640x360 EGL display, snapshots in \(folder)")
        let shipped = try CycleMemory.runChild(
            cycles: cycles, every: every, frames: frames, limit: limit, folder: folder)
        figures += cycleFigures(shipped.samples, seconds: shipped.seconds)
        let extra: [String: Any] = ["samples": json(shipped.samples)]
        print("")
        for figure in figures { print(figure.line) }
        try writeResult(mode: "memory", figures: figures, extra: extra, to: options.string("--json"))
    }

    /// RSS at the warm-up and at the end; two checks against max(1 MiB, noise): the end against cycle 100, and the
    /// trend over the settled part (from a tenth of the run on: glibc's heap settles in the first few hundred cycles);
    /// the noise is the settled samples' spread around that trend.
    static func cycleFigures(_ samples: [CycleMemory.Sample], seconds: Double) -> [Figure] {
        let first = samples.first!
        let last = samples.last!
        let cycles = last.cycle
        let settledFrom = max(first.cycle, cycles / 10)
        let settled = samples.filter { $0.cycle >= settledFrom }
        let fit = Trend(settled.map { (Double($0.cycle), Double($0.bytes) / mebibyte) })
        let trendGrowth = fit.slope * Double(cycles - first.cycle)
        let noise = fit.residualSpread
        let allowed = max(1, noise)
        let rule = String(format: "rule: <= max(1 MiB, noise %.2f MiB)", noise)
        let transcriptGrowth = Double(last.transcript - first.transcript) / mebibyte
        print(String(format: "  %.1f s for %d cycles, %d samples", seconds, cycles, samples.count))
        return [
            Figure(name: "RSS after \(first.cycle) background/foreground cycles", value: mib(first.bytes), unit: "MiB"),
            Figure(name: "RSS after \(cycles) cycles", value: mib(last.bytes), unit: "MiB"),
            Figure(
                name: "RSS growth, after \(cycles) cycles minus after \(first.cycle)",
                value: Double(last.bytes - first.bytes) / mebibyte, unit: "MiB", goal: allowed,
                note: rule + String(format: "; x%.4f", Double(last.bytes) / Double(first.bytes))),
            Figure(
                name: "RSS growth, trend from cycle \(settledFrom), over \(cycles - first.cycle) cycles",
                value: trendGrowth, unit: "MiB", goal: allowed,
                note: String(
                    format: "least-squares slope %.3f KiB a cycle over %d samples; ", fit.slope * 1024, settled.count)
                    + rule),
            Figure(
                name: "RSS noise, settled samples' spread around the trend", value: noise, unit: "MiB",
                note: String(
                    format: "settled: min %.1f, max %.1f MiB; all samples: min %.1f, max %.1f MiB",
                    mib(settled.map(\.bytes).min()!), mib(settled.map(\.bytes).max()!),
                    mib(samples.map(\.bytes).min()!), mib(samples.map(\.bytes).max()!))),
            Figure(
                name: "transcript kept in memory grew (estimate)", value: transcriptGrowth, unit: "MiB",
                note:
                    "the last \(Transcript.sessionLimit) lines, as play keeps: UTF-8 bytes + String and array overhead"),
            Figure(name: "time per cycle", value: seconds * 1000 / Double(cycles), unit: "ms"),
        ]
    }

    /// The least-squares line through (x, y) points, and the spread (max - min) of the points around it.
    struct Trend {
        let slope: Double
        let residualSpread: Double

        init(_ points: [(x: Double, y: Double)]) {
            let n = Double(points.count)
            let meanX = points.map(\.x).reduce(0, +) / n
            let meanY = points.map(\.y).reduce(0, +) / n
            let covariance = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
            let variance = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
            let slope = variance > 0 ? covariance / variance : 0
            let residuals = points.map { $0.y - (meanY + slope * ($0.x - meanX)) }
            self.slope = slope
            residualSpread = (residuals.max() ?? 0) - (residuals.min() ?? 0)
        }
    }

    static func mib(_ bytes: Int) -> Double { Double(bytes) / mebibyte }

    static func json(_ samples: [CycleMemory.Sample]) -> [[String: Int]] {
        samples.map { ["cycle": $0.cycle, "rssBytes": $0.bytes, "transcriptHeapBytes": $0.transcript] }
    }

    /// Peak RSS of `interlude --help` and of `interlude replay` (rendered, not rendered) over the bundled scripts.
    static func peakRSS(interlude: String) throws -> [Figure] {
        let out = NSTemporaryDirectory() + "interlude-bench-memory-replay"
        let runs: [(String, [String])] = [
            ("interlude --help", ["--help"]),
            ("interlude replay --no-render, bundled scripts", ["replay", "--no-render", "--out", out]),
            ("interlude replay 640x360, bundled scripts", ["replay", "--out", out]),
        ]
        var figures: [Figure] = []
        var reference = 0.0
        print("memory: peak RSS of \(interlude) in a child process (wait4 ru_maxrss)")
        for (name, arguments) in runs {
            let child = try ChildProcess.run(interlude, arguments)
            guard child.status == 0 else { throw BenchmarkError("\(name) exited \(child.status)") }
            let mib = Double(child.peakRSSKiB) / 1024
            print(
                "  " + name.padding(toLength: 50, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f MiB  (%.1f s)", mib, child.wallMs / 1000))
            guard !figures.isEmpty else {
                reference = mib
                figures.append(Figure(name: "peak RSS, \(name) (reference)", value: mib, unit: "MiB"))
                continue
            }
            figures.append(
                Figure(
                    name: "peak RSS, \(name)", value: mib, unit: "MiB",
                    note: String(
                        format: "%.1f MiB over the reference (x%.2f); %.1f s", mib - reference, mib / reference,
                        child.wallMs / 1000)))
            figures.append(Figure(name: "  over --help, \(name)", value: mib - reference, unit: "MiB"))
        }
        return figures
    }
}

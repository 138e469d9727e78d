// Memory: peak RSS of a headless replay, and whether RSS grows over background/foreground cycles.
// 1. `interlude replay` over every bundled script in a child process, rendering at 640x360 and with `--no-render`;
//    the child's peak RSS from `wait4` (ru_maxrss), beside the same binary's `interlude --help` in the same run,
//    so the replay's own memory shows as a difference and a ratio.
// 2. In a child process (`memory-cycles`, CycleMemory.swift): a runtime playing 03-reactor with a real 640x360
//    `OffscreenDisplay` and a `FileSnapshotStore` behind `BackgroundSnapshotStore` (in /dev/shm by default: 10,000
//    fsyncs on the virtual disk would take minutes), cycled `homePressed` (quick and full save, surfaces released, GL
//    forbidden) → a step (the OS suspends) → `iconTapped` (surfaces restored) → resume, fire, `--frames` frames.
//    RSS (/proc/self/statm) after 100 cycles, after each of the next 10 (their spread is the noise), then every
//    `--sample-every` cycles. Rule: the growth from 100 to the last cycle is within max(1 MiB, noise). The child
//    stops early once its RSS passes `--rss-limit-mib` (a shared machine). The runtime keeps the last 1,000
//    transcript lines, as `interlude play` does (`Transcript.sessionLimit`); their estimated heap is shown beside the
//    growth (a replay keeps every line, as it writes them all). Then the same cycles again
//    (`--diagnosis-cycles`) without `ProcessTuning.keepLargeBlocksMapped` (INTERLUDE_MALLOC=default: glibc's
//    dynamic mmap threshold), which shows the heap fragmentation the tuning prevents (freed ~1 MiB pixel and
//    framebuffer blocks the heap cannot give back).

import Foundation
import Lifecycle
import PlatformEGL
import Runtime
import Services

enum MemoryBenchmark {
    static let mebibyte = 1_048_576.0

    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--cycles": "10000", "--sample-every": "100", "--frames": "1", "--diagnosis-cycles": "500",
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
            cycles: cycles, every: every, frames: frames, limit: limit, folder: folder, environment: [:])
        figures += cycleFigures(shipped.samples, seconds: shipped.seconds, label: "", goal: true)
        var extra: [String: Any] = ["samples": json(shipped.samples)]
        let diagnosis = try options.count("--diagnosis-cycles")
        if diagnosis > CycleMemory.warmupCycles + CycleMemory.noiseCycles {
            let untuned = try CycleMemory.runChild(
                cycles: diagnosis, every: every, frames: frames, limit: limit, folder: folder,
                environment: ["INTERLUDE_MALLOC": "default"])
            figures += cycleFigures(untuned.samples, seconds: untuned.seconds, label: mmapLabel, goal: false)
            extra["samplesGlibcDefault"] = json(untuned.samples)
        }
        print("")
        for figure in figures { print(figure.line) }
        try writeResult(mode: "memory", figures: figures, extra: extra, to: options.string("--json"))
    }

    static let mmapLabel = " [without the tuning: glibc default]"

    /// RSS at the warm-up and at the end, the growth against the rule, the noise, the transcript's share.
    static func cycleFigures(_ samples: [CycleMemory.Sample], seconds: Double, label: String, goal: Bool) -> [Figure] {
        let first = samples.first!
        let last = samples.last!
        let steady = samples.filter { $0.cycle <= CycleMemory.warmupCycles + CycleMemory.noiseCycles }.map(\.bytes)
        let noise = Double(steady.max()! - steady.min()!) / mebibyte
        let growth = Double(last.bytes - first.bytes) / mebibyte
        let transcriptGrowth = Double(last.transcript - first.transcript) / mebibyte
        let allowed = max(1, noise)
        let cycles = last.cycle
        let rule = String(format: "rule: growth <= max(1 MiB, noise %.2f MiB)", noise)
        print(String(format: "  %.1f s for %d cycles", seconds, cycles) + label)
        return [
            Figure(
                name: "RSS after \(first.cycle) background/foreground cycles\(label)", value: mib(first.bytes),
                unit: "MiB"),
            Figure(name: "RSS after \(cycles) cycles\(label)", value: mib(last.bytes), unit: "MiB"),
            Figure(
                name: "RSS growth \(first.cycle) to \(cycles) cycles\(label)", value: growth, unit: "MiB",
                goal: goal ? allowed : nil,
                note: rule
                    + String(format: ", x%.4f", Double(last.bytes) / Double(first.bytes))),
            Figure(
                name: "  transcript kept in memory grew (estimate)\(label)", value: transcriptGrowth,
                unit: "MiB",
                note:
                    "the last \(Transcript.sessionLimit) lines, as play keeps: UTF-8 bytes + String and array overhead"),
            Figure(name: "RSS noise, spread over cycles 100-110\(label)", value: noise, unit: "MiB"),
            Figure(name: "time per cycle\(label)", value: seconds * 1000 / Double(cycles), unit: "ms"),
        ]
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

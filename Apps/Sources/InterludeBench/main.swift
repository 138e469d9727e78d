// interlude-bench — the speed targets, measured (never by timed unit tests). One mode per target:
//   interlude-bench snapshots [--runs N] [--warmup N] [--folder DIR] [--json FILE]
// Each mode warms up, repeats, prints a table and writes JSON with p50/p99/max in milliseconds, and compares with a
// reference measured in the same run on the same machine (ratios, not absolute numbers, are what carry over).
// Run it in release: swift run -c release interlude-bench snapshots   (Benchmarks/README.md)
// `interlude-bench --help` and `interlude-bench MODE --help` teach the modes and their options (BenchHelp.swift).

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let modes: [String: ([String]) throws -> Void] = [
    "snapshots": SnapshotBenchmark.run, "transitions": TransitionBenchmark.run, "resume": ResumeBenchmark.run,
    "render": RenderBenchmark.run, "report": ReportBenchmark.run, "relaunch-child": ResumeBenchmark.child,
    "replay": ReplaySpeedBenchmark.run, "memory": MemoryBenchmark.run, "memory-cycles": CycleMemory.child,
    "fuzz-scripts": ScriptFuzz.run, "explore": ExploreBenchmark.run, "simulate": SimulateBenchmark.run, "abi": ABIBenchmark.run,
]

if let first = arguments.first, ["--help", "-h", "help"].contains(first) {
    print(BenchHelp.text, terminator: "")
    exit(0)
}
if arguments.count >= 2, ["--help", "-h"].contains(arguments[1]), let text = BenchHelp.text(of: arguments[0]) {
    print(text, terminator: "")
    exit(0)
}
guard let mode = arguments.first, let run = modes[mode] else {
    FileHandle.standardError.write(
        Data(
            ("usage: interlude-bench MODE [options]; modes: \(modes.keys.sorted().joined(separator: ", "))\n"
                + "interlude-bench --help explains each mode and its options\n").utf8))
    exit(2)
}
do {
    try run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("interlude-bench \(mode): \(error)\n".utf8))
    exit(1)
}

// The snapshot save targets: a save never holds up the frame loop for more than a frame (16.7 ms), and full and
// final saves are durable (fsynced) before the app may be suspended. Measured through the runtime's real paths:
//   quick: smsArrived on ios4 (willResignActive → pauseGame, stopFrameLoop, ..., saveSnapshot quick), background writer
//   full:  homePressed on ios5 (a quick and a full snapshot; the full one waits for fsync, as it must)
// beside the store alone (encode + durable save) and the reference: bare write + fsync + rename + fsync folder of
// the same bytes, written here with plain POSIX calls.

import Foundation
import GameCore
import Lifecycle
import Runtime
import Saves
import Storage

#if canImport(Glibc)
    import Glibc
#endif

enum SnapshotBenchmark {
    static let frameMs = 1000.0 / 60

    static func run(_ arguments: [String]) throws {
        let options = try Options(arguments)
        try FileManager.default.createDirectory(atPath: options.folder, withIntermediateDirectories: true)
        let levels = try BenchRuntime.levels()
        let runtime = playingRuntime(folder: options.folder + "/runtime", levels: levels)
        let bytes = runtime.currentSnapshot().encoded()
        let reference = try Measurement(
            "reference: write+fsync+rename+fsync folder", runs: options.runs,
            warmup: options.warmup
        ) { try bareDurableWrite(bytes, folder: options.folder) }
        let store = try FileSnapshotStore(folder: options.folder + "/store")
        let encode = Measurement("encode only (no disk)", runs: options.runs, warmup: options.warmup) {
            _ = runtime.currentSnapshot().encoded()
        }
        let decode = try Measurement(
            "decode only (what invariant 5 checks)", runs: options.runs, warmup: options.warmup
        ) {
            _ = try GameSnapshot.decode(bytes)
        }
        let durable = try Measurement(
            "FileSnapshotStore.save (durable, 2 generations)", runs: options.runs,
            warmup: options.warmup
        ) { try store.save(runtime.currentSnapshot().encoded()) }
        let quick = Measurement(
            "quick: smsArrived on ios4 (frame thread)", runs: options.runs, warmup: options.warmup,
            timing: {
                interrupt(runtime, .smsArrived, then: .smsDismissed)
            })
        let synchronous = playingRuntime(
            folder: options.folder + "/synchronous", levels: levels, background: false)
        let quickSynchronous = Measurement(
            "quick, synchronous store (for comparison)", runs: options.runs, warmup: options.warmup,
            timing: {
                interrupt(synchronous, .smsArrived, then: .smsDismissed)
            })
        let full = Measurement(
            "full: homePressed (quick + durable full)", runs: options.runs, warmup: options.warmup,
            timing: {
                interrupt(runtime, .homePressed, then: .iconTapped)
            })
        try (runtime.snapshots as? BackgroundSnapshotStore)?.flush()
        report(
            [reference, encode, decode, durable, quick, quickSynchronous, full], reference: reference,
            bytes: bytes.count,
            options: options)
        guard runtime.violations.isEmpty else {
            throw BenchmarkError("the runtime broke invariants: \(runtime.violations)")
        }
    }

    /// A runtime in a single-player game of the heaviest level (the largest snapshot), saving into `folder` through
    /// the background writer (or synchronously).
    static func playingRuntime(folder: String, levels: [Level], background: Bool = true) -> Runtime<Game> {
        let file = try! FileSnapshotStore(folder: folder)
        let store: any SnapshotStore = background ? BackgroundSnapshotStore(wrapping: file) : file
        let runtime = Runtime(profile: .ios4, seed: 1, snapshots: store, levels: levels)
        runtime.inject(.launched)
        if !runtime.game.state.isInSession { runtime.perform(.play(.singlePlayer, level: BenchRuntime.heaviestLevel)) }
        runtime.inject(.resume)
        runtime.advance(by: 2_000_000_000)
        return runtime
    }

    /// Sends `event` and performs its work (timed: what the frame loop waits for), then `back`, a resume and a few
    /// steps of play (not timed). Returns the timed part.
    static func interrupt(_ runtime: Runtime<Game>, _ event: Event, then back: Event) -> Duration {
        let elapsed = ContinuousClock().measure {
            runtime.inject(event)
        }
        runtime.advance(by: 16_666_667)
        runtime.inject(back)
        runtime.perform(.resume)
        runtime.inject(.fire)
        runtime.advance(by: 50_000_000)
        return elapsed
    }

    static func bareDurableWrite(_ bytes: [UInt8], folder: String) throws {
        let temporary = folder + "/reference.tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0,
            bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count,
            fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, folder + "/reference.txt") == 0
        else { throw BenchmarkError("reference write failed: \(String(cString: strerror(errno)))") }
        let directory = open(folder, O_RDONLY | O_DIRECTORY)
        defer { close(directory) }
        guard directory >= 0, fsync(directory) == 0 else { throw BenchmarkError("fsync of \(folder) failed") }
    }

    static func report(_ measurements: [Measurement], reference: Measurement, bytes: Int, options: Options) {
        print(
            "snapshots: \(bytes)-byte snapshot, \(options.runs) runs after \(options.warmup) warm-up, in \(options.folder)"
        )
        print("ms".padding(toLength: 50, withPad: " ", startingAt: 0) + "      p50       p99       max    p50/ref")
        for measurement in measurements {
            print(measurement.row(reference: measurement.name == reference.name ? nil : reference))
        }
        let quick = measurements[3]
        print(
            String(
                format: "quick save p99 %.3f ms: %@ a frame (%.1f ms)", quick.p99,
                (quick.p99 < frameMs ? "within" : "LONGER THAN") as NSString, frameMs))
        let json: [String: Any] = [
            "mode": "snapshots", "snapshotBytes": bytes, "runs": options.runs, "warmup": options.warmup,
            "frameMs": frameMs, "quickWithinFrame": quick.p99 < frameMs,
            "measurements": measurements.map { $0.json(reference: $0.name == reference.name ? nil : reference) },
        ]
        if let data = try? JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]) {
            try? FileManager.default.createDirectory(
                atPath: (options.json as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: options.json, contents: data) else {
                return print("could not write \(options.json)")
            }
            print("wrote \(options.json)")
        }
    }

    struct Options {
        var runs = 500
        var warmup = 20
        var folder = NSTemporaryDirectory() + "interlude-bench-snapshots"
        var json = "out/bench/snapshots.json"

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            while let flag = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchmarkError("\(flag) needs a value") }
                switch flag {
                case "--runs": runs = try Self.count(value, flag)
                case "--warmup": warmup = try Self.count(value, flag)
                case "--folder": folder = value
                case "--json": json = value
                default:
                    throw BenchmarkError("unknown option \(flag) (--runs N, --warmup N, --folder DIR, --json FILE)")
                }
            }
        }

        private static func count(_ text: String, _ flag: String) throws -> Int {
            guard let value = Int(text), value > 0 else { throw BenchmarkError("\(flag) takes a positive count") }
            return value
        }
    }
}

/// Why a benchmark could not run.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

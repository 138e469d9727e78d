// CycleMemory: the `memory` mode's cycles (MemoryBenchmark.swift says what a cycle is and the rule). They run in a
// child process (`interlude-bench memory-cycles`), so that each run starts from a fresh heap and so that the same
// cycles start from the same state every run: the child prints one `sample CYCLE RSS TRANSCRIPT` line per sample
// and `seconds S` at the end (it stops early, after a sample, once its RSS passes `--rss-limit-mib`); the parent
// turns them into figures. Samples: after 100 cycles (warm-up), then every `--sample-every` cycles and the last.

import Foundation
import GameCore
import Lifecycle
import PlatformEGL
import Runtime
import Storage
import ShooterPlatform

enum CycleMemory {
    static let warmupCycles = 100

    /// One sample: after `cycle` cycles, the resident set and the transcript's estimated heap, in bytes.
    struct Sample {
        let cycle: Int
        let bytes: Int
        let transcript: Int
    }

    /// Runs the child and returns its samples and its seconds of cycling.
    static func runChild(
        cycles: Int, every: Int, frames: Int, limit: Int, folder: String
    ) throws -> (samples: [Sample], seconds: Double) {
        let output = try ChildProcess.output(
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path,
            [
                "memory-cycles", "--cycles", "\(cycles)", "--sample-every", "\(every)", "--frames", "\(frames)",
                "--folder", folder, "--rss-limit-mib", "\(limit)",
            ])
        var samples: [Sample] = []
        var seconds = 0.0
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 4, fields[0] == "sample", let cycle = Int(fields[1]), let bytes = Int(fields[2]),
                let transcript = Int(fields[3])
            {
                samples.append(Sample(cycle: cycle, bytes: bytes, transcript: transcript))
            } else if fields.count == 2, fields[0] == "seconds", let value = Double(fields[1]) {
                seconds = value
            }
        }
        guard samples.count >= 2, samples[0].cycle == warmupCycles else {
            throw BenchmarkError("memory-cycles printed no samples")
        }
        return (samples, seconds)
    }

    /// `interlude-bench memory-cycles --cycles N --sample-every K --frames F --folder DIR` (the child).
    static func child(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--cycles": "10000", "--sample-every": "100", "--frames": "2", "--folder": "",
                "--rss-limit-mib": "3072",
            ])
        let limit = try options.count("--rss-limit-mib") * 1_048_576
        let cycles = try options.count("--cycles")
        let every = try options.count("--sample-every")
        let frames = try options.count("--frames")
        let folder = options.string("--folder")
        guard cycles > warmupCycles, !folder.isEmpty else {
            throw BenchmarkError("memory-cycles needs --cycles above \(warmupCycles) and --folder")
        }
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let display = try OffscreenDisplay(width: 640, height: 360)
        display.redrawsUnchangedScenes = true  // benchmarks time every frame
        let store = BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: folder))
        let runtime = try BenchRuntime.playing(
            profile: .ios5, display: display, snapshots: store, levels: try BenchRuntime.levels())
        runtime.transcriptLimit = Transcript.sessionLimit  // as `interlude play` and `soak` run: recent lines only
        let clock = ContinuousClock()
        let start = clock.now
        for cycle in 1...cycles {
            try self.cycle(runtime, frames: frames, first: cycle == 1)
            guard cycle == warmupCycles || (cycle > warmupCycles && (cycle % every == 0 || cycle == cycles)) else {
                continue
            }
            try store.flush()
            let resident = residentBytes()
            print("sample \(cycle) \(resident) \(transcriptHeap(runtime.transcript.lines))")
            // A shared machine: a run that grows without bound stops here rather than take the memory of others.
            if resident > limit { break }
        }
        guard runtime.violations.isEmpty else { throw BenchmarkError("invariants broke: \(runtime.violations)") }
        print("seconds \(milliseconds(start.duration(to: clock.now)) / 1000)")
    }

    /// Home (quick and full save, surfaces released, GL forbidden), a step (the OS suspends), icon (surfaces
    /// restored), then back to play: resume, fire, `frames` frames. The first cycle checks that the surfaces really
    /// go and come back and that the game runs again.
    static func cycle(_ runtime: Runtime<Game>, frames: Int, first: Bool) throws {
        runtime.inject(.homePressed)
        if first, !runtime.lastWork.contains(.releaseGLSurfaces) {
            throw BenchmarkError("homePressed did not release the surfaces: \(runtime.lastWork)")
        }
        runtime.advance(by: BenchRuntime.step)
        guard runtime.status.state == .suspended else { throw BenchmarkError("not suspended: \(runtime.status)") }
        runtime.inject(.iconTapped)
        if first, !runtime.lastWork.contains(.restoreGLSurfaces) {
            throw BenchmarkError("iconTapped did not restore the surfaces: \(runtime.lastWork)")
        }
        runtime.perform(.resume)
        runtime.inject(.fire)
        let presented = runtime.framesPresented
        runtime.advance(by: Int64(frames) * BenchRuntime.step)
        if first, !runtime.game.state.isRunning || runtime.framesPresented != presented + Int64(frames) {
            throw BenchmarkError("the game did not run again after the cycle (\(runtime.status))")
        }
    }

    /// An estimate of the heap the transcript's lines hold: each line's UTF-8 bytes in a native string (32-byte
    /// header, malloc rounding to 16 with 8 bytes of its own; strings of 15 bytes or fewer are inline), plus the
    /// array's 16 bytes a line.
    static func transcriptHeap(_ lines: [String]) -> Int {
        var total = lines.capacity * 16
        for line in lines {
            let count = line.utf8.count
            if count > 15 { total += (32 + count + 1 + 8 + 15) / 16 * 16 }
        }
        return total
    }
}

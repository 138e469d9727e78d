// BatchRunner: the one runner of `replay` and `simulate` (and of any batch of jobs a command hands it). Every job (a
// script, or a seed of a profile) runs in a child process of its own (this same program), `--jobs` at a time, each
// under a watchdog. A child that hangs is killed at its deadline and reported with where it was (its heartbeat, when
// it writes one); a child that crashes or exits without its result is reported with how it ended and its last words;
// either way the other jobs run on. A child that hung with llvmpipe rasteriser threads (fewer jobs than cores) is run
// once more without them, where issue 11's race cannot happen, and its result says so. Prints each job's verdict as
// it ends (the caller's `report`) and, on a terminal, a status line (done / total, the slowest running).

import Foundation
import GLHost

/// One job for a child process.
struct BatchJob {
    /// The job's name in progress lines and verdicts (`home-ios4`, `ios4-seed-3`).
    let name: String
    /// What a failure line starts with: the script's path, or the job's name.
    let place: String
    /// Seconds after which the watchdog ends the child.
    let deadline: Double
    /// The script whose lines the child's heartbeat numbers (`at FILE:LINE`); nil: the child writes none.
    let heartbeatScript: String?
    /// The child's arguments (after the program's name), given where it writes its result and its heartbeat.
    let arguments: (_ resultPath: String, _ heartbeatPath: String) -> [String]
    /// What a hang leaves behind, said after the watchdog's verdict.
    var keptWhenHung = "transcript so far kept"
}

/// How a job ended.
struct BatchResult {
    enum Ending {
        /// The child exited 0 and wrote its result: those bytes.
        case finished(Data)
        /// It never gave a result: hung (the watchdog ended it) or crashed; `failure` says where and how.
        case died(verdict: ReplayOutcome.Verdict, failure: String)
    }
    var ending: Ending
    /// Wall seconds, both runs' when it ran again.
    var seconds: Double
    /// The first run's failure when the job ran again after a hang with rasteriser threads.
    var firstRun: String?
}

/// Runs jobs in child processes, `jobs` at a time, each under its watchdog.
struct BatchRunner {
    /// Children at a time (`--jobs`); nil: the number of cores.
    let jobs: Int?
    /// True when the children draw with GL (llvmpipe): they are given rasteriser threads as the cores allow, and one
    /// that hangs with them runs again without.
    let rendersWithGL: Bool

    /// A job waiting for a child: its first run, or the second after a hang with rasteriser threads.
    private struct Waiting {
        let index: Int
        let job: BatchJob
        var firstRun: (failure: String, seconds: Double)? = nil  // set for the second run: the first, which hung
    }

    /// One job running.
    private struct Running {
        let waiting: Waiting
        let process: Subprocess
        let rasterizerThreads: Int?  // LP_NUM_THREADS given to the child; nil: none given (no GL, or the user chose)
        let resultPath: String
        let heartbeatPath: String
        let outputPath: String

        var index: Int { waiting.index }
        var job: BatchJob { waiting.job }
        /// True when a hang runs again: a first run with rasteriser threads this runner chose.
        var runsAgainIfHung: Bool { waiting.firstRun == nil && (rasterizerThreads ?? 0) > 0 }
    }

    /// Runs `jobs`, hands each ending (with the job's index) to `outcome` and what it gives to `report` as each job
    /// ends; the outcomes in the jobs' order.
    func run<Outcome>(
        _ jobs: [BatchJob], outcome: (Int, BatchJob, BatchResult) -> Outcome, report: (Outcome) -> Void
    ) throws -> [Outcome] {
        let executable = try Self.executablePath()
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let parallel = max(1, min(self.jobs ?? Self.cores(), max(jobs.count, 1)))
        let progress = ProgressLine(total: jobs.count)
        var waiting = jobs.enumerated().map { Waiting(index: $0.offset, job: $0.element) }
        var running: [Running] = []
        var outcomes: [Outcome?] = Array(repeating: nil, count: jobs.count)
        func end(_ index: Int, _ job: BatchJob, _ result: BatchResult) {
            let made = outcome(index, job, result)
            outcomes[index] = made
            progress.done += 1
            report(made)
        }
        while !waiting.isEmpty || !running.isEmpty {
            while running.count < parallel, !waiting.isEmpty {
                let next = waiting.removeFirst()
                do {
                    running.append(try start(next, executable: executable, work: work, parallel: parallel))
                } catch {
                    end(next.index, next.job, Self.notStarted(next.job, error))
                }
            }
            var ended = false
            for (position, child) in running.enumerated().reversed() {
                guard var result = ending(of: child) else { continue }
                running.remove(at: position)
                progress.clear()
                relay(child.outputPath)
                ended = true
                if case .died(.hung, let failure) = result.ending, child.runsAgainIfHung {
                    say("RETRY  \(child.job.name)  \(failure)")
                    waiting.insert(
                        Waiting(index: child.index, job: child.job, firstRun: (failure, result.seconds)), at: 0)
                    continue
                }
                if let first = child.waiting.firstRun {
                    result.firstRun = first.failure
                    result.seconds += first.seconds
                }
                end(child.index, child.job, result)
            }
            if !ended {
                progress.show(running.map { ($0.job.name, $0.process.elapsed) })
                usleep(20_000)
            }
        }
        progress.clear()
        return outcomes.map { $0! }
    }

    /// No process (out of memory or process slots): this job fails, the others still get their turn.
    private static func notStarted(_ job: BatchJob, _ error: any Error) -> BatchResult {
        BatchResult(
            ending: .died(verdict: .crashed, failure: "\(job.place): crashed before it started: \(error)"), seconds: 0)
    }

    /// How `child` ended, if it has: exited (its result file read), or past its deadline (killed, and where it hung).
    private func ending(of child: Running) -> BatchResult? {
        if child.process.poll() != nil { return finished(child) }
        guard child.process.elapsed > child.job.deadline else { return nil }
        child.process.kill()
        return hung(child)
    }

    private func start(_ waiting: Waiting, executable: String, work: String, parallel: Int) throws -> Running {
        let base = "\(work)/\(waiting.index)" + (waiting.firstRun == nil ? "" : ".again")
        let resultPath = base + ".result.json"
        let heartbeatPath = base + ".heartbeat"
        let outputPath = base + ".output"
        let threads = rasterizerThreads(parallel, runningAgain: waiting.firstRun != nil)
        let process = try Subprocess(
            executable: executable, arguments: waiting.job.arguments(resultPath, heartbeatPath),
            environment: threads.map { [RasterizerThreads.variable: String($0)] } ?? [:], outputPath: outputPath)
        return Running(
            waiting: waiting, process: process, rasterizerThreads: threads, resultPath: resultPath,
            heartbeatPath: heartbeatPath, outputPath: outputPath)
    }

    /// llvmpipe's rasteriser threads for a child, nil without GL (`--no-render`) or when the user chose
    /// (`LP_NUM_THREADS` set): the cores shared among the jobs; with a core or less each, none (the child rasterises
    /// on its own thread: with a `glFinish` a frame there is nothing to overlap, and no thread to wake and wait for);
    /// none for a second run. The pixels are the same for any count.
    private func rasterizerThreads(_ parallel: Int, runningAgain: Bool) -> Int? {
        guard rendersWithGL, ProcessInfo.processInfo.environment[RasterizerThreads.variable] == nil else {
            return nil
        }
        let share = Self.cores() / max(1, parallel)
        return runningAgain || share <= 1 ? 0 : share
    }

    /// A child that ended by itself: its result, or how it died.
    private func finished(_ child: Running) -> BatchResult {
        let seconds = child.process.elapsed
        if case .exited(0) = child.process.ending, let data = FileManager.default.contents(atPath: child.resultPath) {
            return BatchResult(ending: .finished(data), seconds: seconds)
        }
        let ending = child.process.ending?.description ?? "ended"
        var failure = "\(child.job.place): crashed (\(ending))" + placeOfDeath(child)
        if let last = lastWords(child.outputPath) { failure += ": \(last)" }
        return BatchResult(ending: .died(verdict: .crashed, failure: failure), seconds: seconds)
    }

    /// A child the watchdog ended, with the rasteriser threads it had if this runner chose any.
    private func hung(_ child: Running) -> BatchResult {
        let seconds = String(format: "%.0f", child.job.deadline)
        let threads = child.rasterizerThreads.map { $0 > 0 ? " with \($0) llvmpipe rasteriser threads" : "" } ?? ""
        let next =
            child.runsAgainIfHung
            ? "replayed again without rasteriser threads (LP_NUM_THREADS=0)" : child.job.keptWhenHung
        let failure =
            "\(child.job.place): hung" + placeOfDeath(child) + threads
            + "; killed by the watchdog after \(seconds) s (--timeout to change it); \(next)"
        return BatchResult(ending: .died(verdict: .hung, failure: failure), seconds: child.process.elapsed)
    }

    /// " in frame 812 during draw (present) at home.script:14", from the child's heartbeat (the line being replayed:
    /// virtual time advancing to it, or its event, action or work); empty when the child wrote none.
    private func placeOfDeath(_ child: Running) -> String {
        guard let (step, line, label) = ReplayHeartbeat.read(child.heartbeatPath) else { return "" }
        let script = child.job.heartbeatScript.map { line > 0 ? " at \($0):\(line)" : "" } ?? ""
        return " in frame \(step) during \(label)" + script
    }

    /// The last line the child printed that says why it died (Swift's "Fatal error: ..."), else its last line.
    /// Reads only the output's last 64 KiB: a child may have printed without end before it died.
    private func lastWords(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let end = try? file.seekToEnd() else { return nil }
        try? file.seek(toOffset: end > 65_536 ? end - 65_536 : 0)
        guard let data = try? file.readToEnd() else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard var line = lines.last(where: { $0.contains("Fatal error") || $0.contains("error:") }) ?? lines.last
        else { return nil }
        // Swift's runtime prints a fatal error's message twice on one line (message, then the same for the log).
        let half = line.count / 2
        if line.count % 2 == 0, line.prefix(half) == line.suffix(half) { line = String(line.prefix(half)) }
        return String(line.prefix(300))
    }

    /// Copies what the child printed (its runtime log, a crash message) to standard error, in one piece.
    private func relay(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return }
        FileHandle.standardError.write(data)
    }

    /// This program, to start again as a child.
    static func executablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw BatchError(description: "cannot find this program's path (/proc/self/exe)") }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func cores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    private static func temporaryFolder() throws -> String {
        var template = Array(
            ((NSTemporaryDirectory() as NSString).appendingPathComponent("interlude-batch-XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BatchError(description: "cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}

/// The runner could not start at all (no path to this program, no temporary folder).
struct BatchError: Error, CustomStringConvertible {
    let description: String
}

/// The status line on a terminal: "[5/17] running: fight-level3-call-ios4 4.1 s, lock-menu-ios5 0.3 s". Elsewhere
/// (CI logs) a line every 10 s while nothing ends, so a long run still shows it is alive.
final class ProgressLine {
    let total: Int
    var done = 0
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var shown = false
    private var lastQuietLine = Subprocess.now()
    private var lastShown = 0.0

    init(total: Int) { self.total = total }

    func show(_ running: [(name: String, seconds: Double)]) {
        let slowest = running.sorted { $0.seconds > $1.seconds }
        let list = slowest.map { "\($0.name) \(String(format: "%.1f", $0.seconds)) s" }.joined(separator: ", ")
        let text = TerminalText.escaped("[\(done)/\(total)] running: \(list)")
        if isTerminal {
            guard Subprocess.now() - lastShown >= 0.2 else { return }
            lastShown = Subprocess.now()
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + String(text.prefix(160))).utf8))
            shown = true
        } else if Subprocess.now() - lastQuietLine >= 10 {
            sayError(text)
            lastQuietLine = Subprocess.now()
        }
    }

    func clear() {
        lastQuietLine = Subprocess.now()
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}

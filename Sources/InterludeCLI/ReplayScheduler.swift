import Foundation
import GLHost

/// Replays scripts in child processes, `--jobs` at a time, each under a watchdog. A child that hangs is killed at its
/// deadline and reported with where it was (its heartbeat); a child that crashes is reported with how it ended and
/// its last words; either way its transcript so far stays, and the other scripts run on. A child that hung with
/// llvmpipe rasteriser threads (fewer jobs than cores) is replayed once more without them, where issue 11's race
/// cannot happen, and its outcome says so. Prints a verdict line as each script ends and, on a terminal, a status
/// line (done / total, the slowest running).
struct ReplayScheduler {
    let command: ReplayCommand

    /// A script waiting for a child: its first replay, or the second after a hang with rasteriser threads.
    private struct Job {
        let index: Int
        let script: ScheduledScript
        var firstReplay: ReplayOutcome? = nil  // set for the second replay: the first, which hung
    }

    /// One script being replayed.
    private struct Running {
        let job: Job
        let process: Subprocess
        let deadline: Double  // seconds after start
        let rasterizerThreads: Int?  // LP_NUM_THREADS given to the child; nil: none given (no GL, or the user chose)
        let resultPath: String
        let heartbeatPath: String
        let outputPath: String

        var index: Int { job.index }
        var script: ScheduledScript { job.script }
        /// True when a hang is replayed again: a first replay with rasteriser threads this scheduler chose.
        var isReplayedAgainIfHung: Bool { job.firstReplay == nil && (rasterizerThreads ?? 0) > 0 }
    }

    /// The outcomes of `scripts`, in their order.
    func run(_ scripts: [ScheduledScript]) throws -> [ReplayOutcome] {
        let executable = try Self.executablePath()
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let parallel = max(1, min(command.jobs ?? Self.cores(), max(scripts.count, 1)))
        let progress = ProgressLine(total: scripts.count)
        var waiting = scripts.enumerated().map { Job(index: $0.offset, script: $0.element) }
        var running: [Running] = []
        var outcomes: [ReplayOutcome?] = Array(repeating: nil, count: scripts.count)
        while !waiting.isEmpty || !running.isEmpty {
            while running.count < parallel, !waiting.isEmpty {
                let job = waiting.removeFirst()
                do {
                    running.append(try start(job, executable: executable, work: work, parallel: parallel))
                } catch {
                    // No process (out of memory or process slots): this script fails, the others still get their turn.
                    let failure = "\(job.script.path): crashed before it started: \(error)"
                    outcomes[job.index] = ReplayOutcome(
                        unfinished: job.script.name, verdict: .crashed, failure: failure, seconds: 0)
                    progress.done += 1
                    outcomes[job.index]!.report()
                }
            }
            var ended = false
            for (position, child) in running.enumerated().reversed() {
                var verdict: ReplayOutcome?
                if child.process.poll() != nil {
                    verdict = finished(child)
                } else if child.process.elapsed > child.deadline {
                    child.process.kill()
                    verdict = hung(child)
                }
                guard var verdict else { continue }
                running.remove(at: position)
                progress.clear()
                relay(child.outputPath)
                ended = true
                if let again = replayAgain(child, after: verdict) {
                    say("RETRY  \(child.script.name)  \(again.firstReplay?.failures.first ?? "")")
                    waiting.insert(again, at: 0)
                    continue
                }
                if let first = child.job.firstReplay {
                    verdict.firstReplay = first.failures.first
                    verdict.seconds += first.seconds
                }
                outcomes[child.index] = verdict
                progress.done += 1
                verdict.report()
            }
            if !ended {
                progress.show(running.map { ($0.script.name, $0.process.elapsed) })
                usleep(20_000)
            }
        }
        progress.clear()
        return outcomes.map { $0! }
    }

    /// The second replay of a script whose first hung with rasteriser threads this scheduler chose, run without
    /// them (issue 11's race needs them); nil for any other ending, a second replay, or the user's LP_NUM_THREADS.
    private func replayAgain(_ child: Running, after outcome: ReplayOutcome) -> Job? {
        guard outcome.verdict == .hung, child.isReplayedAgainIfHung else { return nil }
        return Job(index: child.index, script: child.script, firstReplay: outcome)
    }

    private func start(_ job: Job, executable: String, work: String, parallel: Int) throws -> Running {
        let script = job.script
        let base = "\(work)/\(job.index)" + (job.firstReplay == nil ? "" : ".again")
        let resultPath = base + ".result.json"
        let heartbeatPath = base + ".heartbeat"
        let outputPath = base + ".output"
        var arguments = [
            "replay", "--out", command.out, "--width", "\(command.width)", "--height", "\(command.height)",
        ]
        arguments += ["--present-every", "\(command.presentEvery)", "--child-result", resultPath]
        arguments += ["--heartbeat", heartbeatPath]
        if command.noRender { arguments.append("--no-render") }
        if command.redrawUnchangedFrames { arguments.append("--redraw-unchanged-frames") }
        if let data = command.game.data { arguments += ["--assets", data] }
        if let dataDir = command.dataDir { arguments += ["--data-dir", dataDir] }
        // One replay of a matrix (or of --profile): the child replays the file under this profile alone.
        if script.matrix != nil { arguments += ["--profile", script.profileName] }
        if let leaderboard = command.leaderboard { arguments += ["--leaderboard", leaderboard] }
        // The child builds the same game.
        if let game = command.game.path { arguments += ["--game", game] }
        if let testHang = command.testHang { arguments += ["--test-hang", testHang] }
        if let testRace = command.testRace { arguments += ["--test-race", testRace] }
        if let testCrash = command.testCrash { arguments += ["--test-crash", testCrash] }
        if let name = command.testCrashAfterRestore { arguments += ["--test-crash-after-restore", name] }
        let deadline = command.timeout ?? (30 + min(script.virtualSeconds, 86_400))
        arguments += ["--timeout", String(format: "%.3f", deadline), script.path]  // the child's own alarm, later
        let threads = rasterizerThreads(parallel, replayingAgain: job.firstReplay != nil)
        let process = try Subprocess(
            executable: executable, arguments: arguments,
            environment: threads.map { [RasterizerThreads.variable: String($0)] } ?? [:], outputPath: outputPath)
        return Running(
            job: job, process: process, deadline: deadline, rasterizerThreads: threads, resultPath: resultPath,
            heartbeatPath: heartbeatPath, outputPath: outputPath)
    }

    /// llvmpipe's rasteriser threads for a child, nil without GL (`--no-render`) or when the user chose
    /// (`LP_NUM_THREADS` set): the cores shared among the jobs; with a core or less each, none (the child rasterises
    /// on its own thread: with a `glFinish` a frame there is nothing to overlap, and no thread to wake and wait for);
    /// none for a second replay. The pixels are the same for any count.
    private func rasterizerThreads(_ parallel: Int, replayingAgain: Bool) -> Int? {
        guard !command.noRender, ProcessInfo.processInfo.environment[RasterizerThreads.variable] == nil else {
            return nil
        }
        let share = Self.cores() / max(1, parallel)
        return replayingAgain || share <= 1 ? 0 : share
    }

    /// A child that ended by itself: its result, or how it died.
    private func finished(_ child: Running) -> ReplayOutcome {
        if case .exited(0) = child.process.ending,
            let data = FileManager.default.contents(atPath: child.resultPath),
            let outcome = try? JSONDecoder().decode(ReplayOutcome.self, from: data)
        {
            return outcome
        }
        let ending = child.process.ending?.description ?? "ended"
        var failure = "\(child.script.path): crashed (\(ending))" + placeOfDeath(child)
        if let last = lastWords(child.outputPath) { failure += ": \(last)" }
        return ReplayOutcome(
            unfinished: child.script.name, verdict: .crashed, failure: failure, seconds: child.process.elapsed)
    }

    /// A child the watchdog ended, with the rasteriser threads it had if this scheduler chose any.
    private func hung(_ child: Running) -> ReplayOutcome {
        let seconds = String(format: "%.0f", child.deadline)
        let threads = child.rasterizerThreads.map { $0 > 0 ? " with \($0) llvmpipe rasteriser threads" : "" } ?? ""
        let next =
            child.isReplayedAgainIfHung
            ? "replayed again without rasteriser threads (LP_NUM_THREADS=0)" : "transcript so far kept"
        let failure =
            "\(child.script.path): hung" + placeOfDeath(child) + threads
            + "; killed by the watchdog after \(seconds) s (--timeout to change it); \(next)"
        return ReplayOutcome(
            unfinished: child.script.name, verdict: .hung, failure: failure, seconds: child.process.elapsed)
    }

    /// " in frame 812 during draw (present) at home.script:14", from the child's heartbeat (the line being replayed:
    /// virtual time advancing to it, or its event, action or work).
    private func placeOfDeath(_ child: Running) -> String {
        guard let (step, line, label) = ReplayHeartbeat.read(child.heartbeatPath) else { return "" }
        return " in frame \(step) during \(label)" + (line > 0 ? " at \(child.script.path):\(line)" : "")
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
        guard count > 0 else { throw ReplayInputError.other("cannot find this program's path (/proc/self/exe)") }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func cores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    private static func temporaryFolder() throws -> String {
        var template = Array(
            ((NSTemporaryDirectory() as NSString).appendingPathComponent("interlude-replay-XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ReplayInputError.other("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
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

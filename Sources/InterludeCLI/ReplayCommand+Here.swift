import Faults
import ForeignGame
import Foundation
import GLHost
import Replay
import Runtime
import Storage
import Synchronization

extension ReplayCommand {
    /// Replays one script in this process: the transcript is written line by line as it happens (a run that hangs
    /// or crashes later leaves every line so far), frames as they are captured. `heartbeatPath`: where the parent's
    /// watchdog reads what this process is doing (a child only).
    func replayHere<Entry: GameEntry>(
        _ loaded: LoadedScript<Entry.Game.Action>, entry: Entry, heartbeatPath: String?
    ) throws -> ReplayOutcome {
        let script = loaded.script
        let started = Subprocess.now()
        let heartbeat = try heartbeatPath.map { try ReplayHeartbeat(path: $0) }
        // A game library's call in progress, for a watchdog that ends a call that never returns (Contract §11).
        if let heartbeat { ForeignCrashReport.observer = { heartbeat.note(call: $0) } }
        let lineWillRun: ((SourceLocation) -> Void)? = heartbeat.map { heartbeat in { heartbeat.note(line: $0.line) } }
        let transcript = try TranscriptFile(path: "\(out)/\(script.name).transcript.jsonl")
        // A script with fault lines (issue 30) replays as the simulation ran it: a synchronous store on a disk whose
        // fault points its lines arm (the data folder's, else a scratch folder removed afterwards).
        let faults = script.hasFaultLines ? FaultInjector(seed: script.seed, enabled: []) : nil
        let scratch =
            faults != nil && dataDir == nil
            ? FileManager.default.temporaryDirectory.path
                + "/interlude-faults-\(getpid())-\(script.name)" : nil
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        let store: any SnapshotStore =
            try faults.map { try FileSnapshotStore(folder: scratch ?? "\(dataDir!)/\(script.name)", faults: $0) }
            ?? dataDir.map { BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: "\($0)/\(script.name)")) }
            ?? InMemorySnapshotStore()
        defer { try? store.flush() }
        // What the game connects a replay to (the shooter: its leaderboard and match servers). A script with fault
        // lines talks to the in-process leaderboard, as the simulation does: the network's fault points act there
        // (unless --leaderboard names a server).
        let connections = try entry.connections(for: script, leaderboard: leaderboard, hasFaultLines: faults != nil)
        defer { connections.close() }
        let hook = TestHook(
            hang: testHang == script.name || testRace == script.name, crash: testCrash == script.name,
            crashAfterRestore: testCrashAfterRestore == script.name, rendering: !noRender,
            hangsOnlyWithRasterizerThreads: testRace == script.name)
        let configure: (Runtime<Entry.Game>) -> Void = { runtime in
            hook.isInSession = { runtime.game.isInSession }
            runtime.log = { sayError("\(script.name): " + $0) }
            connections.configure(runtime)
            runtime.transcriptSink = transcript.sink
            if heartbeat != nil || hook.isArmed {
                runtime.willDo = { activity in
                    heartbeat?.note(activity)
                    hook.check(activity, script: script.name)
                }
            }
        }
        let result: ReplayResult
        if noRender {
            result = ScriptRunner.run(
                script, snapshots: store, presentEvery: Int64(presentEvery), faults: faults,
                game: { entry.makeGame(seed: $0) }, configure: configure, lineWillRun: lineWillRun)
        } else {
            heartbeat?.set(label: "making the EGL display")
            // Captures show what the phone's user sees: the OS's screens (alert, call, lock, ...) over the app.
            let rendering = try entry.makeOffscreenDisplay(
                OffscreenRequest(
                    width: width, height: height, outputDirectory: out, redrawsUnchangedScenes: redrawUnchangedFrames,
                    phoneScreens: true))
            result = ScriptRunner.run(
                script, display: rendering.display, snapshots: store, presentEvery: Int64(presentEvery),
                faults: faults, game: { entry.makeGame(seed: $0) },
                configure: { runtime in
                    configure(runtime)
                    rendering.showPhoneScreens(runtime)
                }, lineWillRun: lineWillRun)
        }
        heartbeat?.set(label: "writing the results")
        try transcript.close()
        return ReplayOutcome(result, seconds: Subprocess.now() - started)
    }

    /// `--in-process` with rasteriser threads the user asked for (`LP_NUM_THREADS` above 0, as `make probe` does): says
    /// that issue 11's race is then possible and nothing would end a hung frame. Without the variable the offscreen
    /// display asks for none (`RasterizerThreads.preferNone`), and the race cannot happen.
    func warnOfRasterizerThreads() {
        guard !noRender, let threads = RasterizerThreads.requested, Int(threads) != 0 else { return }
        sayError(
            "note: LP_NUM_THREADS=\(TerminalText.escaped(threads)): with llvmpipe's rasteriser threads a frame can hang "
                + "for ever (issue 11, Docs/Replaying.md), and --in-process has no watchdog")
    }
}

/// The transcript file, written line by line with `write(2)` (nothing buffered in this process to lose when it is
/// killed), truncated when opened. A line that cannot be written (a full disk) is remembered, and `close` throws it:
/// the replay then fails rather than passing with a transcript cut short.
final class TranscriptFile: Sendable {
    let path: String
    private let descriptor: Int32
    private let writeError = Atomic<Int32>(0)  // errno of the first failed write, 0 if none

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ReplayInputError.other("\(path): cannot create: \(String(cString: strerror(errno)))")
        }
        self.path = path
    }

    /// Appends `line` and a newline.
    var sink: @Sendable (String) -> Void {
        { [self] line in
            guard writeError.load(ordering: .relaxed) == 0 else { return }
            var bytes = Array(line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes {
                    Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
                }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    writeError.store(result < 0 ? errno : ENOSPC, ordering: .relaxed)
                    return
                }
                written += result
            }
        }
    }

    /// Flushes the file to disk and closes it; throws if a line could not be written, or the file not closed.
    func close() throws {
        fsync(descriptor)
        let closed = Glibc.close(descriptor) == 0 ? 0 : errno
        for code in [writeError.load(ordering: .relaxed), closed] where code != 0 {
            throw ReplayInputError.other("\(path): cannot write the transcript: \(String(cString: strerror(code)))")
        }
    }
}

/// The tests' way to make one script hang or crash on purpose (`--test-hang NAME`, `--test-crash NAME`): at the first
/// frame drawn from step 30 on (or at step 30 without rendering), block for ever or trap. `--test-race NAME` hangs
/// there as issue 11's race does: only while llvmpipe has rasteriser threads (`LP_NUM_THREADS` not 0).
/// `--test-crash-after-restore NAME`: trap at the first thing the runtime does after a `loadSnapshot` that restored a
/// game (the crash guard's test).
final class TestHook {
    let hang: Bool
    let crash: Bool
    let crashAfterRestore: Bool
    let rendering: Bool
    let hangsOnlyWithRasterizerThreads: Bool
    var isInSession: () -> Bool = { false }
    private var stepReached = false  // the replay's one thread sets and reads it
    private var loading = false  // a loadSnapshot was the last thing done

    init(
        hang: Bool, crash: Bool, crashAfterRestore: Bool = false, rendering: Bool,
        hangsOnlyWithRasterizerThreads: Bool = false
    ) {
        self.hang = hang
        self.crash = crash
        self.crashAfterRestore = crashAfterRestore
        self.rendering = rendering
        self.hangsOnlyWithRasterizerThreads = hangsOnlyWithRasterizerThreads
    }

    var isArmed: Bool { hang || crash || crashAfterRestore }
    static let step: Int64 = 30

    func check(_ activity: RuntimeActivity, script: String) {
        guard isArmed else { return }
        if crashAfterRestore {
            if loading, isInSession() { fatalError("--test-crash-after-restore \(script): crashing on purpose") }
            if case .work(let work) = activity { loading = work == .loadSnapshot } else { loading = false }
            return
        }
        switch activity {
        case .step(let step) where step >= Self.step:
            stepReached = true
            if !rendering { fire(script) }
        case .display("present") where stepReached:
            fire(script)
        default:
            break
        }
    }

    private func fire(_ script: String) {
        if crash { fatalError("--test-crash \(script): crashing on purpose") }
        // Checked at the frame, after the display chose: an unset variable is 0 by then (RasterizerThreads).
        if hangsOnlyWithRasterizerThreads, RasterizerThreads.requested.map({ Int($0) == 0 }) ?? false { return }
        sayError("\(script): --test-hang: blocking this frame on purpose")
        while true { sleep(3600) }
    }
}

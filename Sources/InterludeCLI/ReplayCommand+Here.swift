import Faults
import ForeignGame
import Foundation
import GLHost
import Replay
import Runtime
import Saves
import Simulation
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
        let store = try snapshotStore(for: script.name, faults: faults, scratch: scratch)
        defer { try? store.flush() }
        // What the game connects a replay to (the shooter: its leaderboard and match servers). A script with fault
        // lines talks to the in-process leaderboard, as the simulation does: the network's fault points act there
        // (unless --leaderboard names a server).
        let connections = try entry.connections(for: script, leaderboard: leaderboard, hasFaultLines: faults != nil)
        defer { connections.close() }
        let configure: (Runtime<Entry.Game>) -> Void = { runtime in
            runtime.log = { sayError("\(script.name): " + $0) }
            // The heartbeat first: what the game's entry connects may watch the runtime too (after it).
            if let heartbeat { runtime.willDo = { heartbeat.note($0) } }
            connections.configure(runtime)
            runtime.transcriptSink = transcript.sink
        }
        // The engines whose views the transcript shows besides the script's own: the option's and the game's.
        let engines = try engineOption() + entry.engines
        let result: ReplayResult
        if noRender {
            result = ScriptRunner.run(
                script, snapshots: store, presentEvery: Int64(presentEvery), faults: faults, engines: engines,
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
                faults: faults, engines: engines, game: { entry.makeGame(seed: $0) },
                configure: { runtime in
                    configure(runtime)
                    rendering.showPhoneScreens(runtime)
                }, lineWillRun: lineWillRun)
        }
        heartbeat?.set(label: "writing the results")
        try transcript.close()
        return ReplayOutcome(result, seconds: Subprocess.now() - started)
    }

    /// Where a replay's snapshots go (Contract §10): with fault lines, a synchronous store on the disk they arm (the
    /// data folder's, else `scratch`); else the background store on the data folder; else memory.
    private func snapshotStore(for name: String, faults: FaultInjector?, scratch: String?) throws -> any SnapshotStore {
        try faults.map { try FileSnapshotStore.faulty(folder: scratch ?? "\(dataDir!)/\(name)", injector: $0) }
            ?? dataDir.map { BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: "\($0)/\(name)")) }
            ?? InMemorySnapshotStore()
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

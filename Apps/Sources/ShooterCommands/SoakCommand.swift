import ArgumentParser
import Foundation
import GameCore
import InterludeCLI
import Lifecycle
import Replay
import Runtime
import Saves
import Storage

/// `interlude soak`: plays a single-player game headless (no rendering) and interrupts it over and over, so that it
/// saves continuously into --data-dir; the crash harness kills it with SIGKILL at random moments.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Play headless and save continuously into --data-dir (the crash harness's game).",
        discussion: """
            Launches as the phone would (restoring the snapshot in --data-dir, or falling back, or starting fresh), then repeats: fire, walk, home button (a quick and a full snapshot), suspension, icon tapped, resume. After --cycles it ends through home and terminatedByOS (a final snapshot).

            Standard output is the commit journal, one line each, written unbuffered:
              launched DETAIL       what loadSnapshot did
              writing HASH          a snapshot with these bytes (FNV-1a 64) is about to be written
              committed HASH        it is on disk: renamed over snapshot.txt, the folder fsynced
              ended GENERATION      the last generation saved
            """)

    @Option(help: "Folder for the snapshots.")
    var dataDir: String

    @Option(help: "Interruption cycles to play (each saves twice).")
    var cycles: Int = 1_000_000

    @Option(help: "Simulation seed.")
    var seed: UInt64 = 1

    @Flag(help: "Write on the calling thread instead of the background writer.")
    var synchronous = false

    func run() throws {
        let folder: FileSnapshotStore
        do { folder = try FileSnapshotStore(folder: dataDir) } catch {
            sayError("interlude soak: --data-dir: \(error)")
            throw Exit.invalid
        }
        let journal = JournalingStore(inner: folder)
        let store: any SnapshotStore = synchronous ? journal : BackgroundSnapshotStore(wrapping: journal)
        let runtime = Runtime(profile: .ios5, seed: seed, snapshots: store)
        runtime.log = { sayError($0) }
        runtime.transcriptLimit = Transcript.sessionLimit  // never written: memory stays flat over any number of cycles
        runtime.inject(.launched)
        let load = runtime.transcript.entries.last {
            if case .work(.loadSnapshot, _) = $0.entry { return true } else { return false }
        }
        let detail = load?.json ?? "none"
        JournalingStore.emit("launched \(detail)")
        if runtime.game.state.isInSession {
            act(runtime, .resume)
        } else {
            act(runtime, .play(.singlePlayer, level: 1))
        }
        for _ in 0..<cycles {
            act(runtime, .fire)
            act(runtime, .input(.forward, duration: 200_000_000))
            runtime.advance(by: 150_000_000)
            send(runtime, .homePressed)
            runtime.advance(by: 50_000_000)
            send(runtime, .iconTapped)
            act(runtime, .resume)
        }
        send(runtime, .homePressed)
        send(runtime, .terminatedByOS)
        try store.flush()
        JournalingStore.emit("ended \(runtime.snapshotGeneration)")
        if !runtime.violations.isEmpty {
            for violation in runtime.violations { sayError("\(violation)") }
            throw Exit.failed
        }
    }

    private func act(_ runtime: Runtime<Game>, _ action: GameAction) {
        runtime.inject(action)
    }

    private func send(_ runtime: Runtime<Game>, _ event: Event) {
        runtime.inject(event)
    }
}

/// A store that journals each save to standard output before it starts and after it is committed.
final class JournalingStore: ForwardingSnapshotStore, Sendable {
    let inner: FileSnapshotStore
    var backing: any SnapshotStore { inner }

    init(inner: FileSnapshotStore) { self.inner = inner }

    /// One journal line, written at once (no buffering), so a SIGKILL loses at most the line being written.
    static func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

    /// The journal's name for `bytes`.
    static func hash(_ bytes: [UInt8]) -> String {
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        return hasher.hex
    }

    func save(_ bytes: [UInt8]) throws {
        let hash = Self.hash(bytes)
        Self.emit("writing \(hash)")
        try inner.save(bytes)
        Self.emit("committed \(hash)")
    }
}

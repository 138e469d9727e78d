// RecordingFile: `play --record FILE` written as it happens. The file is a valid script at every moment:
// the header at once, then each input appended (and fsynced) as soon as the runtime records it. A held control is
// recorded at its release with its press time, which may lie before lines already written; then the file is written
// anew (write-temp, fsync, rename), still in time order. So a session cut short (a crash, a kill, an X error) leaves
// a script that replays up to its last event.

import Foundation
import Lifecycle
import Replay
import Runtime

/// The recording's script file, kept up to date line by line.
final class RecordingFile<Game: LifecycleGame> where Game.Action: ScriptAction {
    /// Where the script is written.
    public let path: String
    private let header: String  // the version, profile and seed lines and the blank line
    private var written: [(time: Nanoseconds, line: String)] = []  // in the file's order (time order)
    private var consumed = 0  // recording inputs already written
    private var descriptor: Int32 = -1
    /// Rewrites caused by a held control's line landing before lines already written (for tests).
    private(set) var rewrites = 0

    /// Creates (or truncates) `path` with the header of a script for `profile` and `seed`.
    public init(path: String, profile: Profile, seed: UInt64) throws {
        self.path = path
        let empty = Recording<Game>().script(name: "recording", profile: profile, seed: seed)
        header = ScriptWriter.render(empty)
        try rewrite()
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Lines written so far (the header excluded).
    public var lineCount: Int { written.count }

    /// Writes the inputs of `recording` not written yet. Each is on disk when this returns.
    public func update(from recording: Recording<Game>) throws {
        let inputs = recording.inputs
        guard inputs.count > consumed else { return }
        let fresh = inputs[consumed...].map { input -> (time: Nanoseconds, line: String) in
            switch input {
            case .event(let time, let event):
                return (time, ScriptWriter.render(Replay.Command<Game.Action>.event(time: time, event)))
            case .action(let time, let action):
                return (time, ScriptWriter.render(Replay.Command<Game.Action>.action(time: time, action)))
            }
        }
        consumed = inputs.count
        if let last = written.last?.time, let earliest = fresh.map(\.time).min(), earliest < last {
            // Stable: equal times keep recording order, as Recording.script orders them.
            written = (written + fresh).enumerated().sorted {
                ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
            }
            .map(\.element)
            rewrites += 1
            try rewrite()
            return
        }
        let ordered = fresh.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        written += ordered
        try append(ordered.map { $0.line + "\n" }.joined())
    }

    /// Appends `text` and flushes it to the disk.
    private func append(_ text: String) throws {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw failure("cannot write") }
            done += result
        }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush") }
    }

    /// Writes the whole file anew beside it, flushes it, and renames it over the old one; keeps it open to append.
    private func rewrite() throws {
        let temporary = path + ".partial"
        let text = header + written.map { $0.line + "\n" }.joined()
        let fresh = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fresh >= 0 else { throw failure("cannot create \(temporary)") }
        let old = descriptor
        descriptor = fresh
        do {
            try append(text)
        } catch {
            close(fresh)
            descriptor = old
            throw error
        }
        guard rename(temporary, path) == 0 else {
            close(fresh)
            descriptor = old
            throw failure("cannot rename \(temporary)")
        }
        if old >= 0 { close(old) }
        // The rename itself must survive a crash: flush the folder.
        let folder = open(
            (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent,
            O_RDONLY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private func failure(_ what: String) -> Error {
        RecordingFileError(message: "\(path): \(what): \(String(cString: strerror(errno)))")
    }
}

/// A recording file that could not be written.
struct RecordingFileError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `play --record FILE` for a runtime: starts its recording and keeps the file up to date, every event on disk before
/// the next loop iteration; the first write that fails stops the writing and is rethrown by `finish`.
public final class SessionRecorder<Game: LifecycleGame> where Game.Action: ScriptAction {
    private let runtime: Runtime<Game>
    private let file: RecordingFile<Game>
    private var failure: Error?

    /// Starts recording `runtime` into `path` (a script for `profile` and `seed`).
    public init(path: String, runtime: Runtime<Game>, profile: Profile, seed: UInt64) throws {
        self.runtime = runtime
        runtime.startRecording()
        file = try RecordingFile<Game>(path: path, profile: profile, seed: seed)
    }

    /// Writes what was recorded since the last call.
    public func write() {
        guard failure == nil, let recording = runtime.recording else { return }
        do { try file.update(from: recording) } catch { failure = error }
    }

    /// Rethrows the first failed write; else the line to tell the player ("recorded N lines to FILE").
    public func finish() throws -> String {
        if let failure { throw failure }
        return "recorded \(file.lineCount) lines to \(file.path)"
    }
}

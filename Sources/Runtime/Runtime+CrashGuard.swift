// Runtime+CrashGuard: a saved game that crashes the app must not crash it at every launch. Before a launch restores
// a game it writes a mark beside the snapshots (`SnapshotStore.setRestoreMark`) naming the generation; the mark is
// removed once the restored game has proved itself (`proofSteps` steps of play, or the session left, or the process
// ended through the life cycle). A host that catches the crash's signal adds a `crashed` line to the mark (Services'
// `CrashSignals`). At the next launch a mark with `crashed` sets every stored generation aside (kept, never deleted:
// the previous one is the same game seconds earlier) and starts a new game, saying so; a mark without it (the process was killed, or the power went) is only logged: a kill
// says nothing about the save, so the game is restored again.
//
//   interlude-restore-mark 1
//   generation=41
//   crashed signal=4          added by the crash handler

import Lifecycle

/// A restore not yet proved: the generation restored and the game's step count then.
struct PendingRestore {
    let generation: Int64
    let steps: Int64
}

/// What the mark found at launch says.
struct RestoreMark: Equatable {
    var generation: Int64  // the generation restored by the launch that died
    var crash: String?  // the crash handler's line (e.g. "signal=4"), nil when none was written

    static let header = "interlude-restore-mark 1"

    /// The mark's bytes as the runtime writes them (the crash handler appends to them).
    static func bytes(generation: Int64) -> [UInt8] { Array("\(header)\ngeneration=\(generation)\n".utf8) }

    /// Reads a mark; an unreadable one (not written by this runtime) counts as a crash of generation 0, so that
    /// every generation is set aside rather than restored blindly.
    init(_ bytes: [UInt8]) {
        generation = 0
        crash = "an unreadable mark"
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0.prefix(100), as: UTF8.self) }
        guard lines.first == Self.header, lines.count >= 2, lines[1].hasPrefix("generation="),
            let generation = Int64(lines[1].dropFirst("generation=".count))
        else { return }
        self.generation = generation
        crash = lines.dropFirst(2).first { $0.hasPrefix("crashed") }.map { String($0.dropFirst("crashed".count)) }
            .map { $0.hasPrefix(" ") ? String($0.dropFirst()) : $0 }
    }
}

extension Runtime {
    /// Steps of play after which a restored game has proved itself: 10 seconds.
    public static var restoreProofSteps: Int64 { 10 * Int64(stepsPerSecond) }

    /// The mark left by the last launch, if any, and removes it (this launch writes its own before restoring).
    func takeRestoreMark() -> RestoreMark? {
        do {
            guard let bytes = try snapshots.restoreMark() else { return nil }
            try snapshots.setRestoreMark(nil)
            return RestoreMark(bytes)
        } catch {
            log?("interlude: the crash guard's mark could not be read (\(error)); restoring as usual")
            return nil
        }
    }

    /// Notes, durably, that generation `generation`, at `steps` steps of play, is about to be restored.
    func markRestoring(_ generation: Int64, steps: Int64) {
        do {
            try snapshots.setRestoreMark(RestoreMark.bytes(generation: generation))
            pendingRestore = PendingRestore(generation: generation, steps: steps)
        } catch {
            log?("interlude: the crash guard's mark could not be written (\(error)); restoring without it")
        }
    }

    /// Removes the mark once the restored game has proved itself (or `ended`: the process ends through the life
    /// cycle, not by a crash). Called after every step and every event.
    func proveRestore(ended: Bool = false) {
        guard let pending = pendingRestore else { return }
        guard ended || !game.isInSession || game.steps - pending.steps >= Self.restoreProofSteps else { return }
        pendingRestore = nil
        do {
            try snapshots.setRestoreMark(nil)
        } catch {
            log?("interlude: the crash guard's mark could not be removed (\(error))")
        }
    }
}

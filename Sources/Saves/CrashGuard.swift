// CrashGuard: a saved game that crashes the app must not crash it at every launch (CONTRACT §10 "The crash guard").
// Before a launch restores a game it writes a mark beside the snapshots (`SnapshotStore.setRestoreMark`) naming the
// generation; the mark is removed once the restored game has proved itself (`proofSteps` steps of play, or the
// session left, or the process ended through the life cycle). A host that catches the crash's signal adds a
// `crashed` line to the mark (Services' `CrashSignals`). At the next launch a mark with `crashed` sets every stored
// generation aside (`GenerationWalk`); a mark without it (the process was killed, or the power went) is only logged:
// a kill says nothing about the save, so the game is restored again.
//
//   interlude-restore-mark 1
//   generation=41
//   crashed signal=4          added by the crash handler

/// What the mark found at launch says.
public struct RestoreMark: Hashable, Sendable {
    /// The generation restored by the launch that died.
    public var generation: Int64
    /// The crash handler's line (e.g. "signal=4"), nil when none was written.
    public var crash: String?

    public static let header = "interlude-restore-mark 1"

    /// The mark's bytes as the guard writes them (the crash handler appends to them).
    public static func bytes(generation: Int64) -> [UInt8] { Array("\(header)\ngeneration=\(generation)\n".utf8) }

    /// Reads a mark; an unreadable one (not written by the guard) counts as a crash of generation 0, so that every
    /// generation is set aside rather than restored blindly.
    public init(_ bytes: [UInt8]) {
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

    public init(generation: Int64, crash: String?) {
        self.generation = generation
        self.crash = crash
    }
}

/// A restore not yet proved: the generation restored and the game's step count then.
public struct PendingRestore: Hashable, Sendable {
    public let generation: Int64
    public let steps: Int64

    public init(generation: Int64, steps: Int64) {
        self.generation = generation
        self.steps = steps
    }
}

/// The crash guard of one process: the restore it has not yet proved. It dies with the process; the mark on the
/// store outlives it. Every store error is logged and let pass: the guard never stops a launch.
public struct CrashGuard: Sendable {
    /// Steps of play after which a restored game has proved itself.
    public let proofSteps: Int64
    /// The restore this process made and has not yet proved, or nil.
    public private(set) var pending: PendingRestore?

    public init(proofSteps: Int64) { self.proofSteps = proofSteps }

    /// The mark left by the launch that died, if any, and removes it (this launch writes its own before restoring).
    /// A mark this process wrote itself (a restore not yet proved, then a rotation or a reclaimed scene restores
    /// again) says nothing about a launch that died: it is removed and nil returned.
    public func takeMark(from store: any SnapshotStore, log: ((String) -> Void)?) -> RestoreMark? {
        do {
            guard let bytes = try store.restoreMark() else { return nil }
            try store.setRestoreMark(nil)
            return pending == nil ? RestoreMark(bytes) : nil
        } catch {
            log?("interlude: the crash guard's mark could not be read (\(error)); restoring as usual")
            return nil
        }
    }

    /// Notes, durably, that `generation`, at `steps` steps of play, is about to be restored.
    public mutating func markRestoring(
        _ generation: Int64, steps: Int64, in store: any SnapshotStore, log: ((String) -> Void)?
    ) {
        do {
            try store.setRestoreMark(RestoreMark.bytes(generation: generation))
            pending = PendingRestore(generation: generation, steps: steps)
        } catch {
            log?("interlude: the crash guard's mark could not be written (\(error)); restoring without it")
        }
    }

    /// Whether the pending restore has proved itself now: `proofSteps` steps after it, or the session left, or
    /// `ended` (the process ends through the life cycle, not by a crash).
    public func hasProved(steps: Int64, inSession: Bool, ended: Bool) -> Bool {
        guard let pending else { return false }
        return ended || !inSession || steps - pending.steps >= proofSteps
    }

    /// Removes the mark once the restore has proved itself (`hasProved`); returns whether it did.
    @discardableResult
    public mutating func prove(
        steps: Int64, inSession: Bool, ended: Bool = false, in store: any SnapshotStore, log: ((String) -> Void)?
    ) -> Bool {
        guard hasProved(steps: steps, inSession: inSession, ended: ended) else { return false }
        pending = nil
        do {
            try store.setRestoreMark(nil)
        } catch {
            log?("interlude: the crash guard's mark could not be removed (\(error))")
        }
        return true
    }
}

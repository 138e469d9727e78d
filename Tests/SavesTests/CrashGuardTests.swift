// CrashGuardTests: the saves' crash guard driven alone, over an in-memory store (CONTRACT §10 "The crash guard"):
// the mark it writes, reads and removes, what a mark left by a launch that died says, and when a restore has proved
// itself.

import Saves
import Testing

@Suite("CrashGuard: the mark of a restore not yet proved")
struct CrashGuardTests {
    /// A store whose mark cannot be written or removed (a full disk), to show the guard never stops a launch.
    final class RefusingStore: SnapshotStore {
        var mark: [UInt8]?
        func save(_ bytes: [UInt8]) throws {}
        func load() throws -> [UInt8]? { nil }
        func generations() throws -> [StoredGeneration] { [] }
        func quarantine(_ name: String) throws -> String { name }
        func restoreMark() throws -> [UInt8]? { mark }
        func setRestoreMark(_ bytes: [UInt8]?) throws { throw StoredGenerationError("ENOSPC") }
    }

    @Test("a mark round-trips, and the crash handler's line is read back")
    func markRoundTrips() {
        let bytes = RestoreMark.bytes(generation: 41)
        #expect(RestoreMark(bytes) == RestoreMark(generation: 41, crash: nil))
        #expect(RestoreMark(bytes + Array("crashed signal=4\n".utf8)) == RestoreMark(generation: 41, crash: "signal=4"))
        #expect(RestoreMark(bytes + Array("crashed\n".utf8)) == RestoreMark(generation: 41, crash: ""))
    }

    @Test(
        "a mark the guard did not write counts as a crash of generation 0",
        arguments: [
            "", "interlude-restore-mark 2\ngeneration=3\n", "interlude-restore-mark 1\n",
            "interlude-restore-mark 1\ngen=3\n",
            "interlude-restore-mark 1\ngeneration=x\n", "\u{0}\u{ff}\u{fe}",
        ])
    func unreadableMark(text: String) {
        #expect(RestoreMark(Array(text.utf8)) == RestoreMark(generation: 0, crash: "an unreadable mark"))
    }

    @Test("restoring writes the mark; proof removes it after proofSteps of play")
    func proofAfterSteps() throws {
        let store = InMemorySnapshotStore()
        var guardian = CrashGuard(proofSteps: 600)
        guardian.markRestoring(7, steps: 100, in: store, log: nil)
        #expect(guardian.pending == PendingRestore(generation: 7, steps: 100))
        #expect(store.mark.map(RestoreMark.init) == RestoreMark(generation: 7, crash: nil))
        do {
            let proved = guardian.prove(steps: 699, inSession: true, in: store, log: nil)
            #expect(!proved)
        }
        #expect(store.mark != nil)
        do {
            let proved = guardian.prove(steps: 700, inSession: true, in: store, log: nil)
            #expect(proved)
        }
        #expect(store.mark == nil)
        #expect(guardian.pending == nil)
        do {
            let proved = guardian.prove(steps: 10_000, inSession: true, in: store, log: nil)
            #expect(!proved)  // nothing pending
        }
    }

    @Test("leaving the session or ending through the life cycle proves the restore at once")
    func proofByLeavingOrEnding() {
        for (inSession, ended) in [(false, false), (true, true)] {
            let store = InMemorySnapshotStore()
            var guardian = CrashGuard(proofSteps: 600)
            guardian.markRestoring(3, steps: 0, in: store, log: nil)
            do {
                let proved = guardian.prove(steps: 1, inSession: inSession, ended: ended, in: store, log: nil)
                #expect(proved)
            }
            #expect(store.mark == nil)
        }
    }

    @Test("the mark of a launch that died is taken once; a mark of this process's own is not reported")
    func takingTheMark() throws {
        let store = InMemorySnapshotStore()
        try store.setRestoreMark(RestoreMark.bytes(generation: 5) + Array("crashed signal=11\n".utf8))
        let fresh = CrashGuard(proofSteps: 600)
        #expect(fresh.takeMark(from: store, log: nil) == RestoreMark(generation: 5, crash: "signal=11"))
        #expect(store.mark == nil)
        #expect(fresh.takeMark(from: store, log: nil) == nil)

        var live = CrashGuard(proofSteps: 600)
        live.markRestoring(6, steps: 0, in: store, log: nil)
        #expect(live.takeMark(from: store, log: nil) == nil)  // a rotation restores again: not a launch that died
        #expect(store.mark == nil)
    }

    @Test("a store that refuses the mark is logged and never stops a launch")
    func refusingStore() {
        let store = RefusingStore()
        var lines: [String] = []
        var guardian = CrashGuard(proofSteps: 60)
        guardian.markRestoring(2, steps: 0, in: store, log: { lines.append($0) })
        #expect(guardian.pending == nil)  // no mark written: nothing to prove
        store.mark = RestoreMark.bytes(generation: 9)
        #expect(guardian.takeMark(from: store, log: { lines.append($0) }) == nil)
        #expect(lines.count == 2)
        #expect(lines[0].contains("could not be written") && lines[0].contains("ENOSPC"))
        #expect(lines[1].contains("could not be read"))
    }
}

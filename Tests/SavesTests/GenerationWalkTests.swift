// GenerationWalkTests: a launch's fall back through the stored generations, driven alone over an in-memory store
// (CONTRACT §10): the newest that decodes is restored, every bad one is set aside (kept, never deleted) with its
// place named, and after a crash every generation goes aside.

import Saves
import Testing

@Suite("GenerationWalk: newest first, bad ones kept aside")
struct GenerationWalkTests {
    /// A snapshot in the runtime's frame holding `value` as the game's bytes.
    static func framed(_ value: Int) -> [UInt8] {
        SnapshotFrame.encode(runtime: ["generation": Int64(value)], game: Array("value=\(value)\n".utf8))
    }

    /// Decodes the frame and reads the game's value back.
    static func decode(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> Int {
        let opened = try SnapshotFrame.open(bytes)
        return Int(opened.runtime["generation"] ?? -1)
    }

    func walk(_ store: InMemorySnapshotStore, mark: RestoreMark? = nil) throws -> (GenerationWalk, [Int]) {
        var restored: [Int] = []
        let walk = GenerationWalk(
            try store.generations(), in: store, mark: mark, proofSeconds: 10, decode: Self.decode,
            restore: {
                restored.append($0)
                return "restored \($0)"
            })
        return (walk, restored)
    }

    @Test("the newest that decodes is restored, and only it")
    func newestRestored() throws {
        let store = InMemorySnapshotStore(bytes: Self.framed(2), previous: Self.framed(1))
        let (walk, restored) = try walk(store)
        #expect(restored == [2])
        #expect(walk.restored?.name == "snapshot.txt")
        #expect(walk.restored?.detail == "restored 2")
        #expect(walk.problems.isEmpty && !walk.crashed)
        #expect(store.quarantined.isEmpty)
    }

    @Test("a damaged newest falls back to the one before, and is kept aside with its place")
    func damagedNewest() throws {
        var damaged = Self.framed(2)
        damaged[damaged.count - 3] ^= 1  // inside the game's bytes: the checksum refuses it
        let store = InMemorySnapshotStore(bytes: damaged, previous: Self.framed(1))
        let (walk, restored) = try walk(store)
        #expect(restored == [1])
        #expect(walk.restored?.name == "snapshot.previous.txt")
        #expect(walk.problems.count == 1)
        #expect(walk.problems[0].hasPrefix("snapshot.txt"))
        #expect(walk.problems[0].contains("(kept as snapshot.damaged-1.txt)"))
        #expect(store.quarantined.map(\.bytes) == [damaged])
    }

    @Test("a damaged older generation is set aside even though the newest loads")
    func damagedOlder() throws {
        let store = InMemorySnapshotStore(bytes: Self.framed(2), previous: Array("garbage".utf8))
        let (walk, restored) = try walk(store)
        #expect(restored == [2])
        #expect(walk.problems.count == 1 && walk.problems[0].hasPrefix("snapshot.previous.txt"))
        #expect(store.previous == nil)
    }

    @Test("after a crash every generation is set aside and nothing is restored")
    func crashSetsAllAside() throws {
        let store = InMemorySnapshotStore(bytes: Self.framed(2), previous: Self.framed(1))
        let (walk, restored) = try walk(store, mark: RestoreMark(generation: 2, crash: "signal=4"))
        #expect(restored.isEmpty)
        #expect(walk.restored == nil && walk.crashed)
        #expect(walk.problems.count == 2)
        #expect(walk.problems.allSatisfy { $0.contains(": crashed: the app crashed (signal=4)") })
        #expect(walk.problems[0].contains("generation 2 had played 10 seconds"))
        #expect(store.quarantined.count == 2 && store.bytes == nil && store.previous == nil)
    }

    @Test("a mark without a crash (a kill) changes nothing")
    func killedMark() throws {
        let store = InMemorySnapshotStore(bytes: Self.framed(2))
        let (walk, restored) = try walk(store, mark: RestoreMark(generation: 2, crash: nil))
        #expect(restored == [2] && !walk.crashed && walk.problems.isEmpty)
    }

    @Test("a generation that could not be read is reported as too large or unreadable")
    func unreadableGeneration() throws {
        let store = InMemorySnapshotStore()
        let stored = [
            StoredGeneration(name: "a", contents: .failure(StoredGenerationError("2 MB", isTooLarge: true))),
            StoredGeneration(name: "b", contents: .failure(StoredGenerationError("EACCES"))),
        ]
        let walk = GenerationWalk(
            stored, in: store, mark: nil, proofSeconds: 10, decode: Self.decode, restore: { "\($0)" })
        #expect(walk.restored == nil)
        #expect(walk.problems.count == 2)
        #expect(walk.problems[0].hasPrefix("a: tooLarge: 2 MB (could not be moved aside"))
        #expect(walk.problems[1].hasPrefix("b: unreadable: EACCES (could not be moved aside"))
    }
}

@Suite("ForwardingSnapshotStore: a decorator passes on what it does not change")
struct ForwardingSnapshotStoreTests {
    /// A store whose saves are not durable until flushed, that counts flushes and what it was told.
    final class Deferred: SnapshotStore {
        var flushes = 0
        var told: [Bool] = []
        var mark: [UInt8]? = [7]
        func save(_ bytes: [UInt8]) throws {}
        func load() throws -> [UInt8]? { [1] }
        func generations() throws -> [StoredGeneration] { [] }
        func quarantine(_ name: String) throws -> String { "aside-" + name }
        func flush() throws { flushes += 1 }
        func restoreMark() throws -> [UInt8]? { mark }
        func setRestoreMark(_ bytes: [UInt8]?) throws { mark = bytes }
        var savesAreDurable: Bool { false }
        func protectedData(isAvailable: Bool) { told.append(isAvailable) }
    }

    /// Changes nothing: every requirement comes from the forwarding defaults.
    final class Plain: ForwardingSnapshotStore {
        let backing: any SnapshotStore
        init(_ backing: any SnapshotStore) { self.backing = backing }
    }

    @Test("the defaulted requirements reach the store behind, not the protocol's own defaults")
    func forwardsDefaultedRequirements() throws {
        let inner = Deferred()
        let store: any SnapshotStore = Plain(inner)
        #expect(!store.savesAreDurable)
        try store.flush()
        #expect(inner.flushes == 1)
        #expect(try store.restoreMark() == [7])
        try store.setRestoreMark(nil)
        #expect(inner.mark == nil)
        store.protectedData(isAvailable: false)
        #expect(inner.told == [false])
        #expect(try store.load() == [1])
        #expect(try store.quarantine("a") == "aside-a")
    }
}

import Foundation
import GameCore
import InterludeTesting
import Runtime
import Storage
import Testing

@Suite("FileSnapshotStore: generations, quarantine, limits")
struct FileSnapshotStoreTests {
    @Test("a save keeps the generation it replaces as the previous one; the temporary file is gone")
    func keepsPrevious() throws {
        let folder = try TemporaryFolder("store").path
        let store = try FileSnapshotStore(folder: folder)
        #expect(try store.generations().isEmpty)
        #expect(try store.load() == nil)
        let first = playedSnapshot(seed: 1, steps: 30)
        let second = playedSnapshot(seed: 2, steps: 60)
        try store.save(first)
        #expect(try store.generations().map(\.name) == ["snapshot.txt"])
        try store.save(second)
        let generations = try store.generations()
        #expect(generations.map(\.name) == ["snapshot.txt", "snapshot.previous.txt"])
        #expect(generations.map { try? $0.contents.get() } == [second, first])
        #expect(try store.load() == second)
        #expect(contents(folder, "snapshot.tmp") == nil)
    }

    @Test("quarantine moves a generation aside under a new counter, never replacing an earlier one")
    func quarantineCounts() throws {
        let folder = try TemporaryFolder("quarantine").path
        let store = try FileSnapshotStore(folder: folder)
        try put(Array("damaged one".utf8), folder, "snapshot.txt")
        #expect(try store.quarantine("snapshot.txt") == "snapshot.damaged-1.txt")
        try put(Array("damaged two".utf8), folder, "snapshot.txt")
        try put(Array("damaged three".utf8), folder, "snapshot.previous.txt")
        #expect(try store.quarantine("snapshot.txt") == "snapshot.damaged-2.txt")
        #expect(try store.quarantine("snapshot.previous.txt") == "snapshot.damaged-3.txt")
        #expect(contents(folder, "snapshot.damaged-1.txt") == Array("damaged one".utf8))
        #expect(contents(folder, "snapshot.damaged-2.txt") == Array("damaged two".utf8))
        #expect(contents(folder, "snapshot.damaged-3.txt") == Array("damaged three".utf8))
        #expect(
            store.quarantinedNames() == ["snapshot.damaged-1.txt", "snapshot.damaged-2.txt", "snapshot.damaged-3.txt"])
        #expect(try store.generations().isEmpty)
        #expect(throws: FileStoreError.self) { try store.quarantine("other.txt") }
    }

    @Test("a file larger than a snapshot can be is refused without being read")
    func hugeFileRefused() throws {
        let folder = try TemporaryFolder("huge").path
        let store = try FileSnapshotStore(folder: folder)
        #expect(FileManager.default.createFile(atPath: folder + "/snapshot.txt", contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: folder + "/snapshot.txt"))
        try handle.truncate(atOffset: 64 << 20)  // 64 MiB, sparse
        try handle.close()
        let generations = try store.generations()
        #expect(generations.count == 1)
        guard case .failure(let why) = generations[0].contents else {
            Issue.record("a 64 MiB file was read")
            return
        }
        #expect(why.description.contains("67108864 bytes"))
    }

    @Test("the default folder follows XDG_DATA_HOME, else ~/.local/share")
    func defaultFolder() {
        let folder = FileSnapshotStore.defaultFolder()
        if let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], !xdg.isEmpty {
            #expect(folder == xdg + "/interlude")
        } else {
            #expect(folder.hasSuffix("/.local/share/interlude"))
        }
    }

    @Test("the background writer: load sees a save at once; flush puts it on disk; the newest save wins")
    func backgroundWriter() throws {
        let folder = try TemporaryFolder("background").path
        let store = BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: folder))
        var last: [UInt8] = []
        for seed in 1...20 {
            last = playedSnapshot(seed: UInt64(seed), steps: 10)
            try store.save(last)
            #expect(try store.load() == last)
        }
        try store.flush()
        #expect(contents(folder, "snapshot.txt") == last)
        let statistics = store.statistics
        #expect(statistics.written + statistics.superseded == 20)
        #expect(statistics.written >= 1)
        #expect(try store.generations().first.map { try $0.contents.get() } == last)
    }

    @Test("a failed background write is reported by the next save or flush, not lost")
    func backgroundFailureReported() throws {
        let folder = try TemporaryFolder("failing").path
        let store = BackgroundSnapshotStore(wrapping: try FileSnapshotStore(folder: folder))
        try FileManager.default.removeItem(atPath: folder)
        try store.save(playedSnapshot(seed: 1, steps: 10))
        #expect(throws: FileStoreError.self) { try store.flush() }
        try store.flush()  // reported once
    }
}

// Hostile folders (issue 12): whatever sits under a generation's name (a directory, a FIFO, a socket, a symlink to a
// device or a FIFO), a launch neither hangs nor loses the good save: the odd file is reported as unreadable, set aside
// as snapshot.damaged-N.txt (never deleted), the previous generation is restored, and the next save works. A save
// never removes the last good generation before the new one is in place: stopping it after any of its steps (a
// crash) leaves a generation that loads.

import Foundation
import GameCore
import InterludeTesting
import Runtime
import Saves
import Testing

@testable import Storage
@testable import Storage

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Hostile snapshot folders: odd files never hang a launch or lose a save")
struct HostileStoreTests {
    /// A folder whose previous generation is a genuine save and whose `snapshot.txt` is made by `plant`.
    func folder(_ label: String, plant: (String) throws -> Void) throws -> (folder: String, good: [UInt8]) {
        let folder = try TemporaryFolder(label).path
        let good = playedSnapshot(seed: 4, steps: 90)
        try put(good, folder, "snapshot.previous.txt")
        try plant(folder + "/snapshot.txt")
        return (folder, good)
    }

    /// Launches on `folder` on another thread; the launch's loadSnapshot detail, or nil when it took over `seconds`.
    func launchDetail(_ folder: String, background: Bool = false, within seconds: Double = 5) -> String? {
        let outcome = Outcome()
        let thread = Thread {
            do {
                let file = try FileSnapshotStore(folder: folder)
                let store: any SnapshotStore = background ? BackgroundSnapshotStore(wrapping: file) : file
                let runtime = launch(store)
                var detail = runtime.loadDetail ?? "no loadSnapshot"
                // A save after the launch: the session goes on and is saved where the odd file was.
                runtime.perform(.resume)
                runtime.advance(by: 500_000_000)
                runtime.send(.homePressed)
                runtime.settle()
                try store.flush()
                if !runtime.violations.isEmpty { detail += "; violations: \(runtime.violations)" }
                outcome.set(detail)
            } catch {
                outcome.set("threw: \(error)")
            }
        }
        thread.start()
        let started = Date()
        while outcome.value == nil, Date().timeIntervalSince(started) < seconds { usleep(2_000) }
        return outcome.value
    }

    /// Checks what a launch on a folder with an odd `snapshot.txt` must do; `what` is how the store names it.
    func expectRecovered(_ folder: String, good: [UInt8], what: String, background: Bool = false) throws {
        let started = Date()
        let detail = try #require(launchDetail(folder, background: background), "the launch hung (over 5 s)")
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 5, "launch took \(seconds) s")
        #expect(detail.contains("snapshot.txt: unreadable"), "\(detail)")
        #expect(detail.contains("/snapshot.txt: \(what), not a regular file"), "\(detail)")
        #expect(detail.contains("kept as snapshot.damaged-1.txt"), "\(detail)")
        #expect(detail.contains("restored snapshot.previous.txt: restored singlePlayer"), "\(detail)")
        #expect(!detail.contains("violations"), "\(detail)")
        // The saves after the launch (home: a quick one, then a full one) landed where the odd file was.
        let store = try FileSnapshotStore(folder: folder)
        let generations = try store.generations()
        #expect(generations.map(\.name) == ["snapshot.txt", "snapshot.previous.txt"])
        for (index, generation) in generations.enumerated() {
            let bytes = try generation.contents.get()
            // The background writer may let the full save supersede the quick one (the newest bytes win), so then
            // only one save reached the disk and the previous generation is still the good one.
            if index == 0 || !background { #expect(bytes != good, "a newer save") }
            #expect(try GameSnapshot.decode(bytes).state.screen == .singlePlayer)
        }
        #expect(store.quarantinedNames() == ["snapshot.damaged-1.txt"])
    }

    @Test("snapshot.txt is a directory: reported, renamed aside with its contents, the previous one restored")
    func directoryAsCurrent() throws {
        let (folder, good) = try self.folder("dir-current") { path in
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            try put(Array("kept".utf8), path, "inside/note.txt")
        }
        try expectRecovered(folder, good: good, what: "a directory")
        #expect(contents(folder, "snapshot.damaged-1.txt/inside/note.txt") == Array("kept".utf8), "nothing deleted")
    }

    @Test("snapshot.txt is a directory, through the background writer (what play and replay use)")
    func directoryAsCurrentInBackground() throws {
        let (folder, good) = try self.folder("dir-current-bg") { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try expectRecovered(folder, good: good, what: "a directory", background: true)
    }

    @Test("snapshot.txt is a FIFO: the launch finishes in under 5 s, never opening it")
    func fifoAsCurrent() throws {
        let (folder, good) = try self.folder("fifo-current") { path in #expect(mkfifo(path, 0o644) == 0) }
        try expectRecovered(folder, good: good, what: "a FIFO")
        #expect(DurableFileKind.of(folder + "/snapshot.damaged-1.txt") == "a FIFO")
    }

    @Test("snapshot.txt is a symlink to /dev/zero: refused unopened, not read for ever")
    func symlinkToDevice() throws {
        let (folder, good) = try self.folder("zero-current") { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
        try expectRecovered(folder, good: good, what: "a symlink to a character device")
        #expect(DurableFileKind.of(folder + "/snapshot.damaged-1.txt") == "a symlink to a character device")
    }

    @Test("snapshot.txt is a symlink to a FIFO: refused unopened")
    func symlinkToFIFO() throws {
        let (folder, good) = try self.folder("fifo-link") { path in
            let fifo = path + ".fifo"
            #expect(mkfifo(fifo, 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fifo)
        }
        try expectRecovered(folder, good: good, what: "a symlink to a FIFO")
    }

    @Test("snapshot.txt is a socket: refused unopened")
    func socketAsCurrent() throws {
        let (folder, good) = try self.folder("socket-current") { path in try bindSocket(at: path) }
        try expectRecovered(folder, good: good, what: "a socket")
    }

    @Test("snapshot.txt is a symlink to a regular file: read as that file")
    func symlinkToRegularFile() throws {
        let folder = try TemporaryFolder("link-regular").path
        let good = playedSnapshot(seed: 6, steps: 60)
        try put(good, folder, "elsewhere.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/snapshot.txt", withDestinationPath: folder + "/elsewhere.txt")
        let store = try FileSnapshotStore(folder: folder)
        #expect(try store.generations().map { try $0.contents.get() } == [good])
        #expect(try store.load() == good)
        let next = playedSnapshot(seed: 7, steps: 60)
        try store.save(next)
        #expect(try store.generations().map { try $0.contents.get() } == [next, good])
        #expect(contents(folder, "elsewhere.txt") == good, "the file the link pointed to is untouched")
    }

    @Test("snapshot.previous.txt is a directory during a save: the save succeeds and snapshot.txt becomes previous")
    func directoryAsPreviousDuringSave() throws {
        let folder = try TemporaryFolder("dir-previous").path
        let store = try FileSnapshotStore(folder: folder)
        let first = playedSnapshot(seed: 1, steps: 30)
        let second = playedSnapshot(seed: 2, steps: 30)
        try store.save(first)
        try FileManager.default.createDirectory(
            atPath: folder + "/snapshot.previous.txt/inside", withIntermediateDirectories: true)
        try store.save(second)
        #expect(try store.generations().map { try $0.contents.get() } == [second, first])
        #expect(DurableFileKind.of(folder + "/snapshot.damaged-1.txt/inside") == "a directory", "kept, not deleted")
        #expect(contents(folder, "snapshot.tmp") == nil)
        #expect(contents(folder, "snapshot.previous.tmp") == nil)
    }

    @Test("snapshot.txt turns into a directory between two saves: set aside, the save lands, previous kept")
    func directoryAsCurrentDuringSave() throws {
        let folder = try TemporaryFolder("dir-current-save").path
        let store = try FileSnapshotStore(folder: folder)
        let first = playedSnapshot(seed: 1, steps: 30)
        let second = playedSnapshot(seed: 2, steps: 30)
        let third = playedSnapshot(seed: 3, steps: 30)
        try store.save(first)
        try store.save(second)
        try FileManager.default.removeItem(atPath: folder + "/snapshot.txt")
        try FileManager.default.createDirectory(atPath: folder + "/snapshot.txt", withIntermediateDirectories: false)
        try store.save(third)
        #expect(try store.generations().map { try $0.contents.get() } == [third, first])
        #expect(store.quarantinedNames() == ["snapshot.damaged-1.txt"])
    }

    @Test("a FIFO left as snapshot.tmp is removed, not opened; a directory there fails the save cleanly")
    func oddScratchFiles() throws {
        let folder = try TemporaryFolder("scratch").path
        let store = try FileSnapshotStore(folder: folder)
        let first = playedSnapshot(seed: 1, steps: 30)
        let second = playedSnapshot(seed: 2, steps: 30)
        try store.save(first)
        #expect(mkfifo(folder + "/snapshot.tmp", 0o644) == 0)
        #expect(mkfifo(folder + "/snapshot.previous.tmp", 0o644) == 0)
        try store.save(second)
        #expect(try store.generations().map { try $0.contents.get() } == [second, first])
        try FileManager.default.createDirectory(atPath: folder + "/snapshot.tmp", withIntermediateDirectories: false)
        let error = try #require(throws: FileStoreError.self) { try store.save(first) }
        #expect("\(error)" == "\(folder)/snapshot.tmp: a directory, not a regular file")
        #expect(try store.generations().map { try $0.contents.get() } == [second, first], "nothing lost")
    }

    @Test("a directory quarantined beside earlier damaged files takes the next free name, replacing none")
    func directoryQuarantineCounts() throws {
        let folder = try TemporaryFolder("dir-quarantine").path
        let store = try FileSnapshotStore(folder: folder)
        try put(Array("damaged".utf8), folder, "snapshot.damaged-1.txt")
        try FileManager.default.createDirectory(
            atPath: folder + "/snapshot.damaged-2.txt", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder + "/snapshot.txt", withIntermediateDirectories: false)
        #expect(try store.quarantine("snapshot.txt") == "snapshot.damaged-3.txt")
        #expect(contents(folder, "snapshot.damaged-1.txt") == Array("damaged".utf8))
        #expect(DurableFileKind.of(folder + "/snapshot.damaged-3.txt") == "a directory")
        #expect(DurableFileKind.of(folder + "/snapshot.txt") == "nothing")
    }

    @Test("load skips a generation that is not a regular file")
    func loadSkipsOddFiles() throws {
        let (folder, good) = try self.folder("load-fifo") { path in #expect(mkfifo(path, 0o644) == 0) }
        #expect(try FileSnapshotStore(folder: folder).load() == good)
    }

    @Test("a data folder that is a file, or under one, is a one-line error naming it")
    func folderOfTheWrongKind() throws {
        let folder = try TemporaryFolder("not-folder").path
        try put(Array("x".utf8), folder, "file")
        let error = try #require(throws: FileStoreError.self) { try FileSnapshotStore(folder: folder + "/file") }
        #expect("\(error)" == "\(folder)/file: a regular file, not a folder")
        let under = try #require(throws: FileStoreError.self) { try FileSnapshotStore(folder: folder + "/file/sub") }
        #expect("\(under)" == "\(folder)/file: a regular file, not a folder")
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        let fifo = try #require(throws: FileStoreError.self) { try FileSnapshotStore(folder: folder + "/fifo") }
        #expect("\(fifo)" == "\(folder)/fifo: a FIFO, not a folder")
        _ = try FileSnapshotStore(folder: folder + "/new/deeper")
        #expect(DurableFileKind.of(folder + "/new/deeper") == "a directory")
    }

    /// Where the store starts a save from: current and previous generations, and leftovers of a crashed save.
    static let startingPoints: [(String, @Sendable (String, [UInt8], [UInt8]) throws -> Void)] = [
        ("empty folder", { _, _, _ in }),
        ("only snapshot.txt", { folder, current, _ in try put(current, folder, "snapshot.txt") }),
        (
            "both generations",
            { folder, current, previous in
                try put(current, folder, "snapshot.txt")
                try put(previous, folder, "snapshot.previous.txt")
            }
        ),
        (
            "both the same file (a save that crashed after keeping the previous one)",
            { folder, current, _ in
                try put(current, folder, "snapshot.txt")
                #expect(link(folder + "/snapshot.txt", folder + "/snapshot.previous.txt") == 0)
            }
        ),
        (
            "leftover scratch files",
            { folder, current, previous in
                try put(current, folder, "snapshot.txt")
                try put(previous, folder, "snapshot.previous.txt")
                try put(Array("torn".utf8), folder, "snapshot.tmp")
                #expect(link(folder + "/snapshot.txt", folder + "/snapshot.previous.tmp") == 0)
            }
        ),
        (
            "snapshot.previous.txt a directory",
            { folder, current, _ in
                try put(current, folder, "snapshot.txt")
                try FileManager.default.createDirectory(
                    atPath: folder + "/snapshot.previous.txt", withIntermediateDirectories: false)
            }
        ),
    ]

    @Test("a save stopped after any of its steps (a crash) leaves the old or the new generation, which loads")
    func crashBetweenSteps() throws {
        let old = playedSnapshot(seed: 11, steps: 40)
        let older = playedSnapshot(seed: 12, steps: 40)
        let new = playedSnapshot(seed: 13, steps: 40)
        let after = playedSnapshot(seed: 14, steps: 40)
        var cases = 0
        for (label, start) in Self.startingPoints {
            let stepCount = try FileSnapshotStore(folder: try TemporaryFolder("steps").path).saveSteps(new).count
            #expect(stepCount == 6)
            for stopAfter in 0...stepCount {
                let folder = try TemporaryFolder("crash-steps").path
                try start(folder, old, older)
                let hadGame = contents(folder, "snapshot.txt") != nil
                let steps = try FileSnapshotStore(folder: folder).saveSteps(new)
                for step in steps.prefix(stopAfter) { try step.run() }
                // The next launch: a new process on the same folder.
                let store = try FileSnapshotStore(folder: folder)
                let newest = try store.generations().first { (try? $0.contents.get()) != nil }
                let bytes = try newest.map { try $0.contents.get() }
                let place = "\(label), stopped after \(stopAfter) steps"
                if hadGame || stopAfter >= 5 {
                    #expect(bytes == old || bytes == new, "\(place): \(newest?.name ?? "nothing loads")")
                    let detail = launch(store).loadDetail ?? ""
                    #expect(detail.contains("restored singlePlayer"), "\(place): \(detail)")
                }
                if stopAfter == stepCount { #expect(bytes == new, "\(place)") }
                // And the store goes on: a full save lands, keeping what the launch found as the previous one.
                try store.save(after)
                let generations = try store.generations().map { try? $0.contents.get() }
                #expect(generations.first == after, "\(place)")
                if hadGame || stopAfter >= 5 {
                    #expect(generations.count == 2 && (generations[1] == old || generations[1] == new), "\(place)")
                }
                cases += 1
            }
        }
        #expect(cases == Self.startingPoints.count * 7)
    }

    @Test("a level at every cap (128 x 128, 256 enemies, 256 pickups) plays, and its saves load at the next launch")
    func levelAtTheCapsSavesWhatLoads() throws {
        var rows = ["interlude-level 1", "name Crowd", "map"]
        var count = 0
        for z in 0..<128 {
            rows.append(
                String(
                    (0..<128).map { x -> Character in
                        // A wall across row 3 keeps the crowd out of sight: the game is saved alive, in play.
                        if x == 0 || z == 0 || x == 127 || z == 127 || z == 3 { return "#" }
                        if (x, z) == (1, 1) { return "P" }
                        if z < 3 { return "." }
                        if (x, z) == (126, 126) { return "X" }
                        count += 1
                        return count <= 256 ? "E" : count <= 384 ? "+" : count <= 512 ? "*" : "."
                    }))
        }
        let level = try LevelFile.parse(rows.joined(separator: "\n"))
        let folder = try TemporaryFolder("caps").path
        let store = try FileSnapshotStore(folder: folder)
        let runtime = Runtime(profile: .ios5, seed: 9, snapshots: store, levels: [level])
        runtime.send(.launched)
        runtime.settle()
        runtime.perform(.play(.singlePlayer, level: 1))
        runtime.perform(.input(.forward, duration: 300_000_000))
        runtime.perform(.fire)
        runtime.advance(by: 1_000_000_000)
        runtime.send(.homePressed)
        runtime.settle()
        #expect(runtime.violations.isEmpty, "\(runtime.violations)")
        let bytes = try #require(contents(folder, "snapshot.txt"))
        #expect(bytes.count <= Level.snapshotBudget)
        let saved = try GameSnapshot.decode(bytes).state
        #expect(saved.enemies.count == 256 && saved.pickups.count == 256 && saved.screen == .singlePlayer)
        let relaunched = Runtime(profile: .ios5, seed: 9, snapshots: store, levels: [level])
        relaunched.send(.launched)
        relaunched.settle()
        #expect(
            relaunched.loadDetail?.hasPrefix("restored singlePlayer level 1") == true, "\(relaunched.loadDetail ?? "")")
    }
}

/// What is at a path, in the store's words, for the tests' checks.
enum DurableFileKind {
    static func of(_ path: String) -> String {
        (try? DurableFile.description(of: path)) ?? "unknown"
    }
}

/// A result handed from the launching thread to the test's.
final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String? = nil  // guarded by lock

    var value: String? { lock.withLock { stored } }
    func set(_ value: String) { lock.withLock { stored = value } }
}

/// Binds a UNIX socket at `path` (left bound: only the file matters).
func bindSocket(at path: String) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    #expect(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        buffer[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    #expect(result == 0, "bind: \(String(cString: strerror(errno)))")
    close(descriptor)

}

extension HostileStoreTests {
    @Test("the parent of a path, by plain string work (Foundation's traps on a one-character path)")
    func parentFolders() throws {
        let cases = [
            ("a", ""), ("o/x", "o"), ("/a", "/"), ("a/b/c", "a/b"), ("a//b", "a"), ("a/b/", "a"), ("/", "/"),
            ("//x", "/"), ("", ""),
        ]
        for (path, parent) in cases { #expect(DurableFile.parentFolder(of: path) == parent, "\(path)") }
    }
}

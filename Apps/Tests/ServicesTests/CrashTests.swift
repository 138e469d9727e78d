// The crash harness: the real `interlude soak` process saves continuously into a folder and is killed with SIGKILL
// at random moments, over and over, on the same folder. After every kill the snapshot on disk must load and must be
// one the game committed: the last one its journal says was committed (or, before any, the one from the previous
// kill), or the one it was writing when it died (renamed into place, not yet journaled).
// More kills: INTERLUDE_SOAK_KILLS=5000 swift test --filter CrashTests (README "Snapshots").

import Foundation
import GameCore
import InterludeTesting
import Runtime
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Crash harness: SIGKILL at random moments never loses the game", .serialized)
struct CrashTests {
    static let kills = Int(ProcessInfo.processInfo.environment["INTERLUDE_SOAK_KILLS"] ?? "") ?? 200
    static let seed = UInt64(ProcessInfo.processInfo.environment["INTERLUDE_SOAK_SEED"] ?? "") ?? 2026

    /// What the kills found, for the test's report line.
    struct Tally {
        var kills = 0, inFlight = 0, landedInFlight = 0, restored = 0, commits = 0
    }

    @Test("after each of many SIGKILLs the snapshot on disk loads and is one the game committed")
    func killsAtRandomMoments() throws {
        let folder = try TemporaryFolder("crash").path
        let journals = try TemporaryFolder("crash-journals").path
        var random = SimulationRandom(seed: Self.seed)
        var onDisk: String? = nil  // journal hash of snapshot.txt after the previous kill
        var tally = Tally()
        for kill in 0..<Self.kills {
            // Odd kills hit the background writer (what `play` uses), even ones the synchronous store.
            let journal = try runAndKill(
                folder: folder, journal: "\(journals)/\(kill).txt", after: random.below(20_000),
                synchronous: kill % 2 == 0)
            try check(journal, folder: folder, kill: kill, onDisk: &onDisk, tally: &tally)
        }
        print(
            "crash harness: \(tally.kills) kills, \(tally.commits) snapshots committed, \(tally.inFlight) kills during "
                + "a write, \(tally.landedInFlight) of them after the rename, \(tally.restored) launches restored")
        #expect(tally.kills == Self.kills)
        // Every launch after the first commit restored (checked per kill); only the first kills can find nothing.
        #expect(tally.restored >= Self.kills / 2, "most launches had a game to restore")
        #expect(tally.inFlight > 0, "some kills landed during a write")
        // A clean run on the same folder still restores, plays, and ends with its final snapshot.
        let final = try runToEnd(folder: folder, journal: "\(journals)/final.txt")
        #expect(final.first?.contains("restored singlePlayer") == true)
        #expect(final.last?.hasPrefix("ended ") == true)
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: journals)
    }

    /// Starts the soak, waits for its launch line, sleeps `delay` microseconds, kills it; returns its journal.
    private func runAndKill(folder: String, journal path: String, after delay: UInt64, synchronous: Bool) throws
        -> [String]
    {
        let process = try start(folder: folder, journal: path, cycles: 1_000_000, synchronous: synchronous)
        let deadline = Date().addingTimeInterval(30)
        while !(journalLines(path).first?.hasPrefix("launched") ?? false), process.isRunning, Date() < deadline {
            usleep(500)
        }
        usleep(useconds_t(delay))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal, "the soak ended by itself: \(journalLines(path).suffix(3))")
        return journalLines(path)
    }

    private func runToEnd(folder: String, journal path: String) throws -> [String] {
        let process = try start(folder: folder, journal: path, cycles: 3, synchronous: false)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return journalLines(path)
    }

    private func start(folder: String, journal path: String, cycles: Int, synchronous: Bool) throws -> Process {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let process = Process()
        process.executableURL = BuiltProducts.interlude
        process.arguments =
            ["soak", "--data-dir", folder, "--cycles", "\(cycles)", "--seed", "5"]
            + (synchronous ? ["--synchronous"] : [])
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func journalLines(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    private func check(_ journal: [String], folder: String, kill: Int, onDisk: inout String?, tally: inout Tally)
        throws
    {
        let place = "kill \(kill)"
        let launched = journal.first ?? ""
        #expect(launched.hasPrefix("launched"), "\(place): no launch line")
        #expect(!launched.contains("could not") && !launched.contains("fresh"), "\(place): \(launched)")
        if onDisk != nil {
            #expect(launched.contains("restored singlePlayer"), "\(place): \(launched)")
            tally.restored += launched.contains("restored singlePlayer") ? 1 : 0
        }
        let committed = journal.filter { $0.hasPrefix("committed ") }.map { String($0.dropFirst(10)) }
        let writing = journal.filter { $0.hasPrefix("writing ") }.map { String($0.dropFirst(8)) }
        let lastCommitted = committed.last ?? onDisk
        let inFlight = writing.count > committed.count ? writing.last : nil
        tally.commits += committed.count
        tally.inFlight += inFlight == nil ? 0 : 1
        guard let bytes = contents(folder, "snapshot.txt") else {
            #expect(lastCommitted == nil, "\(place): committed \(lastCommitted ?? "") but no snapshot.txt")
            tally.kills += 1
            return
        }
        let hash = journalHash(bytes)
        #expect(throws: Never.self, "\(place): snapshot.txt does not load") { try GameSnapshot.decode(bytes) }
        #expect(
            hash == lastCommitted || hash == inFlight,
            "\(place): on disk \(hash), last committed \(lastCommitted ?? "-"), in flight \(inFlight ?? "-")")
        tally.landedInFlight += hash == inFlight && hash != lastCommitted ? 1 : 0
        if let previous = contents(folder, "snapshot.previous.txt") {
            #expect(throws: Never.self, "\(place): snapshot.previous.txt does not load") {
                try GameSnapshot.decode(previous)
            }
        }
        #expect(try FileSnapshotStore(folder: folder).quarantinedNames().isEmpty, "\(place): a file was set aside")
        onDisk = hash
        tally.kills += 1
    }
}

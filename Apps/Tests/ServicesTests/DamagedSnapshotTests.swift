import Foundation
import GameCore
import InterludeTesting
import Runtime
import Saves
import Storage
import Testing

@Suite("Damaged snapshots: never a crash, always a clear message and a fallback")
struct DamagedSnapshotTests {
    static let good = playedSnapshot(seed: 11, steps: 90)
    static let older = playedSnapshot(seed: 12, steps: 45)
    static let corpus = DamagedSnapshotCorpus.make(from: good)

    @Test("the good snapshot decodes, and version 1 files are still read")
    func goodDecodes() throws {
        let snapshot = try GameSnapshot.decode(Self.good)
        #expect(snapshot.encoded() == Self.good)
        var text = String(decoding: Self.good, as: UTF8.self).replacingOccurrences(of: "checksum=", with: "x")
        text = String(text.split(separator: "\n").dropLast(2).joined(separator: "\n").dropFirst(20))
        text = "interlude-snapshot 1" + text + "\n"
        var hasher = StateHasher()
        hasher.combine(bytes: text.utf8)
        let versionOne = Array((text + "checksum=\(hasher.hex)\n").utf8)
        #expect(try GameSnapshot.decode(versionOne).state == snapshot.state)
    }

    @Test("a version 1 file from the placeholder game is refused as from before the real game, not as damage")
    func placeholderGameFile() throws {
        // Written by the version-1 codec: the placeholder game had no enemies, pickups, shots or effects.
        var text = "interlude-snapshot 1\n"
        text += "ammo=50\ngeneration=3\nhealth=100\nhits=2\ninSession=1\nlevel=1\npaused=1\npitch=0\n"
        text += "random=12345\nroundSeconds=4\nscore=140\nscreen=1\nsteps=240\nx=1069547520\nyaw=0\nz=1069547520\n"
        var hasher = StateHasher()
        hasher.combine(bytes: text.utf8)
        let bytes = Array((text + "checksum=\(hasher.hex)\n").utf8)
        do {
            _ = try GameSnapshot.decode(bytes)
            Issue.record("a placeholder-game snapshot decoded")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.message.contains("version 1 snapshot"), "\(error)")
            #expect(error.message.contains("missing"), "\(error)")
        }
    }

    @Test("every damaged file is refused with a message of the expected kind")
    func decoderRefusesAll() {
        #expect(Self.corpus.count > 2000)
        for damaged in Self.corpus {
            do {
                _ = try GameSnapshot.decode(damaged.bytes)
                Issue.record("\(damaged.label): decoded")
            } catch {
                #expect(damaged.kinds.contains(error.kind), "\(damaged.label): \(error.kind) \(error)")
                #expect(error.message.count > 10, "\(damaged.label): \(error)")
            }
        }
    }

    @Test("every damaged copy of a save in the runtime's frame is refused with a message of the expected kind")
    func framedDecoderRefusesAll() throws {
        let good = playedSave(seed: 11, steps: 90)
        #expect(SnapshotFrame.isFramed(good))
        #expect(try GameSnapshot.decode(good) == GameSnapshot.decode(Self.good))
        let corpus = DamagedSnapshotCorpus.make(from: good)
        #expect(corpus.count > 2000)
        for damaged in corpus {
            do {
                _ = try GameSnapshot.decode(damaged.bytes)
                Issue.record("\(damaged.label): decoded")
            } catch {
                #expect(damaged.kinds.contains(error.kind), "\(damaged.label): \(error.kind) \(error)")
                #expect(error.message.count > 10, "\(damaged.label): \(error)")
            }
        }
    }

    @Test("a future version names both versions")
    func futureVersionMessage() {
        let damaged = Self.corpus.first { $0.label == "header 'interlude-snapshot 3'" }!
        #expect(throws: SnapshotDecodeError.self) { try GameSnapshot.decode(damaged.bytes) }
        do { _ = try GameSnapshot.decode(damaged.bytes) } catch {
            #expect(
                error.description
                    == "1:20: snapshot version 3 was written by a newer Interlude; this one reads versions 1 to 2")
        }
    }

    @Test("a launch over a damaged current file restores the previous generation and keeps the damaged file aside")
    func fallsBackToPrevious() throws {
        let expected = try GameSnapshot.decode(Self.older).state
        // Every truncation and kind of header, and a sample of the bit flips (each sample writes real files).
        let sample = Self.corpus.enumerated().filter {
            !$0.element.label.hasPrefix("bit") && !$0.element.label.hasPrefix("random") || $0.offset % 13 == 0
        }
        #expect(sample.count > 200)
        for (_, damaged) in sample {
            let folder = try TemporaryFolder("fallback").path
            try put(Self.older, folder, "snapshot.previous.txt")
            try put(damaged.bytes, folder, "snapshot.txt")
            var logged: [String] = []
            let runtime = Runtime(profile: .ios5, seed: 3, snapshots: try FileSnapshotStore(folder: folder))
            runtime.log = { logged.append($0) }
            runtime.send(.launched)
            runtime.settle()
            var state = runtime.game.state
            state.notice = nil
            var paused = expected
            paused.isPaused = true
            #expect(state == paused, "\(damaged.label)")
            #expect(runtime.game.state.notice?.contains("could not be read") == true, "\(damaged.label)")
            let detail = runtime.loadDetail ?? ""
            #expect(detail.hasPrefix("snapshot.txt"), "\(damaged.label): \(detail)")
            #expect(detail.contains("kept as snapshot.damaged-1.txt"), "\(damaged.label): \(detail)")
            #expect(detail.contains("restored snapshot.previous.txt"), "\(damaged.label): \(detail)")
            #expect(logged.count == 1, "\(damaged.label)")
            #expect(contents(folder, "snapshot.damaged-1.txt") == damaged.bytes, "\(damaged.label): not kept intact")
            #expect(contents(folder, "snapshot.previous.txt") == Self.older)
            #expect(runtime.violations.isEmpty)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test("when every generation is damaged the game starts fresh, says so, and keeps both files")
    func bothDamaged() throws {
        let folder = try TemporaryFolder("both").path
        let current = Self.corpus.first { $0.label == "bit 700 flipped" }!.bytes
        let previous = Self.corpus.first { $0.label == "truncated to 128 bytes" }!.bytes
        try put(previous, folder, "snapshot.previous.txt")
        try put(current, folder, "snapshot.txt")
        let store = try FileSnapshotStore(folder: folder)
        let runtime = launch(store)
        #expect(runtime.game.state.screen == .menu)
        #expect(runtime.game.state.notice?.contains("starting a new game") == true)
        #expect(runtime.scene.hud.contains { $0.contains("the saved game could not be read") }, "shown on screen")
        let detail = runtime.loadDetail ?? ""
        #expect(detail.contains("snapshot.txt:"), "\(detail)")
        #expect(detail.contains("snapshot.previous.txt:"), "\(detail)")
        #expect(detail.hasSuffix("starting fresh"), "\(detail)")
        #expect(contents(folder, "snapshot.damaged-1.txt") == current)
        #expect(contents(folder, "snapshot.damaged-2.txt") == previous)
        // The new game saves and a later launch restores it; the damaged files stay.
        runtime.perform(.play(.singlePlayer, level: 1))
        runtime.settle()
        runtime.advance(to: 2_000_000_000)
        runtime.send(.homePressed)
        runtime.settle()
        let relaunched = launch(store)
        #expect(relaunched.loadDetail == "restored singlePlayer level 1, paused")
        #expect(relaunched.game.state.notice == nil)
        #expect(store.quarantinedNames() == ["snapshot.damaged-1.txt", "snapshot.damaged-2.txt"])
    }

    @Test("a damaged previous generation is set aside too, before a later save could replace it; the newest loads")
    func damagedPreviousKept() throws {
        let folder = try TemporaryFolder("previous-damaged").path
        let previous = Self.corpus.first { $0.label == "bit 333 flipped" }!.bytes
        try put(previous, folder, "snapshot.previous.txt")
        try put(Self.good, folder, "snapshot.txt")
        var logged: [String] = []
        let store = try FileSnapshotStore(folder: folder)
        let runtime = Runtime(profile: .ios5, seed: 3, snapshots: store)
        runtime.log = { logged.append($0) }
        runtime.send(.launched)
        runtime.settle()
        #expect(runtime.game.state.notice == nil, "the player's game loaded: nothing to tell them")
        #expect(runtime.loadDetail?.hasPrefix("restored singlePlayer level 1, paused; snapshot.previous.txt:") == true)
        #expect(logged.count == 1 && logged[0].contains("the newest save (snapshot.txt) loaded"), "\(logged)")
        #expect(contents(folder, "snapshot.damaged-1.txt") == previous)
        runtime.perform(.resume)
        runtime.send(.homePressed)
        runtime.settle()
        #expect(contents(folder, "snapshot.damaged-1.txt") == previous, "still there after the next save")
        #expect((try? GameSnapshot.decode(contents(folder, "snapshot.previous.txt") ?? [])) != nil)
    }

    @Test("a snapshot.txt that cannot be read (a folder) is reported with its reason and the previous one restored")
    func unreadableFallsBack() throws {
        let folder = try TemporaryFolder("unreadable").path
        try put(Self.older, folder, "snapshot.previous.txt")
        try FileManager.default.createDirectory(atPath: folder + "/snapshot.txt", withIntermediateDirectories: false)
        let runtime = launch(try FileSnapshotStore(folder: folder))
        #expect(runtime.game.state.screen == .singlePlayer)
        let detail = runtime.loadDetail ?? ""
        #expect(detail.contains("snapshot.txt: unreadable:"), "\(detail)")
        #expect(detail.contains("restored snapshot.previous.txt"), "\(detail)")
    }

    @Test("a huge current file is not read, is kept aside, and the previous generation is restored")
    func hugeFallsBack() throws {
        let folder = try TemporaryFolder("huge-fallback").path
        try put(Self.older, folder, "snapshot.previous.txt")
        #expect(FileManager.default.createFile(atPath: folder + "/snapshot.txt", contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: folder + "/snapshot.txt"))
        try handle.truncate(atOffset: 3 << 30)  // 3 GiB, sparse
        try handle.close()
        let runtime = launch(try FileSnapshotStore(folder: folder))
        #expect(runtime.game.state.screen == .singlePlayer)
        #expect(runtime.loadDetail?.contains("snapshot.txt: tooLarge: the file is 3221225472 bytes") == true)
        #expect(try DurableSize.of(folder + "/snapshot.damaged-1.txt") == 3 << 30)
    }
}

enum DurableSize {
    static func of(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }
}

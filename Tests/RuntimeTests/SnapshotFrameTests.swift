// SnapshotFrameTests: the runtime's frame around a game's save (Docs/Contract.md §10). It keeps the runtime's values
// apart from the game's bytes, refuses what it did not write naming the place and never traps; a file in the
// shooter's own format from before the frame (Tests/Fixtures/snapshots, written by the runtime of that time) still
// loads, and the next save writes the frame.

import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Runtime
import Saves
import Testing

@Suite("SnapshotFrame: the runtime's values and the game's bytes, versioned and checksummed")
struct SnapshotFrameTests {
    static let runtimeValues: [String: Int64] = [
        "generation": 3, "timer.autosave": 7_000_000_000, "outbox.72057594037927937": 90, "setting.volume": 4,
    ]
    static let gameBytes = Array("count=2\nname=7\n".utf8)

    /// `bytes` with `body` (everything between the header and the checksum line) replaced, checksummed again.
    static func resealed(_ body: String) -> [UInt8] {
        var bytes = Array((SnapshotFrame.header + "\n" + body).utf8)
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        bytes += Array("checksum=\(hasher.hex)\nend\n".utf8)
        return bytes
    }

    static func error(_ bytes: [UInt8]) -> SnapshotDecodeError? {
        do {
            _ = try SnapshotFrame.open(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("what is written opens to the same values and bytes, binary bytes included")
    func roundTrip() throws {
        let bytes = SnapshotFrame.encode(runtime: Self.runtimeValues, game: Self.gameBytes)
        #expect(
            String(decoding: bytes, as: UTF8.self).hasPrefix(
                "interlude-save 1\ngeneration=3\noutbox.72057594037927937=90\nsetting.volume=4\n"
                    + "timer.autosave=7000000000\ngame 15\ncount=2\nname=7\n\nchecksum="))
        let opened = try SnapshotFrame.open(bytes)
        #expect(opened.version == 1 && opened.runtime == Self.runtimeValues && opened.game == Self.gameBytes)
        #expect(opened.gameLine == 7 && opened.gameOffset == 109)
        let binary: [UInt8] = [0, 10, 255, 10, 10, 13]
        #expect(try SnapshotFrame.open(SnapshotFrame.encode(runtime: [:], game: binary)).game == binary)
        #expect(try SnapshotFrame.open(SnapshotFrame.encode(runtime: [:], game: [])).game == [])
    }

    @Test(
        "damage of each kind is refused with its place",
        arguments: [
            ("", SnapshotDecodeError.Kind.empty, 0, 0),
            ("interlude-snapshot 2\nx=1\n", .notSnapshot, 1, 1),
            ("interlude-save x\n", .notSnapshot, 1, 16),
            ("interlude-save 01\ngame 0\n\nchecksum=0000000000000000\nend\n", .notSnapshot, 1, 16),
            ("interlude-save 2\ngame 0\n\nchecksum=0000000000000000\nend\n", .futureVersion, 1, 16),
            ("interlude-save 1\ngame 0\n\nchecksum=0000000000000000\nen", .truncated, 5, 1),
            ("interlude-save 1\ngame 0\n\nchecksum=0000000000000000\nend\n", .corrupt, 4, 10),
            ("interlude-save 1\ngame 0\n\nchecksam=0000000000000000\nend\n", .corrupt, 4, 1),
        ])
    func damage(text: String, kind: SnapshotDecodeError.Kind, line: Int, column: Int) {
        let error = Self.error(Array(text.utf8))
        #expect(error?.kind == kind && error?.line == line && error?.column == column, "\(String(describing: error))")
    }

    @Test(
        "a body that is not the runtime's is malformed, named by its line",
        arguments: [
            ("generation=1\n", 3, "no 'game N' line"),
            ("level=2\ngame 0\n\n", 2, "'level' is not one of the runtime's values"),
            ("timer.b=1\ntimer.a=1\ngame 0\n\n", 3, "the keys must be sorted"),
            ("generation=1\ngeneration=1\ngame 0\n\n", 3, "appears twice"),
            ("generation=x\ngame 0\n\n", 2, "expected key=integer"),
            ("generation=+1\ngame 0\n\n", 2, "expected key=integer"),
            ("generation=01\ngame 0\n\n", 2, "expected key=integer"),
            ("game +0\n\n", 2, "expected the game part's length"),
            ("game 5\nab\n", 2, "expected the game part's length"),
            ("game 1\nab\n", 2, "is said to be 1 bytes"),
            ("game -1\n\n", 2, "expected the game part's length"),
            ("game 99999999999999999999\n\n", 2, "expected the game part's length"),
        ])
    func malformedBody(body: String, line: Int, message: String) {
        let error = Self.error(Self.resealed(body))
        #expect(error?.kind == .malformed && error?.line == line, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test("every prefix and every changed byte of a file is refused, never a trap")
    func everyPrefixAndFlip() {
        let bytes = SnapshotFrame.encode(runtime: Self.runtimeValues, game: Self.gameBytes)
        for length in 0..<bytes.count { #expect(Self.error(Array(bytes.prefix(length))) != nil, "prefix \(length)") }
        for index in bytes.indices {
            for value: UInt8 in [0, 10, 48, 255] where value != bytes[index] {
                var changed = bytes
                changed[index] = value
                #expect(Self.error(changed) != nil, "byte \(index) = \(value)")
            }
        }
    }

    @Test("the game's decoding error is moved to the file's lines; a binary part's is named by its byte offset")
    func gameErrorsArePlaced() throws {
        let game = Clicker()
        let bytes = SnapshotFrame.encode(runtime: ["generation": 1], game: Array("clicks=1\nclicks\n".utf8))
        #expect(
            throws: SnapshotDecodeError(.malformed, line: 5, column: 1, message: "expected key=integer, found 'clicks'")
        ) {
            try game.decodeSnapshot(bytes)
        }
        let opened = try SnapshotFrame.open(bytes)
        let placed = opened.place(SnapshotDecodeError(.malformed, line: 0, message: "bad magic"))
        #expect(placed.line == 0 && placed.message == "the game's part (16 bytes at byte 38): bad magic")
    }

    @Test(
        "a game of named integers needs no codec: its part is key=integer lines, and expect snapshot merges the names")
    func namedIntegersByDefault() throws {
        let game = Clicker()
        let bytes = game.encodeSnapshot(["clicks": 3, "inSession": 1], extras: ["generation": 2])
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("interlude-save 1\ngeneration=2\ngame 21\nclicks=3\n"))
        let saved = try game.decodeSnapshot(bytes)
        #expect(saved.state == ["clicks": 3, "inSession": 1] && saved.extras == ["generation": 2])
        #expect(game.snapshotValues(saved) == ["clicks": 3, "inSession": 1, "generation": 2])
    }
}

@Suite("Users' saves keep loading: the shooter's own format from before the frame")
struct LegacySnapshotTests {
    /// A version 2 file written by the runtime before the frame (a session on level 1, generation 2).
    static func fixture() throws -> [UInt8] {
        Array(try LevelAssets.text("Tests/Fixtures/snapshots/shooter-v2-level1.txt").utf8)
    }

    @Test("a version 2 file restores its session and its runtime values; the next save writes the frame")
    func version2Loads() throws {
        let bytes = try Self.fixture()
        let legacy = try GameSnapshot.decode(bytes)
        let store = InMemorySnapshotStore(bytes: bytes)
        let runtime = Runtime(profile: .ios5, seed: 7, snapshots: store, levels: try LevelAssets.levels()).launch()
        #expect(
            runtime.transcript.lines.contains { $0.contains(#""detail":"restored singlePlayer level 1, paused""#) })
        #expect(runtime.game.state.isPaused && store.quarantined.isEmpty)
        #expect(try runtime.storedSnapshotValues().get() == legacy.values)
        runtime.inject(.homePressed, at: ms(500))
        let saved = try #require(store.bytes)
        #expect(SnapshotFrame.isFramed(saved) && !GameSnapshot.isOwnFile(saved))
        let values = try runtime.storedSnapshotValues().get()
        #expect(Set(values.keys) == Set(legacy.values.keys))
        #expect(values["generation"] == 4, "a quick and a full save")
        for key in ["level", "score", "run", "steps", "timer.round", "timer.enemies", "x", "z", "health", "ammo"] {
            #expect(values[key] == legacy.values[key], "\(key)")
        }
        #expect(runtime.violations.isEmpty)
    }

    @Test("a damaged version 2 file is set aside as before, with the old format's words")
    func damagedVersion2() throws {
        var bytes = try Self.fixture()
        bytes[30] ^= 1
        let store = InMemorySnapshotStore(bytes: bytes)
        let runtime = Runtime(profile: .ios5, seed: 7, snapshots: store, levels: try LevelAssets.levels()).launch()
        #expect(store.quarantined.map(\.name) == ["snapshot.damaged-1.txt"])
        #expect(runtime.transcript.lines.contains { $0.contains("corrupt: checksum does not match") })
        #expect(runtime.game.state.screen == .menu)
    }
}

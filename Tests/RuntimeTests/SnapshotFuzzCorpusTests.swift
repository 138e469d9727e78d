// The fuzz-snapshot seeds and findings (Apps/Fuzz/Corpus/fuzz-snapshot, issue 15), read as the fuzzer reads them (the
// first byte picks a whole file, a version 2 or 1 body to frame, or a SnapshotText body): what decodes re-encodes
// to the same values, and a launch from the bytes never restores what the decoder or Game.whyUnplayable refuses;
// a restored game plays with no invariant broken. The properties the fuzzer checks, on every run.

import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Runtime
import Saves
import Testing

@Suite struct SnapshotFuzzCorpusTests {
    static let folder = LevelAssets.root.appendingPathComponent("Apps/Fuzz/Corpus/fuzz-snapshot")

    static var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// `body` after `header`, framed and checksummed as the writer does.
    static func sealed(_ header: String, _ body: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array((header + "\n").utf8) + body
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        SnapshotFraming(headerPrefix: "interlude-snapshot ", version: 2, noun: "a snapshot", writer: "us").seal(&bytes)
        return bytes
    }

    @Test func thereAreInputs() { #expect(Self.paths.count >= 10) }

    @Test(arguments: paths) func decodeAndLaunchAgree(path: String) throws {
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let levels = try LevelAssets.levels()
        let bytes: [UInt8]
        switch (input.first ?? 0) % 4 {
        case 0: bytes = Array(input.dropFirst())
        case 1: bytes = Self.sealed("interlude-snapshot 2", input.dropFirst())
        case 2: bytes = Self.sealed("interlude-snapshot 1", input.dropFirst())
        default:
            let file = Self.sealed("clicker 2", input.dropFirst())
            if let (_, values) = try? SnapshotText.decode(file, format: "clicker", versions: 1...2) {
                let again = SnapshotText.encode(format: "clicker", version: 2, values: values)
                #expect(try SnapshotText.decode(again, format: "clicker", versions: 2...2).values == values)
            }
            return
        }
        let decoded = try? GameSnapshot.decode(bytes)
        if let decoded {
            #expect(try GameSnapshot.decode(decoded.encoded()).values == decoded.values)
        }
        let store = InMemorySnapshotStore(bytes: bytes)
        let runtime = Runtime(profile: .ios5, seed: 7, snapshots: store, levels: levels).launch()
        guard store.quarantined.isEmpty else { return }
        let restored = try #require(decoded, "the launch restored bytes the decoder refuses")
        #expect(Game(seed: 7, levels: levels).whyCannotRestore(restored.state) == nil)
        runtime.inject(.resume, at: ms(50))
        runtime.inject(.input(.forward, duration: ms(300)), at: ms(60))
        runtime.inject(.fire, at: ms(150))
        runtime.inject(.homePressed, at: ms(500))
        #expect(runtime.violations.isEmpty)
    }
}

import Foundation
import GameCore
import InterludeTesting
import Runtime
import TestSupport
import Testing

@Suite("interlude replay --data-dir: a real file store, and a damaged snapshot found at launch")
struct ReplayDataDirTests {
    static let root = BuiltProducts.root

    /// Runs `interlude ARGUMENTS` in the checkout; returns status, standard output and standard error.
    func interlude(_ arguments: [String]) throws -> (Int32, String, String) {
        let result = try Program.run(BuiltProducts.interlude, arguments, in: Self.root)
        return (result.status, result.outputText, result.errorText)
    }

    @Test("every bundled script passes on a file store and gives the same transcripts as in memory")
    func sameTranscripts() throws {
        let data = try TemporaryFolder("replay-data").path
        let onDisk = try TemporaryFolder("replay-disk").path
        let inMemory = try TemporaryFolder("replay-memory").path
        let (diskStatus, diskOutput, _) = try interlude(["replay", "--no-render", "--data-dir", data, "--out", onDisk])
        let (memoryStatus, _, _) = try interlude(["replay", "--no-render", "--out", inMemory])
        #expect(diskStatus == 0, "\(diskOutput)")
        #expect(memoryStatus == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: inMemory).filter { $0.hasSuffix(".jsonl") }
        #expect(names.count >= 10)
        for name in names {
            #expect(contents(onDisk, name) == contents(inMemory, name), "\(name)")
        }
        #expect(
            try GameSnapshot.decode(contents(data + "/purge-relaunch", "snapshot.txt") ?? []).state.levelNumber == 1)
    }

    @Test("a damaged snapshot.txt at launch: the previous generation is restored, the log and transcript say so")
    func damagedAtLaunch() throws {
        let data = try TemporaryFolder("replay-damaged").path
        let out = try TemporaryFolder("replay-damaged-out").path
        let folder = data + "/purge-relaunch"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The previous generation is a save from the main menu, so the script's own course (it plays from the menu)
        // is unchanged by what the launch restores.
        var menu = try GameSnapshot.decode(playedSnapshot(seed: 5, steps: 120))
        menu.state.screen = .menu
        menu.extras = ["generation": 4, "setting.volume": 3]
        let good = menu.encoded()
        let damaged = Array(good.prefix(good.count - 40))
        try put(good, folder, "snapshot.previous.txt")
        try put(damaged, folder, "snapshot.txt")
        let script = Self.root.appendingPathComponent("Assets/Interruptions/purge-relaunch.script").path
        let (status, output, errors) = try interlude([
            "replay", "--no-render", "--data-dir", data, "--out", out, script,
        ])
        #expect(status == 0, "\(output)\n\(errors)")
        #expect(errors.contains("purge-relaunch: interlude: snapshot.txt"), "\(errors)")
        #expect(errors.contains("restored the one before it (snapshot.previous.txt)"), "\(errors)")
        let transcript = String(decoding: contents(out, "purge-relaunch.transcript.jsonl") ?? [], as: UTF8.self)
        let firstLoad = transcript.split(separator: "\n").first { $0.contains(#""name":"loadSnapshot""#) } ?? ""
        #expect(firstLoad.contains("truncated"), "\(firstLoad)")
        #expect(firstLoad.contains("kept as snapshot.damaged-1.txt"), "\(firstLoad)")
        #expect(firstLoad.contains("restored snapshot.previous.txt: main menu"), "\(firstLoad)")
        #expect(contents(folder, "snapshot.damaged-1.txt") == damaged)
    }
}

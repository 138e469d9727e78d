// ShrunkScriptTests: the scripts the shrinker made of the seeded bugs whose doubles live in this target
// (Tests/Fixtures/simulate/bug-*.script, at most 10 timed lines each) fail with the invariant each names when replayed
// with the bug's double, and pass once their `fault bug.*` lines are taken out: a regression test of both the
// detector and the runtime. (The engine's own `interlude replay` knows no seeded bug: none is compiled into it.)

import Foundation
import GameCore
import InterludeTesting
import Replay
import Runtime
import Simulation
import Storage
import Testing

@Suite struct ShrunkScriptTests {
    @Test(
        "a seeded bug's shrunk script fails as it says, and passes without its bug",
        arguments: [SeededBug.quickSaveSkipped, .drawAfterForbidGL, .timerFullTime, .scoreCountedTwice])
    func shrunkScript(bug: SeededBug) throws {
        let name = String(bug.point.name.dropFirst("bug.".count))
        let path = "Tests/Fixtures/simulate/bug-\(name).script"
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let script: Script<GameAction> = try ScriptParser.parse(text, file: path, faults: SeededBug.points)
        #expect(script.lines.filter { $0.command.time != nil }.count <= 10, "at most 10 timed lines")

        let folder = try TemporaryFolder("shrunk")
        defer { folder.remove() }
        let levels = SimulatorTests.levels
        var shrinker = Shrinker(
            profile: try #require(script.profile), seed: script.seed, folder: folder.path + "/disk",
            store: { try FileSnapshotStore.faulty(folder: $0, injector: $1) }, game: { Game(seed: $0, levels: levels) })
        shrinker.world = bug.world(Scene.self)
        let lines = script.lines.map(\.command)
        let failing = try shrinker.replay(lines)
        #expect(failing.violations.contains { $0.violation.invariant == bug.invariant }, "\(path)")
        let fixed = lines.filter {
            guard case .fault(_, let point, _) = $0 else { return true }
            return point != bug.point
        }
        #expect(fixed.count < lines.count, "\(path) arms its bug")
        #expect(try shrinker.replay(fixed).violations.isEmpty, "\(path) without its bug")
    }
}

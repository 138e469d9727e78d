// GoldenTranscriptTests: every bundled script, replayed headless as `interlude replay --no-render` replays it (the
// shooter on the bundled levels, the leaderboard answering in virtual time, the bots' match), writes exactly the
// committed transcript (Tests/Fixtures/golden/no-render). `make golden-check` compares the same files through the
// command (Apps/); this runs in the engine's own `swift test`, so that a change to the runtime, the scripts or the
// invariants that moves one byte of a clean run is caught without building Apps. A matrix script is checked under
// each of its profiles (`NAME@PROFILE.transcript.jsonl`).

import Foundation
import GameCore
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct GoldenTranscriptTests {
    @Test(arguments: IdleSkipTests.bundledScripts)
    func aBundledScriptWritesItsGoldenTranscript(path: String) throws {
        let levels = IdleSkipTests.levels
        let parsed = try ScriptParser.parse(try LevelAssets.text(path), file: path)
        // A matrix script (`profiles all`) is replayed once per profile, as `NAME@PROFILE`, as the command does.
        for script in parsed.replays() {
            let result = ScriptRunner.run(script, game: { Game(seed: $0, levels: levels) }) { runtime in
                runtime.useLeaderboard(InProcessLeaderboard(), pacing: .virtual)
                runtime.useMatch(InMemoryMatch(pilot: BotPilot.matchPilot(levels: levels)))
            }
            let golden = try LevelAssets.text("Tests/Fixtures/golden/no-render/\(script.name).transcript.jsonl")
            #expect(result.transcript == golden, "\(script.name): the transcript is not the committed one")
            #expect(result.ok, "\(result.failures)")
        }
    }
}

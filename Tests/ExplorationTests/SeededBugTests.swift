// SeededBugTests: a bug seeded on purpose in a copy of a profile's table (never in the product's tables) is found by
// the explorer, with a script no longer than the one known to reproduce it, and replay fails on that script.

import Exploration
import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct SeededBugTests {
    /// `willResignActive` without `cancelLeaderboardRequests`: a request survives into inactive (invariant 4).
    /// Known reproduction, 3 moves: launched, openLeaderboard, smsArrived (an iOS 4 alert).
    static let resignKeepsRequests: Profile = {
        let resign = Segment(
            .willResignActive,
            [.pauseGame, .stopFrameLoop, .invalidateTimers, .disconnectPeers, .finishGL, .saveSnapshot])
        let rows = Profile.ios4.rows.compactMap { row -> Row? in
            guard case .go(let target, let segments) = row.outcome, segments.contains(.resign) else { return nil }
            return Row(row.from, row.event, .go(target, segments.map { $0 == .resign ? resign : $0 }))
        }
        return Profile.ios4.replacing(rows)
    }()

    /// `didEnterBackground` that finishes GL after forbidding it: a GL call in the background (invariant 1).
    /// Known reproduction, 2 moves: launched, homePressed.
    static let drawsAfterForbid: Profile = {
        let background = Segment(
            .didEnterBackground,
            [
                .beginBackgroundTask, .cancelLeaderboardRequests, .disconnectPeers, .saveSnapshot, .releaseGLSurfaces,
                .forbidGL, .finishGL, .endBackgroundTask,
            ])
        let rows = Profile.ios5.rows.compactMap { row -> Row? in
            guard case .go(let target, let segments) = row.outcome, segments.contains(.enterBackground) else {
                return nil
            }
            return Row(row.from, row.event, .go(target, segments.map { $0 == .enterBackground ? background : $0 }))
        }
        return Profile.ios5.replacing(rows)
    }()

    @Test(arguments: [(resignKeepsRequests, 4, 3), (drawsAfterForbid, 1, 2)])
    func explorerFindsTheSeededBug(profile: Profile, invariant: Int, knownLength: Int) throws {
        let result = Explorer(profile: profile, depth: 4, game: Bundled.game).run()
        let found = try #require(result.violations.first { $0.violation.invariant == invariant })
        #expect(found.path.count <= knownLength, "\(found.path.map(\.move.description))")
        // Breadth first: no violation of any kind is shorter than the first one reported.
        #expect(result.violations.allSatisfy { $0.path.count >= found.path.count })

        let text = ExplorationScripts.reproduction(found, profile: profile, seed: 1, name: "seeded")
        let script = try ScriptParser.parse(text, file: "seeded.script")
        let replay = ScriptRunner.run(
            script, profile: profile, display: RecordingDisplay<Game.Scene>(), game: Bundled.game)
        #expect(!replay.ok)
        #expect(replay.violations.contains { $0.violation.invariant == invariant })
        // The same script on the product's table passes: the bug is the seeded one.
        let fixed = ScriptRunner.run(script, display: RecordingDisplay<Game.Scene>(), game: Bundled.game)
        #expect(fixed.ok, "\(fixed.failures)")
    }
}

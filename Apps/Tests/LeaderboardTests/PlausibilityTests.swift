import Foundation
import GameCore
import LeaderboardServer
import Lifecycle
import TestSupport
import XCTest

/// Only scores the game can give: bounds from GameCore's levels and scoring rules, unknown levels refused.
final class PlausibilityTests: ServerTestCase {
    func testAnAbsurdScoreOrAnUnknownLevelIsRefusedAndNothingIsStored() throws {
        let (ada, token) = try http.register("Ada")
        let absurd = try http.submit(player: ada, token: token, key: "a", level: 1, score: 100_000_000)
        XCTAssertEqual(absurd.status, 422, absurd.text)
        XCTAssertEqual(absurd.errorCode, "implausibleScore")
        let level99 = try http.submit(player: ada, token: token, key: "b", level: 99, score: 10)
        XCTAssertEqual(level99.status, 422)
        XCTAssertEqual(level99.errorCode, "unknownLevel")
        XCTAssertEqual(
            try http.submit(player: ada, token: token, key: "c", level: 4, score: 10).errorCode, "unknownLevel")
        XCTAssertTrue(try server.store.allScores().isEmpty)
        XCTAssertEqual(try http.get("/v1/levels/1/top").json["entries"] as? [String], [])
    }

    func testTheBoundIsTheGamesCumulativeMaximumToTheLevel() throws {
        let levels = try BundledLevels.load()
        let rules = ScoreRules(levels: levels)
        XCTAssertEqual(rules.levelCount, 3)
        let perLevel = levels.map(Game.maximumScore(of:))
        XCTAssertEqual(rules.maximumScores, [perLevel[0], perLevel[0] + perLevel[1], perLevel.reduce(0, +)])
        // A session's maximum (Game.maximumScore(in:), with the whole par as bonus) is never below the server's.
        XCTAssertLessThanOrEqual(rules.maximumScores[2], Game.maximumScore(in: levels))
        XCTAssertLessThan(rules.maximumScores[2], 10_000, "about 7,500 in all")

        let (ada, token) = try http.register("Ada")
        for level in 1...3 {
            let most = rules.maximumScores[level - 1]
            let over = try http.submit(player: ada, token: token, key: "over\(level)", level: level, score: most + 1)
            XCTAssertEqual(over.status, 422, "level \(level): \(most + 1)")
            XCTAssertEqual(
                try http.submit(player: ada, token: token, key: "max\(level)", level: level, score: most).status, 201)
        }
        XCTAssertEqual(try server.store.allScores().map(\.score), rules.maximumScores)
    }

    /// Issue 17: a score is checked against the run's duration. The first level's maximum needs its exit bonus, so at
    /// least its fastest possible clear; a millisecond less is refused, and so is a submission without a duration.
    func testARunShorterThanItsFastestPossibleClearIsRefused() throws {
        let levels = try BundledLevels.load()
        let rules = ScoreRules(levels: levels)
        let fastest = try XCTUnwrap(Game.fastestClearMilliseconds(of: levels[0]))
        let most = rules.maximumScores[0]
        XCTAssertEqual(rules.fewestMilliseconds(level: 1, score: most), fastest)
        XCTAssertGreaterThan(fastest, 1_000)
        XCTAssertEqual(rules.fewestMilliseconds(level: 1, score: rules.pointsBeforeExit[0]), 0, "no exit needed")

        let (ada, token) = try http.register("Ada")
        let quick = try http.submit(
            player: ada, token: token, key: "q", level: 1, score: most, milliseconds: fastest - 1)
        XCTAssertEqual(quick.status, 422, quick.text)
        XCTAssertEqual(quick.errorCode, "tooFast")
        let untimed = try http.submit(player: ada, token: token, key: "u", level: 1, score: 10, milliseconds: nil)
        XCTAssertEqual(untimed.status, 422, untimed.text)
        XCTAssertEqual(untimed.errorCode, "missingDuration")
        XCTAssertEqual(
            try http.submit(player: ada, token: token, key: "n", level: 1, score: 10, milliseconds: -1).status, 400)
        XCTAssertTrue(try server.store.allScores().isEmpty, "nothing refused is stored")
        XCTAssertEqual(
            try http.submit(player: ada, token: token, key: "f", level: 1, score: most, milliseconds: fastest).status,
            201)
        XCTAssertEqual(
            try http.submit(
                player: ada, token: token, key: "k", level: 1, score: rules.pointsBeforeExit[0], milliseconds: 0
            ).status, 201, "enemies and pickups alone need no clear")
        // On level 3, two clears' worth of bonus needs more than one level's fastest clear.
        let third = rules.fewestMilliseconds(level: 3, score: rules.maximumScores[2])
        XCTAssertEqual(third, levels.compactMap(Game.fastestClearMilliseconds(of:)).reduce(0, +))
        XCTAssertEqual(
            try http.submit(
                player: ada, token: token, key: "t", level: 3, score: rules.maximumScores[2], milliseconds: third - 1
            ).errorCode, "tooFast")
    }

    /// A real run passes the duration check, and the check is not vacuous: the same score in half the time fails.
    func testARealRunPassesTheDurationCheck() throws {
        let corridor = try Level.parse(
            name: "corridor", "############################\n#P........................X#\n############################"
        )
        let rules = ScoreRules(levels: [corridor])
        var game = Game(seed: 1, levels: [corridor])
        game.play(.singlePlayer, level: 1)
        game.look(yawMillidegrees: -45_000, pitchMillidegrees: 0)
        game.hold(.forward, steps: Int64.max)
        game.hold(.right, steps: Int64.max)
        var steps: Int64 = 0
        while game.state.screen == .singlePlayer, steps < 10_000 {
            game.step()
            steps += 1
        }
        XCTAssertEqual(game.state.screen, .gameOver, "the exit was reached")
        let milliseconds = steps * 1000 / Int64(stepsPerSecond)
        XCTAssertNil(rules.whyTooFast(level: 1, score: game.state.score, milliseconds: milliseconds))
        XCTAssertEqual(
            rules.whyTooFast(level: 1, score: game.state.score, milliseconds: milliseconds / 2)?.code, "tooFast")
    }

    /// The fastest-clear bound is below any real run, and not vacuous: a run strafing diagonally at full speed along
    /// an open corridor reaches the exit within 15 % of it.
    func testTheFastestClearIsALowerBoundOfARealRun() throws {
        let corridor = try Level.parse(
            name: "corridor", "############################\n#P........................X#\n############################"
        )
        let bound = try XCTUnwrap(Game.fastestClearSteps(of: corridor))
        XCTAssertGreaterThan(bound, 0)
        for diagonal in [false, true] {
            var game = Game(seed: 1, levels: [corridor])
            game.play(.singlePlayer, level: 1)
            // Facing east: forward alone walks east; turned 45° left, forward plus strafe right runs east at sqrt(2).
            if diagonal { game.look(yawMillidegrees: -45_000, pitchMillidegrees: 0) }
            game.hold(.forward, steps: Int64.max)
            if diagonal { game.hold(.right, steps: Int64.max) }
            var steps: Int64 = 0
            while game.state.screen == .singlePlayer, steps < 10_000 {
                game.step()
                steps += 1
            }
            XCTAssertEqual(game.state.screen, .gameOver, "the exit was reached (diagonal: \(diagonal))")
            XCTAssertGreaterThanOrEqual(steps, bound, "diagonal: \(diagonal)")
            if diagonal { XCTAssertLessThanOrEqual(Double(steps), Double(bound) * 1.15, "the bound is nearly tight") }
        }
        let walled = try Level.parse(name: "walled", "#####\n#P#X#\n#####")
        XCTAssertNil(Game.fastestClearSteps(of: walled), "no way to the exit")
        XCTAssertEqual(Game.maximumScore(of: walled), 0, "no enemies, no pickups, no exit to reach")
    }
}

extension PlausibilityTests {
    /// Issue 28 point 5: the figures Docs/Leaderboard.md gives for the bundled levels are the server's: the least play
    /// a full score of levels 1...L needs, in milliseconds, as `ScoreRules` asks it.
    func testTheManualsFastestClearsAreTheServers() throws {
        let levels = try BundledLevels.load()
        let rules = ScoreRules(levels: levels)
        let fewest = (1...levels.count).map { rules.fewestMilliseconds(level: $0, score: rules.maximumScores[$0 - 1]) }
        let spelt = fewest.map { $0.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
        let sentence = "at least \(spelt.dropLast().joined(separator: ", ")) and \(spelt.last ?? "") ms of play"
        let manual = try String(
            contentsOf: BuiltProducts.root.appendingPathComponent("Docs/Leaderboard.md"), encoding: .utf8)
        XCTAssertTrue(
            manual.replacingOccurrences(of: "\n  ", with: " ").contains(sentence),
            "Docs/Leaderboard.md should say '\(sentence)'")
    }
}

// ScoreRules: what score a level can give, from the game's own level files and scoring rules (GameCore's
// `Game.maximumScore(of:)`, `Game.pointsBeforeExit(of:)` and `Game.fastestClearMilliseconds(of:)`), so the server
// and the game cannot drift apart. A session's score is cumulative: a run may start on level 1 and submit, on level
// L, the points of levels 1...L. So a submission on level L is refused above the sum of the maxima of levels 1...L,
// and a level the game does not have is refused.
// The run's duration (milliseconds of play, which the game's outbox carries since issue 17) is checked too: points
// beyond what levels 1...L give without reaching an exit can only come from exit bonuses, each needing its level
// cleared, and no level is cleared faster than its fastest possible run. The least play that can earn the points
// is bounded from below by taking the levels' bonuses cheapest first (milliseconds per bonus point), the last one
// in part (a fractional knapsack: never more than the truth, so no real run is refused). A run shorter than that
// is `422 tooFast`; a submission without a duration (an outbox saved before issue 17) is `422 missingDuration`.

import GameCore

/// The plausibility rules of one set of levels.
public struct ScoreRules: Sendable {
    /// Per level (index 0 is level 1): the most a session can have scored when it submits on that level.
    public let maximumScores: [Int64]
    /// Per level: the fewest seconds in which it can be cleared (nil: its exit cannot be reached).
    public let fastestSeconds: [Int64?]
    /// Per level: the most points it gives without its exit (enemies and pickups).
    public let pointsBeforeExit: [Int64]
    /// Per level: (the largest exit bonus, the fewest milliseconds of play to earn it); nil when unreachable.
    let clears: [(bonus: Int64, milliseconds: Int64)?]

    /// The rules of `levels` (level 1 first), as the game plays them.
    public init(levels: [Level]) {
        var total: Int64 = 0
        maximumScores = levels.map {
            total += Game.maximumScore(of: $0)
            return total
        }
        fastestSeconds = levels.map { Game.fastestClearSeconds(of: $0) }
        pointsBeforeExit = levels.map { Game.pointsBeforeExit(of: $0) }
        clears = levels.map { level in
            Game.fastestClearMilliseconds(of: level).map {
                (Game.maximumScore(of: level) - Game.pointsBeforeExit(of: level), $0)
            }
        }
    }

    /// The fewest milliseconds of play in which a session can have `score` points on `level` (a lower bound:
    /// see the file's header).
    public func fewestMilliseconds(level: Int, score: Int64) -> Int64 {
        guard knows(level) else { return 0 }
        var missing = score - pointsBeforeExit.prefix(level).reduce(0, +)
        guard missing > 0 else { return 0 }
        let cheapestFirst = clears.prefix(level).compactMap { $0 }.filter { $0.bonus > 0 }.sorted {
            Double($0.milliseconds) / Double($0.bonus) < Double($1.milliseconds) / Double($1.bonus)
        }
        var total = 0.0
        for clear in cheapestFirst {
            let taken = min(missing, clear.bonus)
            total += Double(clear.milliseconds) * Double(taken) / Double(clear.bonus)
            missing -= taken
            if missing <= 0 { break }
        }
        return Int64(total.rounded(.down))
    }

    /// Why a run of `milliseconds` (nil: not sent) cannot have scored `score` on `level`, or nil when it can.
    public func whyTooFast(level: Int, score: Int64, milliseconds: Int64?) -> APIError? {
        guard let milliseconds else {
            return APIError(
                .unprocessableContent, "missingDuration",
                "the submission must say how long the run was played (\"milliseconds\")")
        }
        let fewest = fewestMilliseconds(level: level, score: score)
        guard milliseconds >= fewest else {
            return APIError(
                .unprocessableContent, "tooFast",
                "\(score) points on level \(level) need at least \(fewest) ms of play (each level's fastest possible "
                    + "clear), not \(milliseconds)")
        }
        return nil
    }

    /// The levels there are.
    public var levelCount: Int { maximumScores.count }

    /// Whether `level` is one of the game's.
    public func knows(_ level: Int) -> Bool { (1...levelCount).contains(level) }

    /// Why a submission of `score` on `level` cannot be real, or nil when it can.
    public func whyImplausible(level: Int, score: Int64) -> APIError? {
        guard knows(level) else {
            return APIError(
                .unprocessableContent, "unknownLevel", "level \(level) is not a level of this game (1...\(levelCount))")
        }
        let maximum = maximumScores[level - 1]
        guard score <= maximum else {
            return APIError(
                .unprocessableContent, "implausibleScore",
                "\(score) points cannot be scored by the end of level \(level) (at most \(maximum), the levels before "
                    + "it included, each cleared in its fastest possible run)")
        }
        return nil
    }
}

// ScoreRules: what score a level can give, from the game's own level files and scoring rules (GameCore's
// `Game.maximumScore(of:)` and `Game.fastestClearSeconds(of:)`), so the server and the game cannot drift apart.
// A session's score is cumulative: a run may start on level 1 and submit, on level L, the points of levels 1...L.
// So a submission on level L is refused above the sum of the maxima of levels 1...L, and a level the game does not
// have is refused. The run's duration is checked through the score itself: a level's exit bonus grows with every
// second under par, and its maximum counts the bonus of the fastest possible clear (`Game.fastestClearSeconds`), so
// a score that only a run faster than that could earn is refused. (The wire carries no duration: the game's outbox
// keeps only (key, score) per run, saved in its snapshots.)

import GameCore

/// The plausibility rules of one set of levels.
public struct ScoreRules: Sendable {
    /// Per level (index 0 is level 1): the most a session can have scored when it submits on that level.
    public let maximumScores: [Int64]
    /// Per level: the fewest seconds in which it can be cleared (nil: its exit cannot be reached).
    public let fastestSeconds: [Int64?]

    /// The rules of `levels` (level 1 first), as the game plays them.
    public init(levels: [Level]) {
        var total: Int64 = 0
        maximumScores = levels.map {
            total += Game.maximumScore(of: $0)
            return total
        }
        fastestSeconds = levels.map { Game.fastestClearSeconds(of: $0) }
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

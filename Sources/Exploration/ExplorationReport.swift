// ExplorationReport: the summary `interlude explore` prints for one profile.

import Lifecycle
import Runtime

/// The end of an exploration in words: states, transitions, rows exercised out of the table's, violations.
public struct ExplorationReport<Action: PlayerAction>: Sendable {
    public let result: ExplorationResult<Action>
    public let seconds: Double

    public init(result: ExplorationResult<Action>, seconds: Double) {
        self.result = result
        self.seconds = seconds
    }

    /// The rows exercised, out of the table's.
    public var rowsExercised: (exercised: Int, total: Int) { (result.rowWitnesses.count, result.profile.rows.count) }

    /// Nothing broke, and every row not exercised is argued unreachable.
    public var passed: Bool { result.violations.isEmpty && result.uncoveredRows.allSatisfy(\.why.isArgued) }

    /// Markdown-ish text, one fact a line.
    public var text: String {
        var profile = result.profile.name
        if Profile.named(profile)?.smsStyle != result.profile.smsStyle {
            profile += " smsStyle=\(result.profile.smsStyle.rawValue)"
        }
        if Profile.named(profile)?.callStyle != result.profile.callStyle {
            profile += " callStyle=\(result.profile.callStyle.rawValue)"
        }
        let rate = seconds > 0 ? Int(Double(result.states) / seconds) : 0
        let milliseconds = Int((seconds * 1000).rounded())
        var lines = [
            "## \(profile): depth \(result.depth), seed \(result.seed)",
            "- \(result.states) states, \(result.transitions) transitions tried (\(result.movesRun) run on the runtime), "
                + "\(milliseconds) ms (\(rate) states/s)",
            "- table rows exercised: \(rowsExercised.exercised) of \(rowsExercised.total)",
        ]
        for (row, why) in result.uncoveredRows {
            lines.append("  - not exercised: `\(RowText.describe(row))`: \(why)")
        }
        if result.violations.isEmpty {
            lines.append("- violations: none")
        } else {
            lines.append("- violations: \(result.violations.count)")
            for found in result.violations {
                let path = found.path.map(\.move.description).joined(separator: ", ")
                lines.append("  - \(found.violation) after \(path)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

// ScenarioResult+Report: the readable text of a result, what a failed test shows.

import Runtime

extension ScenarioResult {
    /// The result as text, several lines: a verdict line, then for each failed `expect` line `file:12: <the line>`,
    /// `  expected: ...`, `  found: ...` and the transcript lines before it, then each broken invariant the same
    /// way; for a script that did not run, the error (`file:line:column: error: ...`).
    public var report: String {
        if let error { return "\(file): not replayed\n  \(error)" }
        let verdict =
            ok
            ? "\(file): passed (\(expectations) expectations held, no invariant broke)"
            : "\(file): failed (\(failures.count) of \(expectations) expectations, "
                + "\(violations.count) broken invariant\(violations.count == 1 ? "" : "s"))"
        return ([verdict] + problems).joined(separator: "\n")
    }

    /// One text per problem, each readable alone: what `expectPasses` and `assertPasses` record, one issue each.
    public var problems: [String] {
        if let error { return [error.description] }
        return failures.map(\.description)
            + violations.map { $0.location == nil ? "\(file): \($0.description)" : $0.description }
    }
}

/// The layout of one problem in a report.
enum Report {
    /// `heading`, then each of `facts` indented by two, then the context lines indented by four under a title.
    static func block(_ heading: String, _ facts: [String], _ context: [TranscriptLine]) -> String {
        var lines = [heading] + facts.map { "  " + $0 }
        if !context.isEmpty {
            lines.append("  transcript before it:")
            lines += context.map { "    " + $0.json }
        }
        return lines.joined(separator: "\n")
    }
}

// Assertions+Testing: a scenario's verdict as Swift Testing issues.

import Testing

/// Records one Swift Testing issue per problem of `result` (a failed `expect` line, a broken invariant, a script that
/// did not run), each with its readable text (`ScenarioFailure.description`), at the caller's source location.
/// Public: the one call a Swift Testing test makes after `replay`. Nothing is recorded when `result.ok`.
public func expectPasses<Game>(_ result: ScenarioResult<Game>, sourceLocation: SourceLocation = #_sourceLocation) {
    for problem in result.problems {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

/// `expectPasses` for each of `results` (a folder's replay), in order.
public func expectPasses<Game>(_ results: [ScenarioResult<Game>], sourceLocation: SourceLocation = #_sourceLocation) {
    for result in results { expectPasses(result, sourceLocation: sourceLocation) }
}

// Assertions+XCTest: a scenario's verdict as XCTest failures.

import XCTest

/// Fails the running XCTest test once per problem of `result` (a failed `expect` line, a broken invariant, a script
/// that did not run), each with its readable text, at the caller's file and line. Public: the one call an XCTest
/// test makes after `replay`. Nothing fails when `result.ok`.
public func assertPasses<Game>(_ result: ScenarioResult<Game>, file: StaticString = #filePath, line: UInt = #line) {
    for problem in result.problems {
        XCTFail(problem, file: file, line: line)
    }
}

/// `assertPasses` for each of `results` (a folder's replay), in order.
public func assertPasses<Game>(_ results: [ScenarioResult<Game>], file: StaticString = #filePath, line: UInt = #line) {
    for result in results { assertPasses(result, file: file, line: line) }
}

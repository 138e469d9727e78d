import GameCore
import InterludeTesting
import XCTest

/// `assertPasses` in an XCTest test: silent for a passing script, one failure per problem otherwise. The failures of
/// the failing case are caught here (`recordFailure`) and checked, instead of failing this test.
final class AssertPassesTests: XCTestCase {
    private var caught: [(description: String, file: String, line: Int)] = []
    private var isCatching = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard isCatching else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        caught.append((description, filePath, lineNumber))
    }

    func testAPassingScriptAssertsNothing() throws {
        let result = try shooter.replay(homeScript)
        XCTAssertTrue(result.ok, result.report)
        assertPasses(result)
    }

    func testAFailingScriptFailsOncePerProblemWithItsText() throws {
        let result = try shooter.replay(
            "interlude-script 1\nat 0s launched\nexpect state suspended\nat 1s homePressed\nexpect timers 2\n",
            name: "xctest.script")
        isCatching = true
        let line = #line + 1
        assertPasses(result)
        isCatching = false
        XCTAssertEqual(caught.count, 2)
        XCTAssertEqual(caught.map(\.line), [line, line])
        XCTAssertEqual(caught.map(\.file), [#filePath, #filePath])
        XCTAssertTrue(
            caught.first?.description.contains(
                "xctest.script:3: expect state suspended\n  expected: state suspended\n  found: state active") == true,
            caught.first?.description ?? "")
        XCTAssertTrue(caught.last?.description.contains("found: timers 0") == true, caught.last?.description ?? "")
    }
}

// TestingLibraryTests: breakout's scripts through Interlude's testing library (the InterludeTesting product), as a
// game's own test target uses it: one call replays the folder; a failure names the script line, what it expected and
// what was found.

import Breakout
import InterludeTesting
import Testing

@Suite("Breakout's scripts through InterludeTesting")
struct TestingLibraryTests {
    let scenario = LifecycleScenario(game: { Breakout(seed: $0) })

    @Test("every script in Scripts/ passes, with the invariants checked throughout")
    func everyScriptPasses() throws {
        let results = try scenario.replayFolder(scriptFolder.path)
        #expect(results.count == scriptNames().count)
        #expect(results.allSatisfy { $0.expectations > 0 })
        expectPasses(results)
    }

    @Test("a wrong expectation is reported with its line, what it expected and what was found")
    func aWrongExpectationIsReported() throws {
        let result = try scenario.replay(
            """
            interlude-script 1
            profile ios4
            at 0s    launched
            at 0.5s  start
            at 1s    smsArrived
            expect callbacks didEnterBackground
            """, name: "wrong.script")
        #expect(!result.ok)
        #expect(result.failures.map(\.line) == [6])
        #expect(result.failures.first?.found.contains("willResignActive") == true)
        #expect(result.report.contains("wrong.script:6"))
    }
}

// TestingLibraryTests: breakout's scripts through Interlude's testing library (the InterludeTesting product), as a
// game's own test target uses it: one call replays the folder; a failure names the script line, what it expected and
// what was found.

import Breakout
import InterludeTesting
import Testing

@Suite("Breakout's scripts through InterludeTesting")
struct TestingLibraryTests {
    let scenario = LifecycleScenario(game: { Breakout(seed: $0) })

    /// The library replays a matrix script (all of breakout's, `profiles all`) once per profile it names.
    @Test("every script in Scripts/ passes under each of its profiles, with the invariants checked throughout")
    func everyScriptPasses() throws {
        let results = try scenario.replayFolder(scriptFolder.path)
        #expect(results.count == scriptNames().count * 6)
        #expect(Set(results.map(\.name)).count == results.count)
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

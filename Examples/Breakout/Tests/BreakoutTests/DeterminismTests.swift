// Determinism: the same script and seed give a byte-identical transcript, run after run; the seed is the only
// source of chance (another seed launches the ball elsewhere).

import Breakout
import Replay
import Testing

@Suite struct DeterminismTests {
    @Test(arguments: scriptNames())
    func sameScriptTwiceGivesTheSameTranscript(name: String) throws {
        let script = try loadScript(named: name)
        let first = replay(script)
        let second = replay(script)
        #expect(!first.transcript.isEmpty)
        #expect(first.transcript == second.transcript)
        #expect(first.simulationHash == second.simulationHash)
        #expect(first.frames.map(\.hash) == second.frames.map(\.hash))
    }

    @Test func theSeedDecidesTheLaunch() throws {
        var script = try loadScript(named: "sms-ios4-dismissed")
        let hashes = Set(
            (1...8 as ClosedRange<UInt64>).map { seed in
                script.seed = seed
                return replay(script).simulationHash
            })
        #expect(hashes.count > 1)
    }
}

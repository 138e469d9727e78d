// Determinism: the same script and seed give a byte-identical transcript, run after run; the seed is the only
// source of chance (another seed launches the ball elsewhere).

import Breakout
import Replay
import Testing

@Suite struct DeterminismTests {
    @Test(arguments: replayNames())
    func sameScriptTwiceGivesTheSameTranscript(name: String) throws {
        let script = try loadReplay(named: name)
        let first = replay(script)
        let second = replay(script)
        #expect(!first.transcript.isEmpty)
        #expect(first.transcript == second.transcript)
        #expect(first.simulationHash == second.simulationHash)
        #expect(first.frames.map(\.hash) == second.frames.map(\.hash))
    }

    @Test func theSeedDecidesTheLaunch() throws {
        var script = try loadReplay(named: "sms-ios4-dismissed@ios4")
        let hashes = Set(
            (1...8 as ClosedRange<UInt64>).map { seed in
                script.seed = seed
                return replay(script).simulationHash
            })
        #expect(hashes.count > 1)
    }
}

// TranscriptLimitTests: a session that never writes its transcript (the window, the soak harness) keeps only the
// most recent lines, so its memory does not grow with its length; a replay keeps every line.

import GameCore
import InterludeTesting
import Lifecycle
import Runtime
import Testing

@Suite("Transcript limit")
struct TranscriptLimitTests {
    /// A runtime in a single-player game, interrupted by `cycles` home/icon round trips.
    func cycled(_ cycles: Int, limit: Int?) -> Runtime<Game> {
        let runtime = launchedRuntime(.ios5)
        runtime.transcriptLimit = limit
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        var time: Int64 = 1000
        for _ in 0..<cycles {
            runtime.inject(.homePressed, at: ms(time))
            runtime.inject(.iconTapped, at: ms(time + 500))
            runtime.inject(.resume, at: ms(time + 600))
            time += 1000
        }
        return runtime
    }

    @Test("without a limit every line is kept and nothing is dropped")
    func unlimitedKeepsEverything() {
        let runtime = cycled(50, limit: nil)
        #expect(runtime.transcript.droppedLines == 0)
        #expect(runtime.transcript.lines.count > 1000)
    }

    @Test("with a limit the kept lines stay between limit and 1.125 x limit, and are the newest ones")
    func limitKeepsTheNewest() {
        let whole = cycled(50, limit: nil).transcript.lines
        let limited = cycled(50, limit: 200)
        let kept = limited.transcript.lines
        #expect(kept.count >= 200 && kept.count <= 225, "\(kept.count) lines kept")
        #expect(limited.transcript.droppedLines + kept.count == whole.count, "every line counted once")
        #expect(Array(whole.suffix(kept.count)) == kept, "the kept lines are the newest, unchanged")
        #expect(limited.violations.isEmpty)
    }

    @Test("lowering the limit trims at once; the same game is played either way")
    func loweringTrims() {
        let runtime = cycled(20, limit: nil)
        let before = runtime.transcript.lines.count
        runtime.transcriptLimit = 10
        #expect(runtime.transcript.lines.count == 10)
        #expect(runtime.transcript.droppedLines == before - 10)
        #expect(cycled(20, limit: 10).game.stateHash == cycled(20, limit: nil).game.stateHash)
    }
}

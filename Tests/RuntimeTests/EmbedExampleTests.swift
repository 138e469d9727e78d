// EmbedExampleTests: the README's clicker runs under the runtime and survives its interruptions: a call answered
// pauses and saves it; the OS purges it in the background; the icon relaunches it from the snapshot, paused.

import Lifecycle
import Replay
import Runtime
import Saves
import Testing

@Suite("The README's embedding example")
struct EmbedExampleTests {
    @Test("a clicker is paused, saved, purged and restored with its clicks")
    func clickerSurvivesAPurge() throws {
        let script = try ScriptParser.parse(
            """
            interlude-script 1
            profile ios5
            at 0s    launched
            at 0.5s  play
            at 1s    click
            at 1.1s  click
            at 2s    homePressed
            expect snapshot clicks=2 inSession=1
            at 3s    purgedByOS
            at 4s    iconTapped
            expect paused
            at 5s    resume
            at 5.5s  click
            expect running
            expect game clicks=3
            """, file: "clicker.script", as: ClickerAction.self)
        let result = ScriptRunner.run(script, game: { _ in Clicker() })
        #expect(result.ok, "\(result.failures)")
        #expect(result.transcript.contains("restored 2 clicks, paused"))
    }

    @Test("SnapshotText refuses what it did not write, naming the line")
    func snapshotTextRefuses() throws {
        let bytes = SnapshotText.encode(format: "clicker", version: 1, values: ["clicks": 3])
        #expect(try SnapshotText.decode(bytes, format: "clicker", versions: 1...1).values == ["clicks": 3])
        var damaged = bytes
        damaged[damaged.count / 2] ^= 1
        #expect(throws: SnapshotDecodeError.self) {
            try SnapshotText.decode(damaged, format: "clicker", versions: 1...1)
        }
        #expect(throws: SnapshotDecodeError.self) {
            try SnapshotText.decode(Array(bytes.prefix(20)), format: "clicker", versions: 1...1)
        }
        let future = SnapshotText.encode(format: "clicker", version: 2, values: [:])
        #expect(throws: SnapshotDecodeError.self) {
            try SnapshotText.decode(future, format: "clicker", versions: 1...1)
        }
        for length in 0..<bytes.count {
            _ = try? SnapshotText.decode(Array(bytes.prefix(length)), format: "clicker", versions: 1...1)
        }
    }
}

// RecordingTextTests: a window session's recording is written in the shooter's words exactly as before the game
// owned its words (`interlude play --record`): a held key as `input CONTROL DURATION` at its press, mouse look as
// `look`, and the text replays to the same transcript.

import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite("A recording in the shooter's words")
struct RecordingTextTests {
    @Test("held keys, fire and look are written as today's script lines, and replay the same")
    func recordingText() throws {
        let runtime = Runtime<Game>(profile: .ios5, seed: 7)
        runtime.startRecording()
        runtime.inject(.launched, at: 0)
        runtime.inject(.play(.singlePlayer, level: 1), at: 500_000_000)
        runtime.advance(to: 1_000_000_000)
        runtime.hold(.forward, true)
        runtime.advance(to: 1_500_000_000)
        runtime.hold(.forward, false)
        runtime.inject(.fire, at: 1_750_000_000)
        runtime.inject(.look(yawMillidegrees: 12_500, pitchMillidegrees: -250), at: 2_000_000_000)
        let script = runtime.recording!.script(name: "recording", profile: .ios5, seed: 7)
        let text = ScriptWriter.render(script)
        #expect(
            text == """
                interlude-script 1
                profile ios5
                seed 7

                at 0s        launched
                at 500ms     play singlePlayer
                at 1s        input forward 500ms
                at 1750ms    fire
                at 2s        look 12.5 -0.25

                """)
        let replayed = ScriptRunner.run(try ScriptParser.parse(text, file: "recording.script")) {
            Game(seed: $0, levels: [.hangar])
        }
        #expect(replayed.ok, "\(replayed.failures)")
        #expect(replayed.simulationHash == runtime.simulationHash)
    }
}

// The writer's promise: for every valid script, parse(render(script)) has the same header and commands.

import Lifecycle
import Replay
import Testing

@Suite struct RoundTripPropertyTests {
    @Test func twoHundredRandomScriptsRoundTrip() throws {
        var generator = ScriptGenerator(seed: 20_240_601)
        var commandCount = 0
        for number in 0..<200 {
            let script = generator.script(number: number)
            commandCount += script.lines.count
            let text = ScriptWriter.render(script)
            let parsed: Script
            do {
                parsed = try ScriptParser.parse(text, file: "Random/\(script.name).script")
            } catch {
                Issue.record("script \(number) did not parse: \(error)\n\(text)")
                continue
            }
            #expect(parsed.name == script.name)
            expectSameScript(parsed, script)
            // Rendering is a fixed point: the canonical text of the parsed script is the same text.
            #expect(ScriptWriter.render(parsed) == text)
        }
        #expect(commandCount > 2000)
    }

    @Test func parsedLinesRememberWhereTheyWere() throws {
        let text = ScriptWriter.render(WriterTests.everything)
        let parsed = try ScriptParser.parse(text, file: "e.script")
        // The header takes lines 1 to 4 (version, profile, seed, blank), so commands start at line 5.
        #expect(parsed.lines.map(\.location.line) == Array(5..<(5 + parsed.lines.count)))
    }
}

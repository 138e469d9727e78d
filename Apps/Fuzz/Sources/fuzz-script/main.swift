// fuzz-script: the interruption-script parser (Sources/Replay) on any bytes, read as `interlude replay` reads a
// file (UTF-8 or refused). Properties beyond "no crash":
//   - an error names a place inside the text: line 1...(lines + 1), column >= 1, and a one-line message;
//   - a script that parses is written back (ScriptWriter) to text that parses to the same header and commands,
//     and writing that again gives the same text (the writer's canonical form is a fixed point).
// Action lines are read by the shooter's grammar (GameCore's GameAction), the richest of the bundled ones.

import FuzzSupport
import GameCore
import Replay

let file = "fuzz/input.script"

fuzz { bytes in
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    let script: Script<GameAction>
    do throws(ScriptError) {
        script = try ScriptParser.parse(text, file: file)
    } catch {
        let lineCount = ScriptParser.lines(of: text).count
        fuzzCheck(error.location.file == file, "the error names another file: \(error)")
        fuzzCheck(
            (1...max(1, lineCount + 1)).contains(error.location.line) && error.location.column >= 1,
            "the error's place \(error.location) is outside the text (\(lineCount) lines)")
        fuzzCheck(!error.message.contains("\n"), "the message is not one line: \(error)")
        return
    }
    let written = ScriptWriter.render(script)
    let reread: Script<GameAction>
    do throws(ScriptError) {
        reread = try ScriptParser.parse(written, file: file)
    } catch {
        fuzzCheck(false, "the written script does not parse: \(error)\n--- written:\n\(written)")
        return
    }
    fuzzCheck(
        reread.profileName == script.profileName && reread.smsStyle == script.smsStyle
            && reread.callStyle == script.callStyle && reread.seed == script.seed,
        "the header changed through the writer:\n\(written)")
    fuzzCheck(
        reread.lines.map(\.command) == script.lines.map(\.command),
        "the commands changed through the writer:\n\(written)")
    fuzzCheck(ScriptWriter.render(reread) == written, "writing is not a fixed point:\n\(written)")
}

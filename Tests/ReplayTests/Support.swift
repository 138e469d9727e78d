// Support: helpers shared by the Replay tests.

import Lifecycle
import Replay

/// Whole seconds in nanoseconds.
func seconds(_ value: Int64) -> Nanoseconds { value * 1_000_000_000 }

/// Whole milliseconds in nanoseconds.
func milliseconds(_ value: Int64) -> Nanoseconds { value * 1_000_000 }

/// `body` after a version line, parsed as `test.script`.
func parseBody(_ body: String) throws(ScriptError) -> Script {
    try ScriptParser.parse("interlude-script 1\n" + body, file: "test.script")
}

/// The commands of `body` after a version line.
func commands(_ body: String) throws(ScriptError) -> [Command] {
    try parseBody(body).lines.map(\.command)
}

/// The error parsing `text` gives, or nil when it parses.
func parseError(_ text: String, file: String = "test.script") -> ScriptError? {
    do {
        _ = try ScriptParser.parse(text, file: file)
        return nil
    } catch {
        return error
    }
}

/// The error parsing `body` after a version line gives (so the body's first line is line 2), or nil.
func bodyError(_ body: String) -> ScriptError? {
    parseError("interlude-script 1\n" + body)
}

// interlude — the command line: parse arguments, pick a platform, run. Nothing else lives here.
//   interlude replay [FILE...] [--out DIR] [--no-render]   headless replay (EGL offscreen)
//   interlude play [--profile P] [--level N] [--record FILE]   the desktop window (GLFW)
//   interlude diagram [--out Diagrams]                      state and module diagrams from the table
//   interlude soak --data-dir DIR [--cycles N]              headless game saving continuously (crash harness)

import ArgumentParser
import Foundation

do {
    var command = try InterludeCommand.parseAsRoot()
    try command.run()
} catch {
    // CONTRACT §9: an invalid option exits 2 (ArgumentParser's own usage errors would exit 64).
    if InterludeCommand.exitCode(for: error) == .validationFailure {
        // The error's line names what the user typed: escaped (TerminalText); the usage after it is our own text.
        let message = "Error: " + InterludeCommand.message(for: error)
        let full = InterludeCommand.fullMessage(for: error)
        sayError(message)
        if full.hasPrefix(message) {
            FileHandle.standardError.write(Data((full.dropFirst(message.count) + "\n").utf8))
        }
        exit(2)
    }
    InterludeCommand.exit(withError: error)
}

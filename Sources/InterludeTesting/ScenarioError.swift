// ScenarioError: why a script could not be replayed at all (CONTRACT §7: an invalid script runs nothing).

import Replay

/// Why a script was not replayed: it does not parse, or its file cannot be read as text. Public: `replay` throws it,
/// and a folder's replay keeps it in the script's failed result (`ScenarioResult.error`). `description` reads as
/// `interlude replay` prints the same problem (exit 2).
public enum ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script does not parse: the first error, with its `file:line:column` and kind.
    case invalidScript(ScriptError)
    /// The file or folder cannot be read (missing, not a regular file, no permission).
    case unreadable(path: String, reason: String)
    /// The file is not UTF-8 text.
    case notUTF8(path: String)

    /// One line: `file:line:column: error: message`, `path: error: cannot read the script: reason`, or
    /// `path:1:1: error: the script is not UTF-8 text`.
    public var description: String {
        switch self {
        case .invalidScript(let error): return error.description
        case .unreadable(let path, let reason): return "\(path): error: cannot read the script: \(reason)"
        case .notUTF8(let path): return "\(path):1:1: error: the script is not UTF-8 text"
        }
    }
}

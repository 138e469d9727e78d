// SnapshotDecodeError: why stored bytes are not a snapshot a game can continue from. A game's decoder throws it
// (`LifecycleGame.decodeSnapshot`); the runtime adds the kinds it finds itself (unreadable, implausible, crashed)
// and sets such a file aside.

/// Why bytes are not a snapshot: a kind tests compare, a place (line and column, 0 for the whole file) and a message.
public struct SnapshotDecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for tests and for choosing words.
    public enum Kind: String, Hashable, Sendable {
        case empty, notSnapshot, futureVersion, tooLarge, truncated, corrupt, malformed
        case unreadable  // the store could not read the file (set by the runtime, never by `decode`)
        case implausible  // intact, but not a state this game could have reached (set by the runtime)
        case crashed  // the app crashed just after restoring it (set by the crash guard)
    }

    public let kind: Kind
    public let line: Int  // 1-based; 0 for the whole file
    public let column: Int  // 1-based; 0 for the whole line
    public let message: String

    public init(_ kind: Kind = .malformed, line: Int, column: Int = 0, message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`, or the message alone when it concerns the whole file.
    public var description: String {
        line == 0 ? message : column == 0 ? "\(line): \(message)" : "\(line):\(column): \(message)"
    }
}

// GameLibraryError: why a game library cannot be used, in one line that names the library and the function
// (Docs/Contract.md §11). Thrown while loading; the same text ends a replay when a loaded library breaks the ABI
// later (`GameLibrary.fail`).

/// Why a game library cannot be loaded or used.
public struct GameLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for tests to compare.
    public enum Kind: String, Hashable, Sendable {
        case cannotOpen  // the file is missing or not a shared library for this machine
        case missingSymbol  // a required function is not exported
        case wrongVersion  // another major version, or a newer minor one
        case badActionWords  // a word that is not UTF-8, not a word, listed twice, or an event's name
        case brokeContract  // a call returned what the ABI forbids (NULL, too many bytes, a bad name)
        case tooManyLaunches  // more live launches than the loader has namespaces for
    }

    public let kind: Kind
    /// The library's file name, e.g. `liblander.so`.
    public let library: String
    /// The ABI function concerned, e.g. `interlude_save`; empty for the file as a whole.
    public let function: String
    public let message: String

    public init(_ kind: Kind, library: String, function: String = "", _ message: String) {
        self.kind = kind
        self.library = library
        self.function = function
        self.message = message
    }

    /// `liblander.so: interlude_save: returned NULL`.
    public var description: String {
        function.isEmpty ? "\(library): \(message)" : "\(library): \(function): \(message)"
    }
}

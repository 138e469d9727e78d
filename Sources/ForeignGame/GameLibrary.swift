// GameLibrary: a game built as a shared library against Sources/CInterludeGame/interlude_game.h, loaded for one
// launch of the app. Each launch loads the file afresh in a link-map namespace of its own (glibc's `dlmopen` with
// `LM_ID_NEWLM`): its statics and globals start as the loader sets them, as in a new process on a phone, so a value
// the save misses is lost at a relaunch instead of surviving by accident (Docs/Contract.md §11). Loading checks the
// ABI version, every required symbol and the action words, and says in one line what is wrong.
//
// Every call into the library goes through `call(_:_:)`, which marks the function being called: a crash inside the
// library is then reported with its name (ForeignCrashReport.swift).

import CInterludeGame
import Glibc
import Lifecycle
import Replay

/// One launch's copy of a game library: its handle, its functions, its action words.
public final class GameLibrary: @unchecked Sendable {  // used on the runtime's one thread only (the ABI's rule)
    /// The library's path as given.
    public let path: String
    /// Its file name, as messages name it (`liblander.so`).
    public let name: String
    /// The ABI version it was built for: major, minor.
    public let version: (major: UInt32, minor: UInt32)
    /// Its own action words, in its order.
    public let actionWords: [String]
    /// The arguments the explorer tries with each word (`interlude_action_arguments`), "" for none.
    public let explorationArguments: [String]
    /// Whether it draws (`interlude_draw` exported).
    public var draws: Bool { api.draw != nil }

    let handle: UnsafeMutableRawPointer
    let api: API
    /// `name` as a C string, for the crash report's signal handler (which may not allocate).
    let cName: UnsafeMutablePointer<CChar>

    /// The host's ABI version.
    public static let hostVersion = (major: UInt32(INTERLUDE_ABI_MAJOR), minor: UInt32(INTERLUDE_ABI_MINOR))
    /// The most bytes a save may hold.
    public static let saveLimit = 16 * 1024 * 1024  // INTERLUDE_SAVE_MAX (a macro Swift does not import)
    static let wordLimit = Int(INTERLUDE_WORD_MAX)
    static let actionLimit = Int(INTERLUDE_ACTIONS_MAX)
    /// The host's own word: `resume` calls `interlude_resume`.
    public static let resumeWord = "resume"
    /// Words a library may not list besides the events' names: the host's, and the engine's after `at <t>` (§7.2).
    static let reservedWords = [
        resumeWord: "the host's own word", "fault": "the engine's word (a fault line)",
        "wait": "the engine's word (a wait line)",
    ]

    /// Loads `path` for a new launch and checks it (version, symbols, words).
    public init(path: String) throws(GameLibraryError) {
        self.path = path
        let name = String(path.split(separator: "/").last ?? Substring(path))
        self.name = name
        _ = ForeignCrashReport.installed
        cName = strdup(name)
        guard let handle = Self.openInNewNamespace(path) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown error"
            free(cName)
            throw GameLibraryError(
                why.contains("namespaces") ? .tooManyLaunches : .cannotOpen, library: name, "cannot load: \(why)")
        }
        self.handle = handle
        do throws(GameLibraryError) {
            api = try API(handle: handle, library: name)
            let built = api.abiVersion()
            version = (built >> 16, built & 0xffff)
            guard version.major == Self.hostVersion.major, version.minor <= Self.hostVersion.minor else {
                throw GameLibraryError(
                    .wrongVersion, library: name, function: "interlude_abi_version",
                    "built for ABI \(version.major).\(version.minor); this host loads \(Self.hostVersion.major).0 to "
                        + "\(Self.hostVersion.major).\(Self.hostVersion.minor)")
            }
            actionWords = try Self.readActionWords(api, library: name)
            explorationArguments = try Self.readExplorationArguments(api, count: actionWords.count, library: name)
        } catch {
            dlclose(handle)
            free(cName)
            throw error
        }
    }

    deinit {
        dlclose(handle)
        free(cName)
    }

    /// The same file loaded again, for another launch.
    public func reloaded() throws(GameLibraryError) -> GameLibrary { try GameLibrary(path: path) }

    /// Ends the process with `GameLibraryError` as its last line: a library that broke the ABI mid-run cannot be
    /// trusted further (its state may be anything), and the replay's parent reports the line as the job's verdict.
    public func fail(_ function: String, _ message: String) -> Never {
        let error = GameLibraryError(.brokeContract, library: name, function: function, message)
        ForeignCrashReport.die("error: \(error)")
    }

    /// `interlude_create`: a game of `seed` in this launch, or nil.
    func createGame(seed: UInt64) -> OpaquePointer? { call("interlude_create") { api.create(seed) } }

    /// Calls `function` (named `name` for a crash report) and returns what it returned.
    @inline(__always)
    func call<Result>(_ function: StaticString, _ body: () -> Result) -> Result {
        ForeignCrashReport.enter(library: self, function: function)
        defer { ForeignCrashReport.leave() }
        return body()
    }

    /// glibc's `dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL)`, looked up at run time (Swift's Glibc module does
    /// not declare it).
    private static func openInNewNamespace(_ path: String) -> UnsafeMutableRawPointer? {
        typealias Open = @convention(c) (Int, UnsafePointer<CChar>, Int32) -> UnsafeMutableRawPointer?
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dlmopen") else {
            return dlopen(path, RTLD_NOW | RTLD_LOCAL)
        }
        let open = unsafeBitCast(symbol, to: Open.self)
        let newNamespace = -1  // LM_ID_NEWLM
        return open(newNamespace, path, RTLD_NOW | RTLD_LOCAL)
    }

    /// The action words, checked: UTF-8 words of letters and digits, at most `wordLimit` bytes, each once, none an
    /// event's name or the host's `resume`.
    private static func readActionWords(_ api: API, library: String) throws(GameLibraryError) -> [String] {
        let count = Int(api.actionCount())
        guard count <= actionLimit else {
            throw GameLibraryError(
                .badActionWords, library: library, function: "interlude_action_count",
                "\(count) words; at most \(actionLimit)")
        }
        var words: [String] = []
        for index in 0..<count {
            let function = "interlude_action_name"
            guard let pointer = api.actionName(UInt32(index)) else {
                throw GameLibraryError(.badActionWords, library: library, function: function, "word \(index) is NULL")
            }
            guard let word = boundedText(pointer, limit: wordLimit) else {
                throw GameLibraryError(
                    .badActionWords, library: library, function: function,
                    "word \(index) is not UTF-8 text of at most \(wordLimit) bytes")
            }
            if let why = whyNotWord(word) {
                throw GameLibraryError(.badActionWords, library: library, function: function, "word \(index) \(why)")
            }
            guard !words.contains(word) else {
                throw GameLibraryError(
                    .badActionWords, library: library, function: function, "word \(index) '\(word)' is listed twice")
            }
            if let whose = reservedWords[word] ?? Event(rawValue: word).map({ _ in "an event's name" }) {
                throw GameLibraryError(
                    .badActionWords, library: library, function: function, "word \(index) '\(word)' is \(whose)")
            }
            words.append(word)
        }
        return words
    }

    /// `interlude_action_arguments` for each word, checked: UTF-8 of at most `ForeignAction.argumentLimit` bytes.
    private static func readExplorationArguments(
        _ api: API, count: Int, library: String
    ) throws(GameLibraryError) -> [String] {
        guard let arguments = api.actionArguments else { return Array(repeating: "", count: count) }
        var all: [String] = []
        for index in 0..<count {
            guard let pointer = arguments(UInt32(index)) else {
                all.append("")
                continue
            }
            guard let text = boundedText(pointer, limit: ForeignAction.argumentLimit) else {
                throw GameLibraryError(
                    .badActionWords, library: library, function: "interlude_action_arguments",
                    "word \(index)'s arguments are not UTF-8 text of at most \(ForeignAction.argumentLimit) bytes")
            }
            all.append(text)
        }
        return all
    }

    /// Why `text` is not a word (ASCII letters and digits, starting with a letter), or nil.
    static func whyNotWord(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return "is empty" }
        guard isLetter(first), bytes.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) }) else {
            return "'\(ActionWords.quoted(text))' is not a word of ASCII letters and digits starting with a letter"
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) }

    /// The NUL-terminated UTF-8 text at `pointer`, if it ends within `limit` bytes and is valid UTF-8.
    static func boundedText(_ pointer: UnsafePointer<CChar>, limit: Int) -> String? {
        let length = strnlen(pointer, limit + 1)
        guard length <= limit else { return nil }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
        return String(validating: bytes, as: UTF8.self)
    }
}

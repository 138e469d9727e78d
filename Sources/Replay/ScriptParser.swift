// ScriptParser: reads an interruption script (CONTRACT §7) into a `Script`, or throws the first error.
//
// Grammar, one command per line, `#` starts a comment anywhere outside a quoted name:
//   interlude-script 1                          first meaningful line, exactly
//   profile ios4|ios5 [smsStyle=alert|banner]   optional, once, before the first timed line
//   profiles all | PATTERN[,PATTERN...]         instead of `profile`: a matrix script, replayed under each match
//   seed N                                      optional, once, before the first timed line (UInt64)
//   at <t> <event>                              t: 1.5s, 500ms (absolute) or +4s (after the previous timed line)
//   at <t> <action> ...                         the game's action line: its grammar (`ScriptAction`) reads it
//   expect state S | callbacks [names] | work names | paused | running | timers N | requests N | peers N
//        | snapshot key<op>value... | screen NAME    (only after a timed line)
//   capture "name"                              letters, digits, - _ .
//   leaderboard delay=<duration> | down | up | pending=<points>
//   peer join|leave NAME                        a scripted peer in the match (NAME: letters, digits, _)
//   peer WORD NAME                              the scripted peer sends the game's message WORD (`peerWords`)
//   match down | up                             the match server goes away, or comes back
//   expect seenBy NAME | unseenBy NAME          the scripted peer NAME sees us in the match, or not
//   expect[PATTERN,...] ...                     any expect line, checked only under the profiles matched
//                                               (`android*`, `ios13,ios26`; `*` and `?` glob on profile names)
//   engines NAME[, NAME...]                     optional, once, before the first timed line: the engines whose
//                                               view the transcript shows (sdl2 sdl3 godot3 godot4 unity sokol flutter)
//   expect engine[NAME] [events]                the last event's events in that engine's view, exactly, in order
// Limits: timed lines at most 24 h after the start (`latestTime`); `input` and `delay=` durations at most 1 h
// (`longestDuration`); capture names at most 100 characters. Past a limit is an error, never a wrapped value.
// Start reading at `parse`; each keyword's details live in ScriptParser+<Keyword>.swift.

import Faults
import Lifecycle

/// Reads `.script` text.
public enum ScriptParser {
    /// The lines of a script's text as the parser numbers them (element 0 is line 1), without their line breaks
    /// (`\n`, `\r\n` or a lone `\r`): what a report quotes for a line number.
    public static func lines(of text: String) -> [String] {
        ScriptTokenizer.lines(of: text).map { scalars in
            var line = String.UnicodeScalarView()
            line.append(contentsOf: scalars)
            return String(line)
        }
    }

    /// The script in `text`, or the first error in it, its action lines read by `Action`'s grammar. `file` is the
    /// path shown in messages; the script's name is its last component without `.script`. A fault line names a point
    /// of the catalog (`FaultPoint.all`, the quirks) or one of `extraFaults` (a test's seeded bugs).
    public static func parse<Action: ScriptAction>(
        _ text: String, file: String, as actions: Action.Type = Action.self, faults extraFaults: [FaultPoint] = []
    ) throws(ScriptError) -> Script<Action> {
        var reader = ScriptReader<Action>(file: file)
        reader.extraFaults = extraFaults
        for (offset, scalars) in ScriptTokenizer.lines(of: text).enumerated() {
            let tokens: [Token]
            do {
                tokens = try ScriptTokenizer.tokens(of: scalars, at: (file, offset + 1))
            } catch {
                // A broken first line is a missing version line before it is anything else.
                guard reader.hasVersion else { throw reader.missingVersion() }
                throw error
            }
            guard !tokens.isEmpty else { continue }
            var cursor = LineCursor(file: file, line: offset + 1, tokens: tokens)
            try reader.read(&cursor)
        }
        guard reader.hasVersion else { throw reader.missingVersion() }
        return reader.script
    }

    /// The latest time a timed line may name: 24 h of virtual time after the start. A longer script is refused
    /// (`badTime`), so that no replay runs for days and no time arithmetic overflows.
    public static let latestTime: Nanoseconds = 24 * 3_600 * TimeText.nanosecondsPerSecond

    /// The most points a `leaderboard pending=` line keeps: a billion.
    static let mostPendingPoints: Int64 = 1_000_000_000

    /// The longest `input` hold and `leaderboard delay=`: 1 h.
    public static let longestDuration: Nanoseconds = 3_600 * TimeText.nanosecondsPerSecond

    /// The longest capture name, in characters: it becomes part of a file name.
    public static let longestCaptureName = 100

    /// `Assets/Interruptions/sms.script` → `sms`.
    static func scriptName(of file: String) -> String {
        let last = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        return last.hasSuffix(".script") ? String(last.dropLast(".script".count)) : last
    }
}

/// The parse in progress: the script so far and what the next line may be.
/// The words and limits of the engine's own lines, shared by the reader and the writer.
enum ScriptSyntax {
    static let versionKeyword = "interlude-script"
    /// After `at <t>`, the word of a fault line (`at 5s fault os.kill.anyInstant`): the engine's, never a game's action.
    static let faultKeyword = "fault"
    /// After `at <t>`, the word of a wait line (`at 40s wait`): the engine's, never a game's action.
    static let waitKeyword = "wait"
    /// The most reaches a fault line's `skip=` lets pass.
    static let mostFaultSkips = 1_000_000
    static let version = "1"
    static let keywords = [
        "at", "expect", "capture", "leaderboard", "peer", "match", "profile", "profiles", "seed", "engines",
    ]
}

struct ScriptReader<Action: ScriptAction> {
    let file: String
    var script: Script<Action>
    var hasVersion = false
    var hasProfile = false
    var hasSeed = false
    var hasEngines = false
    var lastTime: Nanoseconds?  // time of the most recent timed line; nil before the first
    var extraFaults: [FaultPoint] = []  // fault points beyond the catalog a fault line may name

    init(file: String) {
        self.file = file
        self.script = Script(name: ScriptParser.scriptName(of: file))
    }

    /// Reads one non-empty line.
    mutating func read(_ cursor: inout LineCursor) throws(ScriptError) {
        let keyword = cursor.keyword
        guard hasVersion else { return try readVersion(&cursor) }
        let command: Command<Action>?
        var scope: ProfileScope?
        switch keyword.text {
        case ScriptSyntax.versionKeyword:
            throw cursor.error(.duplicateHeader, at: keyword, "the version line appears once, as the first line")
        case "profile": command = try readProfile(&cursor)
        case "profiles": command = try readProfiles(&cursor)
        case "seed": command = try readSeed(&cursor)
        case "engines": command = try readEngines(&cursor)
        case "at": command = try readTimed(&cursor)
        case "expect": command = try readExpect(&cursor)
        case "capture": command = try readCapture(&cursor)
        case "leaderboard": command = try readLeaderboard(&cursor)
        case "peer": command = try readPeer(&cursor)
        case "match": command = try readMatch(&cursor)
        case let word where word.hasPrefix("expect["):
            scope = try readScope(cursor)
            command = try readExpect(&cursor)
        default:
            throw cursor.error(
                .unknownKeyword, at: keyword,
                "unknown keyword '\(keyword.shown)'\(Suggestion.phrase(for: keyword.text, among: ScriptSyntax.keywords)); "
                    + "expected at, expect, capture, leaderboard, peer, match, profile, profiles, seed or engines")
        }
        if let command {
            script.lines.append(ScriptLine(location: cursor.location(keyword), command: command, scope: scope))
        }
    }

    /// The error for a script whose first meaningful line is not the version line.
    func missingVersion() -> ScriptError {
        ScriptError(
            .missingVersion, at: SourceLocation(file: file, line: 1, column: 1),
            "missing version line: expected \(ScriptSyntax.versionKeyword) \(ScriptSyntax.version) as the first line")
    }

    private mutating func readVersion(_ cursor: inout LineCursor) throws(ScriptError) {
        guard cursor.keyword.text == ScriptSyntax.versionKeyword else { throw missingVersion() }
        let expected = "expected \(ScriptSyntax.versionKeyword) \(ScriptSyntax.version)"
        guard let version = cursor.next() else {
            throw ScriptError(.badVersion, at: cursor.endLocation, "the version line has no version; \(expected)")
        }
        guard version.text == ScriptSyntax.version else {
            throw cursor.error(.badVersion, at: version, "unsupported script version '\(version.shown)'; \(expected)")
        }
        try cursor.finish(after: "the version line")
        hasVersion = true
    }
}

import ArgumentParser
import EngineViews
import Foundation
import Lifecycle
import Replay
import Runtime
import Storage

/// `interlude replay`: headless, virtual-time replay of interruption scripts.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay interruption scripts headless and check their expectations.",
        discussion: """
            Each script runs in virtual time (a 60-second script takes well under a second) on a fresh simulated phone. For each SCRIPT.script, DIR receives SCRIPT.transcript.jsonl (CONTRACT §8), the PNG of every `capture` line (the phone's own screens, alert, call, lock, home, switcher, drawn over the app as the user sees them), and SCRIPT.timeline.svg and .mmd (its timeline: events, states, callbacks, work, checks); DIR/index.html (a report to open in a browser, offline: failed scripts first, frames, expectations, timelines), DIR/index.md and DIR/index.json summarise the run. All scripts are parsed before any runs: one invalid script stops everything.

            Isolation: each script runs in a child process of its own (this same program), --jobs at a time, so that a script that hangs or crashes fails alone and the others still run. A watchdog ends a script still running after its deadline (default: 30 s plus the script's virtual length; --timeout to change it) and reports where it was ("hung in frame 812 during draw (present)"); its transcript so far is kept (lines are written as they happen). Transcripts and frames are the same bytes whatever --jobs is. --in-process runs the scripts in this process, one after another, with no watchdog (for a debugger or valgrind).

            Every platform: a script that says `profiles all` (or a list, CONTRACT §7) is replayed once under each of its profiles, its outputs named SCRIPT@PROFILE (SCRIPT@android34.transcript.jsonl); its `expect[android*] ...` lines hold under the profiles they name only. --profile all|LIST (ios5,ios26,android34 or patterns such as android*) replays every script given under each profile listed, whatever its own. index.json then has one entry per script and profile (fields `profile`, `matrix`), and index.html a profile matrix per script: per event, the callbacks, the state it leaves (and why) and the work under each profile, side by side.

            Large suites: --shard K/N replays the K-th of N slices (scripts sorted by name, every N-th from the K-th), so that N machines or CI jobs share a suite; --merge DIR... --out ALL gathers their outputs into one folder and one index.

            Examples:
              \(Tool.name) replay                          # every bundled script, into out/
              \(Tool.name) replay --jobs 1 --timeout 20 a.script    # one at a time
              \(Tool.name) replay --shard 2/3 --out part2  # the second of three slices
              \(Tool.name) replay --merge part1 part2 part3 --out all
              \(Tool.name) replay --profile all a.script   # under every profile
              \(Tool.name) replay --profile ios5,android* a.script

            \(GameOptions.discussion) Its scripts are the files named; a game that cannot draw offscreen replays with --no-render only.

            Exit status: 0 every expectation held and no invariant broke; 1 some did not (or a script hung or crashed); 2 a script or an option was invalid (the message names file:line:column).
            """)

    @Argument(
        help:
            "Script files (.script), or folders of them. Default: the game's own (the shooter's: Assets/Interruptions/*)."
    )
    var files: [String] = []

    @Option(name: .shortAndLong, help: "Folder for transcripts, frames and the index.")
    var out: String = "out"

    @Option(
        help: ArgumentHelp(
            "Replay each script under each of these profiles: all, or a list such as ios5,ios26,android* .",
            discussion: "Overrides each script's own profile or profiles; outputs are named SCRIPT@PROFILE.",
            valueName: "all|list"))
    var profile: String?

    @Flag(help: "Do not render (no GL at all); frames are identified by a hash of the scene.")
    var noRender = false

    @Option(help: "Frame width in pixels.")
    var width: Int = 640

    @Option(help: "Frame height in pixels.")
    var height: Int = 360

    @Option(help: "Render every N-th fixed step while the frame loop runs (1 = 60 fps of virtual time).")
    var presentEvery: Int = 1

    @Flag(
        help: ArgumentHelp(
            "Draw every frame, even one whose scene equals the frame before (slower; the same pixels).",
            discussion: "By default a scene equal to the one the framebuffer holds is not drawn again."))
    var redrawUnchangedFrames = false

    @OptionGroup var game: GameOptions

    @Option(
        help: ArgumentHelp(
            "Write these engines' views of every replay: sdl2, sdl3, godot3, godot4, unity, sokol, flutter.",
            discussion: "A comma-separated list, added to each script's own `engines` line (Docs/Engines.md).",
            valueName: "list"))
    var engines: String?

    @Option(
        help: ArgumentHelp(
            "Keep each script's snapshots on disk in DIR/SCRIPT (default: in memory).",
            discussion: "Files already there are what the first launch finds, e.g. a damaged snapshot to recover from.")
    )
    var dataDir: String?

    @Option(
        help: ArgumentHelp(
            "Leaderboard server URL (default: a fresh embedded server on loopback per script).",
            discussion: "With a shared server, `leaderboard down`/`up` lines cannot act and transcripts may vary."))
    var leaderboard: String?

    @Option(help: ArgumentHelp("Scripts replayed at once, each in its own process (default: the number of cores)."))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds a script may run before the watchdog ends it (default: 30 + its virtual length).",
            valueName: "seconds"))
    var timeout: Double?

    @Option(help: ArgumentHelp("Replay only the K-th of N slices of the scripts, sorted by name.", valueName: "K/N"))
    var shard: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Merge the outputs of earlier runs (their --out folders) into --out, with one index; runs nothing.",
            valueName: "dir"))
    var merge: [String] = []

    @Flag(help: "Run the scripts in this process, one after another, without isolation or watchdog (for debuggers).")
    var inProcess = false

    // The parent's instructions to a child (one script each). Hidden from --help: not for people.
    @Option(help: .hidden) var childResult: String?
    @Option(help: .hidden) var heartbeat: String?

    func validate() throws {
        guard (16...4096).contains(width), (16...4096).contains(height) else {
            throw ValidationError("--width and --height must be within 16...4096")
        }
        guard presentEvery >= 1 else { throw ValidationError("--present-every must be at least 1") }
    }

    /// An invalid `--leaderboard` is an invalid option: exit 2 before anything runs.
    private func checkLeaderboardURL() throws {
        guard let leaderboard else { return }
        do { _ = try LeaderboardAddress.parse(leaderboard) } catch {
            sayError("error: \(error)")
            throw Exit.invalid
        }
    }

    func run() throws {
        if !merge.isEmpty { return try runMerge() }
        try checkLeaderboardURL()
        let entry: any GameEntry
        do {
            try checkOptions()
            entry = try gameEntry()
        } catch let error as ReplayInputError {
            for line in error.lines { sayError(line) }
            throw Exit.invalid
        }
        try replay(entry)
    }

    /// Replays the scripts with `entry`'s game: in child processes, in this one (`--in-process`), or as the child
    /// of a parent (`--child-result`).
    private func replay<Entry: GameEntry>(_ entry: Entry) throws {
        let scripts: [LoadedScript<Entry.Game.Action>]
        let selected: [LoadedScript<Entry.Game.Action>]
        do {
            if !noRender, !entry.rendersOffscreen {
                throw ReplayInputError.other("\(entry.name) draws nothing offscreen: replay it with --no-render")
            }
            scripts = try loadScripts(of: entry)
            selected =
                try shard.map { text in
                    guard let slice = Shard(parsing: text) else {
                        throw ReplayInputError.other("--shard must be K/N with 1 <= K <= N, e.g. 2/4; got '\(text)'")
                    }
                    return slice.select(scripts.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) })
                } ?? scripts
            try preparePaths(for: selected)
        } catch let error as ReplayInputError {
            for line in error.lines { sayError(line) }
            throw Exit.invalid
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        if let childResult {
            // A child of `replay`: one script, its result for the parent, no output of its own.
            guard let script = selected.first, selected.count == 1 else { throw Exit.invalid }
            // Its own deadline, a little after the parent's: it dies even if the parent died first.
            alarm(UInt32(min(timeout ?? 3_600, 86_400)) + 10)
            let outcome = try replayHere(script, entry: entry, heartbeatPath: heartbeat)
            let data = try JSONEncoder().encode(outcome)
            try data.write(to: URL(fileURLWithPath: childResult), options: .atomic)
            return
        }
        var outcomes: [ReplayOutcome]
        if inProcess {
            warnOfRasterizerThreads()
            var done: [ReplayOutcome] = []
            for script in selected {
                let outcome = try replayHere(script, entry: entry, heartbeatPath: nil)
                outcome.report()
                done.append(outcome)
            }
            outcomes = done
        } else {
            outcomes = try replayInChildren(selected.map(\.scheduled))
        }
        let loaded = Dictionary(selected.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in outcomes.indices {
            guard let script = loaded[outcomes[index].script] else { continue }
            outcomes[index].scriptFile = script.path
            outcomes[index].profile = script.script.profileName
            outcomes[index].matrix = script.matrix
        }
        try ReplayIndex.write(outcomes, to: out)
        let failed = outcomes.filter { !$0.ok }.count
        let again = outcomes.filter { $0.firstReplay != nil }.count
        say(
            "\(outcomes.count - failed) passed, \(failed) failed"
                + (again > 0 ? " (\(again) replayed again without rasteriser threads after a hang)" : ""))
        say("transcripts, frames, timelines, index.md and index.html in \(out)/")
        if failed > 0 { throw Exit.failed }
    }

    /// Option values that ArgumentParser's types cannot check alone.
    private func checkOptions() throws {
        if let jobs, jobs < 1 { throw ReplayInputError.other("--jobs must be at least 1") }
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ReplayInputError.other("--timeout must be a number of seconds, more than 0 and at most 86400")
        }
        _ = try engineOption()
    }

    /// `--engines LIST` as engines; a name that is none is an invalid option (exit 2).
    func engineOption() throws -> [Engine] {
        guard let engines else { return [] }
        var found: [Engine] = []
        for piece in engines.split(separator: ",", omittingEmptySubsequences: false) {
            let name = piece.trimmingCharacters(in: .whitespaces)
            guard let engine = Engine(rawValue: name) else {
                let known = Engine.allCases.map(\.rawValue).joined(separator: ", ")
                throw ReplayInputError.other(
                    "--engines: '\(TerminalText.escaped(name))' is no engine; expected a comma-separated list of \(known)"
                )
            }
            if !found.contains(engine) { found.append(engine) }
        }
        return found
    }

    /// The largest script file read, in bytes (a long script is a few KB).
    static let maximumScriptBytes = 8 << 20

    /// `--out` and `--data-dir` (with a folder per script) as folders to write in, created if needed: a path of
    /// the wrong kind (a file, a FIFO) or that cannot be written is an invalid option (exit 2), before anything runs.
    private func preparePaths<Action>(for scripts: [LoadedScript<Action>]) throws {
        var folders = [("--out", out)]
        if let dataDir {
            folders += [("--data-dir", dataDir)] + scripts.map { ("--data-dir", "\(dataDir)/\($0.name)") }
        }
        for (option, folder) in folders {
            do { try HostPaths.prepareFolder(folder) } catch { throw ReplayInputError.other("\(option): \(error)") }
        }
    }

    /// The game `--game` names (the shooter, with the levels of `--assets`); its bad data (a level file) is an
    /// invalid input (exit 2).
    private func gameEntry() throws -> any GameEntry {
        do { return try game.entry() } catch GameEntryError.invalidData(let message) {
            throw ReplayInputError.level(message)
        } catch let error as GameEntryError {
            throw ReplayInputError.other(error.description)
        }
    }

    /// `--profile all|LIST` as profile names in the order of `Profile.all`; nil without the option.
    func profileOverride() throws -> [String]? {
        guard let profile else { return nil }
        let known = Profile.all.map(\.name)
        var patterns: [String] = []
        for piece in profile.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let pattern = piece.trimmingCharacters(in: .whitespaces)
            guard !ProfileScope(patterns: [pattern]).profileNames.isEmpty else {
                throw ReplayInputError.other(
                    "--profile: '\(TerminalText.escaped(pattern))' matches no profile; expected all or a "
                        + "comma-separated list of profiles or patterns (\(known.joined(separator: ", ")), android*)")
            }
            patterns.append(pattern)
        }
        return ProfileScope(patterns: patterns).profileNames
    }

    /// The `.script` files of `folder`, sorted by name; none is an error.
    static func scripts(in folder: String) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let paths = names.filter { $0.hasSuffix(".script") }.sorted().map { trimmed + "/" + $0 }
        guard !paths.isEmpty else { throw ReplayInputError.other("no scripts in \(folder)") }
        return paths
    }

    /// The script files named (a folder: its `.script` files), or the game's own scripts, parsed as `entry`'s;
    /// every error, a line each.
    private func loadScripts<Entry: GameEntry>(of entry: Entry) throws -> [LoadedScript<Entry.Game.Action>] {
        let profiles = try profileOverride()
        var paths: [String] = []
        if files.isEmpty {
            guard let folder = entry.scriptFolder else {
                throw ReplayInputError.other("\(entry.name) bundles no scripts: name the script files to replay")
            }
            paths = try Self.scripts(in: folder)
        }
        // A folder named stands for its `.script` files, by name (a game library's `Scripts/`).
        var errors: [String] = []
        for file in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue else {
                paths.append(file)
                continue
            }
            do { paths += try Self.scripts(in: file) } catch {
                errors.append("\(file): error: a folder with no .script files")
            }
        }
        var scripts: [LoadedScript<Entry.Game.Action>] = []
        var names: [String: String] = [:]
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try HostPaths.readFile(path, limit: Self.maximumScriptBytes)
            } catch {
                errors.append(
                    "\(path): error: cannot read the script: \((error as? FileStoreError)?.reason ?? "\(error)")")
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                errors.append("\(path):1:1: error: the script is not UTF-8 text")
                continue
            }
            do {
                let parsed: Replay.Script<Entry.Game.Action> = try ScriptParser.parse(text, file: path)
                let expanded = profiles != nil || parsed.isMatrix
                for script in parsed.replays(under: profiles) {
                    if let other = names[script.name] {
                        errors.append(
                            "\(path): error: two scripts named '\(script.name)' (also \(other)) would overwrite each other's outputs"
                        )
                    }
                    names[script.name] = path
                    scripts.append(LoadedScript(script: script, path: path, matrix: expanded ? parsed.name : nil))
                }
            } catch {
                errors.append(error.description)
            }
        }
        if !errors.isEmpty { throw ReplayInputError.scripts(errors) }
        return scripts
    }
}

/// Why nothing was replayed.
enum ReplayInputError: Error, CustomStringConvertible {
    case scripts([String])  // each script's error, one line each
    case level(String)  // a level file's error
    case other(String)

    /// What to print, a line each: a name inside one (a path with a newline) stays on its line (TerminalText).
    var lines: [String] {
        switch self {
        case .scripts(let errors): return errors + ["nothing was replayed."]
        case .level(let message): return ["error: " + message, "nothing was replayed."]
        case .other(let message): return ["error: " + message]
        }
    }

    var description: String { lines.joined(separator: "\n") }
}

/// A parsed script and the file it came from (a child process parses it again), as replayed under one profile.
struct LoadedScript<Action: ScriptAction> {
    let script: Replay.Script<Action>
    let path: String
    var matrix: String? = nil  // the script's own name when it is one replay of several, one per profile

    var name: String { script.name }

    /// What the scheduler needs of it to start a child that replays it.
    var scheduled: ScheduledScript {
        let last = script.lines.compactMap(\.command.time).max() ?? 0
        return ScheduledScript(
            name: name, path: path, matrix: matrix, profileName: script.profileName, virtualSeconds: Double(last) / 1e9)
    }
}

/// A script as `replay` hands it to a child process (ReplayCommand+Batch), whatever the game: the child parses the file again.
struct ScheduledScript {
    let name: String
    let path: String
    let matrix: String?  // as LoadedScript's
    let profileName: String  // the profile it is replayed under
    let virtualSeconds: Double  // the time of its last timed line (a script may name absurd times: callers bound it)
}

/// `--shard K/N` of `replay` and `simulate`: every N-th item from the K-th (1-based) of a list in a fixed order, so
/// that slices are balanced and the same on every machine. `replay` sorts the scripts by name first, whatever order
/// the files were given in; `simulate` takes its (profile, seed) runs in their order.
struct Shard {
    let index: Int  // K
    let count: Int  // N

    /// `text` as K/N with 1 <= K <= N, or nil; each command says what is wrong in its own words.
    init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// The slice of `items`: every N-th from the K-th, in their order.
    func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

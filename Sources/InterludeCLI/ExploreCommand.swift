import ArgumentParser
import Exploration
import Foundation
import Lifecycle
import Replay
import Runtime
import Storage
import Synchronization

/// `interlude explore`: the model checker over the life cycle and a game (the shooter by default), and interruption
/// invariance.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract:
            "Try every sequence of interruptions up to a depth, or every interruption at every moment of a script.",
        discussion: """
            Without --interleave: breadth first, every sequence of up to --depth moves — each OS event, the player's actions (play singlePlayer, play multiplayer, resume, menu, openLeaderboard, closeLeaderboard, fire) and waits (to the next timer, to the OS suspending a backgrounded app, to a leaderboard answer; the background task expiring is the event backgroundTaskExpired), and a score the game reports while active (leaderboard pending=100: kept in the outbox, whose upload then holds a background task open after a move into the background) — on the real runtime with the no-render doubles, checking invariants 1 to 6 (CONTRACT §6) after every move. States are deduplicated by an abstract key: the life-cycle status (state, reason, open background task), the screen, in session / paused / running, the frame loop, whether GL is forbidden, live timers, leaderboard requests in flight, peers, the score outbox, the leaderboard list shown, and what a launch would restore from the stored snapshot. That key holds every fact a table row, a piece of work or an invariant reads; what it leaves out (time, positions, scores, ...) is gameplay, which --interleave checks. It prints progress per depth and ends with the states, the transitions, the table rows exercised out of each profile's total (every other row with why it cannot be reached, or NOT REACHED), and the violations. Each violation's shortest script is written to DIR/violations: `\(Tool.name) replay` fails on it. --write-witnesses DIR writes, for every row exercised, the shortest script exercising it with `expect` lines for the row's state, callbacks and work: a suite that replays green. With more than one profile (both, all), each profile is explored in a child process of its own (this same program), --jobs at a time, under a watchdog (--timeout): a game that crashes or hangs in one profile fails that profile alone, named (CRASH or HUNG), and the others are explored; each profile's report is printed as its child ends, and DIR/summary-PROFILE.md holds them in the profiles' order.

            With --interleave SCRIPT (single player): the script is replayed as written, then once per interruption kind and moment — every --every of virtual time at which the game runs — with the interruption, its matching return and the player's resume injected there and every later line shifted by the 3 s the game stood paused. Invariant 7 (CONTRACT §6): the end state hash must equal the uninterrupted one, every expect must hold and no invariant break. Kinds (--events): sms (dismissed; on an iOS 5 banner: opened, then the icon), call (answered, then ended), decline, home (then the icon), lock (then unlocked), switcher (dismissed), purge (home, purged, relaunched from the snapshot by the icon), notificationCenter. The first differing moment of each kind is written to DIR as a script.

            Examples:
              \(Tool.name) explore                                  # both profiles, depth 8
              \(Tool.name) explore --profile ios4 --depth 6 --write-witnesses out/witnesses
              \(Tool.name) replay --no-render out/witnesses/*.script
              \(Tool.name) explore --interleave Assets/Interruptions/fight-level1-sms-ios4.script --every 250ms

            \(GameOptions.discussion) The player's actions tried are then the game's own.

            Exit status: 0 nothing broke and every row is exercised or argued unreachable; 1 a violation, a row not reached, or an interleaving that differs; 2 an invalid option or script.
            """)

    @Option(help: "A profile (ios4, ios5, ios13, ios26, android28, android34), both (ios4 and ios5) or all.")
    var profile: String = "both"

    @Option(help: "banner or fullScreen: how a call shows on the profiles with that setting (ios26, android34).")
    var callStyle: String?

    @Option(help: "alert or banner: how an SMS shows (default: each profile's own; ios4 alert, ios5 banner).")
    var smsStyle: String?

    @Option(help: "The most moves in a sequence (launch included).")
    var depth: Int = 8

    @Option(help: "The simulation seed of every run.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "Folder for the violations' scripts (DIR/violations) and interleave reports.")
    var out: String = "out/explore"

    @Option(help: ArgumentHelp("Write one witness script per table row exercised into DIR.", valueName: "dir"))
    var writeWitnesses: String?

    @Option(
        help: ArgumentHelp(
            "Check interruption invariance of this single-player script instead (repeatable).", valueName: "script"))
    var interleave: [String] = []

    @Option(help: ArgumentHelp("With --interleave: the spacing of the moments, e.g. 100ms, 0.5s.", valueName: "time"))
    var every: String = "100ms"

    @Option(help: ArgumentHelp("With --interleave: the interruption kinds, comma-separated.", valueName: "kinds"))
    var events: String = InterruptionKind.standard.map(\.name).joined(separator: ",")

    @Option(
        help: ArgumentHelp(
            "Profiles explored at once (each in a child process), or with --interleave runs at once (threads).",
            discussion: "Default: the number of cores."))
    var jobs: Int?

    @Option(help: "Seconds after which a profile's child process is ended as hung (with more than one profile).")
    var timeout: Double = 1800

    @Option(help: .hidden) var childResult: String?

    @OptionGroup var game: GameOptions

    func validate() throws {
        guard Profile.named(profile) != nil || ["both", "all"].contains(profile) else {
            let names = Profile.all.map(\.name).joined(separator: ", ")
            throw ValidationError("--profile must be \(names), both or all; got '\(profile)'")
        }
        if let callStyle, CallStyle(rawValue: callStyle) == nil {
            throw ValidationError("--call-style must be banner or fullScreen; got '\(callStyle)'")
        }
        if let smsStyle, SMSStyle(rawValue: smsStyle) == nil {
            throw ValidationError("--sms-style must be alert or banner; got '\(smsStyle)'")
        }
        guard (1...64).contains(depth) else { throw ValidationError("--depth must be within 1...64") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0, timeout <= 1e6 else { throw ValidationError("--timeout must be from 0 to 1000000 s") }
        guard Self.nanoseconds(every).map({ $0 >= 1_000_000 && $0 <= 3_600_000_000_000 }) == true else {
            throw ValidationError("--every must be a time from 1ms to 3600s such as 100ms or 0.5s; got '\(every)'")
        }
        _ = try kinds()
    }

    /// `--events` as kinds.
    func kinds() throws -> [InterruptionKind] {
        try events.split(separator: ",").map { name in
            guard let kind = InterruptionKind.all.first(where: { $0.name == name }) else {
                let known = InterruptionKind.all.map(\.name).joined(separator: ", ")
                throw ValidationError("--events: unknown kind '\(name)'; the kinds are \(known)")
            }
            return kind
        }
    }

    /// `100ms`, `0.5s`, `2s` in nanoseconds.
    static func nanoseconds(_ text: String) -> Int64? {
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms") ? (text.dropLast(2), 1e6) : text.hasSuffix("s") ? (text.dropLast(), 1e9) : ("", 0)
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(number) else {
            return nil
        }
        return Int64((value * scale).rounded())
    }

    func run() throws {
        let entry = try game.entryOrExit()
        do { try HostPaths.prepareFolder(out) } catch { throw ValidationError("--out: \(error)") }
        if !interleave.isEmpty { return try runInterleave(entry) }
        try runExplore(entry)
    }

    private func runExplore<Entry: GameEntry>(_ entry: Entry) throws {
        let style = smsStyle.flatMap(SMSStyle.init(rawValue:))
        let calls = callStyle.flatMap(CallStyle.init(rawValue:))
        let chosen: [Profile] =
            profile == "all" ? Profile.all : profile == "both" ? [.ios4, .ios5] : [Profile.named(profile)!]
        let profiles = chosen.map { profile in
            let styled = style.map { profile.withSMSStyle($0) } ?? profile
            return calls.map { styled.withCallStyle($0) } ?? styled
        }
        if let writeWitnesses, childResult == nil {
            do { try HostPaths.prepareFolder(writeWitnesses) } catch {
                throw ValidationError("--write-witnesses: \(error)")
            }
        }
        if let childResult {
            // A parent's job: one profile, its report handed back whole (BatchRunner), nothing printed.
            guard profiles.count == 1 else { throw Exit.invalid }
            let record = try explore(profiles[0], entry, printing: false)
            try JSONEncoder().encode(record).write(to: URL(fileURLWithPath: childResult), options: .atomic)
            return
        }
        let started = Date()
        // More than one profile: a child process each, sharing the cores (ExploreCommand+Batch.swift).
        let records =
            profiles.count > 1
            ? try exploreInChildren(profiles) : [try explore(profiles[0], entry, printing: true)]
        let total = Date().timeIntervalSince(started)
        say("explored \(profile) to depth \(depth) in " + String(format: "%.2f s", total))
        let summary = records.map { $0.report.joined(separator: "\n") }
        try write(summary.joined(separator: "\n") + "\n", to: "\(out)/summary-\(profile).md")
        if records.contains(where: { !$0.passed }) { throw Exit.failed }
    }

    /// Explores `profile` in this process, writes its violations and witnesses, and gives its report's lines (each
    /// printed as it comes when `printing`, with the progress per depth).
    private func explore<Entry: GameEntry>(_ profile: Profile, _ entry: Entry, printing: Bool) throws -> ExploreRecord {
        var written: [String] = []
        func emit(_ line: String) {
            written.append(line)
            if printing { say(line) }
        }
        let clock = Date()
        var explorer = Explorer(profile: profile, seed: seed, depth: depth) { entry.makeGame(seed: $0) }
        if printing {
            explorer.progress = { progress in
                say(
                    "\(progress.profile): depth \(progress.depth): \(progress.states) states, "
                        + "\(progress.transitions) transitions, \(progress.violations) violations "
                        + String(format: "(%.1f s)", Date().timeIntervalSince(clock)))
            }
        }
        let result = explorer.run()
        let report = ExplorationReport(result: result, seconds: Date().timeIntervalSince(clock))
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One line at a time: `say` escapes a newline inside a line (a terminal would act on it).
        if printing { lines.forEach(say) }
        try writeViolations(result, emit)
        if let writeWitnesses { try write(witnessesOf: result, to: writeWitnesses, emit) }
        return ExploreRecord(report: lines, written: written, passed: report.passed)
    }

    private func writeViolations<Action: ScriptAction>(
        _ result: ExplorationResult<Action>, _ emit: (String) -> Void
    ) throws {
        guard !result.violations.isEmpty else { return }
        let folder = "\(out)/violations"
        try HostPaths.prepareFolder(folder)
        for (index, found) in result.violations.enumerated() {
            let name = "\(Self.label(result.profile))-violation-\(index + 1)-invariant-\(found.violation.invariant)"
            let text = ExplorationScripts.reproduction(found, profile: result.profile, seed: result.seed, name: name)
            try write(text, to: "\(folder)/\(name).script")
            emit("  wrote \(folder)/\(name).script (\(found.path.count) moves): \(found.violation)")
        }
    }

    private func write<Action: ScriptAction>(
        witnessesOf result: ExplorationResult<Action>, to folder: String, _ emit: (String) -> Void
    ) throws {
        let rows = result.profile.rows.enumerated().compactMap { index, row in
            result.rowWitnesses[row.key].map { (index, $0) }
        }
        for (index, witness) in rows {
            let name = Self.witnessName(profile: Self.label(result.profile), index: index, row: witness.row)
            let text = ExplorationScripts.witness(witness, profile: result.profile, seed: result.seed, name: name)
            try write(text, to: "\(folder)/\(name).script")
        }
        emit("wrote \(rows.count) witness scripts of \(result.profile.name) into \(folder)/")
    }

    /// `ios4`, `ios5`, or `ios5-sms-alert` when the SMS style is not the profile's own (`ios26-call-fullScreen`
    /// for the call style).
    static func label(_ profile: Profile) -> String {
        var label = profile.name
        if Profile.named(profile.name)?.smsStyle != profile.smsStyle { label += "-sms-\(profile.smsStyle.rawValue)" }
        if Profile.named(profile.name)?.callStyle != profile.callStyle {
            label += "-call-\(profile.callStyle.rawValue)"
        }
        return label
    }

    /// `ios4-row-05-active-smsArrived`: the profile, the row's place in the table, its status pattern and event.
    static func witnessName(profile: String, index: Int, row: Row) -> String {
        let pattern = "\(row.from)".map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let number = index < 10 ? "0\(index)" : "\(index)"
        return "\(profile)-row-\(number)-\(String(pattern))-\(row.event.rawValue)"
            .replacingOccurrences(of: "--", with: "-")
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

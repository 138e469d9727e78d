import Foundation
import InterludeTesting
import TestSupport
import XCTest

/// `interlude replay --game LIB` (Docs/Contract.md §11): a library that breaks the ABI never hangs or crashes the
/// tool. One that cannot be loaded (a missing function, another ABI version, a bad or duplicate action word) stops
/// the run before any script with one line naming the library and the function; one that crashes in `step`, hangs
/// in `restore`, or returns NULL or too many bytes from `save` fails its script alone, with a verdict naming the
/// library, the function and the script's line, and the other scripts run on.
final class GameLibraryCommandTests: XCTestCase {
    /// A session that steps past step 30 (CRASH_IN_STEP's), then the home button: a save in a session.
    static let session = """
        interlude-script 1
        profile ios4
        seed 1

        at 0s   launched
        at 1s   start
        at +1s  add 5
        at +1s  homePressed
        expect paused
        """
    /// A session saved, purged and launched again: a restore.
    static let purge = """
        interlude-script 1
        profile ios4
        seed 1

        at 0s   launched
        at 1s   start
        at +1s  homePressed
        at +1s  purgedByOS
        at +1s  iconTapped
        expect screen counting
        """
    /// The menu only, and no save: nothing any broken variant breaks (a save is checked by a restore, so a library
    /// whose restore hangs hangs at every save).
    static let menu = """
        interlude-script 1
        profile ios4
        seed 1

        at 0s   launched
        at 1s   add 2
        expect screen menu
        """

    func testALibraryThatCannotBeLoadedStopsTheRunWithOneLine() throws {
        let cases = [
            ("MISSING_STEP", "libcounter-MISSING_STEP.so: interlude_step: not exported"),
            ("WRONG_VERSION", "libcounter-WRONG_VERSION.so: interlude_abi_version: built for ABI 2.0; this host loads"),
            ("BAD_WORD", "libcounter-BAD_WORD.so: interlude_action_name: word 2 is not UTF-8 text"),
            ("DUPLICATE_WORD", "libcounter-DUPLICATE_WORD.so: interlude_action_name: word 2 'start' is listed twice"),
        ]
        let scripts = try writeScripts()
        for (variant, text) in cases {
            let library = try CounterLibrary.build(variant)
            let out = try TemporaryFolder().url
            let result = try Interlude.run(
                [
                    "replay", "--game", library, "--no-render", "--out", out.path,
                    scripts.appendingPathComponent("menu.script").path,
                ],
                environment: [:], deadline: 120)
            XCTAssertEqual(result.status, 2, "\(variant): \(result.output)\(result.errors)")
            XCTAssertTrue(result.errors.contains(text), "\(variant): \(result.errors)")
            XCTAssertEqual(
                result.errors.split(separator: "\n").filter { $0.contains("libcounter") }.count, 1,
                "\(variant): one line: \(result.errors)")
        }
    }

    func testACrashInStepFailsItsScriptAloneNamingTheFunction() throws {
        let result = try replay("CRASH_IN_STEP", ["session", "menu"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(result.output.contains("CRASH  session"), result.output)
        XCTAssertTrue(
            result.output.contains("error: libcounter-CRASH_IN_STEP.so: interlude_step: crashed (signal 11)"),
            result.output)
        XCTAssertTrue(result.output.contains("session.script:7"), "the script's line: \(result.output)")
        XCTAssertTrue(result.output.contains("PASS  menu"), result.output)
    }

    func testAHangInRestoreIsEndedByTheWatchdogNamingTheFunction() throws {
        let started = Date()
        let result = try replay("HANG_IN_RESTORE", ["purge", "menu"], extra: ["--timeout", "5"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 120, "the watchdog must end the hung script")
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertTrue(result.output.contains("HUNG  purge"), result.output)
        XCTAssertTrue(result.output.contains("in interlude_restore (libcounter-HANG_IN_RESTORE.so)"), result.output)
        // The first save is checked by a restore: the hang is there, at the home button.
        XCTAssertTrue(result.output.contains("during work saveSnapshot, in interlude_restore"), result.output)
        XCTAssertTrue(result.output.contains("purge.script:7;"), "the script's line: \(result.output)")
        XCTAssertTrue(result.output.contains("PASS  menu"), result.output)
    }

    func testASaveOfNullOrTooManyBytesFailsItsScriptAlone() throws {
        for (variant, text) in [
            ("SAVE_NULL", "libcounter-SAVE_NULL.so: interlude_save: returned NULL"),
            ("SAVE_HUGE", "libcounter-SAVE_HUGE.so: interlude_save: returned 16777217 bytes; at most 16777216"),
        ] {
            let result = try replay(variant, ["session", "menu"])
            XCTAssertEqual(result.status, 1, "\(variant): \(result.output)\(result.errors)")
            XCTAssertTrue(result.output.contains("CRASH  session"), "\(variant): \(result.output)")
            XCTAssertTrue(result.output.contains(text), "\(variant): \(result.output)")
            XCTAssertTrue(result.output.contains("session.script:8"), "\(variant): the line: \(result.output)")
            XCTAssertTrue(result.output.contains("PASS  menu"), "\(variant): \(result.output)")
        }
    }

    /// `simulate` runs each seed in a child process of its own: a game that crashes or hangs fails that run alone,
    /// named, and every other seed still runs; the report is written.
    func testASimulatedSeedThatCrashesOrHangsFailsAloneAndTheOthersRun() throws {
        // A crash is given time for the runtime's backtrace (seconds on a loaded machine), a hang 5 s.
        for (variant, verdict, text, timeout) in [
            ("CRASH_IN_STEP", "CRASH", "interlude_step: crashed (signal 11)", "120"),
            ("HANG_IN_RESTORE", "HUNG", "killed by the watchdog after 5 s", "5"),
        ] {
            let out = try TemporaryFolder().url
            let result = try Interlude.run(
                [
                    "simulate", "--game", try CounterLibrary.build(variant), "--seeds", "3", "--profile", "ios4",
                    "--hours", "0.01", "--jobs", "2", "--timeout", timeout, "--out", out.path,
                ], environment: [:], deadline: 300)
            XCTAssertEqual(result.status, 1, "\(variant): \(result.output)\(result.errors)")
            // Each seed ends once, with its own verdict line; at least one of them died, named.
            let lines = result.output.split(separator: "\n")
            for seed in 1...3 {
                let own = lines.filter { line in
                    ["ok   ", "FAIL ", "CRASH ", "HUNG "].contains { line.hasPrefix($0 + "ios4-seed-\(seed):") }
                }
                XCTAssertEqual(own.count, 1, "\(variant): seed \(seed) reported once: \(result.output)")
            }
            let died = lines.filter { $0.hasPrefix("\(verdict) ios4-seed-") }
            XCTAssertFalse(died.isEmpty, "\(variant): \(result.output)")
            XCTAssertTrue(died.allSatisfy { $0.contains(text) }, "\(variant): \(result.output)")
            XCTAssertTrue(result.output.contains("3 runs,"), "\(variant): \(result.output)")
            let tally = try String(contentsOf: out.appendingPathComponent("simulate.json"), encoding: .utf8)
            XCTAssertTrue(tally.contains("\"runs\" : 3"), "\(variant): \(tally.prefix(400))")
        }
        // A library that breaks nothing: every seed passes, in children as before.
        let out = try TemporaryFolder().url
        let good = try Interlude.run(
            [
                "simulate", "--game", try CounterLibrary.build(""), "--seeds", "3", "--profile", "ios4", "--hours",
                "0.01", "--out", out.path,
            ], environment: [:], deadline: 300)
        XCTAssertEqual(good.status, 0, good.output + good.errors)
        XCTAssertEqual(good.output.components(separatedBy: "ok   ios4-seed-").count - 1, 3, good.output)
    }

    func testAWellFormedLibraryPassesEveryScript() throws {
        let result = try replay("", ["session", "purge", "menu"])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertTrue(result.output.contains("3 passed, 0 failed"), result.output)
    }

    /// `interlude replay --game` of the counter built with `variant`, on the named scripts, `--no-render`.
    private func replay(_ variant: String, _ names: [String], extra: [String] = []) throws -> CommandResult {
        let scripts = try writeScripts()
        let out = try TemporaryFolder().url
        return try Interlude.run(
            ["replay", "--game", try CounterLibrary.build(variant), "--no-render", "--jobs", "2", "--out", out.path]
                + extra + names.map { scripts.appendingPathComponent("\($0).script").path },
            environment: [:], deadline: 300)
    }

    private func writeScripts() throws -> URL {
        let folder = try TemporaryFolder().url
        for (name, text) in [("session", Self.session), ("purge", Self.purge), ("menu", Self.menu)] {
            try (text + "\n").write(
                to: folder.appendingPathComponent("\(name).script"), atomically: true, encoding: .utf8)
        }
        return folder
    }
}

/// The ABI tests' small C game (Tests/ForeignGameTests/Libraries/counter.c) built with `cc`, with one `-D` that
/// breaks one rule of the ABI ("" for none).
enum CounterLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [String: String] = [:]

    static func build(_ variant: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = built[variant] { return path }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-counter-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(variant.isEmpty ? "libcounter.so" : "libcounter-\(variant).so").path
        let root = Interlude.root
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/cc"),
            [
                "-std=c99", "-O1", "-fPIC", "-shared", "-fvisibility=hidden",
                "-I", root.appendingPathComponent("Sources/CInterludeGame").path,
            ]
                + (variant.isEmpty ? [] : ["-D\(variant)"])
                + ["-o", path, root.appendingPathComponent("Tests/ForeignGameTests/Libraries/counter.c").path],
            deadline: 120)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.errorText])
        }
        built[variant] = path
        return path
    }
}

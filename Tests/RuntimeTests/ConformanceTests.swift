// ConformanceTests: the conformance corpus (Tests/Fixtures/conformance, Docs/Conformance.md). Every fixture is
// replayed under each profile it names through the real runtime (no display), its transcript projected onto the
// outside suite's alphabet, and each `expect-` line compared with the span since the last `clear-log`, as the suite
// asserts it. A fixture marked `differs` must still differ in exactly the recorded way, so that a change to the
// model shows up either way. None is skipped: an unreadable fixture fails, and so does a corpus that shrank.

import Foundation
import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

enum ConformanceCorpus {
    static let folder = LevelAssets.root.appendingPathComponent("Tests/Fixtures/conformance")

    /// The fixtures this corpus holds at least, by file name prefix: deleting one fails `theCorpusIsComplete`.
    static let minimumCounts = ["cts-android28-": 14, "cts-android34-": 23, "process-": 4, "trace-": 9]

    /// Every file in the folder, sorted: each must be a fixture.
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { "Tests/Fixtures/conformance/\($0)" }
    }

    static func read(_ path: String) throws -> ConformanceFixture {
        try ConformanceFixture.parse(try LevelAssets.text(path), file: path)
    }

    /// Replays `fixture` under `profile` (one of its profiles) with the shooter on the bundled levels.
    static func replay(_ fixture: ConformanceFixture, under profile: String) -> ConformanceReplay {
        let script = fixture.script.replays().first { $0.profileName == profile }!
        let times = [Int: Nanoseconds](
            fixture.script.lines.compactMap { line in line.command.time.map { (line.location.line, $0) } },
            uniquingKeysWith: { first, _ in first })
        var runtime: Runtime<Game>?
        var boundaries: [ConformanceReplay.Boundary] = []
        let result = ScriptRunner.run(
            script, game: { Game(seed: $0, levels: IdleSkipTests.levels) }, configure: { runtime = $0 },
            lineWillRun: { location in
                let count = runtime!.transcript.entries.count
                boundaries.append(.init(line: location.line, count: count, time: times[location.line]))
            })
        return ConformanceReplay(
            entries: runtime!.transcript.entries, boundaries: boundaries, result: result, endTime: runtime!.now)
    }
}

@Suite struct ConformanceTests {
    @Test(arguments: ConformanceCorpus.files)
    func aFixtureAgreesWithItsSuiteOrDiffersAsRecorded(path: String) throws {
        #expect(path.hasSuffix(".script"), "\(path): the corpus holds fixtures only (.script)")
        let fixture: ConformanceFixture
        do {
            fixture = try ConformanceCorpus.read(path)
        } catch {
            Issue.record("\(error)")
            return
        }
        for profile in fixture.profiles {
            let replay = ConformanceCorpus.replay(fixture, under: profile)
            #expect(replay.result.ok, "\(path)@\(profile): \(replay.result.failures)")
            let projected: [ProjectedName]
            switch fixture.suite {
            case .cts: projected = ConformanceProjection.cts(replay, activity: fixture.activity ?? .plain)
            case .process: projected = ConformanceProjection.process(replay)
            case .trace: projected = ConformanceProjection.trace(replay)
            }
            for check in fixture.checks where check.profiles.contains(profile) {
                let clear = fixture.clearBefore(check.line)
                let from = clear == 0 ? 0 : replay.position(ofDirectiveAt: clear)
                let to = replay.position(ofDirectiveAt: check.line)
                let log = projected.filter { $0.lies(in: from..<to) }.map(\.name)
                let expected = check.comparedLists
                let holds = check.assertion.holds(expected, for: log)
                let place = "\(path):\(check.line) under \(profile)"
                let found = log.isEmpty ? "none" : log.joined(separator: ", ")
                let asked = expected.map { $0.isEmpty ? "none" : $0.joined(separator: ", ") }.joined(separator: " | ")
                if let difference = check.difference(under: profile) {
                    #expect(
                        !holds,
                        "\(place): now conforms (\(check.assertion.rawValue) \(asked)); drop line \(difference.line)")
                    #expect(
                        log == difference.found,
                        "\(place): differs otherwise than line \(difference.line) records: Interlude gives \(found)")
                } else {
                    #expect(
                        holds,
                        "\(place): the suite expects \(check.assertion.rawValue) \(asked); Interlude gives \(found)")
                }
            }
        }
    }

    @Test func theCorpusIsComplete() throws {
        let names = ConformanceCorpus.files.map { ($0 as NSString).lastPathComponent }
        for (prefix, minimum) in ConformanceCorpus.minimumCounts.sorted(by: { $0.key < $1.key }) {
            let count = names.filter { $0.hasPrefix(prefix) }.count
            #expect(count >= minimum, "\(prefix)*: \(count) fixtures, at least \(minimum) expected")
        }
        #expect(names.allSatisfy { name in ConformanceCorpus.minimumCounts.keys.contains { name.hasPrefix($0) } })
    }

    /// A fixture's head for the error cases, lines 1 to 6 (`unsourced`: 1 to 5).
    static let unsourced = """
        interlude-script 1
        # suite: cts
        # scenario: a launch
        # activity: plain
        profile android34

        """
    static let head = unsourced.replacingOccurrences(
        of: "profile", with: "# source: o/r@\(String(repeating: "a", count: 40)) path testX\nprofile")

    static let badFixtures: [(text: String, line: Int, message: String)] = [
        (unsourced + "at 0s launched\n# expect-cts exact ON_CREATE\n", 1, "no 'source:' line for profile android34"),
        (head + "# source: a/b@0123 p t\nat 0s launched\n", 7, "the commit '0123' is not 40 hex digits"),
        (head + "# expect-ctx exact ON_CREATE\n", 7, "unknown directive 'expect-ctx'"),
        (head + "at 0s launched\n# expect-cts exact ON_CREATED\n", 8, "unknown name 'ON_CREATED'"),
        (head + "at 0s launched\n# differs ON_CREATE: why\n", 8, "'differs' must follow the 'expect-' line"),
        (head + "at 0s launched\n# expect-cts[android28] exact ON_CREATE\n", 8, "scope 'android28' matches none"),
        (head + "at 0s launched\n# expect-cts one-of ON_CREATE\n", 8, "one-of needs two lists or more"),
        (head + "at 0s launched\n# expect-cts exact ON_CREATE\n# differs ON_START:\n", 9, "needs a reason"),
        (
            head + "at 0s launched\n# expect-cts exact ON_TOP_POSITION_GAINED\n", 8,
            "a plain activity logs no top position"
        ),
        (head + "at 0s lunched\n", 7, "not a script"),
        (
            head.replacingOccurrences(of: "profile android34", with: "profiles android28, android34")
                + "at 0s launched\n# expect-cts[android34] exact ON_CREATE\n# differs[android28] none: why\n", 9,
            "'differs' for android28, which its expect line (8) does not check"
        ),
        (
            traceHead.replacingOccurrences(of: "https://example.org/trace iOS 5", with: "example.org/trace iOS 5")
                + "at 0s launched\n# expect-trace exact didFinishLaunching\n", 4, "an https address"
        ),
        (traceHead.replacingOccurrences(of: " iOS 5", with: "") + "at 0s launched\n", 4, "needs what on the page"),
        (
            traceHead.replacingOccurrences(of: "profile ios5", with: "profile android34")
                + "at 0s launched\n# expect-trace exact didFinishLaunching\n", 1, "the trace suite is iOS's"
        ),
        (traceHead + "at 0s launched\n# expect-trace exact onCreate\n", 7, "unknown name 'onCreate'"),
    ]

    /// A trace fixture's head, lines 1 to 5.
    static let traceHead = """
        interlude-script 1
        # suite: trace
        # scenario: a launch
        # source: https://example.org/trace iOS 5
        profile ios5

        """

    @Test(arguments: 0..<badFixtures.count)
    func aBadFixtureIsRefusedAtItsLine(index: Int) {
        let (text, line, message) = Self.badFixtures[index]
        do {
            _ = try ConformanceFixture.parse(text, file: "bad.script")
            Issue.record("case \(index): parsed, expected bad.script:\(line): \(message)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.hasPrefix("bad.script:\(line): "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    /// A process killed while in front (a fault, CONTRACT §6) and relaunched: the new process's activity gains the
    /// top position afresh, and the process owner starts over with ON_CREATE.
    @Test func aNewProcessStartsTheProjectionsAfresh() throws {
        let text =
            Self.head.replacingOccurrences(of: "activity: plain", with: "activity: tracking") + """
                at 0s launched
                at 1s fault os.kill.anyInstant
                # expect-cts order ON_CREATE
                """
        let fixture = try ConformanceFixture.parse(text, file: "inline.script")
        let replay = ConformanceCorpus.replay(fixture, under: "android34")
        let launch = ["ON_CREATE", "ON_START", "ON_RESUME"]
        #expect(
            ConformanceProjection.cts(replay, activity: .tracking).map(\.name) == (launch + ["ON_TOP_POSITION_GAINED"])
                + launch + ["ON_TOP_POSITION_GAINED"])
        #expect(ConformanceProjection.cts(replay, activity: .plain).map(\.name) == launch + launch)
        #expect(ConformanceProjection.process(replay).map(\.name) == launch + launch)
    }

    @Test func aDifferenceTakesItsExpectLinesProfilesByDefault() throws {
        let text =
            Self.head.replacingOccurrences(of: "profile android34", with: "profiles android28, android34")
            + "at 0s launched\n# expect-cts[android34] exact ON_CREATE\n# differs none: why\n"
            + "# expect-cts[android28] exact ON_CREATE\n"
        let fixture = try ConformanceFixture.parse(text, file: "inline.script")
        #expect(fixture.checks.map { $0.differences.map(\.profiles) } == [[["android34"]], []])
    }
}

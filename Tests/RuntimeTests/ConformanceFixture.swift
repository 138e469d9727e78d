// ConformanceFixture: one scenario of the conformance corpus (Docs/Conformance.md): an interruption script
// (CONTRACT §7) whose comment lines say where the scenario comes from (an outside suite's repository, commit, path
// and test) and what that suite expects, in the suite's own alphabet. Parsed here; replayed by ConformanceTests.
// Directives are comment lines, so a fixture is also a script `interlude replay` takes as it is.

import GameCore
import Lifecycle
import Replay

/// A fixture that cannot be read: `file:line: message`.
struct FixtureError: Error, CustomStringConvertible, Equatable {
    let file: String
    let line: Int  // 1-based
    let message: String
    var description: String { "\(file):\(line): \(message)" }
}

/// The outside suite whose alphabet a fixture's lists are written in (Docs/Conformance.md, "Alphabets").
enum ConformanceSuite: String, CaseIterable {
    /// AOSP CTS life-cycle tests: per-activity callback lists.
    case cts
    /// AndroidX `ProcessLifecycleOwner`: the process-level events derived from the activity's callbacks.
    case process
    /// A recorded iOS trace: what an app's delegate (or an observer of UIApplication's notifications) logged on a
    /// device, as published in an issue, a bug report or a forum thread.
    case trace

    /// The names the suite logs; a list naming anything else is a fixture error.
    var names: Set<String> {
        switch self {
        case .cts: return Self.compared.union(Self.ctsUnmodelled)
        case .process: return ["ON_CREATE", "ON_START", "ON_RESUME", "ON_PAUSE", "ON_STOP", "ON_DESTROY"]
        case .trace: return Self.traceNames
        }
    }

    /// The names Interlude's projection can produce, so the names a `differs` line may give.
    var comparedNames: Set<String> { self == .cts ? Self.compared : names }

    /// Whether the suite speaks of this profile: CTS and AndroidX of Android's, the traces of iOS's.
    func applies(to profile: String) -> Bool { (self == .trace) == profile.hasPrefix("ios") }

    /// UIApplicationDelegate's life-cycle methods, as the traces name them (`application` dropped, as Interlude's
    /// transcript writes them).
    static let traceNames: Set<String> = [
        "willFinishLaunching", "didFinishLaunching", "willResignActive", "didBecomeActive", "didEnterBackground",
        "willEnterForeground", "willTerminate",
    ]

    /// The CTS names Interlude's projection can produce.
    static let compared: Set<String> = [
        "ON_CREATE", "ON_START", "ON_RESTART", "ON_RESUME", "ON_PAUSE", "ON_STOP", "ON_DESTROY",
        "ON_TOP_POSITION_GAINED", "ON_TOP_POSITION_LOST",
    ]
    /// CTS names Interlude has no callback for (pre-create hook, onPostCreate, intents, results, multi-window, user
    /// leave hint): dropped from the suite's lists before comparing, as the projection drops them from ours.
    static let ctsUnmodelled: Set<String> = [
        "PRE_ON_CREATE", "ON_POST_CREATE", "ON_NEW_INTENT", "ON_ACTIVITY_RESULT", "ON_MULTI_WINDOW_MODE_CHANGED",
        "ON_USER_LEAVE_HINT",
    ]
    static let topPosition: Set<String> = ["ON_TOP_POSITION_GAINED", "ON_TOP_POSITION_LOST"]
}

/// Which CTS test activity a fixture stands for: only `CallbackTrackingActivity` subclasses log the top position.
enum TestActivity: String {
    case plain, tracking
}

/// How a suite compares its log with an expected list.
enum Assertion: String {
    /// `assertSequence`, `assertEquals`: the log is exactly the list.
    case exact
    /// `assertSequenceMatchesOneOf`: the log is exactly one of the lists.
    case oneOf = "one-of"
    /// `assertOrder`: the list's names appear in the log in that order, other names between them allowed.
    case order

    func holds(_ lists: [[String]], for log: [String]) -> Bool {
        switch self {
        case .exact, .oneOf: return lists.contains(log)
        case .order:
            var rest = log[...]
            for name in lists[0] {
                guard let found = rest.firstIndex(of: name) else { return false }
                rest = rest[(found + 1)...]
            }
            return true
        }
    }
}

/// Where a fixture's facts come from, for some or all of its profiles: a suite's test in a repository at a commit
/// (`OWNER/REPO@COMMIT PATH TEST`), or, for a recorded trace, the public page that published it (`URL WHAT`).
struct FixtureSource: Equatable {
    enum Citation: Equatable {
        case test(repository: String, commit: String, path: String, test: String)
        case page(url: String, what: String)
    }

    let line: Int
    let profiles: [String]
    let citation: Citation
}

/// A known disagreement: what Interlude gives under some profiles, and why.
struct FixtureDifference: Equatable {
    let line: Int
    let profiles: [String]
    let found: [String]  // Interlude's projected log, in the compared alphabet
    let reason: String
}

/// One `expect-SUITE` line: the suite's assertion on the log since the last `clear-log`.
struct FixtureCheck: Equatable {
    let line: Int
    let profiles: [String]
    let assertion: Assertion
    let lists: [[String]]  // as the suite writes them, including names outside the compared alphabet
    var differences: [FixtureDifference] = []

    /// The lists with the names outside the compared alphabet dropped (Docs/Conformance.md, "Projection").
    var comparedLists: [[String]] {
        lists.map { $0.filter { !ConformanceSuite.ctsUnmodelled.contains($0) } }
    }

    func difference(under profile: String) -> FixtureDifference? {
        differences.first { $0.profiles.contains(profile) }
    }
}

/// A parsed fixture: its script and its directives.
struct ConformanceFixture {
    let path: String
    let script: Script
    let suite: ConformanceSuite
    let scenario: String
    let activity: TestActivity?
    let sources: [FixtureSource]
    let clears: [Int]  // file lines of `clear-log`
    let checks: [FixtureCheck]

    /// The profiles the fixture is replayed under, in the order of `Profile.all`.
    var profiles: [String] { script.isMatrix ? script.profileNames : [script.profileName] }

    /// The `clear-log` line in force at file line `line` (0: the start of the replay).
    func clearBefore(_ line: Int) -> Int { clears.last { $0 < line } ?? 0 }
}

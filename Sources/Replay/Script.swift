// Script: an interruption script (CONTRACT §7) as data. ScriptParser reads it, ScriptWriter writes it.

import EngineViews
import Faults
import InterludeNetwork
import Lifecycle
import Runtime

/// A parsed `.script` file, its action lines in the game's `Action`.
public struct Script<Action: ScriptAction>: Hashable, Sendable {
    public var name: String  // file name without `.script`, used to name outputs
    public var profileName: String  // a name of `Profile.all`: ios4, ios5, ios13, ios26, android28, android34
    public var smsStyle: SMSStyle?  // nil: the profile's own
    public var callStyle: CallStyle?  // nil: the profile's own
    public var targetSdk: Int?  // Android: the app's target API level; nil: the profile's own
    public var seed: UInt64  // simulation seed, default 1
    public var lines: [ScriptLine<Action>]  // in file order
    /// The profiles of a matrix script (`profiles all`), in the order of `Profile.all`; empty for a script of one
    /// profile. `profileName` is then the first of them.
    public var profileNames: [String]
    /// The engines named by the `engines` line, as written (CONTRACT §7): their views are written to the transcript.
    public var engines: [Engine]

    public init(
        name: String, profileName: String = "ios5", smsStyle: SMSStyle? = nil, callStyle: CallStyle? = nil,
        seed: UInt64 = 1, lines: [ScriptLine<Action>] = [], profileNames: [String] = [], engines: [Engine] = [],
        targetSdk: Int? = nil
    ) {
        self.targetSdk = targetSdk
        self.name = name
        self.profileName = profileName
        self.smsStyle = smsStyle
        self.callStyle = callStyle
        self.seed = seed
        self.lines = lines
        self.profileNames = profileNames
        self.engines = engines
    }

    /// The engines whose views a replay writes: those of the `engines` line and those an `expect engine[NAME]` line
    /// names, plus `more` (the command line's, the game's own), in the order of `Engine.allCases`.
    public func requestedEngines(adding more: [Engine] = []) -> [Engine] {
        var named = Set(engines + more)
        for line in lines {
            if case .expect(.engine(let engine, _)) = line.command { named.insert(engine) }
        }
        return Engine.allCases.filter(named.contains)
    }

    /// True when a line of the script is a fault line (`at <t> fault ...`): its replay needs a fault injector.
    public var hasFaultLines: Bool {
        lines.contains { if case .fault = $0.command { return true } else { return false } }
    }

    /// True for a matrix script: one that names its profiles (`profiles ...`), replayed once under each.
    public var isMatrix: Bool { !profileNames.isEmpty }

    /// The script as replayed under `profileName` alone: named `NAME@PROFILE` (so that the outputs of each profile
    /// stand apart), its settings kept where that profile takes them. Its scoped lines apply or not by that name.
    public func under(_ profileName: String) -> Script {
        var copy = self
        copy.name = "\(name)@\(profileName)"
        copy.profileName = profileName
        copy.profileNames = []
        let settings = Profile.named(profileName)?.settings ?? []
        if !settings.contains("smsStyle") { copy.smsStyle = nil }
        if !settings.contains("callStyle") { copy.callStyle = nil }
        if !settings.contains("targetSdk") { copy.targetSdk = nil }
        return copy
    }

    /// The replays to make of this script: one per profile of `profiles` (`under`) when given (the command line's
    /// `--profile all|LIST`), else one per profile of a matrix script, else the script itself, unchanged.
    public func replays(under profiles: [String]? = nil) -> [Script] {
        let names = profiles ?? (isMatrix ? profileNames : nil)
        return names.map { $0.map(under) } ?? [self]
    }

    /// The profile the script asks for, with its settings (SMS style, call style, target SDK) applied.
    public var profile: Profile? {
        guard var profile = Profile.named(profileName) else { return nil }
        if let smsStyle { profile = profile.withSMSStyle(smsStyle) }
        if let callStyle { profile = profile.withCallStyle(callStyle) }
        if let targetSdk { profile = profile.withTargetSdk(targetSdk) }
        return profile
    }
}

/// Where a line came from, for messages: `file:line:column`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int  // 1-based
    public var column: Int  // 1-based

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// One meaningful line of a script.
public struct ScriptLine<Action: ScriptAction>: Hashable, Sendable {
    public var location: SourceLocation
    public var command: Command<Action>
    /// The profiles the line applies under (`expect[android*] ...`); nil: every profile. A line out of scope is
    /// skipped: not checked, not counted, not in the transcript.
    public var scope: ProfileScope?

    public init(location: SourceLocation, command: Command<Action>, scope: ProfileScope? = nil) {
        self.location = location
        self.command = command
        self.scope = scope
    }

    /// True when the line applies under the profile named `profileName`.
    public func applies(under profileName: String) -> Bool {
        scope?.matches(profileName) ?? true
    }
}

/// What a line says.
public enum Command<Action: ScriptAction>: Hashable, Sendable {
    /// `at <t> <event>`: at absolute virtual time `time`, the OS or phone does `event`.
    case event(time: Nanoseconds, Event)
    /// `at <t> <action>`: at `time`, the player does `action` (the game's, read by its grammar).
    case action(time: Nanoseconds, Action)
    /// `expect ...`: checked against the state after the most recent timed line.
    case expect(Expectation)
    /// `capture "name"`: write the current frame as a PNG.
    case capture(String)
    /// `leaderboard ...`: the fake (later real) leaderboard server's behaviour from now on.
    case leaderboard(LeaderboardSetting)
    /// `peer join|leave|WORD NAME`, `match down|up`: what the scripted peers and the match server do now (WORD: the
    /// game's, `ScriptAction.peerWords`).
    case match(MatchSetting)
    /// `at <t> fault <point> [skip=N]` (issue 30): at `time`, the fault point `point` fires: an instant
    /// (`os.kill.anyInstant`, `os.powerLoss`, `os.memory.low`) at once; any other point the next time the runtime
    /// reaches it after `skip` more reaches (`FaultInjector.arm`).
    case fault(time: Nanoseconds, FaultPoint, skip: Int = 0)
    /// `at <t> wait` (issue 30): nothing happens; virtual time runs to `time` (what a simulation's wait becomes).
    case wait(time: Nanoseconds)

    /// The time of a timed line, nil for the others.
    public var time: Nanoseconds? {
        switch self {
        case .event(let time, _), .action(let time, _), .fault(let time, _, _), .wait(let time): return time
        case .expect, .capture, .leaderboard, .match: return nil
        }
    }
}

/// A comparison in `expect snapshot` and `expect game`.
public enum Comparison: String, Hashable, Sendable, CaseIterable {
    case equal = "="
    case atLeast = ">="
    case atMost = "<="
    case greater = ">"
    case less = "<"

    /// True when `value` compares with `bound` this way.
    public func holds(_ value: Int64, _ bound: Int64) -> Bool {
        switch self {
        case .equal: return value == bound
        case .atLeast: return value >= bound
        case .atMost: return value <= bound
        case .greater: return value > bound
        case .less: return value < bound
        }
    }
}

/// One condition of `expect snapshot` or `expect game`, e.g. `score>=10` or `level=1`.
public struct SnapshotCondition: Hashable, Sendable {
    public var key: String
    public var comparison: Comparison
    public var value: Int64

    public init(key: String, comparison: Comparison, value: Int64) {
        self.key = key
        self.comparison = comparison
        self.value = value
    }
}

/// A counter `expect` can check: `expect timers 0`.
public enum Counter: String, Hashable, Sendable, CaseIterable {
    case timers, requests, peers
}

/// What an `expect` line asserts (CONTRACT §7).
public enum Expectation: Hashable, Sendable {
    case state(AppState)
    case callbacks([Callback])  // exactly these, in order; empty: none delivered
    case work([Work])  // each contained in the last event's work
    case paused, running
    case counter(Counter, Int)
    case snapshot([SnapshotCondition])  // the snapshot on disk, decoded
    case screen(String)  // `expect screen menu`: the game's current screen
    case seenBy(String, Bool)  // `expect seenBy NAME` / `expect unseenBy NAME`: the scripted peer sees us, or not
    case game([SnapshotCondition])  // `expect game score>=10`: the game's exported values (`exportedValues`), now
    /// `expect engine[sdl3] SDL_EVENT_WILL_ENTER_BACKGROUND, ...`: exactly these events, in order, in the engine's view
    /// of the last event (empty: none).
    case engine(Engine, [String])
}

// EngineFollower: the engines' views of one replay (CONTRACT §8 `engine`, Docs/Engines.md). Fed each event, callback,
// window and state-change line as the runtime writes it (`Runtime.transcriptFollower`), it hands the callbacks and
// window notices to each engine's view (EngineViews) and answers with that engine's events, written right after the
// line that brought them. A process's start makes new views; what the engines deliver while a process starts (the
// launch event's lines) is their own start-up and is not written. `lastEvents` is what `expect engine[NAME]` checks.

import EngineViews
import Lifecycle
import Runtime

/// The views of the engines a replay asked for, fed a runtime's transcript lines in order.
public struct EngineFollower: Sendable {
    /// The engines followed, in the order their lines are written for one input.
    public let engines: [Engine]
    public let family: PlatformFamily
    /// Write the engines' events during a launch too (a check that wants the whole ladder).
    public let writesLaunch: Bool
    private var views: [EngineView]
    private var isLaunching = false
    /// Each engine's events since the last `event` line (an event or a player's action), in order: what
    /// `expect engine[NAME]` compares, as `expect callbacks` compares the last event's callbacks.
    public private(set) var lastEvents: [Engine: [String]] = [:]

    public init(engines: [Engine], family: PlatformFamily, writesLaunch: Bool = false) {
        self.engines = engines
        self.family = family
        self.writesLaunch = writesLaunch
        views = engines.map { EngineView($0, family: family) }
    }

    /// The `engine` lines to write after `entry`.
    public mutating func follow(_ entry: TranscriptEntry) -> [TranscriptEntry] {
        let input: EngineInput
        switch entry {
        case .event:
            isLaunching = false
            lastEvents = [:]
            return []
        case .transition(let from, _, _) where from == .notRunning || from == .terminated:
            // A process starts: new views, in each engine's initial state.
            views = engines.map { EngineView($0, family: family) }
            isLaunching = !writesLaunch
            return []
        case .callback(let callback):
            input = .callback(callback)
        case .window(let name, let args):
            guard let notice = Self.notice(name: name, args: args) else { return [] }
            input = .window(notice)
        default:
            return []
        }
        var lines: [TranscriptEntry] = []
        for index in views.indices {
            let events = views[index].receive(input)
            guard !isLaunching, !events.isEmpty else { continue }
            let engine = views[index].engine
            lastEvents[engine, default: []] += events
            lines += events.map { .engine(engine: engine.rawValue, event: $0) }
        }
        return lines
    }

    /// The window notice a `window` line names (CONTRACT §8), or nil.
    static func notice(name: String, args: String?) -> WindowNotice? {
        let all: [WindowNotice] = [.focusGained, .focusLost, .surfaceCreated, .surfaceChanged, .surfaceDestroyed]
        return all.first { $0.name == name && $0.args == args }
    }
}

/// A follower the runtime's hook and the script runner share.
final class EngineFollowerBox {
    var follower: EngineFollower

    init(_ follower: EngineFollower) { self.follower = follower }
}

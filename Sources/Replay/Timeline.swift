// Timeline: one replay as the project's specification draws a case: lanes for the inputs (OS events and the
// player's actions), the app's state, the callbacks delivered and the work done, one row per moment of virtual
// time, plus the checks (expectations, captured frames, broken invariants). Built from a transcript
// (CONTRACT §8), so it draws any run after the fact; `mermaid` and `svg` (Timeline+Mermaid, Timeline+SVG) render it.
// Pure: no Foundation, no files; the same transcript gives the same bytes.

import Lifecycle
import Runtime

/// A replay's transcript grouped into moments, ready to draw.
public struct Timeline: Hashable, Sendable {
    /// What came in at a moment: an OS event or a player's action, and what became of it.
    public enum Input: Hashable, Sendable {
        case event(Event)  // an OS or phone event
        case action(name: String, args: String?)  // a player's action (`play`, `input`, `resume`…)
        case rejected(name: String, why: String)  // the event or action before it was illegal now
        case ignored(name: String)  // the event before it changed nothing
    }

    /// A change of state (or of the inactive reason).
    public struct StateChange: Hashable, Sendable {
        public let from: AppState
        public let to: AppState
        public let reason: Reason?

        public init(from: AppState, to: AppState, reason: Reason?) {
            self.from = from
            self.to = to
            self.reason = reason
        }
    }

    /// A state change or a callback, in the order of the transcript.
    public enum Step: Hashable, Sendable {
        case change(StateChange)
        case callback(Callback)
    }

    /// A check made at a moment.
    public enum Check: Hashable, Sendable {
        /// An `expect` line: its number, its text in the script when known, whether it held, and what was found.
        case expect(line: Int, source: String?, ok: Bool, detail: String?)
        /// A `capture` line: the frame's name, its PNG (nil without rendering) and its hash.
        case frame(name: String, file: String?, hash: String)
        /// A broken invariant.
        case violation(invariant: Int, detail: String)
        /// The run's end.
        case end(state: AppState, simulationHash: String, ok: Bool)

        /// True for a failed expectation, a broken invariant or a failed end.
        public var isFailure: Bool {
            switch self {
            case .expect(_, _, let ok, _), .end(_, _, let ok): return !ok
            case .violation: return true
            case .frame: return false
            }
        }
    }

    /// One moment: what happened at one virtual time in answer to one input (or by itself).
    public struct Moment: Hashable, Sendable {
        public let time: Nanoseconds
        public internal(set) var inputs: [Input] = []
        public internal(set) var changes: [StateChange] = []
        public internal(set) var callbacks: [Callback] = []
        /// The state changes and callbacks in the order they happened (a launch interleaves them).
        public internal(set) var steps: [Step] = []
        public internal(set) var work: [WorkItem] = []
        /// What the engines a replay asked for delivered (CONTRACT §8 `engine`), in order.
        public internal(set) var engineEvents: [EngineEvent] = []
        public internal(set) var checks: [Check] = []
        /// The state after the moment, and its reason.
        public internal(set) var state: AppState
        public internal(set) var reason: Reason?

        /// True when a check at this moment failed.
        public var hasFailure: Bool { checks.contains(where: \.isFailure) }
    }

    /// An event an engine's platform code delivered (`sdl3`, `SDL_EVENT_WILL_ENTER_BACKGROUND`).
    public struct EngineEvent: Hashable, Sendable {
        public let engine: String
        public let event: String

        public init(engine: String, event: String) {
            self.engine = engine
            self.event = event
        }
    }

    /// A piece of work performed, with what it did (`3 invalidated`, `quick #1`).
    public struct WorkItem: Hashable, Sendable {
        public let work: Work
        public let detail: String?
    }

    /// The name drawn as the title (the script's).
    public let title: String
    /// The moments, in order.
    public let moments: [Moment]
    /// Moments left out past `limit` (drawn as a note pointing at the transcript).
    public let omittedMoments: Int

    /// The most moments drawn: a longer run (a day of autosaves, a fuzzed script) is cut, with a note.
    public static let defaultLimit = 400

    /// The timeline of `lines`. `source` gives the script's lines (element 0 is line 1), to quote each `expect`.
    public init(
        title: String, lines: [TranscriptLine], source: [String]? = nil, limit: Int = Timeline.defaultLimit
    ) {
        self.title = title
        var moments: [Moment] = []
        var state = AppState.notRunning
        var reason: Reason?
        func current(at time: Nanoseconds, opening: Bool) -> Int {
            if opening || moments.last?.time != time {
                moments.append(Moment(time: time, state: state, reason: reason))
            }
            return moments.count - 1
        }
        for line in lines {
            switch line.entry {
            case .event(let name, let args):
                let index = current(at: line.time, opening: true)
                moments[index].inputs.append(
                    Event(rawValue: name).map { .event($0) } ?? .action(name: name, args: args))
            case .rejected(let name, _, let why):
                moments[current(at: line.time, opening: false)].inputs.append(.rejected(name: name, why: why))
            case .ignored(let name, _):
                moments[current(at: line.time, opening: false)].inputs.append(.ignored(name: name))
            case .transition(let from, let to, let newReason):
                let index = current(at: line.time, opening: false)
                let change = StateChange(from: from, to: to, reason: newReason)
                moments[index].changes.append(change)
                moments[index].steps.append(.change(change))
                (state, reason) = (to, newReason)
                (moments[index].state, moments[index].reason) = (to, newReason)
            case .callback(let callback):
                let index = current(at: line.time, opening: false)
                moments[index].callbacks.append(callback)
                moments[index].steps.append(.callback(callback))
            case .window:
                break  // Android's focus and surface notifications: not on the timeline, which draws callbacks
            case .engine(let engine, let event):
                moments[current(at: line.time, opening: false)].engineEvents.append(
                    EngineEvent(engine: engine, event: event))
            case .work(let work, let detail):
                moments[current(at: line.time, opening: false)].work.append(WorkItem(work: work, detail: detail))
            case .expect(let number, let ok, let detail):
                let text = source.flatMap { number >= 1 && number <= $0.count ? $0[number - 1] : nil }
                moments[current(at: line.time, opening: false)].checks.append(
                    .expect(line: number, source: text.map(Self.trimmed), ok: ok, detail: detail))
            case .frame(let name, let file, let hash):
                moments[current(at: line.time, opening: false)].checks.append(
                    .frame(name: name, file: file, hash: hash))
            case .violation(let invariant, let detail):
                moments[current(at: line.time, opening: false)].checks.append(
                    .violation(invariant: invariant, detail: detail))
            case .end(let state, let hash, let ok):
                moments[current(at: line.time, opening: false)].checks.append(
                    .end(state: state, simulationHash: hash, ok: ok))
            }
        }
        let kept = max(limit, 1)
        omittedMoments = max(moments.count - kept, 0)
        self.moments = Array(moments.prefix(kept))
    }

    /// A script line as quoted: without surrounding blanks.
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// Virtual time as people read it: `3.7 s`, `0 s`, `1 min 5.25 s`.
    public static func timeText(_ time: Nanoseconds) -> String {
        let milliseconds = time / 1_000_000
        let minutes = milliseconds / 60_000
        let rest = milliseconds % 60_000
        var seconds = String(rest / 1000)
        let fraction = rest % 1000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            seconds += "." + digits
        }
        return minutes > 0 ? "\(minutes) min \(seconds) s" : "\(seconds) s"
    }

    /// How an input reads in a lane: `smsArrived`, `play singlePlayer level=1`, `openLeaderboard rejected`.
    public static func label(_ input: Input) -> String {
        switch input {
        case .event(let event): return event.rawValue
        case .action(let name, let args): return args.map { "\(name) \($0)" } ?? name
        case .rejected(let name, _): return "\(name) rejected"
        case .ignored(let name): return "\(name) ignored"
        }
    }

    /// How a state reads: `inactive (alert)`.
    public static func label(_ state: AppState, _ reason: Reason?) -> String {
        reason.map { "\(state.rawValue) (\($0.rawValue))" } ?? state.rawValue
    }
}

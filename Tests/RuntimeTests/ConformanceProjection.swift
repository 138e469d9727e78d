// ConformanceProjection: a replay's transcript (CONTRACT §8) seen through an outside suite's eyes
// (Docs/Conformance.md, "Projection"): the names that suite would log, each at the transcript position where it
// happens, so that a fixture's spans (between `clear-log` and `expect-` lines) can be cut out of it.

import Lifecycle
import Replay
import Runtime

/// A replay of one fixture under one profile, with where each script line began in its transcript.
struct ConformanceReplay {
    /// A script line that ran: its file line, how many transcript entries came before it, and its time if timed.
    struct Boundary {
        let line: Int
        let count: Int
        let time: Nanoseconds?
    }

    let entries: [TranscriptLine]
    let boundaries: [Boundary]
    let result: ReplayResult
    let endTime: Nanoseconds  // virtual time when the last line had run

    /// The transcript position of a directive on file line `line`: where the next script line began, or the end.
    func position(ofDirectiveAt line: Int) -> Int {
        boundaries.first { $0.line > line }?.count ?? entries.count
    }

    /// Where something the platform does at `time` falls: before the first entry or script line at or after it;
    /// nil when the replay ended earlier (it never happened).
    func position(at time: Nanoseconds) -> Int? {
        let entry = entries.firstIndex { $0.time >= time }
        let line = boundaries.first { ($0.time ?? -1) >= time }?.count
        if let earliest = [entry, line].compactMap({ $0 }).min() { return earliest }
        return endTime >= time ? entries.count : nil
    }
}

/// A name the suite logs and the transcript position it stands at.
struct ProjectedName: Equatable {
    let position: Int
    let name: String
    /// Placed by its time (a delayed notice): it happened before the entry at `position` and before the script line
    /// that begins there, so a span that ends where that line begins holds it, and one that begins there does not.
    var isBeforeEntry = false

    /// True when the name was logged within the span of transcript positions `span`.
    func lies(in span: Range<Int>) -> Bool {
        isBeforeEntry ? span.lowerBound < position && position <= span.upperBound : span.contains(position)
    }
}

enum ConformanceProjection {
    /// The CTS names of Interlude's Android callbacks; the others (save, restore, trim) are not logged by CTS.
    static let ctsNames: [Callback: String] = [
        .onCreate: "ON_CREATE", .onStart: "ON_START", .onRestart: "ON_RESTART", .onResume: "ON_RESUME",
        .onPause: "ON_PAUSE", .onStop: "ON_STOP", .onDestroy: "ON_DESTROY",
    ]

    /// What a CTS test activity logs. Interlude writes `onTopResumedActivityChanged` without its argument; it is
    /// delivered after `onResume` and before `onPause` (CONTRACT §3), so it alternates gained, lost, from the
    /// process's start. A plain activity logs no top position.
    static func cts(_ replay: ConformanceReplay, activity: TestActivity) -> [ProjectedName] {
        var isTop = false
        var names: [ProjectedName] = []
        for (position, line) in replay.entries.enumerated() {
            switch line.entry {
            case .transition(_, let to, _) where to == .terminated:
                isTop = false
            case .callback(.onTopResumedActivityChanged):
                isTop.toggle()
                if activity == .tracking {
                    names.append(
                        ProjectedName(
                            position: position, name: isTop ? "ON_TOP_POSITION_GAINED" : "ON_TOP_POSITION_LOST"))
                }
            case .callback(let callback):
                if let name = ctsNames[callback] { names.append(ProjectedName(position: position, name: name)) }
            default:
                break
            }
        }
        return names
    }

    /// The trace names of Interlude's iOS callbacks. A scene's callbacks are written as the app-level ones: with one
    /// scene UIKit posts the matching UIApplication notification for each (Docs/Conformance.md, "trace"), and the
    /// traces log those.
    static let traceNames: [Callback: String] = [
        .willFinishLaunching: "willFinishLaunching", .didFinishLaunching: "didFinishLaunching",
        .willResignActive: "willResignActive", .didBecomeActive: "didBecomeActive",
        .didEnterBackground: "didEnterBackground", .willEnterForeground: "willEnterForeground",
        .willTerminate: "willTerminate", .sceneWillResignActive: "willResignActive",
        .sceneDidBecomeActive: "didBecomeActive", .sceneDidEnterBackground: "didEnterBackground",
        .sceneWillEnterForeground: "willEnterForeground",
    ]

    /// What a recorded trace logs: the app's life-cycle callbacks; memory warnings, background tasks, state
    /// restoration and protected data are not in the traces.
    static func trace(_ replay: ConformanceReplay) -> [ProjectedName] {
        replay.entries.enumerated().compactMap { position, line in
            guard case .callback(let callback) = line.entry, let name = traceNames[callback] else { return nil }
            return ProjectedName(position: position, name: name)
        }
    }

    /// The pause's delay in `ProcessLifecycleOwner` (`TIMEOUT_MS`), in virtual nanoseconds.
    static let processDelay: Nanoseconds = 700_000_000

    /// What an observer of AndroidX's `ProcessLifecycleOwner` sees, derived from the activity's callbacks as that
    /// class derives it: ON_CREATE when the process starts; ON_START and ON_RESUME when the first activity starts and
    /// resumes; ON_PAUSE then ON_STOP `processDelay` after the last one paused, unless one resumed meanwhile (so a
    /// recreation shows nothing); never ON_DESTROY. A process that ends takes its owner with it.
    static func process(_ replay: ConformanceReplay) -> [ProjectedName] {
        var names: [ProjectedName] = []
        var owner = ProcessOwner()
        var pendingPause: Int?  // where the delayed pause fires, if it is still pending
        func firePendingPause(before position: Int) {
            guard let at = pendingPause, at <= position else { return }
            pendingPause = nil
            names += owner.delayedPause().map { ProjectedName(position: at, name: $0, isBeforeEntry: true) }
        }
        for (position, line) in replay.entries.enumerated() {
            firePendingPause(before: position)
            var emitted: [String] = []
            switch line.entry {
            case .transition(_, let to, _) where to == .terminated:
                owner = ProcessOwner()
                pendingPause = nil
            case .callback(.onCreate) where !owner.isCreated:
                owner.isCreated = true
                emitted = ["ON_CREATE"]
            case .callback(.onStart):
                emitted = owner.started()
            case .callback(.onResume):
                if pendingPause != nil { pendingPause = nil }
                emitted = owner.resumed()
            case .callback(.onPause):
                owner.resumedCount -= 1
                if owner.resumedCount == 0 { pendingPause = replay.position(at: line.time + processDelay) }
            case .callback(.onStop):
                emitted = owner.stopped()
            default:
                break
            }
            names += emitted.map { ProjectedName(position: position, name: $0) }
        }
        firePendingPause(before: replay.entries.count)
        return names
    }
}

/// `ProcessLifecycleOwner`'s counters for one process (Docs/Conformance.md cites the class).
private struct ProcessOwner {
    var isCreated = false
    var startedCount = 0
    var resumedCount = 0
    var pauseSent = true
    var stopSent = true

    mutating func started() -> [String] {
        startedCount += 1
        guard startedCount == 1, stopSent else { return [] }
        stopSent = false
        return ["ON_START"]
    }

    /// A resume while the delayed pause is pending cancels it (the caller drops it): nothing is sent.
    mutating func resumed() -> [String] {
        resumedCount += 1
        guard resumedCount == 1, pauseSent else { return [] }
        pauseSent = false
        return ["ON_RESUME"]
    }

    mutating func stopped() -> [String] {
        startedCount -= 1
        return stopIfNeeded()
    }

    mutating func delayedPause() -> [String] {
        var sent: [String] = []
        if resumedCount == 0 {
            pauseSent = true
            sent.append("ON_PAUSE")
        }
        return sent + stopIfNeeded()
    }

    private mutating func stopIfNeeded() -> [String] {
        guard startedCount == 0, pauseSent else { return [] }
        stopSent = true
        return ["ON_STOP"]
    }
}

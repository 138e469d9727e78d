import GameCore
import Lifecycle
import Replay
import Runtime

/// Milliseconds as runtime nanoseconds.
func ms(_ value: Int64) -> Nanoseconds { value * 1_000_000 }

/// A runtime launched at t=0 on the menu.
func launchedRuntime(
    _ profile: Profile = .ios5, display: (any Display<Scene>)? = RecordingDisplay<Scene>(),
    snapshots: any SnapshotStore = InMemorySnapshotStore(), levels: [Level] = [.hangar]
) -> Runtime<Game> {
    let runtime = Runtime(profile: profile, seed: 7, display: display, snapshots: snapshots, levels: levels)
    runtime.send(.launched)
    runtime.settle()
    return runtime
}

extension Runtime<Game> {
    /// Sends `event` at `time` and performs its work, as the script runner does.
    func inject(_ event: Event, at time: Nanoseconds) {
        advance(to: time)
        send(event)
        settle()
    }

    /// Performs `action` at `time`, as the script runner does.
    func act(_ action: GameAction, at time: Nanoseconds) {
        advance(to: time)
        perform(action)
        settle()
    }

    var transcriptTypes: [String] {
        transcript.lines.map { line in
            let tail = line.split(separator: "\"type\":\"", maxSplits: 1)[1]
            return String(tail.prefix { $0 != "\"" })
        }
    }
}

/// A profile whose `from event` row is replaced: a deliberately broken table, to show the checker catches it.
func broken(_ profile: Profile, _ from: Pattern, _ event: Event, _ outcome: RowOutcome) -> Profile {
    profile.replacing([Row(from, event, outcome)])
}

/// `segment` without the work items `removed`.
func without(_ segment: Segment, _ removed: Set<Work>) -> Segment {
    Segment(segment.callback, segment.work.filter { !removed.contains($0) })
}

import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves

/// Milliseconds as runtime nanoseconds.
func ms(_ value: Int64) -> Nanoseconds { value * 1_000_000 }

/// A runtime launched at t=0 on the menu.
func launchedRuntime(
    _ profile: Profile = .ios5, display: (any Display<Scene>)? = RecordingDisplay<Scene>(),
    snapshots: any SnapshotStore = InMemorySnapshotStore(), levels: [Level] = [.hangar]
) -> Runtime<Game> {
    Runtime(profile: profile, seed: 7, display: display, snapshots: snapshots, levels: levels).launch()
}

extension Runtime<Game> {
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

import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves

/// The bytes of `name` in `folder`, or nil.
func contents(_ folder: String, _ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: folder + "/" + name).map { [UInt8]($0) }
}

/// Writes `bytes` as `name` in `folder` (as a damaged disk would have left it).
func put(_ bytes: [UInt8], _ folder: String, _ name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
}

/// FNV-1a 64 of `bytes`, as the soak journal names snapshots.
func journalHash(_ bytes: [UInt8]) -> String {
    var hasher = StateHasher()
    hasher.combine(bytes: bytes)
    return hasher.hex
}

/// A single-player game in progress, encoded: the state after some play at `seed`.
func playedSnapshot(seed: UInt64, steps: Int) -> [UInt8] {
    played(seed: seed, steps: steps) { $0.currentSnapshot().encoded() }
}

/// The same save as the runtime writes it: its frame around the game's part (Runtime's SnapshotFrame).
func playedSave(seed: UInt64, steps: Int) -> [UInt8] {
    played(seed: seed, steps: steps) { $0.snapshotBytes() }
}

/// A runtime after some single-player play at `seed` (launched, level 1, forward, `steps` steps, a shot), encoded
/// by `encode`.
private func played(seed: UInt64, steps: Int, encode: (Runtime<Game>) -> [UInt8]) -> [UInt8] {
    let runtime = Runtime(profile: .ios5, seed: seed)
    runtime.send(.launched)
    runtime.settle()
    runtime.perform(.play(.singlePlayer, level: 1))
    runtime.perform(.input(.forward, duration: 500_000_000))
    runtime.settle()
    runtime.advance(to: stepTime(Int64(steps)))
    runtime.perform(.fire)
    runtime.settle()
    return encode(runtime)
}

/// A runtime launched (cold) on `store`: the launch runs loadSnapshot.
func launch(_ store: any SnapshotStore, seed: UInt64 = 3) -> Runtime<Game> {
    Runtime(profile: .ios5, seed: seed, snapshots: store).launch()
}

extension Runtime<Game> {
    /// The detail of the last loadSnapshot work line.
    var loadDetail: String? {
        guard let line = transcript.lines.last(where: { $0.contains(#""name":"loadSnapshot""#) }),
            let range = line.range(of: #""detail":""#)
        else { return nil }
        return String(line[range.upperBound...].dropLast(2))
    }
}

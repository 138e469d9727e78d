// fuzz-level: the level file parser (GameCore's LevelFile, as Services' LevelFiles.load hands it a file: UTF-8 or
// refused) on any bytes. Properties beyond "no crash":
//   - an error names a place inside the text (line 1...(lines + 1), column >= 1) and a one-line message;
//   - a level that parses keeps the format's promises: within the caps, one start on open floor, at least one
//     exit, a wall border;
//   - the game runs on it: launched, played (walk, turn, fire) and sent home, it saves a snapshot that the next
//     launch restores (the whole launch-restore path accepts what the game itself wrote), with no invariant broken.

import FuzzSupport
import GameCore
import Lifecycle
import Runtime
import Saves

func ms(_ value: Int64) -> Nanoseconds { value * 1_000_000 }

/// A shooter's runtime on `levels` with `store` as its disk, launched (`launched` injected and its work done).
func launched(_ store: InMemorySnapshotStore, levels: [Level], profile: Profile = .ios5, seed: UInt64 = 7)
    -> Runtime<Game>
{
    let runtime = Runtime(profile: profile, seed: seed, snapshots: store, levels: levels)
    runtime.inject(.launched)
    return runtime
}

fuzz { bytes in
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    let level: Level
    do throws(Level.ParseError) {
        level = try LevelFile.parse(text)
    } catch {
        let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .count
        fuzzCheck(
            (1...lineCount + 1).contains(error.line) && error.column >= 1,
            "the error's place \(error.line):\(error.column) is outside the text (\(lineCount) lines)")
        fuzzCheck(!error.message.contains("\n"), "the message is not one line: \(error)")
        return
    }
    fuzzCheck(
        (1...Level.maximumSide).contains(level.width) && (1...Level.maximumSide).contains(level.depth)
            && level.cells.count == level.width * level.depth, "size \(level.width)x\(level.depth) past the caps")
    let starts = level.positions(of: .start)
    fuzzCheck(starts.count == 1, "\(starts.count) starts")
    fuzzCheck(!level.positions(of: .exit).isEmpty, "no exit")
    fuzzCheck(level.positions(of: .enemy).count <= Level.maximumEnemies, "too many enemies")
    fuzzCheck(
        level.positions(of: .health).count + level.positions(of: .ammo).count <= Level.maximumPickups,
        "too many pickups")
    for x in 0..<level.width {
        fuzzCheck(level.isWall(x, 0) && level.isWall(x, level.depth - 1), "an open border cell in column \(x)")
    }
    for z in 0..<level.depth {
        fuzzCheck(level.isWall(0, z) && level.isWall(level.width - 1, z), "an open border cell in row \(z)")
    }

    // Play it, save it, relaunch from the save.
    let store = InMemorySnapshotStore()
    let runtime = launched(store, levels: [level], profile: .ios5, seed: 7)
    runtime.inject(.play(.singlePlayer, level: 1), at: ms(100))
    runtime.inject(.input(.forward, duration: ms(300)), at: ms(150))
    runtime.inject(.input(.turnLeft, duration: ms(200)), at: ms(200))
    runtime.inject(.fire, at: ms(300))
    runtime.inject(.homePressed, at: ms(600))
    fuzzCheck(runtime.violations.isEmpty, "invariants broken while playing: \(runtime.violations)")
    guard store.bytes != nil else { return fuzzCheck(false, "sent home in a session, nothing was saved") }
    let relaunched = launched(store, levels: [level], profile: .ios5, seed: 7)
    fuzzCheck(
        store.quarantined.isEmpty,
        "the launch refused the game's own save: "
            + (relaunched.transcript.lines.first { $0.contains("loadSnapshot") } ?? ""))
    fuzzCheck(relaunched.game.state.isInSession, "the game's own save did not restore the session")
    fuzzCheck(
        relaunched.game.state.steps == runtime.game.state.steps
            && relaunched.game.state.score == runtime.game.state.score,
        "the restored game is not the one saved")
}

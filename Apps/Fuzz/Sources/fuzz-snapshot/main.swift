// fuzz-snapshot: the snapshot formats and the whole launch-restore path on any bytes. The first byte picks what the
// rest is (a checksum stops a fuzzer at the frame, so three of the four modes seal the body as the writer does):
//   0  a whole file: GameSnapshot.decode, SnapshotText.decode and a launch from it
//   1  the body of a version 2 shooter snapshot (key=value lines), framed and checksummed, then as mode 0
//   2  the same as a version 1 snapshot (no end marker required)
//   3  the body of a SnapshotText file (`clicker 2`), framed and checksummed
// Properties beyond "no crash":
//   - what decodes re-encodes to bytes that decode to the same values, and encoding again gives the same bytes;
//   - a launch never restores what the decoder refuses, nor a session that Game.whyUnplayable refuses (decode and
//     validation agree with the launch);
//   - a restored game plays (resume, walk, turn, fire, home) with no invariant broken, and its new save is
//     restored by the next launch.

import FuzzSupport
import GameCore
import Glibc
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

/// The bundled levels, as the game runs on them.
let levels: [Level] = ["01-hangar", "02-depot", "03-reactor"].map { name in
    let bytes = repositoryFile("Assets/Levels/\(name).level")
    return try! LevelFile.parse(String(decoding: bytes, as: UTF8.self))
}
let game = Game(seed: 7, levels: levels)

func sealed(_ header: String, _ body: ArraySlice<UInt8>) -> [UInt8] {
    var bytes = Array((header + "\n").utf8) + body
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    let framing = SnapshotFraming(headerPrefix: "interlude-snapshot ", version: 2, noun: "a snapshot", writer: "us")
    framing.seal(&bytes)
    return bytes
}

func checkShooter(_ bytes: [UInt8]) {
    let decoded = try? GameSnapshot.decode(bytes)
    if let decoded {
        let encoded = decoded.encoded()
        guard let again = try? GameSnapshot.decode(encoded) else {
            return fuzzCheck(false, "a decoded snapshot, encoded again, does not decode")
        }
        fuzzCheck(again.values == decoded.values, "the values changed through encode and decode")
        fuzzCheck(again.encoded() == encoded, "encoding is not a fixed point")
        fuzzCheck(encoded == decoded.encodedThroughStrings(), "the byte encoder and the reference disagree")
    }
    _ = try? SnapshotText.decode(bytes, format: "interlude-snapshot", versions: 1...2)

    // The launch: the store holds these bytes as the current generation, and nothing before it. A launch costs
    // far more than a decode: bytes the decoder refuses are launched one time in eight (chosen by their hash, so
    // that an input always does the same), enough to keep checking that the launch refuses them too.
    var hasher = StateHasher()
    hasher.combine(bytes: bytes)
    guard decoded != nil || hasher.hex.hasSuffix("0") || hasher.hex.hasSuffix("8") else { return }
    let store = InMemorySnapshotStore(bytes: bytes)
    let runtime = launched(store, levels: levels, profile: .ios5, seed: 7)
    let restored = store.quarantined.isEmpty
    guard restored else { return }
    guard let decoded else { return fuzzCheck(false, "the launch restored bytes the decoder refuses") }
    if let why = game.whyCannotRestore(decoded.state) {
        fuzzCheck(false, "the launch restored a state validation refuses: \(why)")
    }
    fuzzCheck(runtime.violations.isEmpty, "invariants broken at the launch: \(runtime.violations)")
    runtime.inject(.resume, at: ms(50))
    runtime.inject(.input(.forward, duration: ms(300)), at: ms(60))
    runtime.inject(.input(.turnLeft, duration: ms(200)), at: ms(100))
    runtime.inject(.fire, at: ms(150))
    runtime.inject(.homePressed, at: ms(500))
    fuzzCheck(runtime.violations.isEmpty, "invariants broken playing a restored game: \(runtime.violations)")
    guard let saved = store.bytes else { return }
    let relaunched = launched(store, levels: levels, profile: .ios5, seed: 7)
    fuzzCheck(
        store.quarantined.isEmpty,
        "the next launch refused the restored game's own save: "
            + (relaunched.transcript.lines.first { $0.contains("loadSnapshot") } ?? "") + "\n"
            + String(decoding: saved, as: UTF8.self))
}

/// `FUZZ_SNAPSHOT_SEEDS=FOLDER fuzz-snapshot` writes the seed corpus instead of fuzzing: genuine saves of games
/// in progress on each bundled level and of the menu, in each mode's form (Fuzz/README.md).
if let folder = getenv("FUZZ_SNAPSHOT_SEEDS").map({ String(cString: $0) }) {
    var saves: [(String, [UInt8])] = []
    for level in 1...levels.count {
        let store = InMemorySnapshotStore()
        let runtime = launched(store, levels: levels, profile: .ios4, seed: UInt64(level))
        runtime.inject(.play(.singlePlayer, level: level), at: ms(200))
        runtime.inject(.input(.forward, duration: ms(1500)), at: ms(300))
        runtime.inject(.input(.turnRight, duration: ms(400)), at: ms(900))
        runtime.inject(.fire, at: ms(1200))
        runtime.inject(.fire, at: ms(1900))
        runtime.inject(.homePressed, at: ms(2500 + Int64(level) * 700))
        saves.append(("level\(level)", store.bytes!))
    }
    let menu = InMemorySnapshotStore()
    let runtime = launched(menu, levels: levels, profile: .ios5, seed: 3)
    runtime.inject(.openLeaderboard, at: ms(100))
    runtime.inject(.homePressed, at: ms(400))
    if let bytes = menu.bytes { saves.append(("menu", bytes)) }
    for (name, bytes) in saves {
        // The body: every line between the header and the checksum.
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let body = lines[1..<(lines.count - 3)].joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")]
        writeFile(folder, "\(name)-file", [0] + bytes)
        writeFile(folder, "\(name)-v2-body", [1] + body)
        writeFile(folder, "\(name)-v1-body", [2] + body)
    }
    writeFile(folder, "clicker-body", [3] + Array("clicks=12\ngeneration=3\nsetting.volume=-4\n".utf8))
    exit(0)
}

fuzz { bytes in
    guard let mode = bytes.first else { return checkShooter(bytes) }
    let rest = bytes.dropFirst()
    switch mode % 4 {
    case 0: checkShooter(Array(rest))
    case 1: checkShooter(sealed("interlude-snapshot 2", rest))
    case 2: checkShooter(sealed("interlude-snapshot 1", rest))
    default:
        let file = sealed("clicker 2", rest)
        guard let (version, values) = try? SnapshotText.decode(file, format: "clicker", versions: 1...2) else { return }
        fuzzCheck(version == 2, "read version \(version) from a version 2 header")
        let encoded = SnapshotText.encode(format: "clicker", version: 2, values: values)
        guard let again = try? SnapshotText.decode(encoded, format: "clicker", versions: 2...2) else {
            return fuzzCheck(false, "SnapshotText: decoded values, encoded again, do not decode")
        }
        fuzzCheck(again.values == values, "SnapshotText: the values changed through encode and decode")
    }
}

import GameCore
import Runtime
import Saves

/// One damaged snapshot file and the kinds of error that may describe it.
struct DamagedSnapshot {
    let label: String
    let bytes: [UInt8]
    let kinds: Set<SnapshotDecodeError.Kind>
}

/// Damaged versions of a good snapshot: cut at every 64th byte, every single bit flipped, zeroed tails (a torn
/// block), wrong and future versions, empty, huge, random garbage, random multi-byte edits.
enum DamagedSnapshotCorpus {
    static func make(from good: [UInt8], seed: UInt64 = 64) -> [DamagedSnapshot] {
        var corpus: [DamagedSnapshot] = []
        for length in stride(from: 0, to: good.count, by: 64) {
            corpus.append(
                DamagedSnapshot(
                    label: "truncated to \(length) bytes", bytes: Array(good.prefix(length)),
                    kinds: length == 0 ? [.empty] : [.truncated, .notSnapshot]))
        }
        corpus.append(DamagedSnapshot(label: "last byte missing", bytes: Array(good.dropLast()), kinds: [.truncated]))
        for bit in 0..<(good.count * 8) {
            var flipped = good
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            corpus.append(
                DamagedSnapshot(
                    label: "bit \(bit) flipped", bytes: flipped,
                    kinds: [.corrupt, .truncated, .notSnapshot, .futureVersion, .malformed]))
        }
        for start in stride(from: 16, to: good.count, by: 48) {
            let torn = Array(good.prefix(start)) + [UInt8](repeating: 0, count: good.count - start)
            corpus.append(
                DamagedSnapshot(label: "zeroes from byte \(start)", bytes: torn, kinds: [.truncated, .notSnapshot]))
        }
        let body = good.drop { $0 != UInt8(ascii: "\n") }
        for (header, kind) in [
            ("interlude-snapshot 3", SnapshotDecodeError.Kind.futureVersion), ("interlude-snapshot 99", .futureVersion),
            ("interlude-snapshot 0", .notSnapshot), ("interlude-snapshot two", .notSnapshot),
            ("interlude-save 2", .futureVersion), ("interlude-save 0", .notSnapshot),
        ] {
            corpus.append(DamagedSnapshot(label: "header '\(header)'", bytes: Array(header.utf8) + body, kinds: [kind]))
        }
        corpus.append(DamagedSnapshot(label: "empty", bytes: [], kinds: [.empty]))
        corpus.append(
            DamagedSnapshot(
                label: "header and end only", bytes: Array("interlude-snapshot 2\nend\n".utf8), kinds: [.corrupt]))
        corpus.append(
            DamagedSnapshot(label: "header only", bytes: Array("interlude-snapshot 2\n".utf8), kinds: [.truncated]))
        corpus.append(
            DamagedSnapshot(
                label: "huge",
                bytes: good + [UInt8](repeating: UInt8(ascii: "a"), count: GameSnapshot.maximumBytes),
                kinds: [.tooLarge]))
        var random = SimulationRandom(seed: seed)
        for number in 0..<20 {
            let garbage = (0..<Int(random.below(600))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            corpus.append(DamagedSnapshot(label: "garbage \(number)", bytes: garbage, kinds: [.notSnapshot, .empty]))
        }
        let any: Set<SnapshotDecodeError.Kind> = [
            .empty, .notSnapshot, .futureVersion, .truncated, .corrupt, .malformed,
        ]
        for number in 0..<300 {
            var edited = good
            for _ in 0...random.below(4) {
                let at = Int(random.below(UInt64(edited.count)))
                switch random.below(3) {
                case 0: edited[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
                case 1: edited.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                default: edited.remove(at: at)
                }
            }
            corpus.append(DamagedSnapshot(label: "random edits \(number)", bytes: edited, kinds: any))
        }
        corpus.append(
            DamagedSnapshot(label: "a key twice", bytes: resealed(good, adding: "score=1"), kinds: [.malformed]))
        corpus.append(
            DamagedSnapshot(label: "not key=integer", bytes: resealed(good, adding: "score"), kinds: [.malformed]))
        corpus.append(
            DamagedSnapshot(
                label: "screen out of range",
                bytes: resealed(good, adding: "screen=99", removing: "screen="), kinds: [.malformed]))
        return corpus
    }

    /// `good` with a line added (and lines starting with `removing` taken out), re-checksummed: well framed,
    /// wrong inside.
    static func resealed(_ good: [UInt8], adding line: String, removing prefix: String? = nil) -> [UInt8] {
        var lines = String(decoding: good, as: UTF8.self).split(separator: "\n").map(String.init)
        lines.removeLast(2)  // checksum, end
        if let prefix { lines.removeAll { $0.hasPrefix(prefix) } }
        lines.insert(line, at: 1)
        var text = lines.joined(separator: "\n") + "\n"
        var hasher = StateHasher()
        hasher.combine(bytes: text.utf8)
        text += "checksum=\(hasher.hex)\nend\n"
        return Array(text.utf8)
    }
}

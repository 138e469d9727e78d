// ScriptMutator: random damage to a script's bytes for `interlude-bench fuzz-scripts`: byte flips, line deletions,
// duplications and swaps, token swaps, inflated numbers and hostile insertions (NUL, CR, commas, quotes, escape
// sequences, huge words and times, invalid UTF-8). Mutation `index` of `seed` depends on nothing else, so any one
// of them can be made again from its two numbers.

import Faults

/// The engine's SplitMix64, started from a seed and a mutation's index: the same numbers everywhere.
struct FuzzRandom {
    private var generator: SplitMix64

    init(seed: UInt64, index: Int) {
        generator = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: index) &* SplitMix64.increment)
        _ = next()
    }

    mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}

/// One mutated script: the bytes, which bundled script it came from, and what was done to it.
struct Mutation {
    let index: Int
    let base: String  // the bundled script's file name
    let bytes: [UInt8]
    let steps: [String]  // e.g. "flip byte 120", "delete line 7"
}

enum ScriptMutator {
    /// What a hostile insertion puts in: bytes and words that broke, or could break, the parser or the runtime.
    static let hostile: [[UInt8]] = [
        [0], [13], [13, 10], [10], Array(",,,,,".utf8), Array(",".utf8), Array("\"".utf8), Array("#".utf8),
        Array("+".utf8), Array("-".utf8), Array(" 999999999999s".utf8), Array("9223372036.854775807s".utf8),
        Array("\u{1B}[2J".utf8), [0xFF], [0xC3], [0xE2, 0x80, 0xA8], Array("\u{FEFF}".utf8), [9], [11], [12],
        Array(" at +82800s ".utf8), Array("level=".utf8), Array("delay=".utf8), Array("=".utf8), Array(">=".utf8),
        Array(repeating: UInt8(ascii: "x"), count: 4096), Array(repeating: UInt8(ascii: "9"), count: 40),
        // Issue 29: the newer profiles' words, settings and the outbox's pending score.
        Array(" rotated".utf8), Array(" glContextLost".utf8), Array(" sceneReclaimed".utf8), Array(" backPressed".utf8),
        Array(" controlCenterPulled".utf8), Array("callStyle=".utf8), Array(" callStyle=fullScreen".utf8),
        Array("pending=".utf8), Array("\nleaderboard pending=7500\n".utf8), Array("\nprofile android34\n".utf8),
        Array("\nprofile ios26 callStyle=banner\n".utf8), Array(" backgroundTaskExpired".utf8),
    ]

    /// Mutation `index` of `seed`, made from one of `scripts` (file name, bytes), in 1 to 4 steps.
    static func mutate(_ scripts: [(String, [UInt8])], seed: UInt64, index: Int) -> Mutation {
        var random = FuzzRandom(seed: seed, index: index)
        let (base, original) = random.pick(scripts)
        var bytes = original
        var steps: [String] = []
        for _ in 0...random.below(4) { steps.append(step(&bytes, &random)) }
        return Mutation(index: index, base: base, bytes: bytes, steps: steps)
    }

    private static func step(_ bytes: inout [UInt8], _ random: inout FuzzRandom) -> String {
        guard !bytes.isEmpty else {
            bytes = random.pick(hostile)
            return "insert into an empty file"
        }
        switch random.below(8) {
        case 0:
            let at = random.below(bytes.count)
            let bit = UInt8(1) << UInt8(random.below(8))
            bytes[at] ^= bit
            return "flip bit \(bit) of byte \(at)"
        case 1:
            let at = random.below(bytes.count)
            bytes[at] = UInt8(random.below(256))
            return "replace byte \(at) with \(bytes[at])"
        case 2:
            var lines = split(bytes)
            let at = random.below(lines.count)
            lines.remove(at: at)
            bytes = join(lines)
            return "delete line \(at + 1)"
        case 3:
            var lines = split(bytes)
            let from = random.below(lines.count)
            let to = random.below(lines.count + 1)
            lines.insert(lines[from], at: to)
            bytes = join(lines)
            return "duplicate line \(from + 1) before line \(to + 1)"
        case 4:
            var lines = split(bytes)
            let (first, second) = (random.below(lines.count), random.below(lines.count))
            lines.swapAt(first, second)
            bytes = join(lines)
            return "swap lines \(first + 1) and \(second + 1)"
        case 5:
            return swapTokens(&bytes, &random)
        case 6:
            return inflateNumber(&bytes, &random)
        default:
            let at = random.below(bytes.count + 1)
            let insertion = random.pick(hostile)
            bytes.insert(contentsOf: insertion, at: at)
            return "insert \(insertion.count) hostile bytes at \(at)"
        }
    }

    /// Swaps two whitespace-separated words anywhere in the file.
    private static func swapTokens(_ bytes: inout [UInt8], _ random: inout FuzzRandom) -> String {
        let words = tokenRanges(bytes)
        guard words.count >= 2 else { return "swap tokens: too few" }
        var (first, second) = (random.pick(words), random.pick(words))
        if first.lowerBound > second.lowerBound { swap(&first, &second) }
        guard first.upperBound <= second.lowerBound else { return "swap tokens: the same token" }
        let a = Array(bytes[first])
        let b = Array(bytes[second])
        bytes.replaceSubrange(second, with: a)
        bytes.replaceSubrange(first, with: b)
        return "swap tokens at \(first.lowerBound) and \(second.lowerBound)"
    }

    /// Makes a number far larger: digits appended to a run of digits (times, counts, levels, seeds, angles).
    private static func inflateNumber(_ bytes: inout [UInt8], _ random: inout FuzzRandom) -> String {
        let digitStarts = bytes.indices.filter { isDigit(bytes[$0]) && ($0 == 0 || !isDigit(bytes[$0 - 1])) }
        guard !digitStarts.isEmpty else { return "inflate a number: none" }
        var end = random.pick(digitStarts)
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        let extra = random.pick(["0", "00000", "999999", "000000000", "99999999999999999999"])
        bytes.insert(contentsOf: Array(extra.utf8), at: end)
        return "inflate the number ending at \(end) by \(extra)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func tokenRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            let space = byte == 32 || byte == 9 || byte == 10 || byte == 13
            if space, let begun = start {
                ranges.append(begun..<index)
                start = nil
            } else if !space, start == nil {
                start = index
            }
        }
        if let start { ranges.append(start..<bytes.count) }
        return ranges
    }

    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    }

    private static func join(_ lines: [[UInt8]]) -> [UInt8] { Array(lines.joined(separator: [10])) }
}

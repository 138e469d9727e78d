// PlayerNames: one name, one player (Docs/Contract.md §12). `PlayerName.key(_:)` says whether a name may be played
// under and gives the key two names are compared by: the match server (Apps' MatchWire and MatchHub) and the
// scripts' in-memory match (Runtime's InMemoryMatch) call this one function, so they cannot disagree.
// The key folds case, spaces, accents, invisible code points and look-alike letters (UTS #39 confusables), through
// one generated table (PlayerName+Table.swift, from generate-table.py beside it). It imports nothing, not even
// Foundation: Runtime, the dependency-free core, uses it. Start reading at `key(_:)`.

/// A player's name: its checks and its key.
public enum PlayerName {
    /// The most UTF-8 bytes of a name (the match protocol's `hello`, a script's `peer join`).
    public static let maximumBytes = 32

    /// The key of `name`, or why `name` is refused. Two names with one key are one player: `ANN`, `ann `, `ᴀɴɴ`,
    /// Greek `ΑΝΝ` and `ann` with a no-break space or a combining grapheme joiner all have the key of `ann`.
    /// Refused: a name over `maximumBytes`; one with a control, invisible format (zero-width, bidirectional),
    /// private-use or unassigned code point, or a blank that is not a space (the Braille blank, Hangul fillers);
    /// letters of more than one of Latin, Greek and Cyrillic; and a name whose key is empty.
    public static func key(_ name: String) throws(PlayerNameRefusal) -> String {
        let bytes = name.utf8.count
        guard bytes <= maximumBytes else { throw .tooLong(bytes: bytes) }
        for scalar in name.unicodeScalars {
            if let refusal = refusal(of: scalar) { throw refusal }
        }
        var scripts: [String] = []
        for scalar in name.unicodeScalars {
            if let script = lookAlikeScript(scalar), !scripts.contains(script) { scripts.append(script) }
        }
        guard scripts.count <= 1 else { throw .mixedScripts(scripts.sorted()) }
        let key = fold(name)
        guard !key.isEmpty else { throw .empty }
        return key
    }

    /// Why one code point is refused in a name, or nil.
    static func refusal(of scalar: Unicode.Scalar) -> PlayerNameRefusal? {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F ? .control(scalar) : nil }
        if blanks.contains(scalar.value) { return .blank(scalar) }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return .control(scalar)
        case .format: return .invisible(scalar)
        case .privateUse, .unassigned, .surrogate: return .unassigned(scalar)
        default: return nil
        }
    }

    /// Code points that show nothing but are neither a space nor dropped like an accent: the Hangul fillers (choseong,
    /// jungseong, compatibility, half-width) and the Braille blank. A name of them would pass for a blank or a
    /// shorter name, and a key without them would make `ann⠀` a name of its own beside `ann`: refused.
    static let blanks: Set<UInt32> = [0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800]

    /// The key of any text, checked or not: each code point through the table (Hangul syllables first decomposed, as
    /// NFKD does), default-ignorable code points dropped, every run of spaces one space, none at either end.
    static func fold(_ text: String) -> String {
        var key = String.UnicodeScalarView()
        var pendingSpace = false
        func append(_ scalar: Unicode.Scalar) {
            if !scalar.isASCII, scalar.properties.isDefaultIgnorableCodePoint { return }
            if scalar == " " || (!scalar.isASCII && scalar.properties.isWhitespace) {
                pendingSpace = !key.isEmpty
                return
            }
            if pendingSpace { key.append(" ") }
            pendingSpace = false
            key.append(scalar)
        }
        for scalar in text.unicodeScalars {
            for part in hangulJamo(scalar) ?? [scalar] {
                if let mapped = table[part.value] {
                    mapped.forEach(append)
                } else {
                    append(part)
                }
            }
        }
        return String(key)
    }

    /// The conjoining jamo of a precomposed Hangul syllable (Unicode §3.12, canonical decomposition), or nil.
    static func hangulJamo(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        let index = Int(scalar.value) - 0xAC00
        guard index >= 0, index < 11172 else { return nil }
        let lead = 0x1100 + index / 588
        let vowel = 0x1161 + (index % 588) / 28
        let trail = index % 28
        let codes = trail == 0 ? [lead, vowel] : [lead, vowel, 0x11A7 + trail]
        return codes.compactMap { Unicode.Scalar(UInt32($0)) }
    }

    /// The script of a letter among the three whose letters look alike (Latin, Greek, Cyrillic); nil for another
    /// code point. A name mixes at most one of them (a Latin `ann` with a Cyrillic `а` is refused).
    static func lookAlikeScript(_ scalar: Unicode.Scalar) -> String? {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) ? "Latin" : nil
        }
        guard scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return "Latin"
        case 0x370...0x3FF, 0x1F00...0x1FFF: return "Greek"
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return "Cyrillic"
        default: return nil
        }
    }

    /// The generated map, parsed once: code point to the code points of its key (empty: dropped).
    static let table: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(12_000)
        var code: UInt32 = 0
        for entry in packedTable.utf8.split(separator: UInt8(ascii: ";")) {
            guard let arrow = entry.firstIndex(of: UInt8(ascii: ">")) else { continue }
            code += hexadecimal(entry[..<arrow])
            table[code] = entry[entry.index(after: arrow)...].split(separator: UInt8(ascii: ","))
                .compactMap { Unicode.Scalar(hexadecimal($0)) }
        }
        return table
    }()

    private static func hexadecimal(_ digits: Substring.UTF8View) -> UInt32 {
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value * 16 + UInt32(digit - UInt8(ascii: "A") + 10)
            default: break
            }
        }
        return value
    }
}

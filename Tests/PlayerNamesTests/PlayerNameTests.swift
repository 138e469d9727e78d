// PlayerNameTests: the key two names are compared by, and the names it refuses (Docs/Contract.md §12). Each
// look-alike either has the key of the name it imitates or is refused with its rule; distinct names stay distinct.

import PlayerNames
import Testing

@Suite struct PlayerNameTests {
    /// A name and the key it must have (its look-alikes in the rows after it).
    static let sameKey: [(name: String, key: String)] = [
        ("ann", "ann"), ("ANN", "ann"), ("Ann", "ann"), ("ann ", "ann"), (" ann", "ann"), ("  ann  ", "ann"),
        ("ann\u{00A0}", "ann"), ("ann\u{2002}", "ann"), ("ann\u{3000}", "ann"), ("\u{202F}ann", "ann"),
        ("a\u{034F}nn", "ann"), ("ann\u{FE0F}", "ann"), ("a\u{FE00}nn", "ann"), ("ann\u{E0100}", "ann"),
        ("a\u{0301}nn", "ann"), ("\u{00E1}nn", "ann"), ("ᴀɴɴ", "ann"), ("\u{0391}\u{039D}\u{039D}", "ann"),
        ("ＡＮＮ", "ann"), ("𝐚𝐧𝐧", "ann"), ("ⓐⓝⓝ", "ann"),
        ("STRASSE", "strasse"), ("straße", "strasse"), ("STRAẞE", "strasse"),
        ("\u{0441}\u{043E}\u{0435}", "coe"), ("coe", "coe"), ("José", "jose"), ("Jose", "jose"),
        ("Jose\u{0301}", "jose"), ("IAN", "lan"), ("Ian", "lan"), ("ian", "lan"), ("lan", "lan"),
        ("player  2", "player 2"), ("player\u{2003}2", "player 2"), ("b0b", "bob"),
    ]

    @Test(arguments: sameKey)
    func keyFoldsLookAlikes(_ row: (name: String, key: String)) throws {
        #expect(try PlayerName.key(row.name) == row.key, "\(Array(row.name.unicodeScalars))")
    }

    /// A name and the refusal it must get.
    static let refused: [(name: String, refusal: PlayerNameRefusal)] = [
        ("", .empty), ("   ", .empty), ("\u{00A0}\u{2002}", .empty), ("\u{0301}", .empty), ("\u{034F}", .empty),
        ("ann\u{2800}", .blank("\u{2800}")), ("\u{2800}", .blank("\u{2800}")), ("ann\u{3164}", .blank("\u{3164}")),
        ("\u{115F}\u{1160}", .blank("\u{115F}")), ("\u{FFA0}", .blank("\u{FFA0}")),
        ("ann\u{200B}", .invisible("\u{200B}")), ("a\u{2060}nn", .invisible("\u{2060}")),
        ("ann\u{202E}", .invisible("\u{202E}")), ("an\u{00AD}n", .invisible("\u{00AD}")),
        ("ann\u{0007}", .control("\u{0007}")), ("bob\u{2028}", .control("\u{2028}")),
        ("ann\u{E000}", .unassigned("\u{E000}")), ("ann\u{0378}", .unassigned("\u{0378}")),
        ("\u{0430}nn", .mixedScripts(["Cyrillic", "Latin"])), ("\u{0391}nn", .mixedScripts(["Greek", "Latin"])),
        (String(repeating: "a", count: 33), .tooLong(bytes: 33)),
        (String(repeating: "ß", count: 17), .tooLong(bytes: 34)),
    ]

    @Test(arguments: refused)
    func refusesWithAReason(_ row: (name: String, refusal: PlayerNameRefusal)) {
        #expect(throws: row.refusal) { try PlayerName.key(row.name) }
    }

    /// Names that look different stay different players.
    @Test func distinctNamesStayDistinct() throws {
        let names = [
            "ann", "anne", "bob", "rob", "alice", "日本", "日向", "张伟", "王伟", "김민준", "김민수", "さくら", "サクラ",
            "Иван", "Ivan", "player 1", "player 2", "O'Brien", "ανν", "Ölfeld",
        ]
        let keys = try names.map { try PlayerName.key($0) }
        for (index, key) in keys.enumerated() {
            for other in index + 1..<keys.count {
                #expect(key != keys[other], "\(names[index]) and \(names[other]) share the key \(key)")
            }
        }
    }

    /// A refusal says why in a sentence naming the code point.
    @Test func refusalsNameTheCodePoint() {
        #expect(
            PlayerNameRefusal.blank("\u{2800}").description == "the name holds a blank that is not a space (U+2800)")
        #expect(PlayerNameRefusal.invisible("\u{200B}").description.contains("U+200B"))
        #expect(PlayerNameRefusal.empty.description.contains("empty"))
    }

    /// The key is stable: the key of a key is itself, so a key can be stored and compared again.
    @Test(arguments: sameKey)
    func keyIsIdempotent(_ row: (name: String, key: String)) throws {
        #expect(try PlayerName.key(row.key) == row.key)
    }
}

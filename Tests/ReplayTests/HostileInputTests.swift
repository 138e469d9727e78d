// Hostile scripts at the parser (issue 12): caps on times, huge and unprintable words, odd line ends and empty
// list names are refused fast, with a short one-line message naming file:line:column; nothing traps.

import Lifecycle
import Replay
import Testing

@Suite struct HostileInputTests {
    /// A word no message may echo whole: long, with a NUL, an escape and a line break of its own.
    static let hostileWord = "x\u{0}\u{1B}[31m\u{2028}" + String(repeating: "y", count: 100_000)

    /// A message fit for one terminal line: short, no control or line-breaking scalar in it.
    static func expectShort(_ error: ScriptError, _ comment: Comment? = nil) {
        let text = error.description
        #expect(text.unicodeScalars.count < 600, comment)
        #expect(
            !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" }, comment)
    }

    @Test func lineEndsMayBeLFCRLFOrALoneCR() throws {
        for ending in ["\n", "\r\n", "\r"] {
            let text = ["interlude-script 1", "", "at 0s launched", "at 1s smsArived", ""].joined(separator: ending)
            let error = try #require(parseError(text), "\(ending.unicodeScalars.map(\.value))")
            #expect(error.kind == .unknownEvent)
            #expect(error.location == SourceLocation(file: "test.script", line: 4, column: 7))
        }
        // Mixed: CR LF is one line end, LF CR two.
        let mixed = "interlude-script 1\r\nat 0s launched\rat 1s fire\n\rat 2s smsArived"
        #expect(parseError(mixed)?.location.line == 5)
    }

    @Test func aCROnlyFileParsesLikeItsLFTwin() throws {
        let lines = ["interlude-script 1", "seed 3", "at 0s launched", "expect state active", "at +1s smsArrived"]
        let unix = try ScriptParser.parse(lines.joined(separator: "\n"), file: "a.script")
        let mac = try ScriptParser.parse(lines.joined(separator: "\r"), file: "a.script")
        #expect(mac == unix)
        #expect(mac.lines.map(\.location.line) == [3, 4, 5])
    }

    @Test(arguments: [
        ("expect callbacks ,,,,,", 18), ("expect callbacks ,", 18), ("expect callbacks ,willResignActive", 18),
        ("expect callbacks willResignActive,,didEnterBackground", 35),
        ("expect callbacks willResignActive, , didEnterBackground", 36),
        ("expect callbacks willResignActive,", 34), ("expect callbacks willResignActive ,", 35),
        ("expect work ,", 13), ("expect work saveSnapshot,,", 26), ("expect work saveSnapshot,", 25),
    ])
    func anEmptyNameBetweenCommasIsAnError(body: String, column: Int) throws {
        let error = try #require(bodyError("at 0s launched\n" + body), "\(body)")
        #expect(error.kind == .unexpectedToken)
        #expect(error.location == SourceLocation(file: "test.script", line: 3, column: column))
        #expect(error.message.contains("','"))
    }

    @Test func listsMaySpreadOverCommasAndSpaces() throws {
        let both: [Callback] = [.willResignActive, .didEnterBackground]
        for list in [
            "willResignActive, didEnterBackground", "willResignActive,didEnterBackground",
            "willResignActive didEnterBackground", "willResignActive , didEnterBackground",
            "willResignActive ,didEnterBackground",
        ] {
            #expect(try commands("at 0s launched\nexpect callbacks \(list)").last == .expect(.callbacks(both)))
        }
        // No names at all still asserts that no callback came (CONTRACT §7).
        #expect(try commands("at 0s launched\nexpect callbacks").last == .expect(.callbacks([])))
        #expect(try commands("at 0s launched\nexpect callbacks # none").last == .expect(.callbacks([])))
    }

    @Test func aMegabyteUnknownNameIsRefusedFastAndQuotedShort() throws {
        let word = String(repeating: "smsArrived", count: 100_000)
        let clock = ContinuousClock()
        var error: ScriptError?
        let elapsed = clock.measure { error = bodyError("at 0s \(word)") }
        let refused = try #require(error)
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(refused.kind == .unknownEvent)
        #expect(refused.location == SourceLocation(file: "test.script", line: 2, column: 7))
        #expect(refused.message.contains("'smsArrivedsmsArrivedsmsArrivedsmsArrived...'"))
        Self.expectShort(refused)
    }

    @Test func unprintableBytesAreEscapedInMessages() throws {
        let error = try #require(bodyError("at 0s launch\u{0}ed"))
        #expect(error.message.contains("'launch\\u{0}ed'"))
        Self.expectShort(error)
        let escape = try #require(bodyError("\u{1B}[2Jat 0s launched"))
        #expect(escape.kind == .unknownKeyword)
        #expect(escape.message.contains("'\\u{1B}[2Jat'"))
    }

    /// Every message that quotes a word of the script, fed the hostile word: each is short and printable.
    @Test(arguments: [
        "X", "at X launched", "at 0s X", "at 0s X now", "at 0s play X", "at 0s play singlePlayer X",
        "at 0s play singlePlayer level=X", "at 0s input X 1s", "at 0s input forward X", "at 0s input forward 1X",
        "at 0s look X", "at 0s launched X", "at 0s launched\nexpect X", "at 0s launched\nexpect state X",
        "at 0s launched\nexpect callbacks X", "at 0s launched\nexpect work X", "at 0s launched\nexpect timers X",
        "at 0s launched\nexpect snapshot X", "at 0s launched\nexpect snapshot X=1",
        "at 0s launched\nexpect snapshot a=X",
        "at 0s launched\nexpect screen X", "capture X", "capture \"X\"", "leaderboard X", "leaderboard delay=X",
        "leaderboard delay=1X", "leaderboard down X", "profile X", "profile ios4 X", "profile ios4 smsStyle=X",
        "seed X", "at 5s launched\nat 1X fire", "at 0s launched\nexpect paused X",
    ])
    func everyQuotedWordIsCut(template: String) throws {
        let body = template.split(separator: "X", omittingEmptySubsequences: false).joined(separator: Self.hostileWord)
        let error = try #require(bodyError(body), "\(template)")
        Self.expectShort(error, "\(template): \(error.description.prefix(200))")
    }

    @Test func theVersionLineQuotesShortToo() throws {
        let error = try #require(parseError("interlude-script \(Self.hostileWord)"))
        #expect(error.kind == .badVersion)
        Self.expectShort(error)
    }

    @Test func captureNamesHaveAHundredCharactersAtMost() throws {
        let longest = String(repeating: "a", count: ScriptParser.longestCaptureName)
        #expect(try commands("capture \"\(longest)\"") == [.capture(longest)])
        let error = try #require(bodyError("capture \"\(longest)b\""))
        #expect(error.kind == .badName)
        #expect(error.location == SourceLocation(file: "test.script", line: 2, column: 9))
        Self.expectShort(error)
    }

    @Test(arguments: [
        ("seed 18446744073709551616", ScriptError.Kind.badNumber), ("seed -1", .badNumber),
        ("at 0s play singlePlayer level=99999999999999999999", .badNumber),
        ("at 0s play singlePlayer level=0", .badNumber), ("at 0s look 100000.5", .badNumber),
        ("at 0s look -100001", .badNumber), ("at 0s look 1 99999999999999999999", .badNumber),
        ("at 0s launched\nexpect timers 99999999999999999999", .badNumber),
        ("at 0s launched\nexpect peers -1", .badNumber),
        ("at 0s launched\nexpect snapshot score>=-9223372036854775809", .badCondition),
        ("at 0s launched\nexpect snapshot score<9223372036854775808", .badCondition),
    ])
    func numbersOutOfRangeAreRefused(body: String, kind: ScriptError.Kind) throws {
        let error = try #require(bodyError(body), "\(body)")
        #expect(error.kind == kind, "\(body)")
    }

    @Test func numbersAtTheirLimitsAreAccepted() throws {
        let parsed = try parseBody(
            """
            seed 18446744073709551615
            at 0s play singlePlayer level=9223372036854775807
            at 86400s look -100000 100000
            expect timers 9223372036854775807
            expect snapshot score>=-9223372036854775808 score<=9223372036854775807
            """)
        #expect(parsed.seed == UInt64.max)
        #expect(parsed.lines.count == 4)
    }
}

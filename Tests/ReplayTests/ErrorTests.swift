// Errors: the first one only, with the right kind, line and column, and a message that helps.

import Lifecycle
import Replay
import Testing

@Suite struct ErrorTests {
    @Test func descriptionIsOneCompilerStyleLine() throws {
        let error = try #require(parseError("interlude-script 1\nat 0s smsArived\n", file: "dir/sms.script"))
        #expect(error.description.hasPrefix("dir/sms.script:2:7: error: unknown event 'smsArived'"))
        #expect(!error.description.contains("\n"))
    }

    @Test func aSyntaxErrorInTheMiddle() throws {
        let error = try #require(bodyError("at 0s launched\nat\n"))
        #expect(error.kind == .missingArgument)
        #expect(error.location == SourceLocation(file: "test.script", line: 3, column: 3))
        #expect(error.message.contains("expected a time"))
    }

    @Test func anUnknownEventSuggestsTheClosestName() throws {
        let error = try #require(bodyError("at 0s launched\nat +1s     smsArived # typo"))
        #expect(error.kind == .unknownEvent)
        #expect(error.location == SourceLocation(file: "test.script", line: 3, column: 12))
        #expect(error.message.contains("did you mean smsArrived?"))
        #expect(error.message.contains("expected an event"))
    }

    @Test func anUnknownWordWithNoCloseNameIsAnUnknownEvent() throws {
        let error = try #require(bodyError("at 0s teleported"))
        #expect(error.kind == .unknownEvent)
        #expect(!error.message.contains("did you mean"))
    }

    @Test func anUnknownActionSuggestsTheClosestAction() throws {
        let misspelt = try #require(bodyError("at 0s fier"))
        #expect(misspelt.kind == .unknownAction)
        #expect(misspelt.location.column == 7)
        #expect(misspelt.message.contains("did you mean fire?"))
        let withArguments = try #require(bodyError("at 0s jump high"))
        #expect(withArguments.kind == .unknownAction)
        #expect(bodyError("at 0s opnLeaderbord")?.message.contains("did you mean openLeaderboard?") == true)
    }

    @Test func aWrongVersionLine() throws {
        let error = try #require(parseError("# a comment first\n\ninterlude-script 2   # newer\nat 0s launched"))
        #expect(error.kind == .badVersion)
        #expect(error.location == SourceLocation(file: "test.script", line: 3, column: 18))
        #expect(error.message.contains("'2'"))
        #expect(error.message.contains("expected interlude-script 1"))
        #expect(parseError("interlude-script 1.0")?.kind == .badVersion)
        #expect(parseError("interlude-script")?.kind == .badVersion)
        #expect(parseError("interlude-script 1 extra")?.kind == .unexpectedToken)
    }

    @Test func aMissingVersionLineIsReportedAtLineOne() throws {
        for text in ["", "# only a comment\n", "\n\nat 0s launched", "profile ios4\ninterlude-script 1", "\"open\n"] {
            let error = try #require(parseError(text))
            #expect(error.kind == .missingVersion)
            #expect(error.location == SourceLocation(file: "test.script", line: 1, column: 1))
            #expect(error.message.contains("expected interlude-script 1"))
        }
    }

    @Test func expectBeforeATimedLine() throws {
        let error = try #require(bodyError("profile ios4\ncapture \"x\"\n   expect state active"))
        #expect(error.kind == .expectBeforeTimedLine)
        #expect(error.location == SourceLocation(file: "test.script", line: 4, column: 4))
        #expect(error.message.contains("expect needs a timed line before it"))
    }

    @Test func trailingTokensPointAtTheFirstExtraWord() throws {
        let cases: [(String, Int)] = [
            ("at 0s launched now", 16), ("at 0s fire twice", 12), ("at 0s play multiplayer level=2 x", 32),
            ("at 0s input left 1s 2s", 21), ("at 0s launched\nexpect paused yes", 15),
            ("at 0s launched\nexpect state active inactive", 21), ("at 0s launched\nexpect timers 0 1", 17),
            ("capture \"a\" \"b\"", 13), ("leaderboard down up", 18), ("seed 1 2", 8),
            ("profile ios4 smsStyle=alert x", 29), ("at 0s play singlePlayer lvl=2", 25),
            ("profile ios4 sms=alert", 14),
        ]
        for (body, column) in cases {
            let error = try #require(bodyError(body), "\(body)")
            #expect(error.kind == .unexpectedToken, "\(body)")
            #expect(error.location.column == column, "\(body)")
        }
    }

    @Test func onlyTheFirstErrorIsReported() throws {
        let error = try #require(bodyError("at 0s launched\nat 0s smsArivd\nat 0s bogus\nexpect nonsense"))
        #expect(error.location.line == 3)
    }

    @Test func unknownNamesOfEachKind() {
        let cases: [(String, ScriptError.Kind, Int)] = [
            ("jump 1s", .unknownKeyword, 1), ("at 0s play coop", .unknownMode, 12),
            ("at 0s input jump 1s", .unknownKey, 13),
            ("at 0s launched\nexpect stat active", .unknownExpectation, 8),
            ("at 0s launched\nexpect state sleeping", .unknownState, 14),
            ("at 0s launched\nexpect callbacks didBecomeActive, willResign", .unknownCallback, 35),
            ("at 0s launched\nexpect work saveSnapshot,saveGame", .unknownWork, 26),
            ("profile ios6", .unknownProfile, 9), ("profile ios5 smsStyle=popup", .unknownSMSStyle, 23),
            ("leaderboard sideways", .unknownLeaderboardSetting, 13), ("at 0s \"launched\"", .unknownEvent, 7),
            ("profile android28 targetSdk=99", .badTargetSdk, 29),
            ("profile android34 targetSdk=27x", .badTargetSdk, 29),
            ("profile android34 targetSdk=", .badTargetSdk, 29), ("profile ios26 targetSdk=27", .unexpectedToken, 15),
        ]
        for (body, kind, column) in cases {
            let error = bodyError(body)
            #expect(error?.kind == kind, "\(body)")
            #expect(error?.location.column == column, "\(body)")
        }
    }

    @Test func suggestionsForOtherNames() {
        #expect(bodyError("at 0s launched\nexpect state inactve")?.message.contains("did you mean inactive?") == true)
        #expect(bodyError("at 0s input turnleft 1s")?.message.contains("did you mean turnLeft?") == true)
        #expect(bodyError("exepct paused")?.message.contains("did you mean expect?") == true)
        #expect(bodyError("profile ios 5")?.message.contains("did you mean") == true)
        #expect(bodyError("at 0s play singleplayer")?.message.contains("did you mean singlePlayer?") == true)
        #expect(bodyError("at 0s launched\nexpect state x")?.message.contains("did you mean") == false)
    }

    @Test func missingArguments() {
        let cases: [(String, Int)] = [
            ("at 0s", 6), ("at 0s play", 11), ("at 0s input", 12), ("at 0s input left", 17), ("seed", 5),
            ("profile", 8), ("capture", 8), ("leaderboard", 12), ("at 0s launched\nexpect", 7),
            ("at 0s launched\nexpect state", 13), ("at 0s launched\nexpect work", 12),
            ("at 0s launched\nexpect timers  # none", 14), ("at 0s launched\nexpect snapshot", 16),
            ("at 0s launched\nexpect screen", 14),
        ]
        for (body, column) in cases {
            let error = bodyError(body)
            #expect(error?.kind == .missingArgument, "\(body)")
            #expect(error?.location.column == column, "\(body)")
        }
    }

    @Test func headersOnceAndBeforeTheFirstTimedLine() {
        #expect(bodyError("profile ios4\nprofile ios5")?.kind == .duplicateHeader)
        #expect(bodyError("seed 1\nseed 2")?.location.line == 3)
        #expect(bodyError("seed 1\nseed 2")?.kind == .duplicateHeader)
        #expect(bodyError("at 0s launched\nseed 2")?.kind == .headerAfterTimedLine)
        #expect(bodyError("at 0s launched\n  profile ios4")?.location.column == 3)
        #expect(bodyError("at 0s launched\nprofile ios4")?.kind == .headerAfterTimedLine)
        #expect(bodyError("interlude-script 1")?.kind == .duplicateHeader)
        #expect(bodyError("capture \"x\"\nleaderboard up\nprofile ios4\nseed 3") == nil)
    }

    @Test func badNumbers() {
        let cases: [(String, Int)] = [
            ("seed -1", 6), ("seed +1", 6), ("seed 18446744073709551616", 6), ("seed 1_000", 6),
            ("at 0s play singlePlayer level=0", 31), ("at 0s play singlePlayer level=x", 31),
            ("at 0s play singlePlayer level=", 31), ("at 0s launched\nexpect peers -1", 14),
            ("at 0s launched\nexpect requests many", 17),
        ]
        for (body, column) in cases {
            let error = bodyError(body)
            #expect(error?.kind == .badNumber, "\(body)")
            #expect(error?.location.column == column, "\(body)")
        }
        #expect((try? parseBody("seed 18446744073709551615"))?.seed == UInt64.max)
    }

    @Test func badNames() {
        let cases: [(String, Int)] = [
            ("capture after-sms", 9), ("capture \"\"", 9), ("capture \"after sms\"", 15), ("capture \"a#b\"", 11),
            ("capture \"a/b\"", 11), ("capture \"é\"", 10), ("at 0s launched\nexpect screen 9lives", 15),
            ("at 0s launched\nexpect screen main-menu", 15),
        ]
        for (body, column) in cases {
            let error = bodyError(body)
            #expect(error?.kind == .badName, "\(body)")
            #expect(error?.location.column == column, "\(body)")
        }
        #expect(bodyError("capture \"open")?.kind == .unterminatedQuote)
        #expect(bodyError("capture \"open")?.location.column == 9)
    }

    @Test func badConditions() {
        let cases: [(String, Int)] = [
            ("score", 17), ("score>=", 24), ("score=>1", 23), ("score==1", 23), (">=1", 17), ("1score=1", 17),
            ("score>=1.5", 24), ("level=1 score", 25), ("score>=+1", 24),
        ]
        for (condition, column) in cases {
            let error = bodyError("at 0s launched\nexpect snapshot \(condition)")
            #expect(error?.kind == .badCondition, "\(condition)")
            #expect(error?.location.column == column, "\(condition)")
        }
    }

    @Test func leaderboardDelayErrorsPointAtTheValue() {
        #expect(bodyError("leaderboard delay=5")?.kind == .badUnit)
        #expect(bodyError("leaderboard delay=5")?.location.column == 19)
        #expect(bodyError("leaderboard delay=5")?.message.contains("'5'") == true)
        #expect(bodyError("leaderboard delay=")?.kind == .missingArgument)
        #expect(bodyError("leaderboard delay=x1s")?.kind == .badTime)
        #expect(bodyError("leaderboard delay=+1s")?.kind == .badTime)
    }

    @Test func leaderboardPendingErrorsPointAtTheValue() {
        for bad in ["0", "-5", "1000000001", "x", "", "1e3", "99999999999999999999"] {
            let error = bodyError("leaderboard pending=\(bad)")
            #expect(error?.kind == .unknownLeaderboardSetting, "\(bad)")
            #expect(error?.location.column == 21, "\(bad)")
        }
        #expect(bodyError("leaderboard pendng=5")?.message.contains("pending") == true)
    }

    @Test func aSuggestionKeepsTheMessageShort() throws {
        let error = try #require(bodyError("at 0s smsArived"))
        #expect(!error.message.contains("terminatedByOS"))
        let withoutSuggestion = try #require(bodyError("at 0s teleported"))
        // Without one it lists the names, the first 16 of the 35 events and how many more (HostileInputTests: short).
        #expect(withoutSuggestion.message.contains("unlocked, and 19 more"))
        #expect(withoutSuggestion.message.contains("input"))
    }

    @Test func everyKindHasAName() {
        #expect(Set(ScriptError.Kind.allCases.map(\.rawValue)).count == ScriptError.Kind.allCases.count)
    }
}

// Profile-scoped expectations and matrix scripts (CONTRACT §7): `expect[android*] ...` and `profiles all`, their
// errors at the right column, the writer's round trip, and a scoped line that fails only under its profiles.

import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct ProfileScopeTests {
    @Test func aScopedExpectationKeepsItsPatterns() throws {
        let script = try parseBody("at 0s launched\nexpect[android*,ios13] callbacks onCreate, onStart\n")
        let line = try #require(script.lines.last)
        #expect(line.command == .expect(.callbacks([.onCreate, .onStart])))
        #expect(line.scope == ProfileScope(patterns: ["android*", "ios13"]))
        #expect(line.scope?.profileNames == ["ios13", "android28", "android34"])
        #expect(line.applies(under: "android34"))
        #expect(!line.applies(under: "ios26"))
        #expect(script.lines.first?.scope == nil)
    }

    @Test func patternsGlobOnProfileNames() {
        #expect(ProfileScope(patterns: ["all"]).profileNames == Profile.all.map(\.name))
        #expect(ProfileScope(patterns: ["ios?"]).profileNames == ["ios4", "ios5"])
        #expect(ProfileScope(patterns: ["*2?"]).profileNames == ["ios26", "android28"])
        #expect(ProfileScope(patterns: ["***4"]).profileNames == ["ios4", "android34"])
        #expect(ProfileScope(patterns: ["ios5"]).profileNames == ["ios5"])
    }

    @Test func aMatrixScriptNamesItsProfilesInTheContractOrder() throws {
        let script = try parseBody("profiles android34, ios5,ios?\nat 0s launched\n")
        #expect(script.isMatrix)
        #expect(script.profileNames == ["ios4", "ios5", "android34"])
        #expect(script.profileName == "ios4")
        let replays = script.replays()
        #expect(replays.map(\.name) == ["test@ios4", "test@ios5", "test@android34"])
        #expect(replays.map(\.profileName) == ["ios4", "ios5", "android34"])
        #expect(replays.allSatisfy { !$0.isMatrix })
        #expect(try parseBody("profiles all\n").profileNames == Profile.all.map(\.name))
    }

    @Test func aScriptOfOneProfileReplaysAsItIsUnlessTheCommandLineSaysOtherwise() throws {
        let script = try parseBody("profile ios26 callStyle=fullScreen\nat 0s launched\n")
        #expect(script.replays() == [script])
        let replays = script.replays(under: ["ios26", "android28"])
        #expect(replays.map(\.name) == ["test@ios26", "test@android28"])
        #expect(replays.map(\.callStyle) == [.fullScreen, nil])  // android28 takes no call style
    }

    /// `targetSdk=` (Contract §5): kept by the Android replays of a script, dropped elsewhere, written back, and
    /// the order of `onSaveInstanceState` and `onStop` follows it.
    @Test func aTargetSdkSettingReachesTheProfileAndTheWriter() throws {
        let script = try parseBody("profile android34 targetSdk=27 callStyle=fullScreen\nat 0s launched\n")
        #expect(script.targetSdk == 27)
        #expect(script.profile?.android == AndroidLevels(api: 34, targetSdk: 27))
        #expect(script.profile?.callStyle == .fullScreen)
        let replays = script.replays(under: ["android28", "ios26"])
        #expect(replays.map(\.targetSdk) == [27, nil])
        #expect(replays.first?.profile?.android == AndroidLevels(api: 28, targetSdk: 27))
        let written = ScriptWriter.render(script)
        #expect(written.contains("profile android34 callStyle=fullScreen targetSdk=27\n"))
        #expect(try ScriptParser.parse(written, file: "t.script").targetSdk == 27)
        let leave = transition(from: Status(.active), on: .homePressed, in: try #require(script.profile))
        guard case .moved(let move) = leave else {
            Issue.record("homePressed should move an active app")
            return
        }
        #expect(move.callbacks == [.onTopResumedActivityChanged, .onPause, .onSaveInstanceState, .onStop])
        #expect(try parseBody("profile android34\nat 0s launched\n").profile == .android34)
    }

    @Test func theWriterWritesScopesAndProfilesBack() throws {
        let text = """
            interlude-script 1
            profiles ios5, android*
            at 0s launched
            expect[android*,ios5] state active
            expect[ios?] callbacks
            expect state active
            """
        let script = try ScriptParser.parse(text, file: "m.script")
        let written = ScriptWriter.render(script)
        #expect(written.contains("profiles ios5, android28, android34\n"))
        #expect(written.contains("expect[android*,ios5] state active\n"))
        #expect(written.contains("expect[ios?] callbacks\n"))
        let again = try ScriptParser.parse(written, file: "m.script")
        #expect(again.profileNames == script.profileNames)
        #expect(again.lines.map(\.command) == script.lines.map(\.command))
        #expect(again.lines.map(\.scope) == script.lines.map(\.scope))
    }

    @Test(arguments: [
        // body line 3 (after `at 0s launched`), the kind, the column, a piece of the message
        ("expect[andriod*] state active", ScriptError.Kind.unknownProfile, 8, "did you mean android*?"),
        ("expect[ios5,ios6] state active", .unknownProfile, 13, "'ios6' matches no profile"),
        ("expect[ios5 state active", .unexpectedToken, 12, "expected ']'"),
        ("expect[] state active", .missingArgument, 8, "expected profiles inside"),
        ("expect[ios5,] state active", .unexpectedToken, 12, "unexpected ','"),
        ("expect[,ios5] state active", .unexpectedToken, 8, "unexpected ','"),
        ("expect[ios-5] state active", .badName, 8, "bad profile pattern 'ios-5'"),
        ("expect[ios5] stat active", .unknownExpectation, 14, "did you mean state?"),
        ("expect[android28] callbacks onPaws", .unknownCallback, 29, "did you mean onPause?"),
    ])
    func aBadScopeIsRefusedAtItsColumn(line: String, kind: ScriptError.Kind, column: Int, message: String) throws {
        let error = try #require(bodyError("at 0s launched\n" + line))
        #expect(error.kind == kind, "\(error)")
        #expect(error.location == SourceLocation(file: "test.script", line: 3, column: column), "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    @Test func badProfilesHeaders() throws {
        let unknown = try #require(bodyError("profiles ios5, andorid34\n"))
        #expect(unknown.kind == .unknownProfile)
        #expect(unknown.location == SourceLocation(file: "test.script", line: 2, column: 16))
        #expect(unknown.message.contains("did you mean android34?"))
        let both = try #require(bodyError("profile ios5\nprofiles all\n"))
        #expect(both.kind == .duplicateHeader)
        #expect(both.location.line == 3)
        let empty = try #require(bodyError("profiles\n"))
        #expect(empty.kind == .missingArgument)
        let late = try #require(bodyError("at 0s launched\nprofiles all\n"))
        #expect(late.kind == .headerAfterTimedLine)
        let scopedBeforeTime = try #require(bodyError("expect[ios5] state active\n"))
        #expect(scopedBeforeTime.kind == .expectBeforeTimedLine)
        let long = try #require(bodyError("at 0s launched\nexpect[" + String(repeating: "*", count: 40) + "] paused"))
        #expect(long.kind == .badName)
    }

    @Test func aScopedExpectationFailsOnlyUnderItsProfiles() throws {
        let script = try ScriptParser.parse(
            """
            interlude-script 1
            profiles ios5, android28
            at 0s launched
            expect[android*] callbacks willFinishLaunching, didFinishLaunching, didBecomeActive
            expect[ios5] callbacks willFinishLaunching, didFinishLaunching, didBecomeActive
            expect state active
            """, file: "scoped.script")
        let results = script.replays().map { ScriptRunner.run($0, game: { Game(seed: $0) }) }
        #expect(results.map(\.scriptName) == ["scoped@ios5", "scoped@android28"])
        #expect(results[0].ok, "\(results[0].failures)")
        #expect(results[0].expectations == 2)
        #expect(!results[1].ok)
        #expect(results[1].expectations == 2)
        #expect(results[1].expectationFailures.map(\.location.line) == [4])
    }

    @Test func aSkippedLineLeavesTheTranscriptAsWithoutIt() throws {
        let body = "profile ios5\nat 0s launched\nexpect state active\nat 1s homePressed\n"
        let scoped =
            "profile ios5\nat 0s launched\nexpect[android*] state background\nexpect state active\n"
            + "at 1s homePressed\n"
        let plain = ScriptRunner.run(try parseBody(body), game: { Game(seed: $0) })
        let skipping = ScriptRunner.run(try parseBody(scoped), game: { Game(seed: $0) })
        // The lines differ by one (the expect's line number): compare without line numbers.
        func unnumbered(_ text: String) -> String {
            text.replacing("\"line\":5", with: "\"line\":4")
        }
        #expect(unnumbered(skipping.transcript) == plain.transcript)
        #expect(skipping.expectations == 1)
    }
}

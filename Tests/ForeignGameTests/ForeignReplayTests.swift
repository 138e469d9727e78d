// ForeignReplayTests: a C game replayed under the life cycle by Replay's ScriptRunner, as `interlude replay --game`
// replays it: a purge and a relaunch restore its session from its own bytes, and the three ways a C game commonly
// gets this wrong are each caught: a pause that does nothing (invariant 8), a restore that drops a field (the
// restore check), a value kept in a static (lost at the relaunch, which loads the library afresh).

import ForeignGame
import Replay
import Runtime
import Testing

extension ForeignGameSuite {
    @Suite struct ForeignReplayTests {
        /// A session, five points of bonus, the home button, a purge in the background, and the app launched again.
        static let purgeScript = """
            interlude-script 1
            profile ios4
            seed 7

            at 0s        launched
            at 1s        start
            at +1s       add 5
            expect game bonus=5
            at +1s       homePressed
            expect state background
            expect paused
            at +10s      purgedByOS
            at +1s       iconTapped
            expect state active
            expect screen counting
            expect paused
            expect game bonus=5
            at +1s       resume
            expect running
            """

        @Test func aPurgeAndARelaunchRestoreTheSession() throws {
            let result = try replay(Self.purgeScript, CLibrary.counter())
            #expect(result.ok, "\(result.failures)")
            #expect(result.transcript.contains(#""name":"add","args":"5""#))
        }

        @Test func theSameScriptGivesTheSameTranscript() throws {
            let path = try CLibrary.counter()
            #expect(try replay(Self.purgeScript, path).transcript == replay(Self.purgeScript, path).transcript)
        }

        @Test func aBrokenPauseBreaksInvariant8() throws {
            let result = try replay(Self.purgeScript, CLibrary.counter("BROKEN_PAUSE"))
            #expect(result.violations.contains { $0.violation.invariant == 8 }, "\(result.failures)")
        }

        @Test func aRestoreThatDropsAFieldIsRefusedByTheRestoreCheck() throws {
            let result = try replay(Self.purgeScript, CLibrary.counter("RESTORE_DROPS_BONUS"))
            #expect(!result.ok)
            #expect(result.transcript.contains("interlude_restore lost part of the save"), "\(result.transcript)")
            #expect(result.failures.contains { $0.contains("expect failed") && $0.contains("screen") })
        }

        @Test func aValueInAStaticIsLostAtTheRelaunch() throws {
            let result = try replay(Self.purgeScript, CLibrary.counter("STATIC_BONUS"))
            #expect(result.failures.count == 1, "\(result.failures)")
            #expect(result.failures.first?.contains("bonus") == true, "\(result.failures)")
        }

        @Test func anActionTheGameRefusesIsRecordedWithItsReason() throws {
            let script = """
                interlude-script 1
                profile ios5
                seed 1

                at 0s launched
                at 1s add 3
                expect screen menu
                """
            let result = try replay(script, CLibrary.counter())
            #expect(result.transcript.contains("add needs a running session"), "\(result.transcript)")
        }

        @Test func aWordTheLibraryDoesNotListIsAScriptError() throws {
            let library = try GameLibrary(path: CLibrary.counter())
            ForeignAction.install(library)
            #expect(throws: ScriptError.self) {
                try ScriptParser.parse(
                    "interlude-script 1\nprofile ios4\nat 0s launched\nat 1s jump\n", file: "t.script",
                    as: ForeignAction.self)
            }
        }

        private func replay(_ text: String, _ path: String) throws -> ReplayResult {
            ForeignAction.install(try GameLibrary(path: path))
            let script = try ScriptParser.parse(text, file: "test.script", as: ForeignAction.self)
            return ScriptRunner.run(script, game: { seed in try! ForeignGame(path: path, seed: seed) })
        }
    }
}

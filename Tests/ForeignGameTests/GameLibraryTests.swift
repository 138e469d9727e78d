// GameLibraryTests: loading a game library checks what the ABI asks (Docs/Contract.md §11): its version, every
// required function, and its action words; each refusal is one line naming the library and the function.

import ForeignGame
import Testing

extension ForeignGameSuite {
    @Suite struct GameLibraryTests {
        @Test func loadsAWellFormedLibraryWithItsWords() throws {
            let library = try GameLibrary(path: try CLibrary.counter())
            #expect(library.actionWords == ["start", "add", "menu"])
            #expect(library.explorationArguments == ["", "2", ""])
            #expect(library.version.major == 1 && library.version.minor == 0)
            #expect(library.name == "libcounter.so")
            #expect(!library.draws)
        }

        @Test func refusesAMissingFunctionByName() throws {
            let error = try refusal(CLibrary.counter("MISSING_STEP"))
            #expect(error.kind == .missingSymbol)
            #expect(error.function == "interlude_step")
            #expect(error.description.hasPrefix("libcounter-MISSING_STEP.so: interlude_step: not exported"))
        }

        @Test func refusesAnotherMajorVersion() throws {
            let error = try refusal(CLibrary.counter("WRONG_VERSION"))
            #expect(error.kind == .wrongVersion)
            #expect(
                error.description
                    == "libcounter-WRONG_VERSION.so: interlude_abi_version: built for ABI 2.0; this host loads 1.0 to 1.0"
            )
        }

        @Test func refusesANewerMinorVersion() throws {
            let error = try refusal(CLibrary.counter("NEWER_MINOR"))
            #expect(error.kind == .wrongVersion)
            #expect(error.message.hasPrefix("built for ABI 1.7"))
        }

        @Test func refusesAWordThatIsNotUTF8() throws {
            let error = try refusal(CLibrary.counter("BAD_WORD"))
            #expect(error.kind == .badActionWords)
            #expect(
                error.description
                    == "libcounter-BAD_WORD.so: interlude_action_name: word 2 is not UTF-8 text of at most 32 bytes")
        }

        @Test func refusesAWordListedTwice() throws {
            let error = try refusal(CLibrary.counter("DUPLICATE_WORD"))
            #expect(error.kind == .badActionWords)
            #expect(
                error.description
                    == "libcounter-DUPLICATE_WORD.so: interlude_action_name: word 2 'start' is listed twice")
        }

        @Test func refusesAFileThatIsNoLibrary() throws {
            let error = try refusal("/nonexistent/libnothing.so")
            #expect(error.kind == .cannotOpen)
            #expect(error.description.hasPrefix("libnothing.so: cannot load: "))
        }

        @Test func eachLaunchHasItsOwnStatics() throws {
            // A relaunch loads the library afresh: a static the save misses starts again from 0 (§11).
            let path = try CLibrary.counter("STATIC_BONUS")
            var first = try ForeignGame(path: path, seed: 1)
            ForeignAction.install(first.library)
            #expect(first.perform(ForeignAction("start"), context: .init(run: 1)) == nil)
            #expect(first.perform(ForeignAction("add", arguments: "5"), context: .init(run: 1)) == nil)
            #expect(first.exportedValues["bonus"] == 5)
            let second = first.relaunched()
            #expect(second.exportedValues["bonus"] == 0)
            #expect(first.exportedValues["bonus"] == 5)
        }

        @Test func aThousandRelaunchesInARowDoNotRunTheLoaderOut() throws {
            // Each launch takes a static TLS block that glibc reclaims only when launches end in the order they began:
            // a relaunch loads when first used, after the old launch is gone (ForeignGame.Instance).
            var game = try ForeignGame(path: CLibrary.counter(), seed: 1)
            for _ in 0..<1000 {
                game = game.relaunched()
                #expect(game.screenName == "menu")
            }
        }

        private func refusal(_ path: String) throws -> GameLibraryError {
            do {
                _ = try GameLibrary(path: path)
            } catch {
                return error
            }
            Issue.record("\(path) loaded")
            throw CancellationError()
        }
    }
}

// The engines' views in scripts and transcripts (CONTRACT §7 `engines`, `expect engine[NAME]`; §8 `engine`): the
// parser's errors at their columns, the writer's round trip, the lines written only when asked, right after the line
// that brought them, and `expect engine[NAME]` checked like `expect callbacks`.

import EngineViews
import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct EngineLineTests {
    @Test func enginesAndEngineExpectationsAreRead() throws {
        let script = try parseBody(
            "profile ios26\nengines godot4, sdl3\nat 0s launched\nat 1s homePressed\n"
                + "expect engine[unity] OnApplicationFocus(false), OnApplicationPause(true)\nexpect engine[sokol]\n")
        #expect(script.engines == [.godot4, .sdl3])
        #expect(
            script.lines.map(\.command).suffix(2) == [
                .expect(.engine(.unity, ["OnApplicationFocus(false)", "OnApplicationPause(true)"])),
                .expect(.engine(.sokol, [])),
            ])
        // The requested engines: the line's and those the expectations name, in the order of `Engine.allCases`.
        #expect(script.requestedEngines() == [.sdl3, .godot4, .unity, .sokol])
        #expect(script.requestedEngines(adding: [.flutter]) == [.sdl3, .godot4, .unity, .sokol, .flutter])
    }

    @Test func theWriterWritesEnginesBack() throws {
        let text = """
            interlude-script 1
            profiles ios26, android34
            engines sdl3,flutter
            at 0s launched
            at 2s homePressed
            expect[android34] engine[flutter] inactive, hidden, paused
            expect engine[sdl3]
            """
        let script = try ScriptParser.parse(text, file: "e.script")
        let written = ScriptWriter.render(script)
        #expect(written.contains("seed 1\nengines sdl3, flutter\n\n"))
        #expect(written.contains("expect[android34] engine[flutter] inactive, hidden, paused\n"))
        #expect(written.contains("expect engine[sdl3]\n"))
        let again = try ScriptParser.parse(written, file: "e.script")
        #expect(again.engines == script.engines)
        #expect(again.lines.map(\.command) == script.lines.map(\.command))
        #expect(again.lines.map(\.scope) == script.lines.map(\.scope))
        #expect(!ScriptWriter.render(try parseBody("at 0s launched\n")).contains("engines"))
    }

    @Test(arguments: [
        // the body, the kind, the line and column, a piece of the message
        ("engines sdl4\n", ScriptError.Kind.unknownEngine, 2, 9, "did you mean sdl2?"),
        ("engines sdl3, sdl3\n", .unexpectedToken, 2, 15, "listed twice"),
        ("engines\n", .missingArgument, 2, 8, "expected engines after engines"),
        ("engines sdl3,\n", .unexpectedToken, 2, 13, "unexpected ','"),
        ("engines sdl3\nengines unity\n", .duplicateHeader, 3, 1, "already set"),
        ("at 0s launched\nengines sdl3\n", .headerAfterTimedLine, 3, 1, "before the first timed line"),
        ("at 0s launched\nexpect engine[godot] \n", .unknownEngine, 3, 15, "did you mean godot"),
        ("at 0s launched\nexpect engine[] \n", .missingArgument, 3, 15, "expected an engine inside"),
        ("at 0s launched\nexpect engine[sdl3\n", .unexpectedToken, 3, 19, "expected ']'"),
        ("at 0s launched\nexpect engine sdl3\n", .missingArgument, 3, 14, "engine in brackets"),
        (
            "at 0s launched\nexpect engine[sdl3] SDL_EVENT_WILL_ENTER_BACKGROUND, SDL_APP_LOWMEMORY\n",
            .unknownEngineEvent, 3, 54, "unknown sdl3 event 'SDL_APP_LOWMEMORY'"
        ),
        ("at 0s launched\nexpect engine[flutter] paused,, resumed\n", .unexpectedToken, 3, 31, "unexpected ','"),
        ("at 0s launched\nexpect engine[unity] OnApplicationPause(ture)\n", .unknownEngineEvent, 3, 22, "did you mean"),
        ("expect engine[sdl3]\n", .expectBeforeTimedLine, 2, 1, "needs a timed line"),
        ("enginez sdl3\n", .unknownKeyword, 2, 1, "did you mean engines?"),
    ])
    func aMistakeIsRefusedAtItsColumn(body: String, kind: ScriptError.Kind, line: Int, column: Int, message: String)
        throws
    {
        let error = try #require(bodyError(body))
        #expect(error.kind == kind, "\(error)")
        #expect(error.location == SourceLocation(file: "test.script", line: line, column: column), "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    /// Without an engine asked for, no `engine` line: a script replays as before (the bundled transcripts are
    /// compared byte for byte by GoldenTranscriptTests).
    @Test func noEngineLineUnlessAsked() throws {
        let body = "profile android34\nat 0s launched\nat 1s homePressed\nat 2s iconTapped\n"
        let plain = ScriptRunner.run(try parseBody(body), game: { Game(seed: $0) })
        #expect(!plain.transcript.contains("\"type\":\"engine\""))
        let asked = ScriptRunner.run(try parseBody("engines sdl3\n" + body), game: { Game(seed: $0) })
        let engineLines = asked.transcript.split(separator: "\n").filter { $0.contains("\"type\":\"engine\"") }
        #expect(!engineLines.isEmpty)
        // Taking the engine lines out gives the plain transcript back.
        let others = asked.transcript.split(separator: "\n").filter { !$0.contains("\"type\":\"engine\"") }
        #expect(others.joined(separator: "\n") + "\n" == plain.transcript)
        // The command line's (or the game's) engines are asked for too.
        let added = ScriptRunner.run(try parseBody(body), engines: [.sdl3], game: { Game(seed: $0) })
        #expect(added.transcript == asked.transcript)
    }

    /// The engine's lines come right after the callback or window line that brought them, with its time; none while
    /// the process starts (the launch's lines are the engine's start-up).
    @Test func engineLinesFollowWhatBroughtThem() throws {
        let script = try parseBody("profile android34\nengines sdl3, unity\nat 0s launched\nat 1s homePressed\n")
        let lines = ScriptRunner.run(script, game: { Game(seed: $0) }).transcript.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.contains("\"type\":\"engine\"") })
        #expect(lines[..<first].contains { $0.contains("\"name\":\"homePressed\"") })
        #expect(lines[first - 1] == #"{"t":1000,"type":"callback","name":"onPause"}"#)
        #expect(lines[first] == #"{"t":1000,"type":"engine","engine":"unity","event":"OnApplicationPause(true)"}"#)
        let stop = try #require(lines.firstIndex(of: #"{"t":1000,"type":"callback","name":"onStop"}"#))
        #expect(
            lines[(stop + 1)...(stop + 4)].map(String.init) == [
                #"{"t":1000,"type":"engine","engine":"sdl3","event":"SDL_EVENT_WINDOW_MINIMIZED"}"#,
                #"{"t":1000,"type":"engine","engine":"sdl3","event":"SDL_EVENT_WINDOW_FOCUS_LOST"}"#,
                #"{"t":1000,"type":"engine","engine":"sdl3","event":"SDL_EVENT_WILL_ENTER_BACKGROUND"}"#,
                #"{"t":1000,"type":"engine","engine":"sdl3","event":"SDL_EVENT_DID_ENTER_BACKGROUND"}"#,
            ])
        let focus = try #require(lines[first...].firstIndex { $0.contains("onWindowFocusChanged") })
        #expect(lines[focus + 1] == #"{"t":1000,"type":"engine","engine":"unity","event":"OnApplicationFocus(false)"}"#)
    }

    /// `expect engine[NAME]` compares the last event's events exactly, in order, as `expect callbacks` does; a failure
    /// says what was found.
    @Test func anEngineExpectationHoldsOrSaysWhatWasFound() throws {
        let script = try parseBody(
            """
            profile ios26
            at 0s launched
            expect engine[godot4]
            at 1s homePressed
            expect engine[godot4] WINDOW_EVENT_FOCUS_OUT, NOTIFICATION_APPLICATION_FOCUS_OUT, NOTIFICATION_APPLICATION_PAUSED
            expect engine[godot4] NOTIFICATION_APPLICATION_PAUSED
            at 2s smsArrived
            expect engine[godot4]
            """)
        let result = ScriptRunner.run(script, game: { Game(seed: $0) })
        #expect(result.expectations == 4)
        let failure = try #require(result.expectationFailures.first)
        #expect(result.expectationFailures.count == 1)
        #expect(failure.location.line == 7)
        #expect(
            failure.found
                == "engine[godot4] WINDOW_EVENT_FOCUS_OUT, NOTIFICATION_APPLICATION_FOCUS_OUT, NOTIFICATION_APPLICATION_PAUSED"
        )
        #expect(
            result.transcript.contains(
                "\"detail\":\"godot4 events were [WINDOW_EVENT_FOCUS_OUT, NOTIFICATION_APPLICATION_FOCUS_OUT, "
                    + "NOTIFICATION_APPLICATION_PAUSED], expected [NOTIFICATION_APPLICATION_PAUSED]\""))
    }

    /// The reader reads `engine` lines back, and the timeline keeps them with their moment.
    @Test func transcriptReaderAndTimelineKeepEngineLines() throws {
        let script = try parseBody("profile ios5\nengines sokol\nat 0s launched\nat 1s homePressed\n")
        let text = ScriptRunner.run(script, game: { Game(seed: $0) }).transcript
        let lines = try TranscriptReader.read(text, file: "t.transcript.jsonl")
        #expect(lines.contains { $0.entry == .engine(engine: "sokol", event: "SAPP_EVENTTYPE_SUSPENDED") })
        let timeline = Timeline(title: "t", lines: lines)
        let home = try #require(timeline.moments.first { $0.inputs.first == .event(.homePressed) })
        #expect(home.engineEvents == [Timeline.EngineEvent(engine: "sokol", event: "SAPP_EVENTTYPE_SUSPENDED")])
    }
}

// Timelines: reading transcripts back, grouping them into moments, and drawing them as Mermaid and SVG safely.

import Foundation
import FoundationXML
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct TimelineTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden/no-render")
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Interruptions")

    static func goldenText(_ name: String) throws -> String {
        try String(contentsOf: golden.appendingPathComponent("\(name).transcript.jsonl"), encoding: .utf8)
    }

    /// Every committed transcript reads back into lines that write out to the same bytes.
    @Test func everyCommittedTranscriptReadsBackToTheSameBytes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.golden.path).filter {
            $0.hasSuffix(".transcript.jsonl")
        }
        #expect(names.count >= 17)
        for name in names {
            let text = try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
            let lines = try TranscriptReader.read(text, file: name)
            #expect(lines.map(\.json).joined(separator: "\n") + "\n" == text, "\(name)")
        }
    }

    @Test func escapesAndSurrogatesDecode() throws {
        let line = #"{"t":5,"type":"rejected","name":"a\"b\\c\u00e9\ud83d\ude00\n","state":"active","why":"x\/y"}"#
        let read = try TranscriptReader.read(line, file: "t")
        #expect(
            read == [TranscriptLine(time: 5_000_000, entry: .rejected(name: "a\"b\\cé😀\n", state: .active, why: "x/y"))]
        )
    }

    @Test(arguments: [
        ("{\"t\":1,\"type\":\"event\"", 1, 22, "expected '}'"),
        ("{\"t\":1,\"type\":\"nope\"}", 1, 1, "unknown line type 'nope'"),
        ("{\"t\":1,\"type\":\"ignored\",\"name\":\"x\",\"state\":\"asleep\"}", 1, 1, "'asleep' is not a state"),
        ("{\"t\":1,\"t\":2,\"type\":\"end\"}", 1, 8, "the key 't' appears twice"),
        ("{\"t\":-1,\"type\":\"event\",\"name\":\"x\"}", 1, 1, "`t` must be a whole number"),
        ("{\"t\":99999999999999999999}", 1, 6, "a number out of range"),
        ("{\"t\":1.5,\"type\":\"event\"}", 1, 7, "expected a whole number"),
        ("\n{\"t\":1,\"type\":\"event\",\"name\":\"\\ud800\"}", 2, 37, "a high surrogate without its low half"),
        ("{\"t\":1,\"type\":\"work\",\"name\":\"dance\"}", 1, 1, "'dance' is not a work item"),
    ])
    func badLinesAreErrorsWithTheirPlace(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try TranscriptReader.read(text, file: "x.jsonl")
            Issue.record("read \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("x.jsonl:\(line):\(column): error: "))
        }
    }

    /// The home script: one moment per event or action, the launch's interleaved steps in order, the home press
    /// through inactive into background with its callbacks, work and expectations quoted from the script.
    @Test func momentsGroupTheHomeScriptAsTheSpecificationDrawsIt() throws {
        let source = ScriptParser.lines(
            of: try String(
                contentsOf: Self.scripts.appendingPathComponent("home-single-player.script"), encoding: .utf8))
        let timeline = Timeline(
            title: "home", lines: try TranscriptReader.read(try Self.goldenText("home-single-player"), file: "h"),
            source: source)
        #expect(
            timeline.moments.map(\.time)
                == [0, 500, 1000, 2000, 3000, 5000, 5016, 5100, 35100, 37100, 40100].map { $0 * 1_000_000 })
        let launch = timeline.moments[0]
        #expect(launch.inputs == [.event(.launched)])
        #expect(launch.steps.count == 5)
        #expect(launch.steps.first == .change(.init(from: .notRunning, to: .launching, reason: nil)))
        #expect(launch.steps[1] == .callback(.willFinishLaunching))
        #expect(timeline.moments[1].inputs == [.action(name: "play", args: "singlePlayer level=1")])
        let home = timeline.moments[5]
        #expect(home.changes.map(\.to) == [.inactive, .background])
        #expect(home.callbacks == [.willResignActive, .didEnterBackground])
        #expect(home.work.first?.work == .pauseGame && home.work.first?.detail == "paused")
        #expect(home.state == .background)
        guard case .expect(13, let text?, true, nil) = home.checks.first else {
            Issue.record("\(home.checks)")
            return
        }
        #expect(text == "expect state background")
        #expect(home.checks.contains(.frame(name: "home-screen", file: nil, hash: "0bd8670f4d76cb29")))
        #expect(timeline.moments[7].inputs == [.event(.memoryWarned), .ignored(name: "memoryWarned")])
        #expect(timeline.moments[7].state == .suspended)
        let failing = timeline.moments.filter(\.hasFailure)
        #expect(failing.isEmpty)
        #expect(
            timeline.moments.last?.checks.last == .end(state: .active, simulationHash: "1c5e6d4bab3c1c65", ok: true))
    }

    @Test func mermaidIsASequenceDiagramInTranscriptOrder() throws {
        let timeline = Timeline(
            title: "home", lines: try TranscriptReader.read(try Self.goldenText("home-single-player"), file: "h"))
        let text = timeline.mermaid(origin: "home.transcript.jsonl")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("sequenceDiagram"))
        let launch = [
            "    Note over App: notRunning → launching", "    App->>Game: willFinishLaunching",
            "    App->>Game: didFinishLaunching", "    Note over App: launching → active",
            "    App->>Game: didBecomeActive",
        ]
        let start = try #require(lines.firstIndex(of: launch[0]))
        #expect(Array(lines[start..<start + 5]) == launch)
        #expect(lines.contains("    Note left of OS: 35.1 s"))
        #expect(lines.contains("    OS->>App: player: play singlePlayer level=1"))
        #expect(lines.contains("    Note over App: inactive → background"))
        #expect(lines.contains("    App->>Runtime: invalidateTimers: 3 invalidated"))
    }

    /// What a script or a transcript says cannot break out of a Mermaid line or an SVG text.
    @Test func hostileTextIsEscapedInMermaidAndSVG() throws {
        let hostile = "x\n    Note over OS: injected; #1 <script>alert('a')</script> & \u{1} %%{init}%%"
        let lines = [
            TranscriptLine(time: 0, entry: .event(name: hostile, args: hostile)),
            TranscriptLine(time: 0, entry: .rejected(name: hostile, state: .notRunning, why: hostile)),
            TranscriptLine(time: 0, entry: .frame(name: hostile, file: hostile, hash: hostile)),
            TranscriptLine(time: 0, entry: .violation(invariant: 4, detail: hostile)),
            TranscriptLine(time: 0, entry: .expect(line: 1, ok: false, detail: hostile)),
        ]
        let timeline = Timeline(title: hostile, lines: lines, source: [hostile])
        let mermaid = timeline.mermaid(origin: hostile)
        #expect(!mermaid.contains("injected;"))
        #expect(!mermaid.contains("<script"))
        #expect(!mermaid.contains("%%{"))
        // One line for each thing drawn, whatever the text held.
        #expect(mermaid.split(separator: "\n").count == 9 + 1 + 2 + 3)
        let svg = timeline.svg()
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;"))
        #expect(!svg.contains("\u{1}"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "the SVG is well-formed XML: \(String(describing: parser.parserError))")
        #expect(timeline.moments[0].hasFailure)
        #expect(svg.contains("fill=\"#fee2e2\""), "a row with a failure is tinted")
    }

    @Test func aLongRunIsCutWithANote() {
        let lines = (0..<1000).map {
            TranscriptLine(time: Int64($0) * 1_000_000, entry: .event(name: "fire", args: nil))
        }
        let timeline = Timeline(title: "long", lines: lines, limit: 100)
        #expect(timeline.moments.count == 100)
        #expect(timeline.omittedMoments == 900)
        #expect(timeline.mermaid(origin: "x").contains("900 more moments, not drawn"))
        #expect(timeline.svg().contains("900 more moments, not drawn"))
    }

    @Test func timesReadAsPeopleSayThem() {
        #expect(Timeline.timeText(0) == "0 s")
        #expect(Timeline.timeText(3_700_000_000) == "3.7 s")
        #expect(Timeline.timeText(5_016_000_000) == "5.016 s")
        #expect(Timeline.timeText(65_250_000_000) == "1 min 5.25 s")
    }
}

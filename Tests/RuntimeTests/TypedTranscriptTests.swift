// The transcript as typed entries (issue 13): the runtime writes values, one encoder makes the JSON Lines of
// CONTRACT §8, and tests match values instead of substrings.

import InterludeTesting
import Lifecycle
import Runtime
import Testing

@Suite("Typed transcript: values in, the contract's JSON out")
struct TypedTranscriptTests {
    @Test("each kind of entry encodes to its CONTRACT §8 line, fields in order, optional ones left out")
    func encoding() {
        let cases: [(TranscriptEntry, String)] = [
            (.event(name: "smsArrived", args: nil), #"{"t":1500,"type":"event","name":"smsArrived"}"#),
            (
                .event(name: "input", args: "forward 500ms"),
                #"{"t":1500,"type":"event","name":"input","args":"forward 500ms"}"#
            ),
            (
                .rejected(name: "unlocked", state: .active, why: "not \"locked\""),
                #"{"t":1500,"type":"rejected","name":"unlocked","state":"active","why":"not \"locked\""}"#
            ),
            (
                .ignored(name: "smsArrived", state: .suspended),
                #"{"t":1500,"type":"ignored","name":"smsArrived","state":"suspended"}"#
            ),
            (
                .transition(from: .active, to: .inactive, reason: .alert),
                #"{"t":1500,"type":"transition","from":"active","to":"inactive","reason":"alert"}"#
            ),
            (
                .transition(from: .inactive, to: .active, reason: nil),
                #"{"t":1500,"type":"transition","from":"inactive","to":"active"}"#
            ),
            (.callback(.willResignActive), #"{"t":1500,"type":"callback","name":"willResignActive"}"#),
            (
                .engine(engine: "sdl3", event: "SDL_EVENT_LOW_MEMORY"),
                #"{"t":1500,"type":"engine","engine":"sdl3","event":"SDL_EVENT_LOW_MEMORY"}"#
            ),
            (.work(.pauseGame, detail: "paused"), #"{"t":1500,"type":"work","name":"pauseGame","detail":"paused"}"#),
            (.work(.stopFrameLoop, detail: nil), #"{"t":1500,"type":"work","name":"stopFrameLoop"}"#),
            (
                .expect(line: 7, ok: false, detail: "a\nb"),
                #"{"t":1500,"type":"expect","line":7,"ok":false,"detail":"a\nb"}"#
            ),
            (
                .frame(name: "x", file: nil, hash: "00ff"),
                #"{"t":1500,"type":"frame","name":"x","file":null,"hash":"00ff"}"#
            ),
            (.violation(invariant: 3, detail: "d"), #"{"t":1500,"type":"violation","invariant":3,"detail":"d"}"#),
            (
                .end(state: .active, simulationHash: "ab", ok: true),
                #"{"t":1500,"type":"end","state":"active","simulationHash":"ab","ok":true}"#
            ),
        ]
        for (entry, json) in cases {
            #expect(TranscriptLine(time: 1_500_999_999, entry: entry).json == json)
        }
    }

    @Test("an SMS on ios4 is matched as values: the event, the transition with its reason, the callback, the work")
    func matchedAsValues() {
        let runtime = launchedRuntime(.ios4)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        let before = runtime.transcript.entries.count
        runtime.inject(.smsArrived, at: ms(1000))
        let entries = runtime.transcript.entries.dropFirst(before).map(\.entry)
        #expect(entries.first == .event(name: "smsArrived", args: nil))
        #expect(entries.contains(.transition(from: .active, to: .inactive, reason: .alert)))
        #expect(entries.contains(.callback(.willResignActive)))
        #expect(entries.contains(.work(.pauseGame, detail: "paused")))
        #expect(runtime.transcript.entries.allSatisfy { $0.time <= ms(1000) })
        #expect(runtime.transcript.lines.count == runtime.transcript.entries.count)
    }
}

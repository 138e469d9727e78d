import Foundation
import MatchServer
import MatchWire
import Services
import XCTest

/// Malformed and hostile messages from raw WebSocket clients: each is refused (an `error` with its code, or the
/// WebSocket layer's close for frames it cannot take) and its connection closed, while two real players in a match
/// go on being served.
final class HostileInputTests: XCTestCase {
    struct Case {
        let name: String
        let frames: [RawClient.Frame]
        /// The `error` code expected; nil: the WebSocket layer closes the connection before the protocol reads it.
        let code: MatchErrorCode?
        var wait = 3.0
    }

    static let hello = RawClient.Frame.text(
        MatchClientMessage.hello(version: MatchProtocol.version, name: "mallory").json)
    static let join = RawClient.Frame.text(MatchClientMessage.join(level: 1, room: "").json)

    static func send(_ fields: String) -> RawClient.Frame { .text(#"{"type":"send",\#(fields)}"#) }

    static let cases: [Case] = [
        Case(name: "a newer protocol version", frames: [.text(#"{"type":"hello","v":3,"name":"x"}"#)], code: .version),
        Case(
            name: "version 1 (the shooter's poses)", frames: [.text(#"{"type":"hello","v":1,"name":"x"}"#)],
            code: .version),
        Case(name: "version 0", frames: [.text(#"{"type":"hello","v":0,"name":"x"}"#)], code: .malformed),
        Case(name: "the version as text", frames: [.text(#"{"type":"hello","v":"1","name":"x"}"#)], code: .malformed),
        Case(name: "garbage", frames: [.text("\u{1}\u{2}garbage\u{7f}")], code: .malformed),
        Case(name: "a JSON array", frames: [.text("[1,2,3]")], code: .malformed),
        Case(name: "an empty message", frames: [.text("")], code: .malformed),
        Case(name: "an unknown type", frames: [.text(#"{"type":"teleport","x":1}"#)], code: .malformed),
        Case(name: "no type", frames: [.text(#"{"v":1,"name":"x"}"#)], code: .malformed),
        Case(name: "a binary frame", frames: [.binary([0, 1, 2, 3])], code: .binary),
        Case(
            name: "a name of 1 MB",
            frames: [
                .text(
                    MatchClientMessage.hello(
                        version: MatchProtocol.version, name: String(repeating: "n", count: 1 << 20)
                    ).json)
            ],
            code: nil),
        Case(name: "a 20 KB frame", frames: [.text(String(repeating: "x", count: 20_000))], code: nil),
        Case(
            name: "a 5 KB message",
            frames: [.text(#"{"type":"ping","pad":""# + String(repeating: "p", count: 5000) + #""}"#)], code: .tooLarge),
        Case(name: "an empty name", frames: [.text(#"{"type":"hello","v":2,"name":"  "}"#)], code: .name),
        Case(
            name: "a control character in the name", frames: [.text(#"{"type":"hello","v":2,"name":"a\u0007b"}"#)],
            code: .name),
        Case(
            name: "a 33-byte name",
            frames: [
                .text(
                    MatchClientMessage.hello(version: MatchProtocol.version, name: String(repeating: "é", count: 17))
                        .json)
            ],
            code: .name),
        Case(name: "join before hello", frames: [join], code: .order),
        Case(name: "send before join", frames: [hello, send(#""tick":1,"data":"state 0 0 0 1""#)], code: .order),
        Case(
            name: "a version 1 state after join",
            frames: [hello, join, .text(#"{"type":"state","tick":1,"x":0,"y":0,"angle":0,"health":1}"#)],
            code: .malformed),
        Case(name: "a second hello", frames: [hello, hello], code: .order),
        Case(name: "level 0", frames: [hello, .text(#"{"type":"join","level":0}"#)], code: .malformed),
        Case(name: "level 1000000", frames: [hello, .text(#"{"type":"join","level":1000000}"#)], code: .malformed),
        Case(
            name: "a room of 100 bytes",
            frames: [
                hello, .text(#"{"type":"join","level":1,"room":""# + String(repeating: "r", count: 100) + #""}"#),
            ],
            code: .malformed),
        Case(
            name: "data of 513 bytes",
            frames: [hello, join, send(#""tick":1,"data":""# + String(repeating: "d", count: 513) + #"""#)],
            code: .malformed),
        Case(name: "empty data", frames: [hello, join, send(#""tick":1,"data":"""#)], code: .malformed),
        Case(name: "a newline in the data", frames: [hello, join, send(#""tick":1,"data":"a\nb""#)], code: .malformed),
        Case(name: "data as a number", frames: [hello, join, send(#""tick":1,"data":7"#)], code: .malformed),
        Case(name: "a negative tick", frames: [hello, join, send(#""tick":-5,"data":"x""#)], code: .malformed),
        Case(name: "a tick of 1e30", frames: [hello, join, send(#""tick":1e30,"data":"x""#)], code: .malformed),
        Case(name: "a missing field", frames: [hello, join, send(#""tick":1"#)], code: .malformed),
        Case(
            name: "1,000 joins from one client",
            frames: [hello] + (0..<1000).map { .text(MatchClientMessage.join(level: 500 + $0 % 2, room: "").json) },
            code: .limit),
        Case(
            name: "1,000 pings at once", frames: [hello] + Array(repeating: .text(#"{"type":"ping"}"#), count: 1000),
            code: .rate),
        Case(name: "a text frame that is not UTF-8", frames: [.badUTF8([0x7b, 0xff, 0xfe, 0x7d])], code: .malformed),
        Case(name: "JSON nested 2,000 deep", frames: [.text(String(repeating: "[", count: 2000))], code: .malformed),
        Case(name: "silence after connecting", frames: [], code: .timeout, wait: 4),
    ]

    func testHostileInputsAreRefusedWhileOthersPlay() throws {
        var policy = MatchPolicy()
        policy.idleTimeout = 1.5
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let alice = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        let bob = try MatchConnection.connect(url: server.url, name: "bob", level: 1)
        XCTAssertGreaterThanOrEqual(Self.cases.count, 20)
        for (index, hostile) in Self.cases.enumerated() {
            let answers = RawClient(url: server.url).exchange(hostile.frames, thenWait: hostile.wait)
            XCTAssertTrue(answers.serverClosed, "\(hostile.name): the server must close the connection (\(answers))")
            XCTAssertFalse(
                answers.texts.contains {
                    $0.contains("\"type\":\"welcome\"") && hostile.frames.count <= 1 && hostile.code != .timeout
                },
                "\(hostile.name): \(answers)")
            if let code = hostile.code {
                XCTAssertEqual(answers.errorCode, code.rawValue, "\(hostile.name): \(answers)")
            } else {
                XCTAssertNil(answers.errorCode, "\(hostile.name): \(answers)")
            }
            // Meanwhile the two players are served: a message from alice reaches bob.
            XCTAssertTrue(alice.send(.send(tick: Int64(index), data: "state 1 2 3 100")))
            XCTAssertNotNil(
                expectEvent(bob) {
                    $0 == .message(.message(id: alice.playerID, tick: Int64(index), data: "state 1 2 3 100"))
                }, "after \(hostile.name)")
        }
        XCTAssertTrue(alice.isConnected && bob.isConnected)
        XCTAssertEqual(server.hub.players(level: 1), ["alice", "bob"])
        var open = server.hub.connectionCount
        for _ in 0..<20 where open != 2 {
            Thread.sleep(forTimeInterval: 0.05)
            open = server.hub.connectionCount
        }
        XCTAssertEqual(open, 2, "every hostile connection is gone")
        alice.close()
        bob.close()
    }

    /// Decoding never traps: every prefix of a valid message, and every byte flipped, is a value or a coded error.
    func testDecoderRefusesEveryTruncationAndFlip() {
        let valid = MatchClientMessage.send(tick: 42, data: "state 1.25 -3 0.5 80").json
        let bytes = Array(valid.utf8)
        var refused = 0
        for length in 0..<bytes.count {
            if (try? MatchClientMessage(json: String(decoding: bytes[..<length], as: UTF8.self))) == nil {
                refused += 1
            }
        }
        XCTAssertEqual(refused, bytes.count, "every truncation is refused")
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x55
            _ = try? MatchClientMessage(json: String(decoding: flipped, as: UTF8.self))
            _ = try? MatchServerMessage(json: String(decoding: flipped, as: UTF8.self))
        }
        XCTAssertEqual(try MatchClientMessage(json: valid), .send(tick: 42, data: "state 1.25 -3 0.5 80"))
    }

    /// Every message survives its own encoding.
    func testRoundTrip() throws {
        for message: MatchClientMessage in [
            .hello(version: 2, name: "zoë"), .join(level: 3, room: ""), .join(level: 4, room: "blue"),
            .send(tick: 9, data: "shot -7.5 3.25 -1 \"quoted\" é"), .leave, .ping,
        ] {
            XCTAssertEqual(try MatchClientMessage(json: message.json), message)
        }
        var server: [MatchServerMessage] = [
            .welcome(version: 2, id: 4), .joined(id: 2, name: "a"), .message(id: 3, tick: 1, data: "opaque {json}"),
        ]
        server += MatchLeftReason.allCases.map { .left(id: 1, name: "b", reason: $0) }
        server += MatchErrorCode.allCases.map { .error(code: $0, message: "why") }
        for message in server { XCTAssertEqual(try MatchServerMessage(json: message.json), message) }
        // A client refuses a server of another version.
        for version in [1, 3] {
            XCTAssertThrowsError(try MatchServerMessage(json: #"{"type":"welcome","v":\#(version),"id":1}"#)) {
                XCTAssertEqual(($0 as? MatchWireError)?.code, .version)
            }
        }
    }
}

// The match wire is strict (Assets/match-protocol.md, "Transport" and "Error codes"): RFC 8259 JSON and nothing
// looser, checked by the leaderboard's own checker (module StrictJSON) before decoding, with errors naming what was
// wrong; text that is not UTF-8 closed with 1007; and the mask rule of RFC 6455 §5.1 kept on every byte after the
// upgrade request, whether a frame comes in the same write as the request or split anywhere across its end. Before:
// a key twice (the first won), trailing commas, 2.0, 2e0 and 7.0 as integers and a byte-order mark were taken; bad
// UTF-8 was closed with 1000 and an internal type's name; an unmasked frame pipelined with the request was taken, a
// masked one split across it got a false 1002, and a crafted split blinded the check for the rest of the connection.

import Foundation
import MatchServer
import MatchWire
import Services
import TestSupport
import XCTest

final class StrictWireTests: XCTestCase {
    /// Each loose text is refused `malformed` with a sentence that says what was wrong.
    func testLooseJSONIsRefusedWithWhatWasWrong() {
        for (json, why) in [
            (#"{"type":"hello","v":2,"name":"ann","name":"bob"}"#, #"duplicate key "name""#),
            (#"{"type":"ping",}"#, "a trailing comma"),
            (#"{"type":"join","level":7.0}"#, "'level' must be an integer, not 7.0"),
            (#"{"type":"hello","v":2.0,"name":"ann"}"#, "'v' must be an integer, not 2.0"),
            (#"{"type":"hello","v":2e0,"name":"ann"}"#, "'v' must be an integer, not 2e0"),
            (#"{"type":"send","tick":1.5,"data":"x"}"#, "'tick' must be an integer, not 1.5"),
            ("\u{FEFF}{\"type\":\"ping\"}", "byte-order mark"),
            (#"{"type":"join","level":01}"#, "leading zero"),
            (#"[1,2,3]"#, "not a JSON object"),
            (#"{"type":"ping"} {}"#, "bytes after the value"),
        ] {
            XCTAssertThrowsError(try MatchClientMessage(json: json), json) {
                let error = $0 as? MatchWireError
                XCTAssertEqual(error?.code, .malformed, json)
                XCTAssertTrue(error?.message.contains(why) ?? false, "\(json): \(error?.message ?? "-")")
            }
        }
        // What is strict still reads, unknown fields included.
        XCTAssertEqual(
            try MatchClientMessage(json: #" {"type":"join","level":7,"extra":[true,null,"x"]} "#),
            .join(level: 7, room: ""))
    }

    /// A connection that sends looser JSON is answered `malformed` with the reason, and closed.
    func testLooseJSONOverTheWireIsRefusedAndClosed() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        for (json, why) in [
            (#"{"type":"hello","v":2,"name":"ann","name":"bob"}"#, "duplicate key"),
            (#"{"type":"hello","v":2,"name":"ann",}"#, "trailing comma"),
            (#"{"type":"hello","v":2.0,"name":"ann"}"#, "must be an integer, not 2.0"),
        ] {
            let answers = RawClient(url: server.url).exchange([.text(json)], thenWait: 3)
            XCTAssertTrue(answers.serverClosed, "\(json): \(answers)")
            XCTAssertEqual(answers.errorCode, MatchErrorCode.malformed.rawValue, "\(json): \(answers)")
            XCTAssertTrue(answers.texts.contains { $0.contains(why) }, "\(json): \(answers)")
            XCTAssertFalse(answers.texts.contains { $0.contains("welcome") }, "\(json) was taken: \(answers)")
        }
    }

    /// Text that is not UTF-8 is answered `malformed` naming that, and closed with 1007; no error text names one of
    /// the server's types.
    func testTextThatIsNotUTF8IsClosedWith1007() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        for (index, bytes) in [[0x7B, 0xFF, 0xFE, 0x7D], [0x7B, 0x22, 0xC3, 0x22, 0x7D], [0xED, 0xA0, 0x80]]
            .enumerated()
        {
            let connection = try XCTUnwrap(RawConnection(port: server.port, from: "127.3.1.\(index + 1)"))
            connection.send(bytes: WireBytes.upgrade + WireBytes.hello("ann") + WireBytes.frame(bytes.map(UInt8.init)))
            let answer = connection.receive(within: 5)
            let texts = WireBytes.texts(answer)
            XCTAssertEqual(WireBytes.closeCode(answer), 1007, "\(bytes): \(texts)")
            let error = texts.first { $0.contains(#""type":"error""#) } ?? "-"
            XCTAssertTrue(error.contains(#""code":"malformed""#) && error.contains("not UTF-8"), error)
            for inner in ["InternalError", "dataInconsistent", "DecodingError", "close(", "Swift.", "NIO"] {
                XCTAssertFalse(error.contains(inner), "the error names an internal type: \(error)")
            }
        }
    }

    /// An unmasked frame in the same write as the upgrade request is refused with 1002 and never read.
    func testAnUnmaskedFramePipelinedWithTheUpgradeClosesWith1002() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let connection = try XCTUnwrap(RawConnection(port: server.port, from: "127.3.2.1"))
        let hello = Array(#"{"type":"hello","v":2,"name":"ann"}"#.utf8)
        connection.send(bytes: WireBytes.upgrade + WireBytes.frame(hello, key: nil))
        let answer = connection.receive(within: 5)
        XCTAssertEqual(WireBytes.closeCode(answer), 1002, "\(WireBytes.texts(answer))")
        XCTAssertFalse(WireBytes.texts(answer).contains { $0.contains("welcome") }, "the unmasked hello was read")
    }

    /// A masked frame split at every byte from the end of the upgrade request through the frame is taken: the
    /// `hello` is answered `welcome`, never 1002.
    func testAMaskedFrameSplitAnywhereAcrossTheUpgradeIsTaken() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        let whole = WireBytes.upgrade + WireBytes.hello("ann")
        for cut in (WireBytes.upgrade.count - 3)..<whole.count {
            let connection = try XCTUnwrap(RawConnection(port: server.port, from: "127.3.3.1"))
            connection.send(bytes: Array(whole[..<cut]))
            Thread.sleep(forTimeInterval: 0.01)  // two reads on the server's side
            connection.send(bytes: Array(whole[cut...]))
            let answer = connection.receive(within: 5) { WireBytes.texts($0).contains { $0.contains("welcome") } }
            XCTAssertTrue(WireBytes.texts(answer).contains { $0.contains("welcome") }, "cut at byte \(cut)")
            XCTAssertNil(WireBytes.closeCode(answer), "cut at byte \(cut): a masked frame was refused")
        }
    }

    /// A client whose masked hello and join are followed by an unmasked `send`, the writes split at every byte from
    /// the end of the upgrade request to the end of the `send`, is closed with 1002 each time, and its unmasked
    /// message never reaches the player in its match; the same message masked does.
    func testAnUnmaskedSendIsNeverRelayedWhereverTheWritesSplit() throws {
        var policy = MatchPolicy()
        policy.idleTimeout = 30
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let watcher = try MatchConnection.connect(url: server.url, name: "watcher", level: 1)
        defer { watcher.close() }
        let join = WireBytes.text(#"{"type":"join","level":1}"#)
        let send = #"{"type":"send","tick":1,"data":"evil"}"#
        let masked = try XCTUnwrap(RawConnection(port: server.port, from: "127.3.4.1"))
        masked.send(bytes: WireBytes.upgrade + WireBytes.hello("good") + join + WireBytes.text(send))
        XCTAssertNotNil(
            expectEvent(watcher) { if case .message(.message(_, 1, "evil")) = $0 { true } else { false } },
            "a masked send is relayed (the check below can see a relay)")
        masked.send(bytes: WireBytes.frame([0x03, 0xE8], opcode: 0x8))
        // Each cut a name and an address of its own: the server may still be dropping the last cut's player when the
        // next one joins (a name taken in the match, or the address's limit, would close it with 1000 first).
        let prefix = WireBytes.upgrade.count - 3
        let length = (WireBytes.upgrade + WireBytes.hello("mallory0000") + join + WireBytes.text(send, masked: false))
            .count
        for cut in prefix..<length {
            let name = "mallory" + String(1000 + cut)
            let whole = WireBytes.upgrade + WireBytes.hello(name) + join + WireBytes.text(send, masked: false)
            let address = "127.3.\(5 + cut / 200).\(1 + cut % 200)"
            let connection = try XCTUnwrap(RawConnection(port: server.port, from: address))
            connection.send(bytes: Array(whole[..<cut]))
            Thread.sleep(forTimeInterval: 0.005)
            connection.send(bytes: Array(whole[cut...]))
            XCTAssertEqual(WireBytes.closeCode(connection.receive(within: 5)), 1002, "cut at byte \(cut)")
        }
        Thread.sleep(forTimeInterval: 0.3)
        for case .message(.message(_, _, "evil")) in watcher.poll() { XCTFail("an unmasked send was relayed") }
    }
}

import MatchWire
import XCTest

/// Version 2's game messages: `send` from a client and `msg` from the server carry the game's text, checked for size
/// and characters and never read; version 1's words and clients are refused.
final class WireDataTests: XCTestCase {
    func testDataWithinTheLimitsIsAccepted() throws {
        let accepted = [
            "x", "state 3.5 2.5 -1.5707964 100", "{\"a\":[1,2]} \\ é ✓", String(repeating: "d", count: 512),
        ]
        for data in accepted {
            XCTAssertNoThrow(try validateMatchData(data), data)
            let send = MatchClientMessage.send(tick: 7, data: data)
            XCTAssertEqual(try MatchClientMessage(json: send.json), send)
            let message = MatchServerMessage.message(id: 3, tick: 7, data: data)
            XCTAssertEqual(try MatchServerMessage(json: message.json), message)
        }
        // 512 bytes, not characters: 256 two-byte letters fit, 257 do not.
        XCTAssertNoThrow(try validateMatchData(String(repeating: "é", count: 256)))
        XCTAssertThrowsError(try validateMatchData(String(repeating: "é", count: 257)))
    }

    func testBadDataIsRefusedAsMalformed() {
        let bad = [
            "", String(repeating: "d", count: 513), "a\nb", "tab\there", "nul\u{0}", "bell\u{7}", "del\u{7f}",
            "c1\u{85}",
        ]
        for data in bad {
            XCTAssertThrowsError(try validateMatchData(data), data.debugDescription) {
                XCTAssertEqual(($0 as? MatchWireError)?.code, .malformed)
            }
            let json = MatchClientMessage.send(tick: 1, data: data).json
            XCTAssertThrowsError(try MatchClientMessage(json: json), data.debugDescription) {
                XCTAssertEqual(($0 as? MatchWireError)?.code, .malformed)
            }
            let relayed = MatchServerMessage.message(id: 1, tick: 1, data: data).json
            XCTAssertThrowsError(try MatchServerMessage(json: relayed), "a client refuses it too")
        }
    }

    func testFieldsAreStrict() {
        let refused = [
            #"{"type":"send","tick":1}"#, #"{"type":"send","data":"x"}"#, #"{"type":"send","tick":1,"data":5}"#,
            #"{"type":"send","tick":-1,"data":"x"}"#, #"{"type":"send","tick":1.5,"data":"x"}"#,
            #"{"type":"send","tick":1,"data":null}"#, #"{"type":"send","tick":1,"data":["x"]}"#,
        ]
        for json in refused {
            XCTAssertThrowsError(try MatchClientMessage(json: json), json) {
                XCTAssertEqual(($0 as? MatchWireError)?.code, .malformed, json)
            }
        }
        XCTAssertThrowsError(try MatchServerMessage(json: #"{"type":"msg","tick":1,"data":"x"}"#), "no id")
    }

    func testVersionOneIsRefusedWithAClearMessage() {
        XCTAssertEqual(MatchProtocol.version, 2)
        XCTAssertThrowsError(try MatchClientMessage(json: #"{"type":"hello","v":1,"name":"ann"}"#)) {
            let error = $0 as? MatchWireError
            XCTAssertEqual(error?.code, .version)
            XCTAssertTrue(error?.message.contains("version 2 only") ?? false, "\(String(describing: error))")
            XCTAssertTrue(error?.message.contains("version 1") ?? false, "\(String(describing: error))")
        }
        for old in [
            #"{"type":"state","tick":1,"x":0,"y":0,"angle":0,"health":1}"#,
            #"{"type":"fire","tick":1,"x":0,"y":0,"angle":0}"#,
        ] {
            XCTAssertThrowsError(try MatchClientMessage(json: old)) {
                XCTAssertEqual(($0 as? MatchWireError)?.code, .malformed)
            }
        }
    }
}

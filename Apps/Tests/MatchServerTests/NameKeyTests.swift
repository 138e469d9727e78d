// NameKeyTests: one name, one player (Docs/Contract.md §12), row by row. Each look-alike of a name is either the
// same player (the same key) or refused with a reason, and the match server (its hub, in a named room and in a level's
// default matches, and over a loopback socket) and the scripts' in-memory match (Runtime's InMemoryMatch, a replay's
// oracle) do the same thing with it; names that look different stay different players in both.

import Foundation
import GameCore
import InterludeNetwork
import MatchWire
import PlayerNames
import Runtime
import Services
import XCTest

@testable import MatchServer

final class NameKeyTests: XCTestCase {
    enum Expected {
        case samePlayer  // the key of the original: taken wherever the original is
        case refused  // refused on its own, with a reason
    }

    /// (original, look-alike, what the look-alike must get): the hostile run's list (issue 38), and a few more.
    static let lookAlikes: [(original: String, lookAlike: String, expected: Expected)] = [
        ("ann", "ann", .samePlayer),
        ("ann", "ANN", .samePlayer),
        ("ann", "ann ", .samePlayer),
        ("ann", " ann", .samePlayer),
        ("ann", "ann\u{00A0}", .samePlayer),  // no-break space
        ("ann", "ann\u{2002}", .samePlayer),  // en space
        ("ann", "a\u{034F}nn", .samePlayer),  // combining grapheme joiner
        ("ann", "ann\u{FE0F}", .samePlayer),  // variation selector 16
        ("ann", "a\u{FE00}nn", .samePlayer),  // variation selector 1
        ("ann", "ann\u{3164}", .refused),  // Hangul filler
        ("ann", "ann\u{FFA0}", .refused),  // half-width Hangul filler
        ("ann", "\u{115F}\u{1160}", .refused),  // a name of fillers only
        ("ann", "ann\u{2800}", .refused),  // Braille blank
        ("ann", "a\u{0301}nn", .samePlayer),  // a combining accent
        ("ann", "ᴀɴɴ", .samePlayer),  // small capitals
        ("ann", "ＡＮＮ", .samePlayer),  // full-width
        ("ANN", "\u{0391}\u{039D}\u{039D}", .samePlayer),  // Greek capitals
        ("ann", "\u{0430}nn", .refused),  // a Cyrillic а among Latin letters
        ("ann", "ann\u{200B}", .refused),  // zero-width space
        ("ann", "ann\u{202E}", .refused),  // right-to-left override
        ("straße", "STRASSE", .samePlayer),
        ("coe", "\u{0441}\u{043E}\u{0435}", .samePlayer),  // Cyrillic сое
        ("José", "Jose", .samePlayer),
        ("bob", "Bob", .samePlayer),
        ("ian", "IAN", .samePlayer),
        ("lan", "Ian", .samePlayer),  // UTS #39: a capital I is an l
    ]

    /// Distinct players: neither refused nor taken beside each other.
    static let distinct: [(String, String)] = [
        ("ann", "anne"), ("bob", "rob"), ("日本", "日向"), ("张伟", "王伟"), ("김민준", "김민수"), ("Иван", "Ivan"),
        ("player 1", "player 2"), ("ann", "avv"),
    ]

    // MARK: The key function, as MatchWire gives it

    func testTheKeyFunctionDecidesEveryRow() throws {
        for row in Self.lookAlikes {
            let original = try matchNameKey(row.original)
            switch row.expected {
            case .samePlayer: XCTAssertEqual(try matchNameKey(row.lookAlike), original, Self.shown(row.lookAlike))
            case .refused:
                XCTAssertThrowsError(try matchNameKey(row.lookAlike), Self.shown(row.lookAlike)) {
                    XCTAssertEqual(($0 as? MatchWireError)?.code, .name)
                }
            }
        }
        for (first, second) in Self.distinct {
            XCTAssertNotEqual(try matchNameKey(first), try matchNameKey(second), "\(first) / \(second)")
        }
    }

    // MARK: The hub: named rooms and default matches

    /// What the hub answers `name`'s hello and join (nil: seated), from its own address.
    static func hubJoin(_ hub: MatchHub, _ name: String, level: Int, room: String, address: String) -> MatchWireError? {
        let (_, outbox) = AsyncStream<String>.makeStream()
        guard case .success(let id) = hub.connect(outbox, address: address) else { return MatchWireError(.full, "") }
        if let refused = hub.receive(id, MatchClientMessage.hello(version: MatchProtocol.version, name: name).json) {
            return refused
        }
        return hub.receive(id, MatchClientMessage.join(level: level, room: room).json)
    }

    /// In a named room, and in a level's default matches with the first one full (so that a look-alike seated
    /// silently would open another match, where the original's friends would land next): every look-alike is
    /// refused with `name`, its reason the key's refusal or the taken name.
    func testTheHubRefusesEveryLookAlikeInRoomsAndDefaultMatches() throws {
        for (index, row) in Self.lookAlikes.enumerated() {
            let hub = MatchHub()
            let shown = Self.shown(row.lookAlike)
            XCTAssertNil(Self.hubJoin(hub, row.original, level: 1, room: "blue", address: "192.0.2.1"))
            XCTAssertNil(Self.hubJoin(hub, row.original, level: 2, room: "", address: "192.0.2.1"))
            for filler in 0..<7 {
                let address = "198.51.100.\(filler)"
                XCTAssertNil(Self.hubJoin(hub, "filler\(filler)", level: 2, room: "", address: address), shown)
            }
            XCTAssertEqual(hub.players(level: 2).count, 8, "the first default match of level 2 is full")
            let inRoom = Self.hubJoin(hub, row.lookAlike, level: 1, room: "blue", address: "203.0.113.\(index)")
            let byDefault = Self.hubJoin(hub, row.lookAlike, level: 2, room: "", address: "203.0.113.\(index)")
            for (place, refusal) in [("room", inRoom), ("default", byDefault)] {
                XCTAssertEqual(refusal?.code, .name, "\(shown) in the \(place) match: \(refusal as Any)")
                Self.assertReason(refusal?.message, row, shown)
            }
            XCTAssertEqual(hub.players(level: 2, part: 1), [], "\(shown) was seated in another default match")
            XCTAssertEqual(hub.players(level: 1, room: "blue"), [row.original])
            // A friend joining by default now opens the second match alone: nobody passes for the original there.
            XCTAssertNil(Self.hubJoin(hub, "friend", level: 2, room: "", address: "192.0.2.200"))
            XCTAssertEqual(hub.players(level: 2, part: 1), ["friend"])
        }
    }

    func testTheHubSeatsDistinctNamesTogether() {
        for (first, second) in Self.distinct {
            let hub = MatchHub()
            for room in ["blue", ""] {
                XCTAssertNil(Self.hubJoin(hub, first, level: 1, room: room, address: "192.0.2.1"), first)
                XCTAssertNil(Self.hubJoin(hub, second, level: 1, room: room, address: "192.0.2.2"), second)
                XCTAssertEqual(hub.players(level: 1, room: room), [first, second])
            }
        }
    }

    // MARK: The in-memory match (the scripts' `peer join`, and the player's own name)

    func testTheInMemoryMatchRefusesEveryLookAlike() {
        for row in Self.lookAlikes {
            let shown = Self.shown(row.lookAlike)
            // Two scripted peers.
            let peers = InMemoryMatch<GameMessage>()
            XCTAssertNil(peers.join(level: 1, name: "player", tick: 0))
            XCTAssertNil(peers.apply(.peerJoin(row.original), tick: 0))
            let refused = peers.apply(.peerJoin(row.lookAlike), tick: 0)
            Self.assertReason(refused, row, shown)
            XCTAssertEqual(peers.peers.map(\.name), [row.original], shown)
            // The player's own name, then a peer.
            let ours = InMemoryMatch<GameMessage>()
            XCTAssertNil(ours.join(level: 1, name: row.original, tick: 0))
            Self.assertReason(ours.apply(.peerJoin(row.lookAlike), tick: 0), row, shown)
            // A peer, then the player joining its match under a look-alike of the peer's name.
            let joining = InMemoryMatch<GameMessage>()
            XCTAssertNil(joining.apply(.peerJoin(row.original), tick: 0))
            Self.assertReason(joining.join(level: 1, name: row.lookAlike, tick: 0), row, shown)
            XCTAssertFalse(joining.isConnected, shown)
        }
    }

    func testTheInMemoryMatchKeepsDistinctNames() {
        for (first, second) in Self.distinct {
            let match = InMemoryMatch<GameMessage>()
            XCTAssertNil(match.join(level: 1, name: "player", tick: 0))
            XCTAssertNil(match.apply(.peerJoin(first), tick: 0), first)
            XCTAssertNil(match.apply(.peerJoin(second), tick: 0), second)
        }
    }

    // MARK: A replay's transport: the oracle and the real server over a loopback socket, row by row

    /// A replay's match (the in-memory oracle and real scripted peers on a loopback server): the original joins as a
    /// real client; the look-alike's `peer join` is refused by the oracle, and the real server refuses the same name
    /// from a raw client (no client-side check) at hello or at join. So a replay never waits for a join the server
    /// does not make ("no message from the match server within 3 s").
    func testAReplaysOracleAndTheRealServerAgreeOnEveryRow() throws {
        let server = try EmbeddedMatchServer()
        defer { server.stop() }
        for (index, row) in Self.lookAlikes.enumerated() {
            let shown = Self.shown(row.lookAlike)
            let level = 10 + index
            let transport = SocketMatchTransport<GameMessage>(
                url: server.url, pilot: .silent,
                control: SocketMatchTransport<GameMessage>.ServerControl(down: {}, up: { server.url }))
            defer { transport.close() }
            XCTAssertNil(transport.join(level: level, name: "player", tick: 0), shown)
            XCTAssertNil(transport.apply(.peerJoin(row.original), tick: 0), shown)
            Self.assertReason(transport.apply(.peerJoin(row.lookAlike), tick: 0), row, shown)
            let raw = RawClient(url: server.url).exchange(
                [
                    .text(MatchClientMessage.hello(version: MatchProtocol.version, name: row.lookAlike).json),
                    .text(MatchClientMessage.join(level: level, room: "").json),
                ], thenWait: 2)
            XCTAssertEqual(raw.errorCode, "name", "\(shown): \(raw)")
            XCTAssertTrue(raw.serverClosed, "\(shown): \(raw)")
            XCTAssertEqual(server.hub.players(level: level).sorted(), ["player", row.original].sorted(), shown)
            XCTAssertEqual(server.hub.players(level: level, part: 1), [], shown)
        }
    }

    // MARK: Helpers

    /// A refused look-alike's reason is its key's refusal; a same-player one's names the original it collides with.
    static func assertReason(
        _ reason: String?, _ row: (original: String, lookAlike: String, expected: Expected), _ shown: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let reason else { return XCTFail("\(shown) was accepted beside \(row.original)", file: file, line: line) }
        switch row.expected {
        case .samePlayer:
            XCTAssertTrue(reason.contains("'\(row.original)'"), "\(shown): \(reason)", file: file, line: line)
        case .refused:
            do {
                _ = try PlayerName.key(row.lookAlike)
                XCTFail("\(shown) has a key", file: file, line: line)
            } catch {
                XCTAssertTrue(reason.contains(error.description), "\(shown): \(reason)", file: file, line: line)
            }
        }
    }

    /// The name with its code points, for messages (`ann<U+2800>`).
    static func shown(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII && $0.value > 0x20 ? String($0) : String(format: "<U+%04X>", $0.value) }
            .joined()
    }
}

// MatchWire: the match protocol (Assets/match-protocol.md) that the match server (MatchServer) and the game's
// client (Services/MatchConnection.swift) speak over WebSocket: one JSON object per text frame, a `type` field,
// a version number in `hello` and `welcome`. Decoding is strict (RFC 8259 and nothing looser: module StrictJSON;
// types, ranges, required fields, sizes) and every refusal is a `MatchWireError` with a code and a sentence naming
// what was wrong; nothing here traps on any input. Foundation, StrictJSON, and PlayerNames for the names' rules and
// key: no sockets, no game's types. Version 2: what players tell each other is the game's own text (`send` / `msg`,
// `data`), which the server relays without reading it; version 1 (poses in `state` and `fire`, the shooter's words)
// is refused.

import Foundation
import PlayerNames
import StrictJSON

/// The protocol's constants and limits.
public enum MatchProtocol {
    /// The version this build speaks. A `hello` of another version is refused (`version`).
    public static let version = 2
    /// The WebSocket path of a match server, e.g. `ws://127.0.0.1:7070/match`.
    public static let path = "/match"
    /// The most bytes one message (one text frame) may hold; a longer one is refused (`tooLarge`).
    public static let maximumMessageBytes = 4096
    /// The most bytes of one WebSocket frame; a bigger frame is refused by the WebSocket layer itself
    /// (close code 1009, "message too big") before it is read.
    public static let maximumFrameBytes = 16384
    /// The most UTF-8 bytes of a player's name (the name rules are `PlayerName.key`'s: Docs/Contract.md §12).
    public static let maximumNameBytes = PlayerName.maximumBytes
    /// The most UTF-8 bytes of a room name (matches are per level and room).
    public static let maximumRoomBytes = 32
    /// The highest level number a join may name.
    public static let maximumLevel = 999
    /// The most UTF-8 bytes of a game message's `data` (the engine's `MatchLockstep.longestMessage`).
    public static let maximumDataBytes = 512
}

/// Client → server.
public enum MatchClientMessage: Hashable, Sendable {
    /// The first message: the client's protocol version and the player's name.
    case hello(version: Int, name: String)
    /// Enter the match of `level` (and `room`, "" by default); leaves the current one first.
    case join(level: Int, room: String)
    /// One of the game's messages (its `data`, checked by `validateMatchData`, never read), sent at the sender's
    /// simulation `tick` and relayed to the others in its match (a lockstep replay applies it at a fixed virtual
    /// latency after the tick).
    case send(tick: Int64, data: String)
    /// Leave the match (the others are told `left`, reason `left`); the connection stays open.
    case leave
    /// Keeps a quiet connection alive (the server drops one silent for its idle timeout).
    case ping
}

/// Why a player left a match.
public enum MatchLeftReason: String, Hashable, Sendable, CaseIterable {
    /// It said `leave`, or closed its connection after a `leave`.
    case left
    /// It was silent for the server's idle timeout (e.g. a process stopped, a cable pulled).
    case timedOut
    /// Its connection ended without a `leave` (closed, killed, refused for bad input, too slow to read).
    case dropped
}

/// What an error is about. Every error is followed by the server closing the connection.
public enum MatchErrorCode: String, Hashable, Sendable, CaseIterable {
    case version  // another protocol version than the server's (an older one, or a newer one)
    case malformed  // not JSON, a missing or mistyped field, an unknown type, a value out of range
    case tooLarge  // a message over MatchProtocol.maximumMessageBytes
    case binary  // a binary frame: the protocol is text
    case order  // e.g. join before hello, state before join, a second hello
    case name  // an empty, too long or control-character name
    case limit  // too many joins on one connection, too many matches on the server
    case full  // the match or the server has no room
    case rate  // more messages per second than allowed
    case timeout  // silent for the idle timeout
    case shutdown  // the server is stopping
}

/// Server → client.
public enum MatchServerMessage: Hashable, Sendable {
    /// The answer to `hello`: the server's version and the id it gives this connection.
    case welcome(version: Int, id: Int)
    /// A player is in the match: sent to the joiner about itself first (its join succeeded), then about each
    /// player already there, and to everyone else about the joiner.
    case joined(id: Int, name: String)
    /// Another player's game message, as it sent it.
    case message(id: Int, tick: Int64, data: String)
    /// A player left the match.
    case left(id: Int, name: String, reason: MatchLeftReason)
    /// A refusal; the server closes the connection after it.
    case error(code: MatchErrorCode, message: String)
}

/// A refused message: the code the server answers with and a sentence saying what was wrong.
public struct MatchWireError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: MatchErrorCode
    public let message: String

    public init(_ code: MatchErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// The JSON object of any message: every field optional, checked per type.
struct Envelope: Codable {
    var type: String
    var v: Int?
    var id: Int?
    var name: String?
    var level: Int?
    var room: String?
    var tick: Int64?
    var data: String?
    var reason: String?
    var code: String?
    var message: String?

    init(type: String) { self.type = type }
}

private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

private func encode(_ envelope: Envelope) -> String {
    // Encoding an Envelope cannot fail: strings and integers only.
    guard let data = try? encoder.encode(envelope) else { return #"{"type":"ping"}"# }
    return String(decoding: data, as: UTF8.self)
}

private func decodeEnvelope(_ text: String) throws(MatchWireError) -> Envelope {
    let bytes = Array(text.utf8)
    guard bytes.count <= MatchProtocol.maximumMessageBytes else {
        throw MatchWireError(
            .tooLarge, "a message of \(bytes.count) bytes; the most is \(MatchProtocol.maximumMessageBytes)")
    }
    // RFC 8259 and nothing looser first (module StrictJSON, the leaderboard's check too): JSONDecoder alone takes a
    // key twice (the first wins), trailing commas, 7.0 for 7 and a byte-order mark.
    if let problem = StrictJSON.problem(in: bytes) {
        throw MatchWireError(.malformed, "not strict JSON: \(problem)")
    }
    guard bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) == UInt8(ascii: "{") else {
        throw MatchWireError(.malformed, "not a JSON object")
    }
    do {
        return try JSONDecoder().decode(Envelope.self, from: Data(bytes))
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
        let field = context.codingPath.map(\.stringValue).joined(separator: ".")
        throw MatchWireError(.malformed, "field '\(field)' has the wrong type")
    } catch DecodingError.keyNotFound(let key, _) {
        throw MatchWireError(.malformed, "field '\(key.stringValue)' is missing")
    } catch {
        // Strict JSON that JSONDecoder still refuses: an integer out of Int64's range, or one key written two ways.
        throw MatchWireError(.malformed, "a JSON object JSONDecoder cannot read (a number out of range?)")
    }
}

private func required<T>(_ value: T?, _ field: String, _ type: String) throws(MatchWireError) -> T {
    guard let value else { throw MatchWireError(.malformed, "'\(type)' needs the field '\(field)'") }
    return value
}

private func data(_ envelope: Envelope) throws(MatchWireError) -> String {
    let data = try required(envelope.data, "data", envelope.type)
    try validateMatchData(data)
    return data
}

/// Checks a game message's `data`: 1 to `maximumDataBytes` UTF-8 bytes with no control character (a game's text is
/// one printable line; what it means is the game's business, never the server's).
public func validateMatchData(_ data: String) throws(MatchWireError) {
    let bytes = data.utf8.count
    guard bytes > 0 else { throw MatchWireError(.malformed, "'data' is empty") }
    guard bytes <= MatchProtocol.maximumDataBytes else {
        throw MatchWireError(
            .malformed, "'data' has \(bytes) bytes; the most is \(MatchProtocol.maximumDataBytes)")
    }
    if let control = data.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
        let code = "U+" + String(control.value, radix: 16, uppercase: true)
        throw MatchWireError(.malformed, "'data' holds a control character (\(code))")
    }
}

private func tick(_ envelope: Envelope) throws(MatchWireError) -> Int64 {
    let tick = try required(envelope.tick, "tick", envelope.type)
    guard tick >= 0 else { throw MatchWireError(.malformed, "'tick' is \(tick); it must not be negative") }
    return tick
}

/// Checks a player's name (Docs/Contract.md §12, `PlayerName.key`): 1 to `maximumNameBytes` UTF-8 bytes, and nothing
/// that could make one name pass for another: no control, invisible format (zero-width, bidirectional), private-use
/// or unassigned code point, no blank that is not a space (Braille blank, Hangul fillers), letters of one script only
/// among Latin, Greek and Cyrillic, and not empty once folded. A refusal is `name`, saying why.
public func validateMatchName(_ name: String) throws(MatchWireError) {
    _ = try matchNameKey(name)
}

/// The key two names are compared by within a match, or the name's refusal (`name`): `PlayerName.key`, the one
/// function the scripts' in-memory match calls too. Case folded (`ß` is `ss`), spaces trimmed and collapsed, accents
/// and ignorable code points dropped, look-alike letters read as their UTS #39 prototype: `ANN`, `ann `, `ᴀɴɴ` and
/// Greek `ΑΝΝ` have the key of `ann`.
public func matchNameKey(_ name: String) throws(MatchWireError) -> String {
    do throws(PlayerNameRefusal) {
        return try PlayerName.key(name)
    } catch {
        throw MatchWireError(.name, error.description)
    }
}

extension MatchClientMessage {
    /// The message as one JSON text frame.
    public var json: String {
        var envelope: Envelope
        switch self {
        case .hello(let version, let name):
            envelope = Envelope(type: "hello")
            envelope.v = version
            envelope.name = name
        case .join(let level, let room):
            envelope = Envelope(type: "join")
            envelope.level = level
            if !room.isEmpty { envelope.room = room }
        case .send(let tick, let data):
            envelope = Envelope(type: "send")
            envelope.tick = tick
            envelope.data = data
        case .leave: envelope = Envelope(type: "leave")
        case .ping: envelope = Envelope(type: "ping")
        }
        return encode(envelope)
    }

    /// Decodes and checks one text frame from a client. A `hello` of another version is `version`; anything
    /// else wrong is `malformed`, `tooLarge` or `name`.
    public init(json text: String) throws(MatchWireError) {
        let envelope = try decodeEnvelope(text)
        switch envelope.type {
        case "hello":
            let version = try required(envelope.v, "v", "hello")
            guard version >= 1 else { throw MatchWireError(.malformed, "version \(version) does not exist") }
            guard version >= MatchProtocol.version else {
                throw MatchWireError(
                    .version,
                    "this server speaks match protocol version \(MatchProtocol.version) only; version \(version) "
                        + "(the shooter's poses in 'state' and 'fire') is no longer served: update the client")
            }
            guard version <= MatchProtocol.version else {
                throw MatchWireError(
                    .version,
                    "this server speaks match protocol version \(MatchProtocol.version); the client speaks \(version)")
            }
            let name = try required(envelope.name, "name", "hello")
            try validateMatchName(name)
            self = .hello(version: version, name: name)
        case "join":
            let level = try required(envelope.level, "level", "join")
            guard (1...MatchProtocol.maximumLevel).contains(level) else {
                throw MatchWireError(.malformed, "level \(level) is not between 1 and \(MatchProtocol.maximumLevel)")
            }
            let room = envelope.room ?? ""
            guard room.utf8.count <= MatchProtocol.maximumRoomBytes,
                !room.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw MatchWireError(
                    .malformed, "a room name has at most \(MatchProtocol.maximumRoomBytes) bytes, no control characters"
                )
            }
            self = .join(level: level, room: room)
        case "send":
            self = .send(tick: try tick(envelope), data: try data(envelope))
        case "leave": self = .leave
        case "ping": self = .ping
        default:
            throw MatchWireError(.malformed, "unknown message type '\(envelope.type.prefix(40))'")
        }
    }
}

extension MatchServerMessage {
    /// The message as one JSON text frame.
    public var json: String {
        var envelope: Envelope
        switch self {
        case .welcome(let version, let id):
            envelope = Envelope(type: "welcome")
            envelope.v = version
            envelope.id = id
        case .joined(let id, let name):
            envelope = Envelope(type: "joined")
            envelope.id = id
            envelope.name = name
        case .message(let id, let tick, let data):
            envelope = Envelope(type: "msg")
            envelope.id = id
            envelope.tick = tick
            envelope.data = data
        case .left(let id, let name, let reason):
            envelope = Envelope(type: "left")
            envelope.id = id
            envelope.name = name
            envelope.reason = reason.rawValue
        case .error(let code, let message):
            envelope = Envelope(type: "error")
            envelope.code = code.rawValue
            envelope.message = message
        }
        return encode(envelope)
    }

    /// Decodes and checks one text frame from a server (the client refuses a newer version or a malformed
    /// message the same way the server does).
    public init(json text: String) throws(MatchWireError) {
        let envelope = try decodeEnvelope(text)
        switch envelope.type {
        case "welcome":
            let version = try required(envelope.v, "v", "welcome")
            guard version == MatchProtocol.version else {
                throw MatchWireError(
                    .version, "the server speaks version \(version); this client speaks \(MatchProtocol.version)")
            }
            self = .welcome(version: version, id: try required(envelope.id, "id", "welcome"))
        case "joined":
            self = .joined(
                id: try required(envelope.id, "id", "joined"), name: try required(envelope.name, "name", "joined"))
        case "msg":
            self = .message(
                id: try required(envelope.id, "id", "msg"), tick: try tick(envelope), data: try data(envelope))
        case "left":
            let raw = try required(envelope.reason, "reason", "left")
            guard let reason = MatchLeftReason(rawValue: raw) else {
                throw MatchWireError(.malformed, "unknown reason '\(raw.prefix(40))'")
            }
            self = .left(
                id: try required(envelope.id, "id", "left"), name: try required(envelope.name, "name", "left"),
                reason: reason)
        case "error":
            let raw = try required(envelope.code, "code", "error")
            self = .error(
                code: MatchErrorCode(rawValue: raw) ?? .malformed,
                message: try required(envelope.message, "message", "error"))
        default:
            throw MatchWireError(.malformed, "unknown message type '\(envelope.type.prefix(40))'")
        }
    }
}

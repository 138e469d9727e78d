import Foundation

/// A WebSocket conversation byte by byte, for the tests that must send what no WebSocket library sends (a frame in
/// the same write as the upgrade request, a frame without a mask, a flood of pings) and read the close codes back.
enum WireBytes {
    /// The upgrade request of the match path, as the game's client sends it.
    static let upgrade = Array(
        ("GET /match HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)

    /// One client frame (FIN set) of `opcode` (1 text, 9 ping), masked with `key` (nil: unmasked, which RFC 6455
    /// forbids a client).
    static func frame(_ payload: [UInt8], opcode: UInt8 = 0x1, key: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
        let maskBit: UInt8 = key == nil ? 0 : 0x80
        var bytes: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        guard let key else { return bytes + payload }
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    /// A text frame holding `text`, masked unless `masked` is false.
    static func text(_ text: String, masked: Bool = true) -> [UInt8] {
        frame(Array(text.utf8), key: masked ? [0x37, 0xFA, 0x21, 0x3D] : nil)
    }

    static func hello(_ name: String) -> [UInt8] { text(#"{"type":"hello","v":2,"name":"\#(name)"}"#) }

    /// The server's frames in `answer` (after its `101` head): opcode and payload of each complete one.
    static func serverFrames(_ answer: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        guard let head = answer.firstRange(of: [13, 10, 13, 10]) else { return [] }
        var frames: [(UInt8, [UInt8])] = []
        var at = head.upperBound
        while answer.count - at >= 2 {
            var length = Int(answer[at + 1] & 0x7F)
            var start = at + 2
            if length == 126 {
                guard answer.count - at >= 4 else { break }
                length = Int(answer[at + 2]) << 8 | Int(answer[at + 3])
                start = at + 4
            }
            guard answer.count >= start + length else { break }
            frames.append((answer[at] & 0x0F, Array(answer[start..<start + length])))
            at = start + length
        }
        return frames
    }

    /// The close code of the server's close frame in `answer`, if it sent one.
    static func closeCode(_ answer: [UInt8]) -> Int? {
        guard let close = serverFrames(answer).first(where: { $0.opcode == 0x8 }), close.payload.count >= 2 else {
            return nil
        }
        return Int(close.payload[0]) << 8 | Int(close.payload[1])
    }

    /// The server's text frames in `answer`.
    static func texts(_ answer: [UInt8]) -> [String] {
        serverFrames(answer).filter { $0.opcode == 0x1 }.map { String(decoding: $0.payload, as: UTF8.self) }
    }
}

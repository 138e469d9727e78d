// ForeignSave: a C game's save as the runtime keeps it: the library's own bytes (`interlude_save`) and what the host
// tracks beside them (the session's steps, the status when saved), in a small binary frame of the host's. The
// runtime's snapshot frame (SnapshotFrame) goes around it, with its checksum.

import Runtime
import Saves

/// A C game's saved state.
public struct ForeignSave: Hashable, Sendable {
    /// Steps played in the session when saved (the game clock the runtime's timers count on).
    public var steps: Int64
    /// `interlude_status` when saved: a save of a paused session (or of no session) must come back byte for byte.
    public var status: UInt32
    /// The library's bytes, at most `INTERLUDE_SAVE_MAX`.
    public var bytes: [UInt8]

    public init(steps: Int64, status: UInt32, bytes: [UInt8]) {
        self.steps = steps
        self.status = status
        self.bytes = bytes
    }

    static let magic = Array("ILFG".utf8)
    static let version: UInt8 = 1
    static let headerSize = 4 + 1 + 8 + 4 + 4

    /// The frame: magic `ILFG`, version 1, steps (Int64), status (UInt32), the count (UInt32), then the bytes; every
    /// number little-endian.
    var encoded: [UInt8] {
        var out = Self.magic
        out.append(Self.version)
        append(UInt64(bitPattern: steps), size: 8, to: &out)
        append(UInt64(status), size: 4, to: &out)
        append(UInt64(bytes.count), size: 4, to: &out)
        out += bytes
        return out
    }

    /// Reads `encoded` back; throws, naming the byte, for anything else.
    static func decode(_ data: [UInt8]) throws(SnapshotDecodeError) -> ForeignSave {
        guard data.count >= headerSize else {
            throw SnapshotDecodeError(
                .truncated, line: 0, message: "\(data.count) bytes; a C game's save has at least \(headerSize)")
        }
        guard Array(data[0..<4]) == magic else {
            throw SnapshotDecodeError(.notSnapshot, line: 0, message: "not a C game's save (no ILFG at byte 0)")
        }
        guard data[4] == version else {
            throw SnapshotDecodeError(
                .futureVersion, line: 0, message: "version \(data[4]) at byte 4; this host reads \(version)")
        }
        let steps = Int64(bitPattern: read(data, at: 5, size: 8))
        let status = UInt32(read(data, at: 13, size: 4))
        let count = Int(read(data, at: 17, size: 4))
        guard steps >= 0 else {
            throw SnapshotDecodeError(.malformed, line: 0, message: "steps \(steps) at byte 5 is negative")
        }
        guard status & ~ForeignStatus.known == 0 else {
            throw SnapshotDecodeError(.malformed, line: 0, message: "status \(status) at byte 13 has unknown bits")
        }
        guard count <= GameLibrary.saveLimit else {
            throw SnapshotDecodeError(
                .tooLarge, line: 0, message: "\(count) bytes at byte 17; at most \(GameLibrary.saveLimit)")
        }
        guard data.count == headerSize + count else {
            throw SnapshotDecodeError(
                .truncated, line: 0,
                message:
                    "\(data.count - headerSize) bytes of the game's after byte \(headerSize); the frame says \(count)")
        }
        return ForeignSave(steps: steps, status: status, bytes: Array(data[headerSize...]))
    }

    private func append(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for index in 0..<size { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    private static func read(_ data: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(data[offset + index]) << (8 * UInt64(index)) }
        return value
    }
}

/// The bits of `interlude_status`.
enum ForeignStatus {
    static let inSession: UInt32 = 1 << 0
    static let paused: UInt32 = 1 << 1
    static let over: UInt32 = 1 << 2
    static let known: UInt32 = inSession | paused | over
}

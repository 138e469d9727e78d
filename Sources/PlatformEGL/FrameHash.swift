// FrameHash: the transcript's frame hash, FNV-1a 64 of the RGBA bytes (the same function as GameCore's
// StateHasher, written as a tight loop because frames are large).

/// Hashes of rendered frames.
public enum FrameHash {
    /// FNV-1a 64 of `bytes`, as 16 lowercase hex digits. Deterministic across runs and machines.
    public static func fnv1a64(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01B3
            }
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

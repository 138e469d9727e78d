// PixelHash: the transcript's frame hash (CONTRACT §8), FNV-1a 64 over the RGBA bytes. The same function as
// PlatformEGL's FrameHash, which this module may not import; a tight loop because frames are megabytes.

/// Hashes of rendered frames.
enum PixelHash {
    /// FNV-1a 64 of `bytes`, as 16 lowercase hex digits.
    static func fnv1a64(_ bytes: [UInt8]) -> String {
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

// FrameHash: the transcript's frame hash, FNV-1a 64 of the RGBA bytes: GameCore's StateHasher over the pixels.

import GameCore
import Runtime

/// Hashes of rendered frames.
public enum FrameHash {
    /// FNV-1a 64 of `bytes`, as 16 lowercase hex digits. Deterministic across runs and machines.
    public static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        return hasher.hex
    }
}

// FrameHash: the transcript's frame hash, FNV-1a 64 of the RGBA bytes: the runtime's StateHasher over the pixels.

import Runtime
import Saves

/// Hashes of rendered frames.
public enum FrameHash {
    /// FNV-1a 64 of `bytes`, as 16 lowercase hex digits. Deterministic across runs and machines.
    public static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hasher = StateHasher()
        hasher.combine(bytes: bytes)
        return hasher.hex
    }
}

/// Writes RGBA pixels (top row first) of `width` x `height` as an image file at `path` (e.g. Services' PNG encoder):
/// how a host writes captures and screenshots without depending on an image library itself.
public typealias ImageWriter = (_ rgba: [UInt8], _ width: Int, _ height: Int, _ path: String) throws -> Void

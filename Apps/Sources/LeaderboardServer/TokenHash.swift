// TokenHash: SHA-256 (swift-crypto), so the database keeps only a digest of each player's token: a copy of the
// database does not hand out the tokens. Tokens are 256 random bits, so an unsalted digest is enough.

import Crypto
import Synchronization

/// SHA-256 of text, as lowercase hex.
enum TokenHash {
    /// Digests worked out since the process started (tests check that a refused token was never hashed).
    static let digestCount = Atomic<Int>(0)

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The digest of `text`'s UTF-8 bytes, 64 hex digits.
    static func sha256(_ text: String) -> String {
        digestCount.add(1, ordering: .relaxed)
        var text = text
        let digest = text.withUTF8 { SHA256.hash(data: $0) }
        return String(unsafeUninitializedCapacity: 64) { hex in
            var index = 0
            for byte in digest {
                hex[index] = hexDigits[Int(byte >> 4)]
                hex[index + 1] = hexDigits[Int(byte & 0x0f)]
                index += 2
            }
            return index
        }
    }
}

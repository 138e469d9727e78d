// StateHasher: FNV-1a 64, the hash of state hashes, scene hashes and frame hashes. Public so that a game hashes
// its state the way the runtime's transcripts expect (16 lowercase hex digits).

/// FNV-1a 64: the hash used for state hashes and frame hashes. Inlinable, so that a game's module specializes it
/// (hashing a snapshot or a state byte by byte through an unspecialized generic would cost 10x).
@frozen
public struct StateHasher: Sendable {
    /// The hash so far.
    public var value: UInt64 { state }
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable
    public init() {}

    /// Mixes `bytes` into the hash.
    @inlinable
    public mutating func combine<S: Sequence>(bytes: S) where S.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ combine(buffer: $0) }) != nil { return }
        for byte in bytes {
            state ^= UInt64(byte)
            state &*= 0x0000_0100_0000_01B3
        }
    }

    /// Mixes `bytes`, as the generic form does, in a tight loop over contiguous memory (frames are megabytes).
    @inlinable
    public mutating func combine(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { combine(buffer: $0) }
    }

    @usableFromInline
    mutating func combine(buffer: UnsafeBufferPointer<UInt8>) {
        var value = state
        for byte in buffer {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        state = value
    }

    /// Mixes the 8 little-endian bytes of `number`.
    @inlinable
    public mutating func combine(_ number: UInt64) {
        var rest = number
        for _ in 0..<8 {
            combine(bytes: CollectionOfOne(UInt8(truncatingIfNeeded: rest)))
            rest >>= 8
        }
    }

    /// Mixes a signed number.
    @inlinable
    public mutating func combine(_ number: Int64) { combine(UInt64(bitPattern: number)) }
    /// Mixes a float by its bit pattern (exact, deterministic).
    @inlinable
    public mutating func combine(_ number: Float) { combine(UInt64(number.bitPattern)) }
    /// Mixes a string's UTF-8 bytes and its length.
    @inlinable
    public mutating func combine(_ text: String) {
        combine(UInt64(text.utf8.count))
        combine(bytes: text.utf8)
    }

    /// The hash as 16 lowercase hex digits.
    @inlinable
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

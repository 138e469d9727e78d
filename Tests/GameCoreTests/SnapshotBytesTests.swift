// SnapshotBytesTests: the snapshot codec's own integer writing and reading agree with Swift's String(Int64) and
// Int64(String) on every edge and on random inputs, so the byte-level codec writes and accepts what the String
// one did.

import Testing

@testable import GameCore

@Suite("Snapshot bytes")
struct SnapshotBytesTests {
    static let edges: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]

    @Test("appendDecimal writes what String(value) writes")
    func writesDecimal() {
        var random = SimulationRandom(seed: 31)
        var values = Self.edges
        for _ in 0..<5000 {
            let bits = Int64(bitPattern: random.next())
            values.append(bits >> Int64(random.below(64)))
        }
        for value in values {
            var bytes: [UInt8] = []
            bytes.appendDecimal(value)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test("decimalInt64 reads what Int64(String) reads, and refuses what it refuses")
    func readsDecimal() {
        var texts = [
            "", "+", "-", "0", "-0", "+0", "+7", "--1", "+-1", "1+", " 1", "1 ", "12a", "a12", "00012", "0x10",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "99999999999999999999999", "18446744073709551616", "١٢", "1\u{0}", "+9223372036854775807",
        ]
        texts += Self.edges.map(String.init)
        var random = SimulationRandom(seed: 5)
        let alphabet = Array("+-0123456789 a")
        for _ in 0..<5000 {
            let length = Int(random.below(22))
            texts.append(String((0..<length).map { _ in alphabet[Int(random.below(UInt64(alphabet.count)))] }))
        }
        for text in texts {
            #expect(Array(text.utf8)[...].decimalInt64 == Int64(text), "'\(text)'")
        }
    }
}

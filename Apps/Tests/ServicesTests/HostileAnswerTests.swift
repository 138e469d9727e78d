// Outside input read by the services: a leaderboard server's answers and image files. Neither may hang the game,
// exhaust its memory or put garbage on its screen.

import Foundation
import InterludeTesting
import Services
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Hostile server answers and image files")
struct HostileAnswerTests {
    @Test("a name from the server is cut to 24 characters and shows control characters as ?")
    func namesShown() {
        #expect(HTTPLeaderboard.shown("ada") == "ada")
        #expect(HTTPLeaderboard.shown(String(repeating: "x", count: 1_000_000)).count == 24)
        #expect(HTTPLeaderboard.shown("a\u{0}b\nc\u{1b}[2J") == "a?b?c?[2J")
        #expect(HTTPLeaderboard.shown(String(repeating: "y", count: 24)) == String(repeating: "y", count: 24))
    }

    @Test("a PNG whose header claims 100,000 x 100,000 pixels is refused before anything is allocated")
    func hugePNG() throws {
        let folder = try TemporaryFolder("png").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/huge.png"
        try PNGFile.write(rgba: [1, 2, 3, 255], width: 1, height: 1, to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // IHDR: length (4) at 8, "IHDR" at 12, width at 16, height at 20, ..., CRC over type and data at 29.
        for (offset, value) in [(16, UInt32(100_000)), (20, UInt32(100_000))] {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        let crc = crc32(bytes[12..<29])
        for index in 0..<4 { bytes[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try PNGFile.read(path) }
        do {
            _ = try PNGFile.read(path)
        } catch {
            #expect("\(error)".contains("100000x100000"), "\(error)")
        }
    }

    @Test("a FIFO named like an image is refused at once, not read for ever")
    func fifoImage() throws {
        let folder = try TemporaryFolder("png-fifo").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/wall.png"
        #expect(mkfifo(path, 0o644) == 0)
        do {
            _ = try PNGFile.read(path)
            Issue.record("a FIFO was read as an image")
        } catch {
            #expect("\(error)".contains("not a regular file"), "\(error)")
        }
    }

    /// CRC-32 as PNG chunks use it.
    private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

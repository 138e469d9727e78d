// StoredPNG: RGBA pixels as the bytes of a PNG file without libpng or zlib: the image data is "deflated" in stored
// (uncompressed) blocks, so the file is about width * height * 4 bytes. Enough for screenshots and captures (shrink
// one for a README with ImageMagick: `convert in.png -strip -define png:compression-level=9 out.png`).

/// Encodes RGBA8 images (top row first) as PNG files with stored deflate blocks.
public enum StoredPNG {
    /// The PNG file's bytes for `rgba` (`width * height * 4` bytes, top row first); nil if the sizes disagree.
    public static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, width < 1 << 24, rgba.count == width * height * 4 else { return nil }
        // The scanlines, each after its filter byte (0: none).
        let rowBytes = width * 4
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw += rgba[row * rowBytes..<(row + 1) * rowBytes]
        }
        // zlib: header (deflate, 32 KiB window, no dictionary, fastest), stored blocks, Adler-32.
        var zlib: [UInt8] = [0x78, 0x01]
        zlib.reserveCapacity(raw.count + raw.count / 65_535 * 5 + 16)
        var start = 0
        repeat {
            let count = min(65_535, raw.count - start)
            let isLast = start + count == raw.count
            zlib.append(isLast ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[start..<start + count]
            start += count
        } while start < raw.count
        zlib += bigEndian(adler32(raw))
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits per channel, RGBA, deflate, adaptive filters, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        file += chunk("IDAT", zlib)
        file += chunk("IEND", [])
        return file
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected), as PNG chunks use.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// Adler-32, zlib's checksum of the uncompressed data.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most that cannot overflow 32 bits before the modulo.
            let end = min(bytes.count, index + 5552)
            for byte in bytes[index..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
            index = end
        }
        return b << 16 | a
    }
}

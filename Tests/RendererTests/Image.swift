// Image: pixel access and comparisons over a top-row-first RGBA frame, for the renderer tests.

import PlatformEGL
import ShooterPlatform

/// One RGBA pixel.
struct Pixel: Hashable {
    let red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Rec. 601 luma, 0...255.
    var luminance: Double { 0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue) }
}

/// A rectangle of pixels: x in `columns`, y in `rows` (top row 0).
struct Region {
    let columns: Range<Int>
    let rows: Range<Int>
}

/// Pixel access into a top-row-first RGBA image.
struct Image {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(_ rgba: [UInt8], width: Int, height: Int) {
        precondition(rgba.count == width * height * 4, "image is \(rgba.count) bytes, not \(width)x\(height)x4")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    init(_ rgba: [UInt8], of display: OffscreenDisplay<ShooterRenderer>) {
        self.init(rgba, width: display.width, height: display.height)
    }

    subscript(x: Int, y: Int) -> Pixel {
        let index = (y * width + x) * 4
        return Pixel(red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
    }

    var whole: Region { Region(columns: 0..<width, rows: 0..<height) }
    var centre: Pixel { self[width / 2, height / 2] }

    /// The distinct colours in `region`.
    func colors(in region: Region? = nil) -> Set<Pixel> {
        let region = region ?? whole
        var found = Set<Pixel>()
        for y in region.rows { for x in region.columns { found.insert(self[x, y]) } }
        return found
    }

    /// How many pixels of `region` differ from `other`'s.
    func differences(from other: Image, in region: Region? = nil) -> Int {
        let region = region ?? whole
        var count = 0
        for y in region.rows { for x in region.columns where self[x, y] != other[x, y] { count += 1 } }
        return count
    }

    /// The mean luminance of `region`.
    func meanLuminance(in region: Region? = nil) -> Double {
        let region = region ?? whole
        var sum = 0.0
        for y in region.rows { for x in region.columns { sum += self[x, y].luminance } }
        return sum / Double(region.rows.count * region.columns.count)
    }

    /// The mean of each channel (red, green, blue) over `region`, 0...255.
    func meanColor(in region: Region? = nil) -> (red: Double, green: Double, blue: Double) {
        let region = region ?? whole
        var sums = (0.0, 0.0, 0.0)
        for y in region.rows {
            for x in region.columns {
                let pixel = self[x, y]
                sums.0 += Double(pixel.red)
                sums.1 += Double(pixel.green)
                sums.2 += Double(pixel.blue)
            }
        }
        let count = Double(region.rows.count * region.columns.count)
        return (sums.0 / count, sums.1 / count, sums.2 / count)
    }

    /// The smallest region holding every pixel that differs from `other`'s; nil when none does.
    func changedBounds(from other: Image) -> Region? {
        var columns = (low: width, high: -1)
        var rows = (low: height, high: -1)
        for y in 0..<height {
            for x in 0..<width where self[x, y] != other[x, y] {
                columns = (min(columns.low, x), max(columns.high, x))
                rows = (min(rows.low, y), max(rows.high, y))
            }
        }
        guard columns.high >= 0 else { return nil }
        return Region(columns: columns.low..<columns.high + 1, rows: rows.low..<rows.high + 1)
    }

    /// The mean absolute luminance step between horizontally adjacent pixels of `region`: how busy it looks.
    func localContrast(in region: Region) -> Double {
        var sum = 0.0
        var count = 0
        for y in region.rows {
            for x in region.columns.dropLast() {
                sum += abs(self[x + 1, y].luminance - self[x, y].luminance)
                count += 1
            }
        }
        return sum / Double(max(count, 1))
    }
}

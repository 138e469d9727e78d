// HUDTextTests: the HUD draws the font's glyphs pixel for pixel, 8 pixels square below 1000 pixels wide and
// 16 from there, so long lines fit a 640-pixel frame; a malformed font stops the renderer being made.

import Foundation
import GameCore
import PlatformEGL
import Renderer
import Runtime
import ShooterPlatform
import XCTest

final class HUDTextTests: XCTestCase {
    private let textColor = Pixel(red: 235, green: 242, blue: 224, alpha: 255)
    private let margin = 6  // pixels from the top-left corner to the first HUD glyph

    func testEveryPrintableCharacterDrawsItsGlyph() throws {
        let font = try BitmapFont(parsing: fontText())
        let display = try makeDisplay(width: 800, height: 120)
        let line = String(String.UnicodeScalarView(BitmapFont.codes.compactMap(Unicode.Scalar.init)))
        XCTAssertEqual(line.count, 95)
        let image = Image(render(hangarScene(hud: [line]), on: display), of: display)
        for (index, code) in BitmapFont.codes.enumerated() {
            XCTAssertEqual(ink(image, cell: index, scale: 1), glyph(font, code), "character \(code)")
        }
        let cell = { (character: Unicode.Scalar) in self.ink(image, cell: Int(character.value) - 32, scale: 1) }
        XCTAssertNotEqual(cell("A"), cell("B"))
        XCTAssertNotEqual(cell("a"), cell("A"), "lowercase differs from uppercase")
        XCTAssertNotEqual(cell("0"), cell("O"))
        XCTAssertNotEqual(cell("l"), cell("1"))
        XCTAssertTrue(cell("B").joined().contains("#"), "the glyphs have ink")
    }

    func testWideFramesDrawTheHUDAtTwiceTheSize() throws {
        let font = try BitmapFont(parsing: fontText())
        let display = try makeDisplay(width: 1280, height: 720)
        let image = Image(render(hangarScene(hud: ["Hg", "?\u{E9}"]), on: display), of: display)
        XCTAssertEqual(ink(image, cell: 0, scale: 2), glyph(font, 72))
        XCTAssertEqual(ink(image, cell: 1, scale: 2), glyph(font, 103))
        XCTAssertEqual(ink(image, cell: 0, line: 1, scale: 2), glyph(font, 63))
        XCTAssertEqual(ink(image, cell: 1, line: 1, scale: 2), glyph(font, 63), "characters past '~' draw as '?'")
    }

    func testSixtyFiveCharacterLineFitsA640PixelFrame() throws {
        let font = try BitmapFont(parsing: fontText())
        let display = try makeDisplay(width: 640, height: 360)
        let line = "score 12340  health 100  ammo 20/50  time 3:07  level 2  FPS 60 ok"
        XCTAssertGreaterThanOrEqual(line.count, 65)
        let plain = Image(render(hangarScene(), on: display), of: display)
        let image = Image(render(hangarScene(hud: [line]), on: display), of: display)
        XCTAssertEqual(ink(image, cell: line.count - 1, scale: 1), glyph(font, 107), "the last character, 'k'")
        let rightEdge = Region(columns: 600..<640, rows: 0..<360)
        XCTAssertEqual(image.differences(from: plain, in: rightEdge), 0, "the HUD stops short of the right edge")
    }

    func testMalformedFontStopsTheRenderer() throws {
        let display = try makeDisplay()
        var sources = try ShaderSources(reading: assetText)
        sources.font = sources.font.replacingOccurrences(of: "char 'A'", with: "char 'B'")
        XCTAssertThrowsError(try Renderer(shaders: sources)) { error in
            guard case .duplicateGlyph(66, _)? = (error as? BitmapFont.ParseError)?.problem else {
                return XCTFail("unexpected \(error)")
            }
        }
        XCTAssertTrue(display.renderer.hasSurfaces)
    }

    /// Writes font-sample.png to $INTERLUDE_SAMPLE_DIRECTORY (if set): HUD lines in mixed case with digits
    /// and punctuation, and a mixed-case overlay, for a person to judge the glyphs.
    func testFontSampleAt640x360() throws {
        let folder = ProcessInfo.processInfo.environment["INTERLUDE_SAMPLE_DIRECTORY"]
        let display = try makeDisplay(width: 640, height: 360, outputDirectory: folder)
        let hud = [
            "SINGLE PLAYER  level 1  score 12,340  health 97%  ammo 20/50  time 3:07",
            "The quick brown fox jumps over the lazy dog.",
            "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG? 0123456789",
            "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
            "Il1| O0o  rn m  cl d  vv w  gjpqy; \"Hello, world!\" {x: 4.5}",
        ]
        let scene = hangarScene(camera: eastFromStart, hud: hud, overlay: "Paused")
        let frame = display.capture("font-sample", scene: scene)
        XCTAssertEqual(frame.file, folder == nil ? nil : "font-sample.png")
    }

    /// The HUD cell `cell` of line `line` at `scale` as rows of '#' (text colour), '.' (anything else) or
    /// '?' (a scale x scale block that is partly text colour).
    private func ink(_ image: Image, cell: Int, line: Int = 0, scale: Int) -> [String] {
        (0..<8).map { row in
            String(
                (0..<8).map { column -> Character in
                    let left = margin + (cell * 8 + column) * scale
                    let top = margin + line * 10 * scale + row * scale
                    let block = (0..<scale * scale).map { image[left + $0 % scale, top + $0 / scale] == textColor }
                    return block.allSatisfy { $0 } ? "#" : block.contains(true) ? "?" : "."
                })
        }
    }

    /// The glyph of `code` in the same form as `ink`.
    private func glyph(_ font: BitmapFont, _ code: UInt32) -> [String] {
        (0..<8).map { row in String((0..<8).map { font.isInk(code, column: $0, row: row) ? "#" : "." }) }
    }
}

// FrameContentTests: what a rendered hangar frame shows: a lit 3D view with depth, sprites, HUD, overlay, tint.

import CGL
import GLHost
import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform
import XCTest

final class FrameContentTests: XCTestCase {
    func testFrameIsNotBlankAndRaisesNoGLError() throws {
        let display = try makeDisplay()
        let image = Image(render(hangarScene(), on: display), of: display)
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR))
        XCTAssertGreaterThan(image.colors().count, 200, "a lit 3D view has many shades")
        let fog = Pixel(red: 13, green: 15, blue: 23, alpha: 255)
        XCTAssertNotEqual(image.centre, fog, "the centre shows geometry, not the clear colour")
        XCTAssertTrue(image.colors().allSatisfy { $0.alpha == 255 })
        XCTAssertEqual(display.renderer.statistics.framesDrawn, 1)
        XCTAssertFalse(display.renderer.rendererName.isEmpty)
    }

    func testNearWallIsBrighterThanTheSameWallFarAway() throws {
        let display = try makeDisplay()
        // Both look west at the same face of wall cell (0, 1): 0.5 and 5.5 units away.
        let westNear = Camera(position: Vec3(1.5, 0.5, 1.5), yaw: Float.pi / 2)
        let westFar = Camera(position: Vec3(6.5, 0.5, 1.5), yaw: Float.pi / 2)
        let near = Image(render(hangarScene(camera: westNear), on: display), of: display)
        let far = Image(render(hangarScene(camera: westFar), on: display), of: display)
        XCTAssertGreaterThan(near.centre.luminance, far.centre.luminance + 40)
        // Looking down a corridor, the floor darkens towards the horizon: the lower column has many shades.
        let column = Region(columns: 160..<161, rows: 95..<180)
        let corridor = Image(render(hangarScene(camera: eastFromStart), on: display), of: display)
        XCTAssertGreaterThan(corridor.colors(in: column).count, 20)
        XCTAssertGreaterThan(corridor[160, 179].luminance, corridor[160, 100].luminance)
    }

    func testSpriteInFrontShowsItsColour() throws {
        let display = try makeDisplay()
        let enemy = Sprite(position: Vec3(3.5, 0, 1.5), size: 0.6, color: Color(0.85, 0.15, 0.1))
        let without = Image(render(hangarScene(camera: eastFromStart), on: display), of: display)
        let with = Image(render(hangarScene(camera: eastFromStart, sprites: [enemy]), on: display), of: display)
        XCTAssertNotEqual(with.centre, without.centre)
        XCTAssertGreaterThan(Int(with.centre.red), 2 * Int(with.centre.green), "the box is red")
        XCTAssertEqual(with.differences(from: without, in: Region(columns: 0..<320, rows: 0..<40)), 0)
    }

    func testHUDChangesOnlyTheTopLeft() throws {
        let display = try makeDisplay()
        let plain = Image(render(hangarScene(), on: display), of: display)
        let withHUD = Image(render(hangarScene(hud: ["SCORE 100", "health 3"]), on: display), of: display)
        let topLeft = Region(columns: 0..<160, rows: 0..<48)
        XCTAssertGreaterThan(withHUD.differences(from: plain, in: topLeft), 1500)
        XCTAssertEqual(withHUD.differences(from: plain, in: Region(columns: 0..<320, rows: 60..<180)), 0)
        XCTAssertEqual(withHUD.differences(from: plain, in: Region(columns: 200..<320, rows: 0..<180)), 0)
        let textColor = Pixel(red: 235, green: 242, blue: 224, alpha: 255)
        XCTAssertTrue(withHUD.colors(in: topLeft).contains(textColor), "glyph pixels in the HUD colour")
    }

    func testHUDTextDependsOnTheCharacters() throws {
        let display = try makeDisplay()
        let first = Image(render(hangarScene(hud: ["SCORE 100"]), on: display), of: display)
        let second = Image(render(hangarScene(hud: ["SCORE 101"]), on: display), of: display)
        // Below 1000 pixels wide the HUD draws 8-pixel glyphs from (6, 6); the ninth character is the last digit.
        let lastDigit = Region(columns: 6 + 8 * 8..<6 + 9 * 8, rows: 6..<14)
        XCTAssertGreaterThan(second.differences(from: first, in: lastDigit), 5)
        XCTAssertEqual(second.differences(from: first, in: Region(columns: 0..<6 + 8 * 8, rows: 0..<180)), 0)
    }

    func testOverlayChangesTheCentre() throws {
        let display = try makeDisplay()
        let plain = Image(render(hangarScene(), on: display), of: display)
        let paused = Image(render(hangarScene(overlay: "PAUSED"), on: display), of: display)
        let centre = Region(columns: 64..<256, rows: 74..<106)
        XCTAssertGreaterThan(paused.differences(from: plain, in: centre), 3000)
        XCTAssertEqual(paused.differences(from: plain, in: Region(columns: 0..<320, rows: 0..<50)), 0)
        let overlayColor = Pixel(red: 255, green: 224, blue: 89, alpha: 255)
        let lit = (74..<106).reduce(0) { count, y in count + (64..<256).filter { paused[$0, y] == overlayColor }.count }
        XCTAssertGreaterThan(lit, 1000, "large glyphs in the overlay colour")
    }

    func testTintDarkensTheView() throws {
        let display = try makeDisplay()
        let plain = Image(render(hangarScene(), on: display), of: display)
        let tinted = Image(render(hangarScene(tint: Color(0.1, 0.1, 0.1)), on: display), of: display)
        // Half the view, half the tint (0.1 of 255 = 25.5), give or take rounding.
        XCTAssertEqual(tinted.meanLuminance(), 0.5 * plain.meanLuminance() + 0.5 * 25.5, accuracy: 1)
        XCTAssertLessThan(tinted.meanLuminance(), plain.meanLuminance())
        XCTAssertGreaterThan(tinted.differences(from: plain), 320 * 180 * 9 / 10)
    }

    func testPausedSampleAt640x360() throws {
        let folder = ProcessInfo.processInfo.environment["INTERLUDE_SAMPLE_DIRECTORY"]
        let display = try makeDisplay(width: 640, height: 360, outputDirectory: folder)
        let game = Game(seed: 1)
        let sprites = game.scene().sprites
        let scene = hangarScene(
            camera: Camera(position: Vec3(1.5, 0.5, 1.5), yaw: -2.6), sprites: sprites,
            hud: ["SINGLE PLAYER  level 1", "score 0  health 100  ammo 20  time 0:00"],
            overlay: "PAUSED", tint: Color(0.1, 0.1, 0.1))
        let frame = display.capture("egl-sample", scene: scene)
        let image = Image(display.readPixels(), of: display)
        XCTAssertEqual(frame.hash, FrameHash.fnv1a64(image.rgba))
        XCTAssertEqual(frame.file, folder == nil ? nil : "egl-sample.png")
        XCTAssertGreaterThan(image.colors().count, 200)
    }
}

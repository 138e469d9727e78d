// WeaponAndStatusBarTests: the 2D layer of a session: the weapon in the bottom centre (recoil sinks it, bob
// sways it, the muzzle flash lights it), the damage flash, the crosshair and hit marker, and the status bar's
// large digits, read back glyph by glyph against the bitmap font.

import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform
import XCTest

@testable import Renderer

final class WeaponAndStatusBarTests: XCTestCase {
    func testWeaponIsDrawnInTheBottomCentreOnly() throws {
        let display = try makeDisplay()
        let without = Image(render(gameScene(sprites: [], weapon: nil, statusBar: nil), on: display), of: display)
        let with = Image(render(gameScene(sprites: [], statusBar: nil), on: display), of: display)
        let bottomCentre = Region(columns: 120..<200, rows: 120..<180)
        XCTAssertGreaterThan(with.differences(from: without, in: bottomCentre), 1500)
        let bounds = try XCTUnwrap(with.changedBounds(from: without))
        XCTAssertGreaterThan(bounds.rows.lowerBound, 90, "below the centre of the view")
        XCTAssertEqual(bounds.rows.upperBound, 180, "standing on the bottom edge")
        XCTAssertGreaterThan(bounds.columns.lowerBound, 100)
        XCTAssertLessThan(bounds.columns.upperBound, 220)
    }

    func testRecoilSinksTheWeaponAndBobSwaysIt() throws {
        let display = try makeDisplay()
        let without = Image(render(gameScene(sprites: [], weapon: nil), on: display), of: display)
        func bounds(_ weapon: WeaponView) throws -> Region {
            let image = Image(render(gameScene(sprites: [], weapon: weapon), on: display), of: display)
            return try XCTUnwrap(image.changedBounds(from: without))
        }
        let rest = try bounds(WeaponView())
        let kicked = try bounds(WeaponView(recoil: 1))
        let swayed = try bounds(WeaponView(bob: Float.pi / 2))
        XCTAssertGreaterThan(kicked.rows.lowerBound, rest.rows.lowerBound + 5, "recoil pushes it down")
        XCTAssertLessThan(kicked.columns.count, rest.columns.count, "and back: it looks smaller")
        XCTAssertGreaterThan(swayed.columns.lowerBound, rest.columns.lowerBound + 3, "bob moves it sideways")
        XCTAssertGreaterThan(swayed.rows.lowerBound, rest.rows.lowerBound, "and dips it")
    }

    func testMuzzleFlashLightsTheBarrelAndTheView() throws {
        let display = try makeDisplay()
        let idle = Image(render(gameScene(sprites: []), on: display), of: display)
        let firing = Image(
            render(gameScene(sprites: [], weapon: WeaponView(isFlashing: true)), on: display), of: display)
        let place = Renderer.weaponPlacement(WeaponView(), width: 320, viewHeight: 150)
        let boreY = Int(place.y + place.size * Renderer.muzzle.y)
        let aroundBore = Region(columns: 140..<180, rows: boreY - 20..<boreY + 4)
        XCTAssertGreaterThan(firing.differences(from: idle, in: aroundBore), 300)
        let flame = firing.colors(in: aroundBore).filter { $0.red > 240 && $0.green > 150 && $0.blue < 200 }
        XCTAssertGreaterThan(flame.count, 5, "yellow-white flame at the bore")
        let topLeft = Region(columns: 0..<80, rows: 0..<60)
        XCTAssertGreaterThan(firing.meanLuminance(in: topLeft), idle.meanLuminance(in: topLeft) + 3, "warm light")
    }

    func testDamageFlashReddensTheFrame() throws {
        let display = try makeDisplay()
        let calm = Image(render(gameScene(damage: 0), on: display), of: display)
        let hurt = Image(render(gameScene(damage: 1), on: display), of: display)
        let half = Image(render(gameScene(damage: 0.5), on: display), of: display)
        let (calmColor, hurtColor, halfColor) = (calm.meanColor(), hurt.meanColor(), half.meanColor())
        XCTAssertGreaterThan(hurtColor.red, calmColor.red + 40)
        XCTAssertLessThan(hurtColor.green, calmColor.green)
        XCTAssertGreaterThan(hurtColor.red - hurtColor.green, calmColor.red - calmColor.green + 60)
        XCTAssertGreaterThan(halfColor.red, calmColor.red + 15)
        XCTAssertLessThan(halfColor.red, hurtColor.red - 15, "it fades with Scene.damage")
    }

    func testCrosshairAndHitMarkerAtTheCentre() throws {
        let display = try makeDisplay()
        var plainScene = gameScene(sprites: [], weapon: nil, statusBar: nil)
        plainScene.crosshair = false
        let plain = Image(render(plainScene, on: display), of: display)
        let aiming = Image(render(gameScene(sprites: [], weapon: nil, statusBar: nil), on: display), of: display)
        let hit = Image(
            render(gameScene(sprites: [], weapon: nil, statusBar: nil, hitMarker: true), on: display), of: display)
        let bounds = try XCTUnwrap(aiming.changedBounds(from: plain))
        XCTAssertTrue(bounds.columns.contains(160) && bounds.rows.contains(90))
        XCTAssertLessThan(bounds.columns.count, 24)
        XCTAssertLessThan(bounds.rows.count, 24)
        let centre = Region(columns: 145..<175, rows: 75..<105)
        let red = hit.colors(in: centre).filter { Int($0.red) > 3 * Int($0.green) }
        XCTAssertFalse(red.isEmpty, "the hit marker is red")
        XCTAssertGreaterThan(hit.differences(from: plain, in: centre), aiming.differences(from: plain, in: centre))
    }

    func testStatusBarDrawsTheNumbersInLargeFontDigits() throws {
        let display = try makeDisplay()
        let font = try BitmapFont(parsing: fontText())
        let bar = StatusBar(health: 87, ammo: 20, score: 1250, level: 3, seconds: 125)
        let image = Image(render(gameScene(sprites: [], weapon: nil, statusBar: bar), on: display), of: display)
        let placements = Renderer.statusTextPlacements(bar, width: 320, height: 180)
        let numbers = placements.filter { $0.scale >= 2 }.map(\.text)
        XCTAssertEqual(numbers, ["87", "20", "1250", "3", "2:05"])
        for placed in placements {
            for (index, scalar) in placed.text.unicodeScalars.enumerated() {
                let left = Int(placed.x) + index * 8 * placed.scale
                XCTAssertEqual(
                    ink(image, left: left, top: Int(placed.y), scale: placed.scale, color: placed.color),
                    glyph(font, scalar.value), "'\(Character(scalar))' of \(placed.text)")
            }
        }
        let layout = Renderer.statusBarLayout(width: 320, height: 180)
        XCTAssertGreaterThanOrEqual(layout.digitScale, 2, "digits at least 16 pixels high")
    }

    func testStatusBarChangesOnlyTheDigitsThatChange() throws {
        let display = try makeDisplay()
        let full = StatusBar(health: 100, ammo: 20, score: 1250, level: 1, seconds: 67)
        var low = full
        low.health = 9
        let before = Image(render(gameScene(sprites: [], weapon: nil, statusBar: full), on: display), of: display)
        let after = Image(render(gameScene(sprites: [], weapon: nil, statusBar: low), on: display), of: display)
        let frames = Renderer.statusSectionFrames(width: 320)
        let health = Region(columns: 0..<Int(frames[0].width), rows: 150..<180)
        let rest = Region(columns: Int(frames[1].left)..<320, rows: 0..<180)
        XCTAssertGreaterThan(after.differences(from: before, in: health), 50)
        XCTAssertEqual(after.differences(from: before, in: rest), 0)
        let danger = after.colors(in: health).filter { $0.red == 255 && $0.green < 80 }
        XCTAssertFalse(danger.isEmpty, "low health is drawn in red")
    }

    /// The 8x8 cell at (`left`, `top`) drawn at `scale` as rows of '#' (every pixel of the block in `color`,
    /// give or take GL's rounding), '.' (none), or '?' for a block partly in `color`.
    private func ink(_ image: Image, left: Int, top: Int, scale: Int, color: Color) -> [String] {
        func matches(_ pixel: Pixel) -> Bool {
            let channels = [(pixel.red, color.r), (pixel.green, color.g), (pixel.blue, color.b)]
            return channels.allSatisfy { abs(Float($0.0) - $0.1 * 255) <= 1 }
        }
        return (0..<8).map { row in
            String(
                (0..<8).map { column -> Character in
                    let block = (0..<scale * scale).map {
                        matches(image[left + column * scale + $0 % scale, top + row * scale + $0 / scale])
                    }
                    return block.allSatisfy { $0 } ? "#" : block.contains(true) ? "?" : "."
                })
        }
    }

    private func glyph(_ font: BitmapFont, _ code: UInt32) -> [String] {
        (0..<8).map { row in String((0..<8).map { font.isInk(code, column: $0, row: row) ? "#" : "." }) }
    }
}

// SpriteTests: every sprite kind draws its texture where its position projects, standing billboards turn to
// face the camera, corpses lie on the floor, and the hit flash whitens an enemy.

import Foundation
import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform
import XCTest

final class SpriteTests: XCTestCase {
    let white = Color(1, 1, 1)
    let position = Vec3(3.5, 0, 1.5)  // two units ahead of eastFromStart

    func testEveryKindDrawsAtItsProjectedPosition() throws {
        let display = try makeDisplay()
        let empty = Image(render(hangarScene(camera: eastFromStart), on: display), of: display)
        let camera = eastFromStart
        for kind in SpriteKind.allCases {
            let sprite = Sprite(position: position, size: 0.6, color: white, kind: kind)
            let image = Image(render(hangarScene(camera: camera, sprites: [sprite]), on: display), of: display)
            let expected = expectedBox(of: sprite, camera: camera, display: display)
            let changed = try XCTUnwrap(image.changedBounds(from: empty), "\(kind) drew nothing")
            XCTAssertGreaterThan(image.differences(from: empty, in: expected), 150, "\(kind)")
            XCTAssertGreaterThanOrEqual(changed.columns.lowerBound, expected.columns.lowerBound - 2, "\(kind)")
            XCTAssertLessThanOrEqual(changed.columns.upperBound, expected.columns.upperBound + 2, "\(kind)")
            XCTAssertGreaterThanOrEqual(changed.rows.lowerBound, expected.rows.lowerBound - 2, "\(kind)")
            XCTAssertLessThanOrEqual(changed.rows.upperBound, expected.rows.upperBound + 2, "\(kind)")
        }
        XCTAssertEqual(display.renderer.statistics.missingTextures, 0, "\(display.renderer.missingTextureNames)")
    }

    func testKindsLookDifferent() throws {
        let display = try makeDisplay()
        var images: [SpriteKind: Image] = [:]
        for kind in SpriteKind.allCases {
            let sprite = Sprite(position: position, size: 0.6, color: white, kind: kind)
            images[kind] = Image(
                render(hangarScene(camera: eastFromStart, sprites: [sprite]), on: display), of: display)
        }
        for first in SpriteKind.allCases {
            for second in SpriteKind.allCases where first.rawValue < second.rawValue {
                XCTAssertGreaterThan(images[first]!.differences(from: images[second]!), 100, "\(first) vs \(second)")
            }
        }
        // The health pack's red cross, tinted white, stays red.
        let health = images[.health]!
        XCTAssertTrue(health.colors().contains { Int($0.red) > 3 * Int($0.green) + 30 })
    }

    func testBillboardsFaceTheCamera() throws {
        let display = try makeDisplay()
        let rows = ["#########"] + Array(repeating: "#.......#", count: 5) + ["#...P...#", "#.......#", "#########"]
        let level = try Level.parse(name: "yard", rows.joined(separator: "\n"))
        let sprite = Sprite(position: Vec3(4.5, 0, 4.5), size: 0.8, color: white, kind: .enemy)
        let fromSouth = Camera(position: Vec3(4.5, 0.5, 6.5), yaw: 0)
        let fromWest = Camera(position: Vec3(2.5, 0.5, 4.5), yaw: -Float.pi / 2)
        let fromSouthWest = Camera(position: Vec3(4.5 - 1.4142, 0.5, 4.5 + 1.4142), yaw: -Float.pi / 4)
        var widths: [Int] = []
        for camera in [fromSouth, fromWest, fromSouthWest] {
            let empty = Image(render(Scene(level: level, camera: camera), on: display), of: display)
            let image = Image(render(Scene(level: level, camera: camera, sprites: [sprite]), on: display), of: display)
            let bounds = try XCTUnwrap(image.changedBounds(from: empty))
            widths.append(bounds.columns.count)
        }
        XCTAssertGreaterThan(widths[0], 40)
        XCTAssertLessThanOrEqual(abs(widths[0] - widths[1]), 1, "\(widths)")
        XCTAssertLessThanOrEqual(abs(widths[0] - widths[2]), 1, "\(widths)")
    }

    func testCorpseLiesOnTheFloor() throws {
        let display = try makeDisplay()
        let empty = Image(render(hangarScene(camera: eastFromStart), on: display), of: display)
        let corpse = Sprite(position: position, size: 0.6, color: white, kind: .corpse)
        let image = Image(render(hangarScene(camera: eastFromStart, sprites: [corpse]), on: display), of: display)
        let bounds = try XCTUnwrap(image.changedBounds(from: empty))
        let horizon = display.height / 2
        XCTAssertGreaterThan(bounds.rows.lowerBound, horizon + 10, "entirely below eye level")
        XCTAssertGreaterThan(bounds.columns.count, 2 * bounds.rows.count, "seen from above at a shallow angle")
    }

    func testHitFlashWhitensTheEnemy() throws {
        let display = try makeDisplay()
        let enemy = Sprite(position: position, size: 0.6, color: Color(0.85, 0.15, 0.1), kind: .enemy)
        var flashing = enemy
        flashing.flash = 1
        let box = expectedBox(of: enemy, camera: eastFromStart, display: display)
        let plain = Image(render(hangarScene(camera: eastFromStart, sprites: [enemy]), on: display), of: display)
        let hit = Image(render(hangarScene(camera: eastFromStart, sprites: [flashing]), on: display), of: display)
        XCTAssertGreaterThan(hit.meanLuminance(in: box), plain.meanLuminance(in: box) + 40)
        XCTAssertTrue(hit.colors(in: box).contains(Pixel(red: 255, green: 255, blue: 255, alpha: 255)))
        XCTAssertGreaterThan(plain.meanColor(in: box).red, 2 * plain.meanColor(in: box).green, "the tint applies")
    }

    /// The screen box `sprite` should cover: a camera-facing square standing on its base, or a flat square.
    private func expectedBox(of sprite: Sprite, camera: Camera, display: OffscreenDisplay<ShooterRenderer>) -> Region {
        let half = sprite.size / 2
        let p = sprite.position
        // eastFromStart looks along +x, so the camera's right is +z and "ahead" is +x.
        let corners: [Vec3] =
            sprite.kind == .corpse
            ? [
                Vec3(p.x - half, 0, p.z - half), Vec3(p.x - half, 0, p.z + half), Vec3(p.x + half, 0, p.z - half),
                Vec3(p.x + half, 0, p.z + half),
            ]
            : [Vec3(p.x, 0, p.z - half), Vec3(p.x, 0, p.z + half), Vec3(p.x, sprite.size, p.z - half)]
        let points = corners.map { projected($0, camera: camera, width: display.width, height: display.height) }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        return Region(
            columns: Int(xs.min()!.rounded(.down))..<Int(xs.max()!.rounded(.up)),
            rows: Int(ys.min()!.rounded(.down))..<Int(ys.max()!.rounded(.up)))
    }
}

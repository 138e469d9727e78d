// GameFrameSampleTests: full game frames at 640x360 (textured level, sprites of every kind, weapon, muzzle flash,
// status bar, crosshair, damage), written to $INTERLUDE_SAMPLE_DIRECTORY when set, for a person to judge.

import Foundation
import GameCore
import PlatformEGL
import Runtime
import ShooterPlatform
import XCTest

@testable import Renderer

final class GameFrameSampleTests: XCTestCase {
    func testGameSamplesAt640x360() throws {
        let folder = ProcessInfo.processInfo.environment["INTERLUDE_SAMPLE_DIRECTORY"]
        let display = try makeDisplay(width: 640, height: 360, outputDirectory: folder)
        let white = Color(1, 1, 1)
        let everyKind = [
            Sprite(position: Vec3(4.2, 0, 1.2), size: 0.6, color: white, kind: .enemy),
            Sprite(position: Vec3(5.2, 0, 2.1), size: 0.6, color: white, kind: .enemy, flash: 0.8),
            Sprite(position: Vec3(3.0, 0, 2.3), size: 0.3, color: white, kind: .health),
            Sprite(position: Vec3(3.4, 0, 1.5), size: 0.3, color: white, kind: .ammo),
            Sprite(position: Vec3(2.6, 0, 1.3), size: 0.7, color: white, kind: .corpse),
            Sprite(position: Vec3(6.4, 0, 1.6), size: 0.6, color: white, kind: .peer),
            Sprite(position: Vec3(6.6, 0, 2.6), size: 0.8, color: white, kind: .exit),
        ]
        let samples: [(String, Scene)] = [
            ("game-sample", gameScene(sprites: everyKind, hitMarker: true)),
            (
                "game-sample-firing",
                gameScene(sprites: everyKind, weapon: WeaponView(recoil: 0.6, isFlashing: true, bob: 0.4))
            ),
            ("game-sample-hurt", gameScene(camera: southEastFromStart, damage: 0.8)),
            ("game-sample-rust", rustScene()),
        ]
        for (name, scene) in samples {
            let frame = display.capture(name, scene: scene)
            XCTAssertEqual(frame.file, folder == nil ? nil : name + ".png")
            XCTAssertGreaterThan(Image(display.readPixels(), of: display).colors().count, 500, name)
        }
        XCTAssertEqual(display.renderer.statistics.missingTextures, 0, "\(display.renderer.missingTextureNames)")
        XCTAssertTrue(display.problems.isEmpty, "\(display.problems)")
    }

    func testGameSampleAt1280x720() throws {
        let folder = ProcessInfo.processInfo.environment["INTERLUDE_SAMPLE_DIRECTORY"]
        let display = try makeDisplay(width: 1280, height: 720, outputDirectory: folder)
        let hud = ["SINGLE PLAYER  level 1", "state active  profile ios5"]
        let frame = display.capture("game-sample-720p", scene: gameScene(hud: hud, hitMarker: true))
        XCTAssertEqual(frame.file, folder == nil ? nil : "game-sample-720p.png")
        let image = Image(display.readPixels(), of: display)
        let layout = Renderer.statusBarLayout(width: 1280, height: 720)
        XCTAssertEqual(layout.digitScale, 6, "48-pixel digits at 720p")
        let bar = Region(columns: 0..<1280, rows: 720 - layout.barHeight..<720)
        XCTAssertGreaterThan(image.colors(in: bar).count, 4, "strip, edge, labels, digits")
    }

    private func rustScene() -> Scene {
        var scene = gameScene(camera: Camera(position: Vec3(1.5, 0.5, 8.5), yaw: -Float.pi / 2))
        var level = scene.level
        level.theme = LevelTheme(wall: "wall-rust", floor: "floor-grate", ceiling: "ceiling-vents")
        scene.level = level
        scene.sprites = [Sprite(position: Vec3(3.5, 0, 8.5), size: 0.6, color: Color(1, 1, 1), kind: .enemy)]
        return scene
    }
}

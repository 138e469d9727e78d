// TexturedWorldTests: the level is drawn with its theme's textures (walls vary where plain walls would not),
// a missing or malformed texture falls back to the checker and is counted, and a frame costs one draw call per
// level texture, per sprite kind and per run of the 2D layer.

import GameCore
import PlatformEGL
import Renderer
import Runtime
import ShooterPlatform
import XCTest

final class TexturedWorldTests: XCTestCase {
    /// Looking west at the face of wall cell (0, 1) from half a unit away: the wall fills the frame's middle.
    let facingWall = Camera(position: Vec3(1.5, 0.5, 1.5), yaw: Float.pi / 2)
    let wallRegion = Region(columns: 60..<260, rows: 50..<130)

    func testTexturedWallsVaryWherePlainWallsDoNot() throws {
        let display = try makeDisplay()
        let plainWall = TextureImage(
            name: "wall-metal", width: 64, height: 64, rgba: [UInt8](repeating: 160, count: 64 * 64 * 4))
        let others = try assetTextures().filter { $0.name != "wall-metal" }
        let plain = try makeRenderer(on: display, textures: others + [plainWall])
        let untextured = Image(render(hangarScene(camera: facingWall), with: plain), of: display)
        let textured = Image(render(hangarScene(camera: facingWall), on: display), of: display)

        XCTAssertGreaterThan(textured.differences(from: untextured, in: wallRegion), 10_000)
        let busy = textured.localContrast(in: wallRegion)
        let smooth = untextured.localContrast(in: wallRegion)
        XCTAssertGreaterThan(busy, 2 * smooth, "panel edges, rivets and the light strip: \(busy) vs \(smooth)")
        // wall-metal's cyan light strip shows up on the wall.
        let cyan = textured.colors(in: wallRegion).filter {
            Int($0.green) > Int($0.red) + 40 && Int($0.blue) > Int($0.red) + 40
        }
        XCTAssertGreaterThan(cyan.count, 3, "the light strip's cyan")
        XCTAssertTrue(untextured.colors(in: wallRegion).allSatisfy { abs(Int($0.green) - Int($0.red)) < 30 })
    }

    func testThemesChangeTheWalls() throws {
        let display = try makeDisplay()
        var rusty = Level.hangar
        rusty.theme = LevelTheme(wall: "wall-rust", floor: "floor-grate", ceiling: "ceiling-vents")
        let metal = Image(render(hangarScene(camera: facingWall), on: display), of: display)
        let rust = Image(render(Scene(level: rusty, camera: facingWall), on: display), of: display)
        let metalColor = metal.meanColor(in: wallRegion)
        let rustColor = rust.meanColor(in: wallRegion)
        XCTAssertGreaterThan(rustColor.red, rustColor.blue + 15, "rust is brown")
        XCTAssertGreaterThan(metalColor.blue, metalColor.red, "metal is blue-grey")
        XCTAssertEqual(display.renderer.statistics.meshBuilds, 6, "a new theme builds its own meshes")
        XCTAssertEqual(display.renderer.statistics.missingTextures, 0)
    }

    func testMissingTextureFallsBackToTheCheckerAndIsCounted() throws {
        let display = try makeDisplay()
        var level = try Level.parse(name: "odd", "#####\n#P..#\n#####")
        level.theme = LevelTheme(wall: "no-such-wall", floor: "floor-tiles", ceiling: "ceiling-panels")
        let camera = Camera(position: Vec3(1.5, 0.5, 1.5), yaw: Float.pi / 2)
        let image = Image(render(Scene(level: level, camera: camera), on: display), of: display)
        XCTAssertEqual(display.renderer.missingTextureNames, ["no-such-wall"])
        XCTAssertEqual(display.renderer.statistics.missingTextures, 1)
        let magenta = image.colors(in: wallRegion).filter {
            Int($0.red) > 2 * Int($0.green) + 20 && Int($0.blue) > 2 * Int($0.green) + 20
        }
        XCTAssertGreaterThan(magenta.count, 10, "the checker's magenta squares")
        // Drawing it again does not count it again.
        display.present(Scene(level: level, camera: camera))
        XCTAssertEqual(display.renderer.statistics.missingTextures, 1)
    }

    func testRendererWithoutTexturesDrawsEverythingAsCheckers() throws {
        let display = try makeDisplay()
        let bare = try makeRenderer(on: display, textures: [])
        let image = Image(render(gameScene(), with: bare), of: display)
        XCTAssertGreaterThan(image.colors().count, 50)
        XCTAssertEqual(
            Set(bare.missingTextureNames),
            [
                "wall-metal", "floor-tiles", "ceiling-panels", "sprite-enemy", "sprite-corpse", "sprite-health",
                "sprite-ammo", "weapon-blaster",
            ])
        XCTAssertEqual(bare.statistics.missingTextures, 8)
        XCTAssertEqual(bare.statistics.textureUploads, 3, "font, white texel, checker")
    }

    func testMalformedImageIsRejectedNotUploaded() throws {
        let display = try makeDisplay()
        let short = TextureImage(name: "wall-metal", width: 64, height: 64, rgba: [1, 2, 3])
        let renderer = try makeRenderer(on: display, textures: [short])
        XCTAssertEqual(renderer.rejectedTextureNames, ["wall-metal"])
        renderer.draw(hangarScene())
        XCTAssertEqual(renderer.missingTextureNames, ["wall-metal", "floor-tiles", "ceiling-panels"])
    }

    func testDrawCallsPerFrame() throws {
        let display = try makeDisplay()
        display.present(hangarScene())
        XCTAssertEqual(display.renderer.statistics.drawCalls, 3, "walls, floor, ceiling")
        let white = Color(1, 1, 1)
        let sprites = [
            Sprite(position: Vec3(3.5, 0, 1.5), size: 0.6, color: white, kind: .enemy),
            Sprite(position: Vec3(4.5, 0, 1.5), size: 0.6, color: white, kind: .enemy),
            Sprite(position: Vec3(5.5, 0, 2.5), size: 0.3, color: white, kind: .ammo),
        ]
        display.present(hangarScene(sprites: sprites))
        XCTAssertEqual(display.renderer.statistics.drawCalls, 5, "one per sprite kind, not per sprite")
        display.present(hangarScene(hud: ["one", "two"]))
        XCTAssertEqual(display.renderer.statistics.drawCalls, 5, "the HUD's backing, then its text")
        display.present(gameScene())
        // Level 3, four sprite kinds, weapon, crosshair with the bar's rectangles, the bar's text.
        XCTAssertEqual(display.renderer.statistics.drawCalls, 3 + 4 + 3)
    }
}

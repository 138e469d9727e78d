// Support: displays, scenes and pixel arithmetic shared by the renderer tests. Every test makes its own
// OffscreenDisplay on the test's thread (GL contexts are per-thread) and never awaits.

import Foundation
import GameCore
import PlatformEGL
import Renderer
import Runtime
import ShooterPlatform
import XCTest

/// A 320x180 display (or the given size) over Assets/, writing PNGs to `outputDirectory` if given.
func makeDisplay(width: Int = 320, height: Int = 180, outputDirectory: String? = nil) throws -> OffscreenDisplay<
    ShooterRenderer
> {
    try OffscreenDisplay(width: width, height: height, outputDirectory: outputDirectory)
}

/// Looking east along the hangar's first row from the player start: 5.5 units to the wall at x = 7.
let eastFromStart = Camera(position: Vec3(1.5, 0.5, 1.5), yaw: -Float.pi / 2)

/// Looking south-east from the player start, across the open part of the hangar.
let southEastFromStart = Camera(position: Vec3(1.5, 0.5, 1.5), yaw: -3 * Float.pi / 4)

/// The hangar seen from `camera`, with the given 2D layers.
func hangarScene(
    camera: Camera = southEastFromStart, sprites: [Sprite] = [], hud: [String] = [], overlay: String? = nil,
    tint: Color? = nil
) -> Scene {
    Scene(level: .hangar, camera: camera, sprites: sprites, hud: hud, overlay: overlay, tint: tint)
}

/// Renders `scene` and returns its pixels (RGBA, top row first).
func render(_ scene: Scene, on display: OffscreenDisplay<ShooterRenderer>) -> [UInt8] {
    display.present(scene)
    return display.readPixels()
}

/// The text of `relative` inside this checkout's Assets/, e.g. "Fonts/interlude-8x8.font".
func assetText(_ relative: String) throws -> String {
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try String(contentsOf: checkout.appendingPathComponent("Assets/" + relative), encoding: .utf8)
}

/// The text of Assets/Fonts/interlude-8x8.font in this checkout.
func fontText() throws -> String { try assetText("Fonts/interlude-8x8.font") }

/// The textures of this checkout's Assets/Textures, decoded.
func assetTextures() throws -> [TextureImage] {
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try TextureImage.load(from: AssetDirectory(path: checkout.appendingPathComponent("Assets").path))
}

/// A frame of a running session in the hangar: an enemy and pickups ahead, weapon, status bar, crosshair.
func gameScene(
    camera: Camera = eastFromStart, sprites: [Sprite]? = nil, hud: [String] = [], weapon: WeaponView? = WeaponView(),
    statusBar: StatusBar? = StatusBar(health: 100, ammo: 20, score: 1250, level: 1, seconds: 67), damage: Float = 0,
    hitMarker: Bool = false
) -> Scene {
    let white = Color(1, 1, 1)
    let things =
        sprites ?? [
            Sprite(position: Vec3(4.5, 0, 1.3), size: 0.6, color: white, kind: .enemy),
            Sprite(position: Vec3(3.2, 0, 2.2), size: 0.3, color: white, kind: .health),
            Sprite(position: Vec3(5.5, 0, 2.4), size: 0.3, color: white, kind: .ammo),
            Sprite(position: Vec3(2.8, 0, 1.2), size: 0.7, color: white, kind: .corpse),
        ]
    return Scene(
        level: .hangar, camera: camera, sprites: things, hud: hud, weapon: weapon, statusBar: statusBar,
        damage: damage, hitMarker: hitMarker, crosshair: true)
}

/// A second renderer in `display`'s context (made current here) with `textures`, with surfaces at the
/// display's size.
func makeRenderer(on display: OffscreenDisplay<ShooterRenderer>, textures: [TextureImage]) throws -> Renderer {
    try display.context.makeCurrent()
    let renderer = try Renderer(shaders: ShaderSources(reading: assetText), textures: textures)
    renderer.makeSurfaces(width: display.width, height: display.height)
    return renderer
}

/// Renders `scene` with `renderer` and returns its pixels (RGBA, top row first).
func render(_ scene: Scene, with renderer: Renderer) -> [UInt8] {
    renderer.draw(scene)
    return renderer.readPixels()
}

/// Where a point of the world lands on a `width` x `height` frame seen by `camera` (pitch 0): pixel x and y
/// (y down), computed here independently of the renderer's matrices.
func projected(_ point: Vec3, camera: Camera, width: Int, height: Int) -> (x: Double, y: Double) {
    let yaw = Double(camera.yaw)
    let dx = Double(point.x - camera.position.x)
    let dy = Double(point.y - camera.position.y)
    let dz = Double(point.z - camera.position.z)
    // Yaw 0 looks down -z with +x to the right.
    let ahead = -sin(yaw) * dx - cos(yaw) * dz
    let right = cos(yaw) * dx - sin(yaw) * dz
    let focal = 1 / tan(Double(camera.fieldOfViewY) / 2) * Double(height) / 2
    return (Double(width) / 2 + right / ahead * focal, Double(height) / 2 - dy / ahead * focal)
}

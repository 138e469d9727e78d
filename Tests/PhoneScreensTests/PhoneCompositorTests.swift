// The compositor on the offscreen EGL context: the bundled phone-screens scripts replayed with the phone's screens
// over their captures. The screens show in the pixels, the app's GL gate refuses nothing and admits nothing while
// the app is away (the OS draws, the app does not), and the replay keeps every invariant.

import Foundation
import GLHost
import GameCore
import Lifecycle
import PlatformEGL
import Replay
import Runtime
import Storage
import ShooterPlatform
import XCTest

@testable import PhoneScreens

final class PhoneCompositorTests: XCTestCase {
    let assets = Result { try AssetDirectory.locate() }

    /// Replays the bundled `phone-screens-<profile>` script at `width` x `height` with the phone's screens shown,
    /// keeping each capture's pixels (the PNG decoded) by capture name.
    func replay(_ profile: String, width: Int = 640, height: Int = 360) throws -> (
        result: ReplayResult, images: [String: [UInt8]], display: OffscreenDisplay<ShooterRenderer>,
        appCallsWhileAway: Int, layer: PhoneSystemLayer
    ) {
        let assets = try assets.get()
        let out = NSTemporaryDirectory() + "phone-screens-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let display = try OffscreenDisplay(width: width, height: height, outputDirectory: out, assets: assets)
        let levels = try LevelFiles.load(from: assets)
        let path = assets.path("Interruptions/phone-screens-\(profile).script")
        let script = try ScriptParser.parse(String(contentsOfFile: path, encoding: .utf8), file: path)
        let compositor = try display.makePhoneCompositor(assets: assets)
        var layer: PhoneSystemLayer?
        var appCallsWhileAway = 0
        var countedFrom: Int?
        let result = ScriptRunner.run(script, display: display, game: { Game(seed: $0, levels: levels) }) { runtime in
            display.showPhoneScreens(of: runtime, compositor: compositor)
            layer = display.systemLayer as? PhoneSystemLayer
            runtime.willDo = { activity in
                // The app's admitted GL calls between forbidGL and allowGL: there must be none.
                if case .work(.forbidGL) = activity { countedFrom = display.gate.callCount }
                if case .work(.allowGL) = activity, let from = countedFrom {
                    appCallsWhileAway += display.gate.callCount - from
                    countedFrom = nil
                }
            }
        }
        var images: [String: [UInt8]] = [:]
        for frame in result.frames {
            guard let file = frame.file else { continue }
            let image = try PNGFile.read(out + "/" + file)
            images[String(file.dropFirst("phone-screens-\(profile)-".count).dropLast(4))] = image.rgba
        }
        return (result, images, display, appCallsWhileAway, layer!)
    }

    /// The RGBA of the pixel at `x`, `y` of a `width`-pixel-wide image.
    func pixel(_ image: [UInt8], _ x: Int, _ y: Int, width: Int = 640) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 4
        return (Int(image[offset]), Int(image[offset + 1]), Int(image[offset + 2]))
    }

    func testTheIOS4ScreensShowInTheCapturesWithoutAnAppGLCallWhileAway() throws {
        let run = try replay("ios4")
        XCTAssertTrue(run.result.violations.isEmpty, "\(run.result.violations)")
        XCTAssertTrue(run.result.expectationFailures.isEmpty, "\(run.result.expectationFailures)")
        XCTAssertEqual(run.display.gate.violations, [], "no app GL call was refused: the app made none while away")
        XCTAssertEqual(run.appCallsWhileAway, 0)
        XCTAssertGreaterThan(run.layer.compositor.drawCalls, 0, "the OS drew")
        XCTAssertEqual(Set(run.images.keys), ["sms-alert", "incoming-call", "in-call", "lock", "home", "switcher"])
        // The alert's glossy blue box in the middle; the game around it dimmed.
        let alert = try XCTUnwrap(run.images["sms-alert"])
        let middle = pixel(alert, 320, 140)
        XCTAssertGreaterThan(middle.b, middle.r + 40, "the alert is blue: \(middle)")
        // The call screens: Decline red, Answer green, at the bottom; End Call red.
        let call = try XCTUnwrap(run.images["incoming-call"])
        XCTAssertGreaterThan(pixel(call, 235, 320).r, 150)
        XCTAssertGreaterThan(pixel(call, 405, 320).g, 120)
        XCTAssertGreaterThan(pixel(try XCTUnwrap(run.images["in-call"]), 320, 320).r, 150)
        // Every screen is its own picture.
        XCTAssertEqual(Set(run.result.frames.map(\.hash)).count, 6)
    }

    func testTheIOS5ScreensShowInTheCapturesWithoutAnAppGLCallWhileAway() throws {
        let run = try replay("ios5")
        XCTAssertTrue(run.result.violations.isEmpty, "\(run.result.violations)")
        XCTAssertTrue(run.result.expectationFailures.isEmpty, "\(run.result.expectationFailures)")
        XCTAssertEqual(run.display.gate.violations, [])
        XCTAssertEqual(run.appCallsWhileAway, 0)
        XCTAssertEqual(
            Set(run.images.keys),
            ["banner", "incoming-call", "in-call", "lock", "home", "switcher", "notification-center"])
        // The banner: a dark strip at the top over the running game, the Messages icon green in it.
        let banner = try XCTUnwrap(run.images["banner"])
        XCTAssertGreaterThan(pixel(banner, 18, 18).g, 100)
        // The home screen's Interlude icon: orange ring.
        let home = try XCTUnwrap(run.images["home"])
        let ring = pixel(home, 100, 45)
        XCTAssertGreaterThan(ring.r, 180, "\(ring)")
        XCTAssertEqual(Set(run.result.frames.map(\.hash)).count, 7)
    }

    func testTheSwitcherCardShowsTheAppsPicture() throws {
        let run = try replay("ios5")
        let switcher = try XCTUnwrap(run.images["switcher"])
        // The card (192...448 x 75...219 at 640 x 360) holds the game at full brightness: not the dark backdrop.
        var bright = 0
        for y in stride(from: 80, to: 215, by: 5) {
            for x in stride(from: 200, to: 440, by: 5) {
                let value = pixel(switcher, x, y)
                if value.r + value.g + value.b > 120 { bright += 1 }
            }
        }
        XCTAssertGreaterThan(bright, 100, "the card shows the game")
    }

    func testWithoutAScreenUpTheFrameIsTheAppsOwn() throws {
        let assets = try assets.get()
        let display = try OffscreenDisplay(width: 320, height: 180, outputDirectory: nil, assets: assets)
        let compositor = try display.makePhoneCompositor(assets: assets)
        var screen = PhoneScreen.none
        display.systemLayer = PhoneSystemLayer(compositor: compositor) { screen }
        let frame = (pixels: [UInt8](repeating: 200, count: 320 * 180 * 4), width: 320, height: 180)
        XCTAssertNil(display.systemLayer?.compose(over: frame, width: 320, height: 180))
        screen = .lock(minutes: 600)
        let locked = try XCTUnwrap(display.systemLayer?.compose(over: frame, width: 320, height: 180))
        XCTAssertEqual(locked.count, frame.pixels.count)
        XCTAssertNotEqual(locked, frame.pixels)
        // Opaque everywhere: the OS's screen covers, it never leaves holes.
        XCTAssertTrue(stride(from: 3, to: locked.count, by: 4).allSatisfy { locked[$0] == 255 })
        // Without a picture (none kept yet) the screens still draw, over black.
        let bare = try XCTUnwrap(display.systemLayer?.compose(over: nil, width: 320, height: 180))
        XCTAssertEqual(bare.count, 320 * 180 * 4)
    }
}

// Today's phones' screens on the offscreen EGL context: Docs/PhoneScreens/scripts/phone-screens-<profile>.script
// replayed with the phone's screens over their captures (the scripts the README's screenshots come from). Each
// screen shows in the pixels, the app makes no GL call while away, and `rotated` turns the captures.

import Foundation
import GLHost
import GameCore
import Lifecycle
import PlatformEGL
import Replay
import Runtime
import ShooterPlatform
import Storage
import XCTest

@testable import PhoneScreens

final class ModernCompositorTests: XCTestCase {
    let assets = Result { try AssetDirectory.locate() }

    struct Capture {
        let pixels: [UInt8]
        let width: Int
        let height: Int

        /// The RGB of the pixel at `x`, `y`.
        func at(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let offset = (y * width + x) * 4
            return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
        }
    }

    /// Replays `Docs/PhoneScreens/scripts/phone-screens-<profile>.script` at 640 x 360 with the phone's screens.
    func replay(_ profile: String) throws -> (
        result: ReplayResult, captures: [String: Capture], layer: PhoneSystemLayer
    ) {
        let assets = try assets.get()
        // PHONE_SCREENS_KEEP=DIR keeps the captures there (to look at them); otherwise they go with the test.
        let keep = ProcessInfo.processInfo.environment["PHONE_SCREENS_KEEP"]
        let out = keep ?? NSTemporaryDirectory() + "modern-screens-\(UUID().uuidString)"
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: out) } }
        let display = try OffscreenDisplay(width: 640, height: 360, outputDirectory: out, assets: assets)
        let levels = try LevelFiles.load(from: assets)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Docs/PhoneScreens/scripts/phone-screens-\(profile).script").path
        let script = try ScriptParser.parse(String(contentsOfFile: path, encoding: .utf8), file: path)
        let compositor = try display.makePhoneCompositor(assets: assets)
        var layer: PhoneSystemLayer?
        let result = ScriptRunner.run(
            script, display: display, game: { Game(seed: $0, levels: levels) },
            configure: { runtime in
                display.showPhoneScreens(of: runtime, compositor: compositor)
                layer = display.systemLayer as? PhoneSystemLayer
            })
        XCTAssertEqual(display.gate.violations, [], "the app made no GL call while away")
        var captures: [String: Capture] = [:]
        for frame in result.frames {
            guard let file = frame.file else { continue }
            let image = try PNGFile.read(out + "/" + file)
            let name = String(file.dropFirst("phone-screens-\(profile)-".count).dropLast(4))
            captures[name] = Capture(pixels: image.rgba, width: image.width, height: image.height)
        }
        return (result, captures, try XCTUnwrap(layer))
    }

    func assertClean(_ result: ReplayResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(result.violations.isEmpty, "\(result.violations)", file: file, line: line)
        XCTAssertTrue(result.expectationFailures.isEmpty, "\(result.expectationFailures)", file: file, line: line)
    }

    /// `rotated` turns the captures (640 x 360 to 360 x 640) and a second one turns them back.
    func assertTurns(_ captures: [String: Capture], file: StaticString = #filePath, line: UInt = #line) throws {
        let rotated = try XCTUnwrap(captures["rotated"], file: file, line: line)
        let unrotated = try XCTUnwrap(captures["unrotated"], file: file, line: line)
        XCTAssertEqual([rotated.width, rotated.height], [360, 640], file: file, line: line)
        XCTAssertEqual([unrotated.width, unrotated.height], [640, 360], file: file, line: line)
    }

    func testIOS13ShowsTheFullScreenCallAndControlCenterAndTurns() throws {
        let run = try replay("ios13")
        assertClean(run.result)
        let call = try XCTUnwrap(run.captures["full-screen-call"])
        XCTAssertGreaterThan(call.at(205, 254).r, 180, "Decline is red: \(call.at(205, 254))")
        XCTAssertGreaterThan(call.at(435, 254).g, 150, "Accept is green: \(call.at(435, 254))")
        let control = try XCTUnwrap(run.captures["control-center"])
        XCTAssertGreaterThan(control.at(345, 55).r, 200, "the orange toggle: \(control.at(345, 55))")
        let lock = try XCTUnwrap(run.captures["lock"])
        XCTAssertGreaterThan(lock.at(320, 343).r, 200, "the home indicator: \(lock.at(320, 343))")
        try assertTurns(run.captures)
        XCTAssertEqual(Set(run.result.frames.map(\.hash)).count, run.result.frames.count, "each its own picture")
    }

    func testIOS26ShowsTheCallBannerOverTheRunningGame() throws {
        let run = try replay("ios26")
        assertClean(run.result)
        let banner = try XCTUnwrap(run.captures["call-banner"])
        let declined = try XCTUnwrap(run.captures["declined"])
        XCTAssertGreaterThan(banner.at(370, 24).r, 180, "the red Decline pill: \(banner.at(370, 24))")
        XCTAssertGreaterThan(banner.at(465, 24).g, 150, "the green Accept pill: \(banner.at(465, 24))")
        XCTAssertLessThan(declined.at(370, 24).r, 180, "the banner is gone once declined")
        let control = try XCTUnwrap(run.captures["control-center"])
        XCTAssertGreaterThan(control.at(345, 55).r, 200)
        try assertTurns(run.captures)
        // Turned, the banner is laid out upright on the 360 x 640 picture.
        let turnedBanner = try XCTUnwrap(run.captures["rotated-call-banner"])
        XCTAssertEqual([turnedBanner.width, turnedBanner.height], [360, 640])
        XCTAssertNotEqual(turnedBanner.pixels, try XCTUnwrap(run.captures["rotated"]).pixels)
    }

    func testAndroid28ShowsItsCallRecentsAndTheNavigationBar() throws {
        let run = try replay("android28")
        assertClean(run.result)
        let call = try XCTUnwrap(run.captures["call"])
        XCTAssertGreaterThan(call.at(207, 240).r, 180, "Decline: \(call.at(207, 240))")
        XCTAssertGreaterThan(call.at(432, 240).g, 150, "Answer: \(call.at(432, 240))")
        for name in ["call", "in-call", "recents", "home"] {
            let screen = try XCTUnwrap(run.captures[name], name)
            // The navigation bar: near-black along the bottom, its home ring white in the middle.
            let bar = screen.at(100, 354)
            XCTAssertLessThan(bar.r + bar.g + bar.b, 60, "\(name): the bar \(bar)")
            let ring = screen.at(320, 346)
            XCTAssertGreaterThan(ring.r + ring.g + ring.b, 600, "\(name): the home ring \(ring)")
        }
        let sms = try XCTUnwrap(run.captures["heads-up-sms"])
        XCTAssertGreaterThan(sms.at(500, 12).r, 230, "the white heads-up card: \(sms.at(500, 12))")
        try assertTurns(run.captures)
    }

    func testAndroid34ShowsTheHeadsUpCallAndTheShade() throws {
        let run = try replay("android34")
        assertClean(run.result)
        let headsUp = try XCTUnwrap(run.captures["heads-up-call"])
        XCTAssertGreaterThan(headsUp.at(300, 60).r, 180, "Decline: \(headsUp.at(300, 60))")
        XCTAssertGreaterThan(headsUp.at(430, 60).g, 150, "Answer: \(headsUp.at(430, 60))")
        XCTAssertGreaterThan(headsUp.at(520, 20).r, 230, "the white card: \(headsUp.at(520, 20))")
        let declined = try XCTUnwrap(run.captures["declined"])
        XCTAssertLessThan(declined.at(520, 20).r, 230, "the heads-up is gone once declined")
        let shade = try XCTUnwrap(run.captures["shade"])
        XCTAssertGreaterThan(shade.at(30, 55).b, 200, "the Wi-Fi tile: \(shade.at(30, 55))")
        try assertTurns(run.captures)
        let recents = try XCTUnwrap(run.captures["rotated-recents"])
        XCTAssertEqual([recents.width, recents.height], [360, 640])
        // The rotation recreated the activity and its GL context: the OS's compositor was made again in the new
        // context, so Recents is drawn right (its dark backdrop), not with the lost context's names.
        let corner = recents.at(2, 2)
        XCTAssertEqual([corner.r, corner.g, corner.b], [41, 43, 48], "the Recents backdrop: \(corner)")
    }

    func testTheClassicProfilesNeverTurn() throws {
        // ios5 rejects `rotated`: the layer composes at the frame's size.
        let assets = try assets.get()
        let display = try OffscreenDisplay(width: 320, height: 180, outputDirectory: nil, assets: assets)
        let compositor = try display.makePhoneCompositor(assets: assets)
        var turned = false
        let layer = PhoneSystemLayer(compositor: compositor, turned: { turned }, screen: { .none })
        let pixels: [UInt8] = (0..<(320 * 180)).flatMap { (index: Int) -> [UInt8] in [UInt8(index % 251), 0, 0, 255] }
        let frame: FrameKeeper.Image = (pixels, 320, 180)
        XCTAssertNil(layer.compose(over: frame, width: 320, height: 180))
        XCTAssertEqual(layer.composedSize(width: 320, height: 180).width, 320)
        turned = true
        XCTAssertEqual(layer.composedSize(width: 320, height: 180).width, 180)
        let turnedPixels = try XCTUnwrap(layer.compose(over: frame, width: 320, height: 180))
        XCTAssertEqual(turnedPixels, PhoneSystemLayer.quarterTurn(frame).pixels, "no screen: the frame turned, exactly")
    }
}

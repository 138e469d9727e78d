// Today's phones in the window, under Xvfb: a lost GL context is recovered on the GL thread (a new renderer, the
// next frame identical to the one before the loss), and the new Ctrl keys inject the new events (Ctrl+Z rotated
// turns the window; Ctrl+W glContextLost recreates the renderer).

import CGLFW
import Foundation
import GLHost
import GameCore
import Lifecycle
import PhoneScreens
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class ModernWindowTests: XCTestCase {
    func testAfterALostContextTheNextFrameIsTheOneBeforeTheLoss() throws {
        try WindowTestEnvironment.requireDisplay()
        let session = try WindowSession(
            profile: .android34, title: "Interlude context \(ProcessInfo.processInfo.processIdentifier)")
        session.platform.pump(for: 0.3)
        let scene = session.runtime.scene
        let before = session.display.capture("before", scene: scene)
        let lostRenderer = ObjectIdentifier(session.display.renderer)

        session.runtime.send(.glContextLost)
        session.runtime.settle()
        XCTAssertEqual(session.runtime.lastWork.last, .recreateGLObjects)
        XCTAssertEqual(session.display.contextRecreations, 1)
        XCTAssertNotEqual(ObjectIdentifier(session.display.renderer), lostRenderer, "every GL object made again")
        XCTAssertEqual(session.display.contextProblems, [])

        // The same scene drawn by the new renderer (the runtime's own scene now differs only by its HUD's last work).
        let after = session.display.capture("after", scene: scene)
        XCTAssertEqual(after.hash, before.hash, "the first frame after the loss is pixel-identical")
        XCTAssertEqual(session.display.refusedGLCalls, [])
        XCTAssertEqual(session.runtime.violations, [])
    }

    func testCtrlZRotatesTheWindowAndCtrlWLosesTheContext() throws {
        try WindowTestEnvironment.requireWindowManager()
        try WindowTestEnvironment.require("/usr/bin/xdotool")
        let title = "Interlude turn \(ProcessInfo.processInfo.processIdentifier)"
        let session = try WindowSession(profile: .android34, title: title)
        try session.display.attachPhone(profile: .android34, font: PhoneFont.load(from: assets))
        session.platform.run(maxFrames: 5)
        let id = try xWindowID(titled: title)
        let view = session.display.viewSize
        XCTAssertEqual([view.width, view.height], [640, 360])

        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+z"])
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.phone?.turned == true })
        let rotated = WindowEvent.key(code: GLFW_KEY_Z, action: .pressed, control: true)
        XCTAssertEqual(session.inputs(for: rotated), [[.event(.rotated)]])
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.viewSize == (360, 640) })
        XCTAssertEqual(session.runtime.status.state, .active, "Android recreated the activity and resumed it")

        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+w"])
        // The rotation recreated the activity (one recreation); the lost context is a second.
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.contextRecreations == 2 })
        let lost = WindowEvent.key(code: GLFW_KEY_W, action: .pressed, control: true)
        XCTAssertEqual(session.inputs(for: lost), [[.event(.glContextLost)]])

        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+z"])
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.phone?.turned == false })
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.viewSize == (640, 360) })
        XCTAssertEqual(session.runtime.violations, [])
        XCTAssertEqual(session.display.refusedGLCalls, [])
    }

    func testTheNewKeysAreInTheHelp() {
        let keys = DesktopMapping.windowHelp.map(\.keys)
        for key in ["Ctrl+G", "Ctrl+F", "Ctrl+Y", "Ctrl+V", "Ctrl+Z", "Ctrl+W", "Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4"]
        {
            XCTAssertTrue(keys.contains(key), key)
        }
        let meanings = Set(DesktopMapping.windowHelp.map(\.meaning))
        for event in [
            Event.controlCenterPulled, .controlCenterDismissed, .sceneReclaimed, .backPressed, .rotated, .dialogShown,
            .dialogDismissed, .otherWindowTapped, .gameWindowTapped,
        ] {
            XCTAssertTrue(meanings.contains(event.rawValue), event.rawValue)
        }
        XCTAssertTrue(meanings.contains(Event.glContextLost.rawValue))
    }
}

/// Today's phones' screens in the window are clickable as the classic ones: Android's Recents and its navigation bar,
/// iOS 26's call banner over the running game.
extension PhoneWindowTests {
    func testAndroidRecentsAndItsNavigationBarInTheWindow() throws {
        let (session, id) = try phone(
            .android34, name: "android34 recents \(ProcessInfo.processInfo.processIdentifier)")
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+t"])
        XCTAssertTrue(session.pump(until: .background, reason: .switcher))
        settle(session)
        XCTAssertEqual(session.display.phone?.shownScreen, .navigation(.recents))
        let recents = try shot(id, "android34-recents")
        // The navigation bar's home ring, white in the middle of the bar's strip at the view's bottom.
        XCTAssertGreaterThan(recents.meanBrightness(x: 314, y: 346, width: 13, height: 2), 120)
        try click("back", id, on: session) { session.runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "switcherDismissed", "back in Recents goes back to the app")
        XCTAssertEqual(session.display.refusedGLCalls, [])
        XCTAssertEqual(session.runtime.violations, [])
    }

    func testATurnedWindowIsPortraitWithRecentsUpright() throws {
        let (session, id) = try phone(.android34, name: "android34 turned \(ProcessInfo.processInfo.processIdentifier)")
        let bar = try XCTUnwrap(session.display.phone?.barHeight)
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+z"])
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.viewSize == (360, 640) })
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+t"])
        XCTAssertTrue(session.pump(until: .background, reason: .switcher))
        settle(session)
        let path = temporaryPath("turned-recents.png")
        try WindowTestEnvironment.run("/usr/bin/import", ["-window", id, path])
        let shot = try ScreenImage.read(path)
        if let keep = ProcessInfo.processInfo.environment["PHONE_SCREENS_KEEP"] {
            try? FileManager.default.copyItem(atPath: path, toPath: keep + "/window-turned-recents.png")
        }
        try? FileManager.default.removeItem(atPath: path)
        XCTAssertEqual([shot.width, shot.height], [360, 640 + bar], "portrait, the phone bar under it")
        // The navigation bar along the view's bottom edge: its home ring in the middle.
        let ring = shot.meanBrightness(x: 177, y: 632, width: 7, height: 7)
        XCTAssertGreaterThan(ring, shot.meanBrightness(x: 20, y: 632, width: 7, height: 7) + 30, "the home ring")
        // The app's card shows the picture kept as the app left, not black.
        XCTAssertGreaterThan(shot.meanBrightness(x: 100, y: 150, width: 160, height: 300), 12)
        try click("Interlude", id, on: session) { session.runtime.status.state == .active }
        XCTAssertEqual(session.runtime.violations, [])
    }

    /// Ctrl+1 shows a system dialog, answered by a click on Allow; Ctrl+3 and Ctrl+4 move split screen's focus away
    /// and back (android34: the game stays resumed).
    func testASystemDialogAndSplitScreenFocusFromTheKeys() throws {
        let (session, id) = try phone(.android34, name: "android34 dialog \(ProcessInfo.processInfo.processIdentifier)")
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+1"])
        XCTAssertTrue(session.pump(until: .inactive, reason: .dialog))
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.phone?.shownScreen == .systemDialog })
        try click("Allow", id, on: session) { session.runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "dialogDismissed")
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+3"])
        XCTAssertTrue(session.pump(until: .active, reason: .otherWindow))
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+4"])
        XCTAssertTrue(session.platform.pump(for: 5) { session.runtime.status == Status(.active) })
        XCTAssertEqual(lastEvent(session), "gameWindowTapped")
        XCTAssertEqual(session.display.refusedGLCalls, [])
        XCTAssertEqual(session.runtime.violations, [])
    }

    func testTheIOS26CallBannerIsDeclinedByAClickWhileTheGameRuns() throws {
        let (session, id) = try phone(.ios26, name: "ios26 banner \(ProcessInfo.processInfo.processIdentifier)")
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+c"])
        XCTAssertTrue(session.platform.pump(for: 5) { session.display.phone?.shownScreen == .callBanner })
        XCTAssertEqual(session.runtime.status.state, .active, "a banner call deactivates nothing")
        try click("Decline", id, on: session) { self.lastEvent(session) == "callDeclined" }
        settle(session)
        XCTAssertEqual(session.display.phone?.shownScreen, PhoneScreen.none)
        XCTAssertEqual(session.runtime.violations, [])
    }
}

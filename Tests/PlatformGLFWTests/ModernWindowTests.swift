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
        for key in ["Ctrl+G", "Ctrl+F", "Ctrl+Y", "Ctrl+V", "Ctrl+Z", "Ctrl+W"] {
            XCTAssertTrue(keys.contains(key), key)
        }
        let meanings = Set(DesktopMapping.windowHelp.map(\.meaning))
        for event in [Event.controlCenterPulled, .controlCenterDismissed, .sceneReclaimed, .backPressed, .rotated] {
            XCTAssertTrue(meanings.contains(event.rawValue), event.rawValue)
        }
        XCTAssertTrue(meanings.contains(Event.glContextLost.rawValue))
    }
}

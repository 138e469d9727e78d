// WindowLifecycleTests: minimise, restore, focus, keys and close on a real window under a window manager,
// through the loop into the runtime. Needs DISPLAY and a window manager (see WindowTestEnvironment).

import CGLFW
import Foundation
import GameCore
import Lifecycle
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class WindowLifecycleTests: XCTestCase {
    func testIconifyIsHomeAndRestoreIsTheIcon() throws {
        try WindowTestEnvironment.requireWindowManager()
        let session = try WindowSession()
        session.platform.pump(for: 0.3)
        XCTAssertEqual(session.runtime.status.state, .active)

        glfwIconifyWindow(session.display.window)
        XCTAssertTrue(session.platform.pump { session.runtime.status.state != .active })
        session.platform.pump(for: 0.3)
        XCTAssertEqual(session.inputs(for: .iconified), [[.event(.homePressed)]])
        XCTAssertEqual(session.inputs(for: .focusLost), [], "the focus loss of a minimise is folded into it")
        XCTAssertTrue([.background, .suspended].contains(session.runtime.status.state))
        XCTAssertEqual(session.runtime.lastCallbacks.isEmpty, session.runtime.status.state == .suspended)

        glfwRestoreWindow(session.display.window)
        XCTAssertTrue(session.pump(until: .active))
        XCTAssertEqual(session.inputs(for: .restored), [[.event(.iconTapped)]])
        let frames = session.display.presentedFrames
        session.platform.pump(for: 0.3)
        XCTAssertGreaterThan(session.display.presentedFrames, frames, "frames again after restore")
        XCTAssertEqual(session.display.refusedGLCalls, [])
        XCTAssertEqual(session.runtime.violations, [])
        XCTAssertEqual(session.runtime.transcriptNames("rejected"), [])
    }

    func testFocusElsewhereIsTheAppSwitcher() throws {
        try WindowTestEnvironment.requireWindowManager()
        let session = try WindowSession()
        session.platform.pump(for: 0.3)

        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API)
        let other = try XCTUnwrap(glfwCreateWindow(200, 150, "Another app", nil, nil))
        defer { glfwDestroyWindow(other) }
        glfwFocusWindow(other)
        XCTAssertTrue(session.pump(until: .inactive, reason: .switcher))
        XCTAssertEqual(session.inputs(for: .focusLost), [[.event(.homeDoubleTapped)]])
        XCTAssertEqual(session.runtime.lastCallbacks, [.willResignActive])

        glfwFocusWindow(session.display.window)
        XCTAssertTrue(session.pump(until: .active))
        XCTAssertEqual(session.inputs(for: .focusGained).last, [.event(.switcherDismissed)])

        // From the switcher, minimising the window picks another app.
        glfwFocusWindow(other)
        XCTAssertTrue(session.pump(until: .inactive, reason: .switcher))
        glfwIconifyWindow(session.display.window)
        XCTAssertTrue(session.platform.pump { session.runtime.status.state != .inactive })
        XCTAssertEqual(session.inputs(for: .iconified), [[.event(.switcherPickedOther)]])
        XCTAssertEqual(session.runtime.violations, [])
    }

    func testControlLetterFromXdotoolReachesTheRuntime() throws {
        try WindowTestEnvironment.requireDisplay()
        try WindowTestEnvironment.require("/usr/bin/xdotool")
        let title = "Interlude keys \(ProcessInfo.processInfo.processIdentifier)"
        let session = try WindowSession(profile: .ios4, title: title)
        session.platform.pump(for: 0.3)
        let id = try xWindowID(titled: title)

        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+s"])
        XCTAssertTrue(session.pump(until: .inactive, reason: .alert))
        let control = WindowEvent.key(code: GLFW_KEY_S, action: .pressed, control: true)
        XCTAssertEqual(session.inputs(for: control), [[.event(.smsArrived)]])
        XCTAssertEqual(session.runtime.lastCallbacks, [.willResignActive])
        session.platform.step()
        let name = try WindowTestEnvironment.run("/usr/bin/xdotool", ["getwindowname", id])
        XCTAssertEqual(
            name.trimmingCharacters(in: .newlines), "\(title) — inactive(alert)", "the title shows the state")

        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "ctrl+x"])
        XCTAssertTrue(session.pump(until: .active))
        XCTAssertEqual(session.runtime.lastCallbacks, [.didBecomeActive])
        session.platform.step()
        let restored = try WindowTestEnvironment.run("/usr/bin/xdotool", ["getwindowname", id])
        XCTAssertEqual(restored.trimmingCharacters(in: .newlines), title)
    }

    func testGameKeysFromXdotoolPlay() throws {
        try WindowTestEnvironment.requireDisplay()
        try WindowTestEnvironment.require("/usr/bin/xdotool")
        let title = "Interlude play \(ProcessInfo.processInfo.processIdentifier)"
        let session = try WindowSession(title: title)
        session.platform.pump(for: 0.3)
        let id = try xWindowID(titled: title)

        try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "1"])
        XCTAssertTrue(session.platform.pump { session.runtime.game.state.screen == .singlePlayer })
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["keydown", "--window", id, "w"])
        XCTAssertTrue(
            session.platform.pump {
                session.inputs(for: .key(code: GLFW_KEY_W, action: .pressed, control: false)).count == 1
            })
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["keyup", "--window", id, "w"])
        XCTAssertTrue(
            session.platform.pump {
                session.inputs(for: .key(code: GLFW_KEY_W, action: .released, control: false)).count == 1
            })
        XCTAssertEqual(
            session.inputs(for: .key(code: GLFW_KEY_W, action: .pressed, control: false)), [[.hold(.forward, true)]])
    }

    func testCloseTerminatesThenLeavesTheLoop() throws {
        try WindowTestEnvironment.requireDisplay()
        let session = try WindowSession()
        session.runtime.perform(.play(.singlePlayer, level: 1))
        session.runtime.settle()
        session.platform.pump(for: 0.3)
        XCTAssertFalse(session.platform.isFinished)
        session.platform.handle(.closeRequested)
        XCTAssertTrue(session.platform.isFinished)
        XCTAssertEqual(session.runtime.status, Status(.terminated, reason: .willTerminate))
        let callbacks = session.runtime.transcriptNames("callback").suffix(3)
        XCTAssertEqual(Array(callbacks), ["willResignActive", "didEnterBackground", "willTerminate"])
        XCTAssertTrue(session.display.shouldClose)
        var frames = 0
        session.platform.run(maxFrames: 10) { _ in frames += 1 }
        XCTAssertEqual(frames, 0, "run() returns at once when finished")
        XCTAssertEqual(session.display.refusedGLCalls, [])
    }
}

final class WindowCloseButtonTests: XCTestCase {
    func testTheWindowManagersCloseIsAskedThenGranted() throws {
        try WindowTestEnvironment.requireWindowManager()
        try WindowTestEnvironment.require("/usr/bin/xdotool")
        let title = "Interlude close \(ProcessInfo.processInfo.processIdentifier)"
        let session = try WindowSession(title: title)
        session.platform.pump(for: 0.3)
        let id = try xWindowID(titled: title)
        // openbox closes the active window on Alt+F4 by sending WM_DELETE_WINDOW, as the title bar's X does.
        // Just after it starts, openbox may not have grabbed the key yet (the window then gets Alt+F4 itself).
        var closed = false
        for _ in 0..<5 where !closed {
            try WindowTestEnvironment.run("/usr/bin/xdotool", ["windowactivate", "--sync", id, "key", "alt+F4"])
            closed = session.platform.pump(for: 1) { session.platform.isFinished }
        }
        XCTAssertTrue(closed, "window events seen: \(session.acted.map(\.event))")
        XCTAssertEqual(session.inputs(for: .closeRequested).count, 1)
        XCTAssertEqual(session.runtime.status, Status(.terminated, reason: .willTerminate))
        XCTAssertEqual(session.runtime.violations, [])
    }
}

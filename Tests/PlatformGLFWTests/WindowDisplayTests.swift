// WindowDisplayTests: the real renderer in a real window. Needs DISPLAY (see WindowTestEnvironment).

import CGLFW
import Foundation
import GLHost
import GameCore
import Lifecycle
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class WindowDisplayTests: XCTestCase {
    func testTheFramesReachTheScreen() throws {
        try WindowTestEnvironment.requireDisplay()
        try WindowTestEnvironment.require("/usr/bin/import")
        let session = try WindowSession()
        session.runtime.perform(.play(.singlePlayer, level: 1))
        session.runtime.settle()
        session.platform.pump(for: 0.5)
        XCTAssertGreaterThan(session.display.presentedFrames, 5)
        let frame = session.display.capture("probe", scene: session.runtime.scene)
        XCTAssertNil(frame.file, "no image writer: hash only")
        XCTAssertEqual(frame.hash.count, 16)

        let path = temporaryPath("root.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let screen = try ScreenImage.take(to: path)
        let drawn = colours(ofRGBA: session.display.renderer.readPixels())
        let shown = screen.colours
        XCTAssertGreaterThan(drawn.count, 20, "the rendered frame has many colours")
        XCTAssertGreaterThan(shown.count, 20, "the screen is not blank")
        let found = drawn.intersection(shown).count
        XCTAssertGreaterThan(Double(found), 0.5 * Double(drawn.count), "the frame's colours are on the screen")
    }

    func testTheLoopWaitsForEachStepInsteadOfSpinning() throws {
        try WindowTestEnvironment.requireDisplay()
        let session = try WindowSession()
        let start = session.runtime.now
        var iterations = 0
        session.platform.run(maxFrames: 30) { _ in iterations += 1 }
        XCTAssertEqual(iterations, 30)
        // 29 waits for the next 1/60 s step: at least ~480 ms of runtime time, however slow the machine.
        XCTAssertGreaterThanOrEqual(session.runtime.now - start, 400_000_000)
        XCTAssertGreaterThan(session.display.presentedFrames, 10)
        XCTAssertLessThanOrEqual(session.display.presentedFrames, 30, "at most one frame per iteration")
    }

    func testReleaseSurfacesKeepsTheLastFrame() throws {
        try WindowTestEnvironment.requireDisplay()
        let session = try WindowSession()
        session.platform.pump(for: 0.2)
        XCTAssertNil(session.display.keptImage("none"))
        session.display.finishGL()
        XCTAssertNil(session.display.keptFrame, "finishGL only waits for the GPU")
        session.display.releaseSurfaces()
        defer { session.display.restoreSurfaces() }
        let kept = try XCTUnwrap(session.display.keptFrame)
        XCTAssertEqual(kept.pixels.count, kept.width * kept.height * 4)
        XCTAssertEqual(session.display.keptImage("kept")?.hash.count, 16)
    }

    func testCaptureWritesThroughTheImageWriter() throws {
        try WindowTestEnvironment.requireDisplay()
        let session = try WindowSession()
        var written: [(String, Int, Int)] = []
        session.display.imageWriter = { rgba, width, height, path in
            XCTAssertEqual(rgba.count, width * height * 4)
            written.append((path, width, height))
        }
        session.display.outputDirectory = temporaryPath("captures")
        defer { try? FileManager.default.removeItem(atPath: session.display.outputDirectory) }
        session.platform.pump(for: 0.1)
        let frame = session.display.capture("after-sms", scene: session.runtime.scene)
        XCTAssertEqual(frame.file, "after-sms.png")
        XCTAssertEqual(written.first?.0, session.display.outputDirectory + "/after-sms.png")
        let shot = session.display.screenshot(session.runtime.scene)
        XCTAssertEqual(shot, session.display.outputDirectory + "/interlude-1.png")
    }

    func testNoDisplayIsAClearError() throws {
        XCTAssertEqual(WindowError.noDisplay.description, "no X display: set DISPLAY or run under xvfb-run")
        // Only without DISPLAY can the real glfwInit fail (once GLFW is up, it stays up in this process).
        guard ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty else { return }
        XCTAssertThrowsError(try GLFWWindowDisplay(assets: assets)) { error in
            XCTAssertEqual(error as? WindowError, .noDisplay)
        }
    }
}

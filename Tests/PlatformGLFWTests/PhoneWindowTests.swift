// The window as a phone, under Xvfb with openbox: each OS screen is drawn over the game (a screenshot of the window
// compared with a reference, keyed by the GL renderer like the golden frames), and a click on its button with xdotool
// sends the contract's event and makes its transition. The app's gate admits no call while the app is away.

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

final class PhoneWindowTests: XCTestCase {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References")

    override func setUpWithError() throws {
        try WindowTestEnvironment.requireWindowManager()
        try WindowTestEnvironment.require("/usr/bin/xdotool")
        try WindowTestEnvironment.require("/usr/bin/import")
    }

    /// A 640 x 360 phone window on the menu, its bar under it, titled uniquely for xdotool.
    func phone(_ profile: Profile, name: String) throws -> (session: WindowSession, id: String) {
        let session = try WindowSession(profile: profile, title: "Interlude phone \(name)")
        try session.display.attachPhone(profile: profile, font: PhoneFont.load(from: assets))
        session.platform.run(maxFrames: 5)
        return (session, try xWindowID(titled: "Interlude phone \(name)"))
    }

    /// Steps the loop `count` times, about 20 ms apart, so the window shows what the phone shows now.
    func settle(_ session: WindowSession, _ count: Int = 6) {
        for _ in 0..<count {
            session.platform.step(waitingUpTo: 0.02)
        }
    }

    /// Clicks the window at `x`, `y` (window pixels) with xdotool, then steps the loop until `done` or 5 s pass.
    func click(_ id: String, x: Float, y: Float, on session: WindowSession, until done: () -> Bool) {
        _ = try? WindowTestEnvironment.run(
            "/usr/bin/xdotool", ["mousemove", "--window", id, "\(Int(x))", "\(Int(y))", "click", "1"])
        _ = session.platform.pump(for: 5, until: done)
    }

    /// Clicks the middle of the button labelled `label` on the screen now up.
    func click(_ label: String, _ id: String, on session: WindowSession, until done: () -> Bool) throws {
        let view = session.display.viewSize
        let layout = PhoneLayout(PhoneScreen.showing(session.runtime), width: view.width, height: view.height)
        let button = try XCTUnwrap(layout.buttons.first { $0.label == label }, "no button \(label)")
        click(id, x: button.rect.midX, y: button.rect.midY, on: session, until: done)
    }

    /// Drags the slide labelled `label` on the screen now up by `share` of its travel with the left button, as a
    /// hand does (xdotool: mousedown on its grip, four moves with the loop stepping between, mouseup); `midway` runs
    /// before the release. Then steps the loop until `done` or 5 s pass.
    func slide(
        _ label: String, _ id: String, share: Float = 1, on session: WindowSession, midway: () -> Void = {},
        until done: () -> Bool
    ) throws {
        let view = session.display.viewSize
        let layout = PhoneLayout(PhoneScreen.showing(session.runtime), width: view.width, height: view.height)
        let slide = try XCTUnwrap(layout.slides.first { $0.label == label }, "no slide \(label)")
        let (x, y) = (slide.grip.midX, slide.grip.midY)
        let way = slide.travel * share
        try WindowTestEnvironment.run(
            "/usr/bin/xdotool", ["mousemove", "--window", id, "\(Int(x))", "\(Int(y))", "mousedown", "1"])
        _ = session.platform.pump(for: 0.2) { false }
        for step in 1...4 {
            let along = way * Float(step) / 4
            let (toX, toY) = slide.direction == .right ? (x + along, y) : (x, y - along)
            try WindowTestEnvironment.run(
                "/usr/bin/xdotool", ["mousemove", "--window", id, "\(Int(toX))", "\(Int(max(0, toY)))"])
            _ = session.platform.pump(for: 0.1) { false }
        }
        midway()
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["mouseup", "1"])
        _ = session.platform.pump(for: 5, until: done)
    }

    /// The last event line of the transcript.
    func lastEvent(_ session: WindowSession) -> String? {
        session.runtime.transcript.entries.reversed().lazy.compactMap {
            if case .event(let name, _) = $0.entry { return name }
            return nil
        }.first
    }

    /// A screenshot of the window (the game view and the bar under it), through ImageMagick's `import`.
    func shot(_ id: String, _ name: String) throws -> ScreenImage {
        let path = temporaryPath("\(name)-shot.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try WindowTestEnvironment.run("/usr/bin/import", ["-window", id, path])
        return try ScreenImage.read(path)
    }

    /// The switcher's card (opened at once after the app came back, its framebuffer made again) shows the app's
    /// picture, not an empty black card.
    func assertCardShowsTheApp(_ id: String, _ name: String) throws {
        let layout = PhoneLayout(.switcher(canKill: name.hasPrefix("ios5")), width: 640, height: 360)
        let card = try XCTUnwrap(layout.buttons.first { $0.label == "Interlude" }).rect.inset(by: 16)
        let inside = try shot(id, name).meanBrightness(
            x: Int(card.x), y: Int(card.y), width: Int(card.width), height: Int(card.height))
        print("\(name): the card's mean brightness \(inside)")
        XCTAssertGreaterThan(inside, 12, "\(name): the app's card shows its picture, not black")
    }

    /// Compares a screenshot of the window with the reference `name` for this GL renderer (written there when
    /// INTERLUDE_WRITE_REFERENCES=1): at most 1 % of the pixels may differ by more than 48 in a channel.
    func compare(_ id: String, _ name: String, session: WindowSession) throws {
        let path = temporaryPath("\(name).png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try WindowTestEnvironment.run("/usr/bin/import", ["-window", id, path])
        let shot = try ScreenImage.read(path)
        XCTAssertEqual(shot.height, 360 + 28, "the window is the game view and the phone bar under it")
        let folder = Self.references.appendingPathComponent(rendererKey(session))
        let reference = folder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["INTERLUDE_WRITE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: reference)
            try FileManager.default.copyItem(atPath: path, toPath: reference.path)
            return
        }
        let expected = try ScreenImage.read(reference.path)
        XCTAssertEqual(expected.width, shot.width, name)
        XCTAssertEqual(expected.height, shot.height, name)
        guard expected.rgb.count == shot.rgb.count else { return }
        var differing = 0
        for pixel in 0..<(shot.rgb.count / 3) {
            let offset = pixel * 3
            let far = (0..<3).contains { abs(Int(shot.rgb[offset + $0]) - Int(expected.rgb[offset + $0])) > 48 }
            if far { differing += 1 }
        }
        // The banner lies over the running app, which moves on: there only the strip is the OS's (5 % allowed).
        let allowed = shot.rgb.count / 3 / (name.hasSuffix("banner") ? 20 : 100)
        XCTAssertLessThanOrEqual(
            differing, allowed, "\(name): \(differing) pixels differ from \(reference.path)")
    }

    /// The GL renderer as a folder name ("llvmpipe-LLVM-15.0.6-256-bits").
    func rendererKey(_ session: WindowSession) -> String {
        glfwMakeContextCurrent(session.display.window)
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        let kept = renderer.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" }
        return String(kept).split(separator: "-").joined(separator: "-")
    }

    func testIOS4AlertCallLockHomeAndSwitcherShowAndTheirButtonsWork() throws {
        let (session, id) = try phone(.ios4, name: "ios4")
        let runtime = session.runtime
        let bare = try shot(id, "ios4-bare")
        runtime.inject(.smsArrived)
        settle(session)
        try compare(id, "ios4-sms-alert", session: session)
        // Under the alert is the app as it is now, as a replay's capture draws it (paused, "inactive(alert)"), not the
        // frame from before the SMS; it shows through the alert's dimming (black at 45 %): left of the box, under it.
        XCTAssertTrue(session.display.holds(runtime.scene), "the app's picture is its scene now, drawn while inactive")
        let alert = try shot(id, "ios4-sms-alert")
        for (x, y, width, height) in [(8, 90, 150, 200), (180, 260, 280, 90)] {
            let before = bare.meanBrightness(x: x, y: y, width: width, height: height)
            let after = alert.meanBrightness(x: x, y: y, width: width, height: height)
            print("alert dimming at \(x),\(y): \(before) -> \(after)")
            XCTAssertGreaterThan(before, 12, "the bare game frame is not black at \(x),\(y)")
            XCTAssertLessThan(after, before * 0.7, "the app under the alert is dimmed at \(x),\(y)")
            XCTAssertGreaterThan(after, before * 0.4, "the app shows through the alert's dimming at \(x),\(y)")
        }
        try click("Close", id, on: session) { runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "smsDismissed")
        XCTAssertEqual(runtime.status.state, .active)

        runtime.inject(.callArrived)
        settle(session)
        try compare(id, "ios4-incoming-call", session: session)
        try click("Answer", id, on: session) { runtime.status.state == .background }
        XCTAssertEqual(lastEvent(session), "callAnswered")
        settle(session)
        XCTAssertEqual(session.display.phone?.shownScreen.name, "inCall")
        try click("End Call", id, on: session) { runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "callEnded")

        runtime.inject(.lockPressed)
        settle(session)
        try compare(id, "ios4-lock", session: session)
        // A plain click on the knob does not unlock: the phone wants a slide.
        let knob = try XCTUnwrap(PhoneLayout(.lock(minutes: 0), width: 640, height: 360).slides.first).grip
        try WindowTestEnvironment.run(
            "/usr/bin/xdotool", ["mousemove", "--window", id, "\(Int(knob.midX))", "\(Int(knob.midY))", "click", "1"])
        _ = session.platform.pump(for: 0.5) { runtime.status.state == .active }
        XCTAssertEqual(runtime.status.reason, .lock, "a click on the slider leaves the phone locked")
        XCTAssertEqual(lastEvent(session), "lockPressed")
        try slide("slide to unlock", id, on: session) { runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "unlocked")

        runtime.inject(.homePressed)
        settle(session)
        try compare(id, "ios4-home", session: session)
        XCTAssertEqual(
            session.display.renderer.gate.violations, [], "the OS drew the home screen, the app made no GL call")
        try click("Interlude", id, on: session) { runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "iconTapped")

        runtime.inject(.homeDoubleTapped)
        settle(session)
        try compare(id, "ios4-switcher", session: session)
        try assertCardShowsTheApp(id, "ios4-switcher")
        try click("Interlude", id, on: session) { runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "switcherDismissed")
        XCTAssertEqual(runtime.violations, [])
    }

    func testIOS5BannerNotificationCenterAndSwitcherKill() throws {
        let (session, id) = try phone(.ios5, name: "ios5")
        let runtime = session.runtime
        let bareBelow = try shot(id, "ios5-bare").meanBrightness(x: 0, y: 230, width: 640, height: 120)
        XCTAssertGreaterThan(bareBelow, 12, "the bare game frame is not black")
        runtime.inject(.smsArrived)
        // The banner slides in over 0.3 s of real time, then stays.
        _ = session.platform.pump(for: 1) { false }
        XCTAssertEqual(session.display.phone?.shownScreen, .smsBanner(slide: 1))
        try compare(id, "ios5-banner", session: session)
        try click("Messages", id, on: session) { runtime.status.state == .background }
        XCTAssertEqual(lastEvent(session), "smsOpened")
        runtime.inject(.iconTapped)

        runtime.inject(.notificationCenterPulled)
        settle(session)
        try compare(id, "ios5-notification-center", session: session)
        // Pulled at once after the app came back (its framebuffer made again, empty): the app shows below the pane.
        let center = try shot(id, "ios5-notification-center")
        let below = center.meanBrightness(x: 0, y: 230, width: 640, height: 120)
        print("below Notification Center: \(below) (the bare game frame: \(bareBelow))")
        XCTAssertGreaterThan(below, bareBelow * 0.4, "the app shows below Notification Center, dimmed, not black")
        try click("Messages", id, on: session) { runtime.status.state == .background }
        XCTAssertEqual(lastEvent(session), "notificationCenterOpenedApp")
        runtime.inject(.iconTapped)

        runtime.inject(.lockPressed)
        settle(session)
        try compare(id, "ios5-lock", session: session)
        // Half way and let go: the knob follows the pointer, then goes back, and the phone stays locked.
        try slide("slide to unlock", id, share: 0.5, on: session) {
            XCTAssertGreaterThan(session.display.phone?.shownDragged ?? 0, 60, "the knob follows the drag")
        } until: {
            false
        }
        XCTAssertEqual(session.display.phone?.shownDragged, 0, "let go short of the end, the knob goes back")
        XCTAssertEqual(runtime.status.reason, .lock, "still locked")
        XCTAssertNotEqual(lastEvent(session), "unlocked")
        try slide("slide to unlock", id, on: session) { runtime.status.state == .active }
        XCTAssertEqual(lastEvent(session), "unlocked")

        runtime.inject(.homeDoubleTapped)
        settle(session)
        try compare(id, "ios5-switcher", session: session)
        try assertCardShowsTheApp(id, "ios5-switcher")
        try click("close Interlude", id, on: session) { runtime.status.state == .terminated }
        XCTAssertEqual(lastEvent(session), "switcherKilled")
        XCTAssertEqual(session.display.renderer.gate.violations, [])
        XCTAssertEqual(runtime.violations, [])
    }

    func testTheSwitcherCardSwipedUpClosesTheAppAndASwipeShortOfItDoesNot() throws {
        let (session, id) = try phone(.ios5, name: "swipe")
        let runtime = session.runtime
        runtime.inject(.homeDoubleTapped)
        settle(session)
        // A third of the way up: the card follows, then settles back; the switcher stays.
        try slide("swipe Interlude up", id, share: 0.3, on: session) {
            XCTAssertGreaterThan(session.display.phone?.shownDragged ?? 0, 30, "the card follows the swipe")
        } until: {
            false
        }
        XCTAssertEqual(runtime.status.reason, .switcher, "a short swipe closes nothing")
        XCTAssertEqual(lastEvent(session), "homeDoubleTapped")
        try slide("swipe Interlude up", id, on: session) { runtime.status.state == .terminated }
        XCTAssertEqual(lastEvent(session), "switcherKilled")
        XCTAssertEqual(runtime.status.state, .terminated)
        XCTAssertEqual(session.display.renderer.gate.violations, [])
        XCTAssertEqual(runtime.violations, [])
    }

    func testThePhoneBarAndAPullFromTheTopEdgeSendEvents() throws {
        let (session, id) = try phone(.ios5, name: "bar")
        let runtime = session.runtime
        let bar = try XCTUnwrap(session.display.phoneBar)
        let view = session.display.viewSize
        let lock = try XCTUnwrap(bar.buttons.first { $0.label == "Lock" })
        click(id, x: lock.rect.midX, y: Float(view.height) + lock.rect.midY, on: session) {
            runtime.status.reason == .lock
        }
        XCTAssertEqual(lastEvent(session), "lockPressed")
        try slide("slide to unlock", id, on: session) { runtime.status.state == .active }
        // A drag down from the top edge pulls Notification Center (press and release apart, as a hand does it).
        try WindowTestEnvironment.run("/usr/bin/xdotool", ["mousemove", "--window", id, "320", "2", "mousedown", "1"])
        _ = session.platform.pump(for: 0.3) { false }
        try WindowTestEnvironment.run(
            "/usr/bin/xdotool", ["mousemove", "--window", id, "320", "200", "sleep", "0.1", "mouseup", "1"])
        _ = session.platform.pump(for: 5) { runtime.status.reason == .notificationCenter }
        XCTAssertEqual(lastEvent(session), "notificationCenterPulled")
    }

    func testAClickOnTheGameNeverReachesThePhoneAndAClickOnThePhoneNeverTheGame() throws {
        let (session, id) = try phone(.ios5, name: "routing")
        let runtime = session.runtime
        runtime.startRecording()
        runtime.inject(.play(.singlePlayer, level: 1))
        settle(session)
        // The game has the cursor: a click over the bar's SMS button fires, and the phone hears nothing.
        let bar = try XCTUnwrap(session.display.phoneBar)
        let sms = try XCTUnwrap(bar.buttons.first { $0.label == "SMS" })
        click(id, x: sms.rect.midX, y: Float(session.display.viewSize.height) + sms.rect.midY, on: session) { false }
        let recorded = runtime.recording?.inputs ?? []
        XCTAssertFalse(recorded.contains { if case .event(_, .smsArrived) = $0 { return true } else { return false } })
        // Tab frees the cursor; now the same click is the phone's, and the game does not fire.
        _ = try WindowTestEnvironment.run("/usr/bin/xdotool", ["key", "--window", id, "Tab"])
        _ = session.platform.pump(for: 1) { false }
        let firesBefore = (runtime.recording?.inputs ?? []).filter {
            if case .action(_, .fire) = $0 { return true } else { return false }
        }.count
        click(id, x: sms.rect.midX, y: Float(session.display.viewSize.height) + sms.rect.midY, on: session) {
            runtime.transcript.entries.contains { $0.entry == .event(name: "smsArrived", args: nil) }
        }
        let after = runtime.recording?.inputs ?? []
        XCTAssertTrue(after.contains { if case .event(_, .smsArrived) = $0 { return true } else { return false } })
        XCTAssertEqual(
            after.filter { if case .action(_, .fire) = $0 { return true } else { return false } }.count, firesBefore)
    }
}

extension ScreenImage {
    /// Reads a PNG (through ImageMagick) as 8-bit RGB.
    static func read(_ path: String) throws -> ScreenImage {
        let size = try WindowTestEnvironment.run("/usr/bin/convert", [path, "-format", "%w %h", "info:"])
        let numbers = size.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let raw = try WindowTestEnvironment.runForData("/usr/bin/convert", [path, "-depth", "8", "rgb:-"])
        return ScreenImage(width: numbers[0], height: numbers[1], rgb: [UInt8](raw))
    }
}

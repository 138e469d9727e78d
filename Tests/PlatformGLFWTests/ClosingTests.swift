// ClosingTests: the close-window rule checked against the real transition tables. From every state the app
// reaches `terminated` with the callbacks it is owed, no event is rejected and no invariant breaks.

import GameCore
import InterludeTesting
import Lifecycle
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class ClosingTests: XCTestCase {
    /// Puts a fresh game-playing runtime into a state with `events`, closes the window, and returns the
    /// callbacks the close delivered.
    private func close(
        _ profile: Profile, after events: [Event], expecting status: Status, file: StaticString = #filePath,
        line: UInt = #line
    ) -> [String] {
        let runtime = launchedRuntime(profile)
        runtime.perform(.play(.singlePlayer, level: 1))
        runtime.advance(by: 500_000_000)
        for event in events { runtime.inject(event) }
        runtime.advance(by: 2_000_000_000)
        XCTAssertEqual(runtime.status.state, status.state, "before closing", file: file, line: line)
        XCTAssertEqual(runtime.status.reason, status.reason, "before closing", file: file, line: line)
        let before = runtime.transcriptNames("callback").count
        let asked = DesktopMapping.inputs(
            for: .closeRequested, status: runtime.status, game: runtime.game, controls: .shooter)
        XCTAssertEqual(asked.last, .quit, file: file, line: line)
        runtime.apply(asked)
        XCTAssertEqual(runtime.status.state, .terminated, file: file, line: line)
        XCTAssertEqual(runtime.transcriptNames("rejected"), [], file: file, line: line)
        XCTAssertEqual(runtime.violations, [], file: file, line: line)
        return Array(runtime.transcriptNames("callback").dropFirst(before))
    }

    func testFromActive() {
        XCTAssertEqual(
            close(.ios5, after: [], expecting: Status(.active)),
            ["willResignActive", "didEnterBackground", "willTerminate"])
    }

    func testFromTheSwitcher() {
        XCTAssertEqual(
            close(.ios5, after: [.homeDoubleTapped], expecting: Status(.inactive, reason: .switcher)),
            ["didEnterBackground", "willTerminate"])
    }

    func testFromAnAlert() {
        XCTAssertEqual(
            close(.ios4, after: [.smsArrived], expecting: Status(.inactive, reason: .alert)),
            ["didEnterBackground", "willTerminate"])
    }

    func testFromAnIncomingCall() {
        XCTAssertEqual(
            close(.ios5, after: [.callArrived], expecting: Status(.inactive, reason: .call)),
            ["didEnterBackground", "willTerminate"])
    }

    func testFromTheNotificationCenter() {
        XCTAssertEqual(
            close(.ios5, after: [.notificationCenterPulled], expecting: Status(.inactive, reason: .notificationCenter)),
            ["didEnterBackground", "willTerminate"])
    }

    func testFromALockedIOS4Phone() {
        XCTAssertEqual(
            close(.ios4, after: [.lockPressed], expecting: Status(.inactive, reason: .lock)),
            ["didBecomeActive", "willResignActive", "didEnterBackground", "willTerminate"])
    }

    func testFromTheBackgroundDuringACall() {
        // An answered call keeps the app in the background while the call lasts.
        let callbacks = close(
            .ios5, after: [.callArrived, .callAnswered], expecting: Status(.suspended, reason: .call))
        XCTAssertEqual(callbacks, [])
    }

    func testFromTheBackground() {
        let runtime = launchedRuntime(.ios5)
        runtime.inject(.homePressed)
        XCTAssertEqual(runtime.status.state, .background)
        runtime.apply(inputs(.closeRequested, runtime.status))
        XCTAssertEqual(runtime.status, Status(.terminated, reason: .willTerminate))
        XCTAssertEqual(runtime.lastCallbacks, [.willTerminate])
    }

    func testFromSuspended() {
        XCTAssertEqual(close(.ios5, after: [.homePressed], expecting: Status(.suspended)), [])
    }

    func testFromTerminated() {
        let runtime = launchedRuntime(.ios5)
        runtime.inject(.homePressed)
        runtime.inject(.terminatedByOS)
        XCTAssertEqual(
            inputs(.closeRequested, runtime.status), [.quit])
    }
}

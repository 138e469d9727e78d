// DesktopMappingTests: focus, iconify and restore as phone events, rule by rule. Pure: no display needed.

import GameCore
import Lifecycle
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class DesktopMappingTests: XCTestCase {
    let active = Status(.active)
    let switcher = Status(.inactive, reason: .switcher)

    func testFocusLostWhileActiveOpensTheSwitcher() {
        XCTAssertEqual(inputs(.focusLost, active), [.event(.homeDoubleTapped)])
    }

    func testFocusGainedInTheSwitcherDismissesIt() {
        XCTAssertEqual(inputs(.focusGained, switcher), [.event(.switcherDismissed)])
    }

    func testFocusDoesNothingInOtherStates() {
        let others: [Status] = [
            Status(.notRunning), Status(.inactive, reason: .alert), Status(.inactive, reason: .call),
            Status(.inactive, reason: .lock), Status(.inactive, reason: .notificationCenter), Status(.background),
            Status(.suspended), Status(.terminated, reason: .willTerminate),
        ]
        for status in others {
            XCTAssertEqual(inputs(.focusLost, status), [], "\(status)")
            XCTAssertEqual(inputs(.focusGained, status), [], "\(status)")
        }
        XCTAssertEqual(inputs(.focusLost, switcher), [])
        XCTAssertEqual(inputs(.focusGained, active), [], "focus back after restore: already active")
    }

    func testIconifyIsTheHomeButton() {
        XCTAssertEqual(inputs(.iconified, active), [.event(.homePressed)])
        XCTAssertEqual(inputs(.iconified, Status(.inactive, reason: .call)), [.event(.homePressed)])
        XCTAssertEqual(inputs(.iconified, Status(.inactive, reason: .alert)), [.event(.homePressed)])
    }

    func testIconifyFromTheSwitcherPicksAnotherApp() {
        XCTAssertEqual(inputs(.iconified, switcher), [.event(.switcherPickedOther)])
    }

    func testIconifyDoesNothingOnceGone() {
        for state in [AppState.background, .suspended, .terminated, .notRunning] {
            XCTAssertEqual(inputs(.iconified, Status(state)), [], "\(state)")
        }
    }

    func testRestoreTapsTheIcon() {
        XCTAssertEqual(inputs(.restored, Status(.background)), [.event(.iconTapped)])
        XCTAssertEqual(inputs(.restored, Status(.suspended)), [.event(.iconTapped)])
        XCTAssertEqual(inputs(.restored, Status(.suspended, reason: .call)), [.event(.iconTapped)])
    }

    func testRestoreDoesNothingInTheForeground() {
        for status in [active, switcher, Status(.inactive, reason: .lock), Status(.terminated), Status(.notRunning)] {
            XCTAssertEqual(inputs(.restored, status), [], "\(status)")
        }
    }

    func testCloseWalksTheAppOutThenQuits() {
        let home = DesktopInput.event(.homePressed)
        let terminate = DesktopInput.event(.terminatedByOS)
        XCTAssertEqual(inputs(.closeRequested, active), [home, terminate, .quit])
        XCTAssertEqual(inputs(.closeRequested, switcher), [home, terminate, .quit])
        XCTAssertEqual(inputs(.closeRequested, Status(.inactive, reason: .alert)), [home, terminate, .quit])
        XCTAssertEqual(
            inputs(.closeRequested, Status(.inactive, reason: .lock)), [.event(.unlocked), home, terminate, .quit])
        XCTAssertEqual(inputs(.closeRequested, Status(.background)), [terminate, .quit])
        XCTAssertEqual(inputs(.closeRequested, Status(.suspended)), [.event(.purgedByOS), .quit])
        XCTAssertEqual(inputs(.closeRequested, Status(.terminated, reason: .purged)), [.quit])
        XCTAssertEqual(inputs(.closeRequested, Status(.notRunning)), [.quit])
    }
}

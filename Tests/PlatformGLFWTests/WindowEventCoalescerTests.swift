// WindowEventCoalescerTests: a desktop minimise (focus lost, then iconified) is one home press. Pure.

import PlatformGLFW
import ShooterPlatform
import XCTest

final class WindowEventCoalescerTests: XCTestCase {
    let ms: Int64 = 1_000_000

    func testFocusLossRightBeforeIconifyIsDropped() {
        var coalescer = WindowEventCoalescer()
        XCTAssertEqual(coalescer.take([.focusLost, .iconified], at: 0), [.iconified])
        XCTAssertFalse(coalescer.isHoldingFocusLoss)
    }

    func testFocusLossInOnePollAndIconifyInTheNextIsDropped() {
        var coalescer = WindowEventCoalescer(grace: 150 * ms)
        XCTAssertEqual(coalescer.take([.focusLost], at: 0), [])
        XCTAssertTrue(coalescer.isHoldingFocusLoss)
        XCTAssertEqual(coalescer.take([], at: 40 * ms), [])
        XCTAssertEqual(coalescer.take([.iconified], at: 60 * ms), [.iconified])
    }

    func testAFocusLossAloneComesOutAfterTheGrace() {
        var coalescer = WindowEventCoalescer(grace: 150 * ms)
        XCTAssertEqual(coalescer.take([.focusLost], at: 0), [])
        XCTAssertEqual(coalescer.take([], at: 149 * ms), [])
        XCTAssertEqual(coalescer.take([], at: 150 * ms), [.focusLost])
        XCTAssertEqual(coalescer.take([], at: 400 * ms), [])
    }

    func testAHeldFocusLossComesOutBeforeAnythingElse() {
        var coalescer = WindowEventCoalescer()
        let key = WindowEvent.key(code: 83, action: .pressed, control: true)
        XCTAssertEqual(coalescer.take([.focusLost], at: 0), [])
        XCTAssertEqual(coalescer.take([.focusGained, key], at: ms), [.focusLost, .focusGained, key])
    }

    func testOtherEventsPassInOrder() {
        var coalescer = WindowEventCoalescer()
        XCTAssertEqual(coalescer.take([.restored, .focusGained], at: 0), [.restored, .focusGained])
        XCTAssertEqual(
            coalescer.take([.focusLost, .focusGained, .closeRequested], at: 0),
            [.focusLost, .focusGained, .closeRequested])
    }
}

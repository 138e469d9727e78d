import Lifecycle
import PhoneScreens
import PlatformGLFW
import XCTest

/// The click routing rule, pure: the OS's screens and bar own their clicks, the game owns the rest.
final class PhonePointerTests: XCTestCase {
    let bar = PhoneBar(profile: .ios5, screenWidth: 640, screenHeight: 360)

    func outcome(_ press: WindowPoint, _ release: WindowPoint? = nil, on screen: PhoneScreen) -> PointerOutcome {
        PhonePointer.outcome(
            press: press, release: release ?? press, screen: screen, viewWidth: 640, viewHeight: 360, bar: bar,
            canPullNotificationCenter: true)
    }

    func testTheBarSendsItsButtonsEventsOverAnyScreen() {
        let home = bar.buttons[0].rect
        XCTAssertEqual(outcome(.bar(x: home.midX, y: home.midY), on: .none), .phone([.homePressed]))
        XCTAssertEqual(outcome(.bar(x: home.midX, y: home.midY), on: .smsAlert), .phone([.homePressed]))
        XCTAssertEqual(outcome(.bar(x: 0, y: 0), on: .none), .phone([]), "the bar's edge is the OS's, not the game's")
    }

    func testAScreenOwnsItsClicksAndTheGameTheRest() {
        XCTAssertEqual(outcome(.screen(x: 320, y: 200), on: .none), .game)
        XCTAssertEqual(outcome(.screen(x: 5, y: 5), on: .smsAlert), .phone([]))
        let close = PhoneLayout(.smsAlert, width: 640, height: 360).buttons[0].rect
        XCTAssertEqual(outcome(.screen(x: close.midX, y: close.midY), on: .smsAlert), .phone([.smsDismissed]))
        XCTAssertEqual(outcome(.screen(x: 320, y: 300), on: .smsBanner(slide: 1)), .game)
        XCTAssertEqual(outcome(.screen(x: 320, y: 10), on: .smsBanner(slide: 1)), .phone([.smsOpened]))
    }

    func testASlideStartedOnTheTrackUnlocksWhereverItEnds() {
        let track = PhoneLayout(.lock(minutes: 0), width: 640, height: 360).buttons[0].rect
        XCTAssertEqual(
            outcome(.screen(x: track.x + 5, y: track.midY), .screen(x: 600, y: 10), on: .lock(minutes: 0)),
            .phone([.unlocked]))
    }

    func testADragDownFromTheTopEdgePullsNotificationCenter() {
        XCTAssertEqual(
            outcome(.screen(x: 300, y: 2), .screen(x: 300, y: 120), on: .none), .phone([.notificationCenterPulled]))
        XCTAssertEqual(outcome(.screen(x: 300, y: 2), .screen(x: 300, y: 20), on: .none), .game, "too short a pull")
        XCTAssertEqual(outcome(.screen(x: 300, y: 60), .screen(x: 300, y: 300), on: .none), .game, "not from the edge")
        let ios4 = PhonePointer.outcome(
            press: .screen(x: 300, y: 2), release: .screen(x: 300, y: 200), screen: .none, viewWidth: 640,
            viewHeight: 360, bar: bar, canPullNotificationCenter: false)
        XCTAssertEqual(ios4, .game)
    }

    func testMouseButtonsAreNotMappedAsKeysOrWindowEvents() {
        let event = WindowEvent.mouseButton(pressed: true, x: 10, y: 10)
        XCTAssertEqual(DesktopMapping.inputs(for: event, status: Status(.active), screen: "menu"), [])
    }
}

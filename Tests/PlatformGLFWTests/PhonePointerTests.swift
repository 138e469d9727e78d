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

    func testTheLockScreenUnlocksByASlideOfItsKnobNotByAClick() throws {
        let lock = PhoneScreen.lock(minutes: 0)
        let slide = try XCTUnwrap(PhoneLayout(lock, width: 640, height: 360).slides.first)
        let (x, y) = (slide.grip.midX, slide.grip.midY)
        XCTAssertEqual(slide.event, .unlocked)
        XCTAssertEqual(outcome(.screen(x: x, y: y), on: lock), .phone([]), "a click on the knob")
        XCTAssertEqual(outcome(.screen(x: 320, y: 200), on: lock), .phone([]), "a click elsewhere")
        XCTAssertEqual(outcome(.screen(x: x, y: y), .screen(x: x + slide.travel, y: y), on: lock), .phone([.unlocked]))
        XCTAssertEqual(
            outcome(.screen(x: x, y: y), .bar(x: x + slide.distance, y: 10), on: lock), .phone([.unlocked]),
            "the pointer may drift down onto the bar")
        XCTAssertEqual(
            outcome(.screen(x: x, y: y), .screen(x: x + slide.distance - 1, y: y), on: lock), .phone([]), "short")
        XCTAssertEqual(outcome(.screen(x: x, y: y), .screen(x: x - 100, y: y), on: lock), .phone([]), "backwards")
        let track = PhoneRect(x: x + 150, y: y, width: 1, height: 1)
        XCTAssertEqual(
            outcome(.screen(x: track.x, y: y), .screen(x: 630, y: y), on: lock), .phone([]),
            "a drag must start on the knob")
        XCTAssertEqual(
            PhonePointer.dragged(
                press: .screen(x: x, y: y), pointer: .screen(x: x + 40, y: y + 3), screen: lock, viewWidth: 640,
                viewHeight: 360), 40)
    }

    func testTheSwitchersCardSwipedUpClosesTheAppOnIOS5AndATapGoesBack() throws {
        let switcher = PhoneScreen.switcher(canKill: true)
        let layout = PhoneLayout(switcher, width: 640, height: 360)
        let slide = try XCTUnwrap(layout.slides.first)
        let (x, y) = (slide.grip.midX, slide.grip.midY)
        XCTAssertEqual(outcome(.screen(x: x, y: y), on: switcher), .phone([.switcherDismissed]), "a tap")
        XCTAssertEqual(
            outcome(.screen(x: x, y: y), .screen(x: x + 3, y: y - 4), on: switcher), .phone([.switcherDismissed]),
            "a tap that wobbled")
        XCTAssertEqual(
            outcome(.screen(x: x, y: y), .screen(x: x, y: y - slide.distance), on: switcher),
            .phone([.switcherKilled]))
        XCTAssertEqual(outcome(.screen(x: x, y: y), .screen(x: x, y: 0), on: switcher), .phone([.switcherKilled]))
        XCTAssertEqual(
            outcome(.screen(x: x, y: y), .screen(x: x, y: y - slide.distance + 1), on: switcher), .phone([]),
            "short of half the card: it goes back")
        XCTAssertEqual(outcome(.screen(x: x, y: y), .screen(x: x, y: y + 80), on: switcher), .phone([]), "down")
        XCTAssertEqual(
            PhoneLayout(.switcher(canKill: false), width: 640, height: 360).slides, [], "iOS 4 cannot close it")
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
        XCTAssertEqual(inputs(event, Status(.active)), [])
    }
}

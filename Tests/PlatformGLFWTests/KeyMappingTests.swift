// KeyMappingTests: Ctrl + letter injects phone events; plain keys play; held keys hold. Pure.

import CGLFW
import GameCore
import Lifecycle
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class KeyMappingTests: XCTestCase {
    private func press(_ code: Int32, control: Bool = false, screen: Screen = .menu) -> [DesktopInput] {
        inputs(.key(code: code, action: .pressed, control: control), Status(.active), screen: screen)
    }

    func testControlLettersInjectPhoneEvents() {
        let expected: [(Int32, Event)] = [
            (GLFW_KEY_S, .smsArrived), (GLFW_KEY_X, .smsDismissed), (GLFW_KEY_O, .smsOpened),
            (GLFW_KEY_C, .callArrived), (GLFW_KEY_A, .callAnswered), (GLFW_KEY_D, .callDeclined),
            (GLFW_KEY_E, .callEnded), (GLFW_KEY_H, .homePressed), (GLFW_KEY_T, .homeDoubleTapped),
            (GLFW_KEY_B, .switcherDismissed), (GLFW_KEY_P, .switcherPickedOther), (GLFW_KEY_K, .switcherKilled),
            (GLFW_KEY_L, .lockPressed), (GLFW_KEY_U, .unlocked), (GLFW_KEY_N, .notificationCenterPulled),
            (GLFW_KEY_J, .notificationCenterDismissed), (GLFW_KEY_M, .memoryWarned), (GLFW_KEY_I, .iconTapped),
            (GLFW_KEY_R, .purgedByOS), (GLFW_KEY_G, .controlCenterPulled), (GLFW_KEY_F, .controlCenterDismissed),
            (GLFW_KEY_Y, .sceneReclaimed), (GLFW_KEY_V, .backPressed), (GLFW_KEY_Z, .rotated),
            (GLFW_KEY_W, .glContextLost), (GLFW_KEY_1, .dialogShown), (GLFW_KEY_2, .dialogDismissed),
            (GLFW_KEY_3, .otherWindowTapped), (GLFW_KEY_4, .gameWindowTapped),
        ]
        for (code, event) in expected {
            XCTAssertEqual(
                press(code, control: true), [.event(event)], "Ctrl+\(Character(Unicode.Scalar(UInt8(code))))")
        }
        XCTAssertEqual(press(GLFW_KEY_Q, control: true), [], "an unbound letter")
        XCTAssertEqual(press(GLFW_KEY_5, control: true), [], "an unbound digit")
    }

    func testControlLettersAreNotRepeated() {
        let repeated = inputs(.key(code: GLFW_KEY_S, action: .repeated, control: true), Status(.active))
        XCTAssertEqual(repeated, [])
    }

    func testGameKeys() {
        XCTAssertEqual(press(GLFW_KEY_1), [.action(.play(.singlePlayer, level: 1))])
        XCTAssertEqual(press(GLFW_KEY_2), [.action(.play(.multiplayer, level: 1))])
        XCTAssertEqual(press(GLFW_KEY_3), [.action(.openLeaderboard)])
        XCTAssertEqual(press(GLFW_KEY_ENTER, screen: .singlePlayer), [.action(.resume)])
        XCTAssertEqual(press(GLFW_KEY_R, screen: .singlePlayer), [.action(.resume)])
        XCTAssertEqual(press(GLFW_KEY_SPACE, screen: .singlePlayer), [.action(.fire)])
        XCTAssertEqual(press(GLFW_KEY_F12), [.screenshot])
        XCTAssertEqual(press(GLFW_KEY_Q), [])
    }

    func testEscapeDependsOnTheScreen() {
        XCTAssertEqual(press(GLFW_KEY_ESCAPE, screen: .leaderboard), [.action(.closeLeaderboard)])
        XCTAssertEqual(press(GLFW_KEY_ESCAPE, screen: .singlePlayer), [.action(.menu)])
        XCTAssertEqual(press(GLFW_KEY_ESCAPE, screen: .multiplayer), [.action(.menu)])
        XCTAssertEqual(press(GLFW_KEY_ESCAPE, screen: .menu), [])
    }

    func testMovementKeysHoldUntilReleased() {
        let held: [(Int32, Control)] = [
            (GLFW_KEY_W, .forward), (GLFW_KEY_S, .back), (GLFW_KEY_A, .left), (GLFW_KEY_D, .right),
            (GLFW_KEY_LEFT, .turnLeft), (GLFW_KEY_RIGHT, .turnRight), (GLFW_KEY_UP, .lookUp),
            (GLFW_KEY_DOWN, .lookDown),
        ]
        for (code, key) in held {
            let status = Status(.active)
            XCTAssertEqual(inputs(.key(code: code, action: .pressed, control: false), status), [.hold(key, true)])
            XCTAssertEqual(inputs(.key(code: code, action: .repeated, control: false), status), [])
            XCTAssertEqual(inputs(.key(code: code, action: .released, control: false), status), [.hold(key, false)])
            // Ctrl pressed while the key is held must not leave it stuck.
            XCTAssertEqual(inputs(.key(code: code, action: .released, control: true), status), [.hold(key, false)])
        }
    }

    func testKeyHelpNamesEveryPhoneEventKey() {
        let help = DesktopMapping.keyHelp(DesktopControls<Game>.shooter)
        for (letter, event) in [("S", "smsArrived"), ("C", "callArrived"), ("R", "purgedByOS"), ("L", "lockPressed")] {
            XCTAssertTrue(help.contains { $0.keys == "Ctrl+\(letter)" && $0.meaning == event }, "Ctrl+\(letter)")
        }
        XCTAssertEqual(help.filter { $0.keys.hasPrefix("Ctrl+") }.count, 29)
        XCTAssertTrue(help.contains { $0.keys == "Esc" })
        XCTAssertTrue(help.contains { $0.keys.contains("W") && $0.meaning.contains("forward") })
    }

    func testKeyHelpRowsFitEightyColumns() {
        // `interlude play --help` prints "  <keys padded to 20> <meaning>" (a longer key is cut: "focus elsewhere /
        // ba" was); ArgumentParser wraps past 80 columns.
        for row in DesktopMapping.keyHelp(DesktopControls<Game>.shooter) {
            XCTAssertLessThanOrEqual(row.keys.count, 20, row.keys)
            XCTAssertLessThanOrEqual(row.meaning.count, 55, row.meaning)
        }
    }
}

// MouseLookTests: while a game runs, the window captures the cursor; moving it turns the view as a `look`
// action (so `--record` replays it), and a left click fires. Needs DISPLAY (see WindowTestEnvironment).

import CGLFW
import GameCore
import PlatformGLFW
import Runtime
import ShooterPlatform
import XCTest

final class MouseLookTests: XCTestCase {
    func testTheMouseTurnsTheViewWhileAGameRunsAndIsRecordedAsLook() throws {
        try WindowTestEnvironment.requireDisplay()
        let session = try WindowSession()
        let window = session.display.window
        session.runtime.startRecording()
        session.platform.step()
        XCTAssertEqual(glfwGetInputMode(window, GLFW_CURSOR), GLFW_CURSOR_NORMAL, "free on the menu")

        session.platform.apply(.action(.play(.singlePlayer, level: 1)))
        session.platform.step()
        XCTAssertEqual(glfwGetInputMode(window, GLFW_CURSOR), GLFW_CURSOR_DISABLED, "captured in a game")
        var x: Double = 0
        var y: Double = 0
        glfwGetCursorPos(window, &x, &y)
        let before = session.runtime.game.state.player
        glfwSetCursorPos(window, x + 100, y - 50)
        session.platform.step()
        let after = session.runtime.game.state.player
        XCTAssertEqual(after.yaw, before.yaw - 10 * Float.pi / 180, accuracy: 0.0001, "100 px right: 10 degrees right")
        XCTAssertEqual(after.pitch, before.pitch + 5 * Float.pi / 180, accuracy: 0.0001, "50 px up: 5 degrees up")
        let looks = session.runtime.recording?.inputs.filter {
            if case .action(_, .look) = $0 { return true } else { return false }
        }
        XCTAssertEqual(looks?.count, 1)
        if case .action(_, let action) = looks?.first {
            XCTAssertEqual(action, .look(yawMillidegrees: 10_000, pitchMillidegrees: 5_000))
        }

        session.platform.apply(.event(.homeDoubleTapped))
        session.platform.step()
        XCTAssertEqual(glfwGetInputMode(window, GLFW_CURSOR), GLFW_CURSOR_NORMAL, "released once paused")
        XCTAssertEqual(session.runtime.violations, [])
    }
}

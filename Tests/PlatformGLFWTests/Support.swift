// Support: runtimes driven by hand for the mapping tests, and windows driven by the loop for the window tests.

import Foundation
import GameCore
import InterludeTesting
import Lifecycle
import PlatformGLFW
import Runtime
import Saves
import ShooterPlatform
import XCTest

/// The repository's Assets folder, found from this file.
let assets = AssetDirectory(
    path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path)

/// A GL-free runtime launched on the menu at t=0.
func launchedRuntime(_ profile: Profile = .ios5, display: (any Display<Scene>)? = RecordingDisplay<Scene>()) -> Runtime<
    Game
> {
    Runtime(profile: profile, seed: 7, display: display, snapshots: InMemorySnapshotStore()).launch()
}

extension Runtime<Game> {
    /// Carries out what the mapping asked for, as `GLFWPlatform.apply` does; `quit` and `screenshot` are no-ops.
    func apply(_ inputs: [DesktopInput]) {
        for input in inputs {
            switch input {
            case .event(let event): send(event)
            case .action(let action): perform(action)
            case .hold(let key, let isHeld): hold(key, isHeld)
            case .screenshot, .quit, .freeMouse: break
            }
            settle()
        }
    }

    /// The `name` field of every transcript line of `type`, in order.
    func transcriptNames(_ type: String) -> [String] {
        transcript.lines.compactMap { line in
            guard line.contains("\"type\":\"\(type)\""), let range = line.range(of: "\"name\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }
}

/// The window host's inputs for the shooter.
typealias DesktopInput = PlatformGLFW.DesktopInput<Game>

/// What the shooter's map asks for in `status` with the game on `screen`.
func inputs(_ event: WindowEvent, _ status: Status, screen: Screen = .menu) -> [DesktopInput] {
    var game = Game(seed: 7)
    game.state.screen = screen
    return DesktopMapping.inputs(for: event, status: status, game: game, controls: .shooter)
}

extension GLFWPlatform<Game, ShooterRenderer> {
    /// Steps the loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    func pump(for timeout: Double = 5, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            step(waitingUpTo: 0.005)
            if condition() { return true }
        } while Date() < deadline
        return false
    }
}

// KeyHelp: breakout's keys in a window (PlatformGLFW's `DesktopControls`: A / D or the arrows hold the paddle, 1
// starts, 3 opens the leaderboard, Space or a click serves; Enter / R and Esc are the app shell's), and the table
// of them; `play` lists the phone's keys and the window's gestures after them, from the window host's own table.

import Breakout
import PlatformGLFW

enum KeyHelp {
    /// Breakout's keys and mouse.
    static var controls: DesktopControls<Breakout> {
        DesktopControls(
            heldKeys: [
                (DesktopKey.letter("A"), .left), (DesktopKey.left, .left), (DesktopKey.letter("D"), .right),
                (DesktopKey.right, .right),
            ],
            actionKeys: [
                (DesktopKey.digit(1), .start(level: 1)), (DesktopKey.digit(3), .openLeaderboard),
                (DesktopKey.space, .serve),
            ]
                + DesktopControls<Breakout>.shellKeys,
            click: .serve, help: gameKeys)
    }

    /// (keys, what they do in breakout).
    static let gameKeys: [(keys: String, meaning: String)] = [
        ("1", "play level 1 (from the menu; `--do \"start level=N\"` starts on level N)"),
        ("3", "open the leaderboard (from the menu); Esc closes it"),
        ("A / D or Left / Right", "move the paddle (held)"),
        ("Space or left click", "launch the ball"),
        ("Enter or R", "resume a paused game (it never resumes by itself)"),
        ("Esc", "leave the game for the menu"),
    ]
}

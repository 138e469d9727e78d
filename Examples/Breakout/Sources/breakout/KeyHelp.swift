// KeyHelp: breakout's keys in a window (PlatformGLFW's `DesktopControls`: A / D or the arrows hold the paddle, 1
// starts, 3 opens the leaderboard, Space or a click serves; Enter / R and Esc are the app shell's), and the table
// of them; the phone events and the window's gestures come from the window host's own table, so they cannot drift
// from what the keys do.

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
        ("1", "play level 1 (from the menu; `--level N` starts on level N)"),
        ("3", "open the leaderboard (from the menu); Esc closes it"),
        ("A / D or Left / Right", "move the paddle (held)"),
        ("Space or left click", "launch the ball"),
        ("Enter or R", "resume a paused game (it never resumes by itself)"),
        ("Esc", "leave the game for the menu"),
    ]

    /// The window's gestures and the phone events, from Interlude's desktop mapping.
    static var hostKeys: [(keys: String, meaning: String)] {
        let window = ["F12", "focus elsewhere / back", "minimise / restore", "close the window"]
        return DesktopMapping.windowHelp.filter { window.contains($0.keys) || $0.keys.hasPrefix("Ctrl+") }
    }

    /// The table as text, one key per line.
    static var text: String {
        (gameKeys + hostKeys).map { "  " + $0.keys.padding(to: 24) + " " + $0.meaning }.joined(separator: "\n")
    }

    /// Short lines for the HUD (the panel wraps them).
    static let hud = [
        "1 play  Space launch  A/D move  Enter resume  Esc menu",
        "Ctrl+S sms  Ctrl+C call  Ctrl+H home  Ctrl+L lock  (breakout --help)",
    ]
}

extension String {
    /// This string with spaces added up to `length` characters.
    fileprivate func padding(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

// ShooterControls: the shooter's keys and mouse in a window (PlatformGLFW's `DesktopControls`): W A S D and the
// arrows held, 1 / 2 / 3 on the menu, Enter or R to resume, Space or a left click to fire, the mouse to look
// around (0.1 degree per pixel, a recorded `look`), Esc by the app shell's screens.

import GameCore
import PlatformGLFW
import Runtime

extension DesktopControls where Game == GameCore.Game {
    /// The shooter's map.
    public static var shooter: DesktopControls {
        DesktopControls(
            heldKeys: [
                (DesktopKey.letter("W"), .forward), (DesktopKey.letter("S"), .back), (DesktopKey.letter("A"), .left),
                (DesktopKey.letter("D"), .right),
                (DesktopKey.left, .turnLeft), (DesktopKey.right, .turnRight), (DesktopKey.up, .lookUp),
                (DesktopKey.down, .lookDown),
            ],
            actionKeys: [
                (DesktopKey.digit(1), .play(.singlePlayer, level: 1)),
                (DesktopKey.digit(2), .play(.multiplayer, level: 1)),
                (DesktopKey.digit(3), .openLeaderboard), (DesktopKey.enter, .resume), (DesktopKey.keypadEnter, .resume),
                (DesktopKey.letter("R"), .resume), (DesktopKey.space, .fire),
            ],
            // A hundredth of a pixel is a thousandth of a degree: 0.1 degree per pixel.
            mouseMoved: { right, up in .look(yawMillidegrees: right, pitchMillidegrees: up) },
            click: .fire,
            help: [
                ("1 / 2", "play single player / multiplayer (from the menu)"),
                ("3", "open the leaderboard (from the menu)"),
                ("Enter or R", "resume a paused game (it never resumes by itself)"),
                ("Esc", "close the leaderboard, or leave the game for the menu"),
                ("W / S", "move forward / back (held)"),
                ("A / D", "strafe left / right (held)"),
                ("Left / Right", "turn left / right (held)"),
                ("Up / Down", "look up / down (held)"),
                ("Space or left click", "fire"),
                ("mouse", "look around (captured while a game runs)"),
            ])
    }
}

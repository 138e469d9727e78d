// DesktopControls: a game's keys and mouse in a desktop window, as data the game (or its host) supplies: the window
// host knows the phone's keys (Ctrl + letter), the window's own (Tab, F12) and nothing of a game's words. With no
// map of its own, a game that adopts the app shell (`AppShell`) gets Enter / R for resume and Esc for leaving a
// screen; a game without the shell gets nothing but the phone.

import CGLFW
import Runtime

/// What a game's keys and mouse do in a window.
public struct DesktopControls<Game: LifecycleGame>: Sendable {
    /// Controls held while the key is down (GLFW key codes: physical US-layout positions).
    public var heldKeys: [(code: Int32, control: Game.Control)]
    /// Actions on a plain key press (without Ctrl).
    public var actionKeys: [(code: Int32, action: Game.Action)]
    /// What Esc asks for with the game as it is now; nil: nothing.
    public var escape: @Sendable (Game) -> Game.Action?
    /// The action for a captured mouse's movement, in hundredths of a pixel (right, up); nil: the game takes no
    /// mouse movement. While the game runs and it takes the mouse (movement or a click), the cursor is captured.
    public var mouseMoved: (@Sendable (_ right: Int64, _ up: Int64) -> Game.Action)?
    /// The action for a left-button press on a captured cursor; nil: none.
    public var click: Game.Action?
    /// The game's keys in words, for `--help` and a HUD: (keys, what they do), before the window's own.
    public var help: [(keys: String, meaning: String)]

    public init(
        heldKeys: [(code: Int32, control: Game.Control)] = [],
        actionKeys: [(code: Int32, action: Game.Action)] = Self.shellKeys,
        escape: @escaping @Sendable (Game) -> Game.Action? = Self.shellEscape,
        mouseMoved: (@Sendable (_ right: Int64, _ up: Int64) -> Game.Action)? = nil,
        click: Game.Action? = nil,
        help: [(keys: String, meaning: String)] = Self.shellHelp
    ) {
        self.heldKeys = heldKeys
        self.actionKeys = actionKeys
        self.escape = escape
        self.mouseMoved = mouseMoved
        self.click = click
        self.help = help
    }

    /// The game takes the mouse: the cursor is captured while it runs.
    public var takesMouse: Bool { mouseMoved != nil || click != nil }

    /// Enter (either) and R resume a paused session, when the game has the shell's resume.
    public static var shellKeys: [(code: Int32, action: Game.Action)] {
        guard let resume = Game.Action.shell(.resume) else { return [] }
        return [(DesktopKey.enter, resume), (DesktopKey.keypadEnter, resume), (DesktopKey.letter("R"), resume)]
    }

    /// Esc on the app shell's screens: the leaderboard closes, a session (or its end) is left for the menu, the menu
    /// itself takes nothing; a game without the shell takes nothing.
    @Sendable public static func shellEscape(_ game: Game) -> Game.Action? {
        guard let shell = game as? any AppShell else { return nil }
        switch shell.shellScreen {
        case .leaderboard: return Game.Action.shell(.closeLeaderboard)
        case .menu: return nil
        case .play: return Game.Action.shell(.menu)
        }
    }

    /// The shell keys in words.
    public static var shellHelp: [(keys: String, meaning: String)] {
        Game.Action.shell(.resume) == nil
            ? []
            : [
                ("Enter or R", "resume a paused game (it never resumes by itself)"),
                ("Esc", "leave the game for the menu"),
            ]
    }
}

/// The key codes a game's map names (GLFW's: physical US-layout positions), so that a game need not import GLFW.
public enum DesktopKey {
    /// A letter key, `A` to `Z` (GLFW's letter codes are the ASCII capitals).
    public static func letter(_ letter: Unicode.Scalar) -> Int32 {
        precondition(("A"..."Z").contains(letter), "a letter key is A to Z")
        return Int32(letter.value)
    }
    /// A digit key of the top row, 0 to 9.
    public static func digit(_ digit: Int) -> Int32 {
        precondition((0...9).contains(digit), "a digit key is 0 to 9")
        return GLFW_KEY_0 + Int32(digit)
    }
    public static let space = GLFW_KEY_SPACE
    public static let enter = GLFW_KEY_ENTER
    public static let keypadEnter = GLFW_KEY_KP_ENTER
    public static let left = GLFW_KEY_LEFT
    public static let right = GLFW_KEY_RIGHT
    public static let up = GLFW_KEY_UP
    public static let down = GLFW_KEY_DOWN
}

// DesktopMapping+Keys: the keyboard. Ctrl + letter injects a phone event; plain keys play the game.
// The tables are data, so that `keyHelp` (printed by `interlude play --help` and the README) cannot drift
// from what the keys do. GLFW key codes are physical US-layout positions.

import CGLFW
import Lifecycle
import Runtime

extension DesktopMapping {
    /// Phone events on Ctrl + letter.
    static let controlKeys: [(letter: Character, event: Event)] = [
        ("S", .smsArrived), ("X", .smsDismissed), ("O", .smsOpened),
        ("C", .callArrived), ("A", .callAnswered), ("D", .callDeclined), ("E", .callEnded),
        ("H", .homePressed), ("T", .homeDoubleTapped),
        ("B", .switcherDismissed), ("P", .switcherPickedOther), ("K", .switcherKilled),
        ("L", .lockPressed), ("U", .unlocked),
        ("N", .notificationCenterPulled), ("J", .notificationCenterDismissed),
        ("M", .memoryWarned), ("I", .iconTapped), ("R", .purgedByOS),
    ]

    /// Controls held while the key is down.
    static let heldKeys: [(code: Int32, key: Control)] = [
        (GLFW_KEY_W, .forward), (GLFW_KEY_S, .back), (GLFW_KEY_A, .left), (GLFW_KEY_D, .right),
        (GLFW_KEY_LEFT, .turnLeft), (GLFW_KEY_RIGHT, .turnRight), (GLFW_KEY_UP, .lookUp), (GLFW_KEY_DOWN, .lookDown),
    ]

    /// Game actions on a plain key press (Esc depends on the screen and is handled apart).
    static let actionKeys: [(code: Int32, action: GameAction)] = [
        (GLFW_KEY_1, .play(.singlePlayer, level: 1)), (GLFW_KEY_2, .play(.multiplayer, level: 1)),
        (GLFW_KEY_3, .openLeaderboard), (GLFW_KEY_ENTER, .resume), (GLFW_KEY_KP_ENTER, .resume),
        (GLFW_KEY_R, .resume), (GLFW_KEY_SPACE, .fire),
    ]

    /// The controls, for `--help`, the README and the HUD: (keys, what they do).
    public static let keyHelp: [(keys: String, meaning: String)] =
        [
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
            ("Tab", "free the mouse to click the phone (a click on the game"),
            ("", "takes it back)"),
            ("click the phone", "Close, Answer, the icon, a card, the bar, ..."),
            ("drag the knob right", "slide to unlock (a click on it does not unlock)"),
            ("swipe the card up", "close Interlude in the app switcher (iOS 5)"),
            ("drag down from top", "pull Notification Center (iOS 5)"),
            ("F12", "write a screenshot (interlude-N.png)"),
            ("focus away / back", "homeDoubleTapped / switcherDismissed (app switcher)"),
            ("minimise / restore", "homePressed / iconTapped"),
            ("close the window", "homePressed, terminatedByOS (as the state needs)"),
        ] + controlKeys.map { ("Ctrl+\($0.letter)", $0.event.rawValue) }

    /// What a key transition asks for on `screen`.
    static func keyInputs(code: Int32, action: KeyAction, control: Bool, screen: String) -> [DesktopInput] {
        if let held = heldKeys.first(where: { $0.code == code }) {
            // A release always lets go, even with Ctrl down by then, so that no control stays stuck.
            if action == .released { return [.hold(held.key, false)] }
            if action == .pressed && !control { return [.hold(held.key, true)] }
        }
        guard action == .pressed else { return [] }
        if control { return controlInputs(code: code) }
        if code == GLFW_KEY_ESCAPE {
            switch screen {
            case "leaderboard": return [.action(.closeLeaderboard)]
            case "menu": return []
            default: return [.action(.menu)]  // a session or its end
            }
        }
        if code == GLFW_KEY_F12 { return [.screenshot] }
        if code == GLFW_KEY_TAB { return [.freeMouse] }
        return actionKeys.first { $0.code == code }.map { [.action($0.action)] } ?? []
    }

    private static func controlInputs(code: Int32) -> [DesktopInput] {
        guard code >= GLFW_KEY_A, code <= GLFW_KEY_Z else { return [] }
        // GLFW's letter key codes are the ASCII capitals.
        let letter = Character(Unicode.Scalar(UInt8(code)))
        return controlKeys.first { $0.letter == letter }.map { [.event($0.event)] } ?? []
    }
}

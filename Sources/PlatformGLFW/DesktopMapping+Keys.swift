// DesktopMapping+Keys: the keyboard. Ctrl + letter (or digit) injects a phone event; plain keys play the game, as its
// `DesktopControls` say. The tables are data, so that `keyHelp` (printed by `interlude play --help` and the README)
// cannot drift from what the keys do. GLFW key codes are physical US-layout positions.

import CGLFW
import Lifecycle
import Runtime

extension DesktopMapping {
    /// Phone events on Ctrl + letter or digit.
    static let controlKeys: [(letter: Character, event: Event)] = [
        ("S", .smsArrived), ("X", .smsDismissed), ("O", .smsOpened),
        ("C", .callArrived), ("A", .callAnswered), ("D", .callDeclined), ("E", .callEnded),
        ("H", .homePressed), ("T", .homeDoubleTapped),
        ("B", .switcherDismissed), ("P", .switcherPickedOther), ("K", .switcherKilled),
        ("L", .lockPressed), ("U", .unlocked),
        ("N", .notificationCenterPulled), ("J", .notificationCenterDismissed),
        ("M", .memoryWarned), ("I", .iconTapped), ("R", .purgedByOS),
        // Today's phones (ios13, ios26, android28, android34); a profile without such a thing rejects the event.
        ("G", .controlCenterPulled), ("F", .controlCenterDismissed), ("Y", .sceneReclaimed), ("V", .backPressed),
        ("Z", .rotated), ("W", .glContextLost),
        // Every profile: a system dialog (permission, purchase, sign-in); Android: split screen's focus (digits, since
        // the letters are taken and Ctrl+Q stays free).
        ("1", .dialogShown), ("2", .dialogDismissed), ("3", .otherWindowTapped), ("4", .gameWindowTapped),
    ]

    /// The window's own keys and the phone's, for `--help`, the README and the HUD: (keys, what they do), after a
    /// game's (`DesktopControls.help`).
    public static let windowHelp: [(keys: String, meaning: String)] =
        [
            ("Tab", "free the mouse to click the phone (a click on the game"),
            ("", "takes it back)"),
            ("click the phone", "Close, Answer, the icon, a card, the bar, ..."),
            ("drag the knob right", "slide to unlock (a click on it does not unlock)"),
            ("swipe the card up", "close Interlude in the app switcher (iOS 5)"),
            ("drag down from top", "pull Notification Center (iOS 5) or the shade (Android)"),
            ("the navigation bar", "back, home, recents (Android screens)"),
            ("F12", "write a screenshot (interlude-N.png)"),
            ("focus away / back", "homeDoubleTapped / switcherDismissed (app switcher)"),
            ("minimise / restore", "homePressed / iconTapped"),
            ("close the window", "homePressed, terminatedByOS (as the state needs)"),
        ] + controlKeys.map { ("Ctrl+\($0.letter)", $0.event.rawValue) }

    /// Every key of a window playing a game with `controls`, the game's first.
    public static func keyHelp<Game>(_ controls: DesktopControls<Game>) -> [(keys: String, meaning: String)] {
        controls.help + windowHelp
    }

    /// What a key transition asks for with `game` as it is now, under the game's `controls`.
    static func keyInputs<Game>(
        code: Int32, action: KeyAction, control: Bool, game: Game, controls: DesktopControls<Game>
    ) -> [DesktopInput<Game>] {
        if let held = controls.heldKeys.first(where: { $0.code == code }) {
            // A release always lets go, even with Ctrl down by then, so that no control stays stuck.
            if action == .released { return [.hold(held.control, false)] }
            if action == .pressed && !control { return [.hold(held.control, true)] }
        }
        guard action == .pressed else { return [] }
        if control { return controlInputs(code: code) }
        if code == GLFW_KEY_ESCAPE { return controls.escape(game).map { [.action($0)] } ?? [] }
        if code == GLFW_KEY_F12 { return [.screenshot] }
        if code == GLFW_KEY_TAB { return [.freeMouse] }
        return controls.actionKeys.first { $0.code == code }.map { [.action($0.action)] } ?? []
    }

    private static func controlInputs<Game>(code: Int32) -> [DesktopInput<Game>] {
        guard (GLFW_KEY_A...GLFW_KEY_Z).contains(code) || (GLFW_KEY_0...GLFW_KEY_9).contains(code) else { return [] }
        // GLFW's letter and digit key codes are their ASCII characters.
        let letter = Character(Unicode.Scalar(UInt8(code)))
        return controlKeys.first { $0.letter == letter }.map { [.event($0.event)] } ?? []
    }
}

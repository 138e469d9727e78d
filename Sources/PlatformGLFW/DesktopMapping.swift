// DesktopMapping: a desktop window's events as a phone's. Pure, so every rule is a unit test.
//
// Focus lost while active is the app switcher (the app stays visible but inactive); focus back dismisses it.
// Iconify is the home button (or, from the switcher, picking another app); restore is tapping the icon.
// Closing the window walks the app out through the callbacks iOS would deliver, then quits:
//   active                    homePressed, terminatedByOS  willResignActive, didEnterBackground, willTerminate
//   inactive (alert, call, switcher, notification center)
//                             homePressed, terminatedByOS  didEnterBackground, willTerminate
//   inactive (lock, ios4)     unlocked, homePressed, terminatedByOS   (home is ignored on a locked ios4
//                             phone, so the player unlocks first: didBecomeActive, then as from active)
//   background                terminatedByOS               willTerminate
//   suspended                 purgedByOS                   none: a suspended app is removed without notice
//   notRunning, launching, terminated                      none
// Keys are in DesktopMapping+Keys.swift: Ctrl + letter injects the phone's events, so W A S D stay free.

import Lifecycle
import Runtime

/// The rules from window events to life-cycle events and game actions.
public enum DesktopMapping {
    /// What `windowEvent` asks for while the app is in `status` with `game` as it is now, its keys as `controls`
    /// say, in order. Each input assumes the ones before it have been carried out.
    public static func inputs<Game>(
        for windowEvent: WindowEvent, status: Status, game: Game, controls: DesktopControls<Game>
    ) -> [DesktopInput<Game>] {
        let state = status.state
        let inSwitcher = state == .inactive && status.reason == .switcher
        switch windowEvent {
        case .focusLost:
            return state == .active ? [.event(.homeDoubleTapped)] : []
        case .focusGained:
            return inSwitcher ? [.event(.switcherDismissed)] : []
        case .iconified:
            if inSwitcher { return [.event(.switcherPickedOther)] }
            return state == .active || state == .inactive ? [.event(.homePressed)] : []
        case .restored:
            return state == .background || state == .suspended ? [.event(.iconTapped)] : []
        case .closeRequested:
            return closing(status) + [.quit]
        case .key(let code, let action, let control):
            return keyInputs(code: code, action: action, control: control, game: game, controls: controls)
        case .mouseButton:
            // Clicks depend on where they land on the phone: GLFWPlatform routes them (PhonePointer).
            return []
        }
    }

    /// The events that take an app in `status` to `terminated` with the callbacks it is owed (table above).
    static func closing<Game>(_ status: Status) -> [DesktopInput<Game>] {
        switch status.state {
        case .active:
            return [.event(.homePressed), .event(.terminatedByOS)]
        case .inactive:
            let unlock: [DesktopInput<Game>] = status.reason == .lock ? [.event(.unlocked)] : []
            return unlock + [.event(.homePressed), .event(.terminatedByOS)]
        case .background:
            return [.event(.terminatedByOS)]
        case .suspended:
            return [.event(.purgedByOS)]
        case .notRunning, .launching, .terminated:
            return []
        }
    }
}

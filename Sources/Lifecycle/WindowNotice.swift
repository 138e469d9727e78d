// WindowNotice: Android's window focus and surface notifications (`onWindowFocusChanged`, SurfaceHolder's
// `surfaceCreated`, `surfaceChanged`, `surfaceDestroyed`), which the platform does not order against the life-cycle
// callbacks ("focus events, and window ... are not ordered", lifecycle-modern.md §Android). Interlude writes them as
// transcript lines of their own kind (`window`, CONTRACT §8) after the callbacks of the event that causes them, in an
// order the reference allows: focus lost before the surface is destroyed; the surface created and changed before
// focus is gained. They are not callbacks: `expect callbacks` never sees them. iOS profiles have none.

/// One window notification, as the platform names it.
public enum WindowNotice: Hashable, Sendable {
    case focusGained, focusLost, surfaceCreated, surfaceChanged, surfaceDestroyed

    /// The platform's method name.
    public var name: String {
        switch self {
        case .focusGained, .focusLost: return "onWindowFocusChanged"
        case .surfaceCreated: return "surfaceCreated"
        case .surfaceChanged: return "surfaceChanged"
        case .surfaceDestroyed: return "surfaceDestroyed"
        }
    }

    /// The argument that tells the two focus notifications apart (`hasFocus`), nil for the surface's.
    public var args: String? {
        switch self {
        case .focusGained: return "true"
        case .focusLost: return "false"
        case .surfaceCreated, .surfaceChanged, .surfaceDestroyed: return nil
        }
    }
}

/// The window of an Android activity as its notifications left it: whether it has a surface and the focus, and
/// whether the notification shade is over it. A value the machine keeps; `notices` says what an event brings.
public struct AndroidWindow: Hashable, Sendable {
    public private(set) var hasSurface = false
    public private(set) var hasFocus = false
    public private(set) var shadeIsOpen = false
    /// Split screen: the other app's window has the focus (`otherWindowTapped`, until `gameWindowTapped`).
    public private(set) var otherWindowHasFocus = false

    public init() {}

    /// The notifications after `event` left the app in `state` with `callbacks` delivered (none when the event was
    /// ignored). The surface lives from `onStart` to `onStop` (the app `active` or `inactive`); the focus while the
    /// app is `active` and nothing covers it (the shade, pulled over a running app, takes the focus only; so does the
    /// other window of split screen, tapped while the game is resumed beside it). A rotation
    /// (`onDestroy` in a live process) destroys the surface and makes it again.
    public mutating func notices(after event: Event, state: AppState, callbacks: [Callback]) -> [WindowNotice] {
        switch event {
        case .notificationCenterPulled where state == .active: shadeIsOpen = true
        case .notificationCenterDismissed, .notificationCenterOpenedApp: shadeIsOpen = false
        case .otherWindowTapped where state == .active || state == .inactive: otherWindowHasFocus = true
        case .gameWindowTapped: otherWindowHasFocus = false
        default: break
        }
        if state != .active && state != .inactive { otherWindowHasFocus = false }
        if state == .terminated || state == .notRunning {
            // The process is gone: so is its window, without a word.
            self = AndroidWindow()
            return []
        }
        var notices: [WindowNotice] = []
        let wantsSurface = state == .active || state == .inactive
        let wantsFocus = state == .active && !shadeIsOpen && !otherWindowHasFocus
        let recreated = callbacks.contains(.onDestroy) && wantsSurface
        if hasFocus, !wantsFocus || recreated {
            notices.append(.focusLost)
            hasFocus = false
        }
        if hasSurface, !wantsSurface || recreated {
            notices.append(.surfaceDestroyed)
            hasSurface = false
        }
        if wantsSurface, !hasSurface {
            notices += [.surfaceCreated, .surfaceChanged]
            hasSurface = true
        }
        if wantsFocus, !hasFocus {
            notices.append(.focusGained)
            hasFocus = true
        }
        return notices
    }
}

extension Profile {
    /// True on the Android profiles, whose window sends focus and surface notifications (`WindowNotice`).
    public var hasWindowNotices: Bool { android != nil }
}

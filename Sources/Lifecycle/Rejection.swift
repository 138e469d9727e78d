// Rejection: the one-line reason an event is illegal where the table has no row for it.

/// Explains illegal events, so a tester reading a transcript knows what the event needed.
public enum Rejection {
    /// What `event` needs before it can happen to the app.
    public static func need(_ event: Event) -> String {
        switch event {
        case .launched, .iconTapped: return "an app that is not running, or one in the background"
        case .smsArrived, .callArrived, .homePressed, .homeDoubleTapped, .lockPressed:
            return "a running app in front"
        case .smsDismissed, .smsOpened: return "an SMS alert over the app"
        case .callDeclined, .callAnswered: return "an incoming call over the app"
        case .callEnded: return "a call that the app gave way to"
        case .switcherDismissed, .switcherPickedOther, .switcherKilled: return "the app switcher over the app"
        case .unlocked: return "a phone locked while the app was in front"
        case .notificationCenterPulled: return "an active app (and iOS 5 or later)"
        case .notificationCenterDismissed, .notificationCenterOpenedApp: return "Notification Center over the app"
        case .memoryWarned: return "a running app"
        case .backgroundTaskExpired: return "an open background task"
        case .suspendedByOS: return "a background app whose background work is done"
        case .purgedByOS: return "a background or suspended app"
        case .terminatedByOS: return "a background or suspended app"
        case .controlCenterPulled: return "an active app (and iOS 13 or later: profile ios13 or ios26)"
        case .controlCenterDismissed: return "Control Center over the app"
        case .sceneReclaimed: return "a background or suspended scene (iOS 13 or later: profile ios13 or ios26)"
        case .backPressed: return "an Android app in front (profile android28 or android34)"
        case .rotated: return "a running app in front (a rotation is modelled on ios13, ios26 and Android)"
        case .glContextLost: return "an Android app that draws (profile android28 or android34, active)"
        case .dialogShown: return "an active app (a system dialog asks the app in front)"
        case .dialogDismissed: return "a system dialog over the app"
        case .otherWindowTapped: return "an Android app in front (profile android28 or android34) in split screen"
        case .gameWindowTapped: return "an Android app in split screen whose other window has the focus"
        case .launchedBehindLock: return "an Android app that is not running (profile android28 or android34)"
        }
    }

    /// The reason `event` is rejected in `status`.
    public static func why(_ event: Event, in status: Status) -> String {
        if !status.state.isRunning && event != .launched && event != .iconTapped && event != .launchedBehindLock {
            return "\(event.rawValue) needs a running app; the app is \(status)"
        }
        return "\(event.rawValue) needs \(need(event)); the app is \(status)"
    }
}

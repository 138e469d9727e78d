// The words of the life cycle: states, events, callbacks, work and sub-facts.
// CONTRACT.md §1–§4 fixes every raw value here; scripts and transcripts use them verbatim.

/// Where the app is in its life cycle (CONTRACT §1).
public enum AppState: String, CaseIterable, Sendable, Hashable {
    case notRunning, launching, active, inactive, background, suspended, terminated

    /// True while the process exists (it may still be suspended).
    public var isRunning: Bool { self != .notRunning && self != .terminated }
}

/// Why the app is where it is: the sub-fact beside the state (CONTRACT §1).
///
/// For `inactive` it is what covers the app; for `background` and `suspended` it remembers what a later
/// event may undo (`call`: an answered call whose end brings the app back; `lock`: locked while frontmost);
/// for `terminated` it says how the process ended.
public enum Reason: String, CaseIterable, Sendable, Hashable {
    case alert, call, switcher, notificationCenter, lock
    case willTerminate, purged, killed, glWhileBackgrounded
}

/// What happened: OS and phone events, past tense (CONTRACT §2).
public enum Event: String, CaseIterable, Sendable, Hashable {
    case launched, iconTapped
    case smsArrived, smsDismissed, smsOpened
    case callArrived, callDeclined, callAnswered, callEnded
    case homePressed, homeDoubleTapped, switcherDismissed, switcherPickedOther, switcherKilled
    case lockPressed, unlocked
    case notificationCenterPulled, notificationCenterDismissed, notificationCenterOpenedApp
    case memoryWarned, backgroundTaskExpired, suspendedByOS, purgedByOS, terminatedByOS
}

/// A callback delivered to the game, Apple's names verbatim (CONTRACT §3).
public enum Callback: String, CaseIterable, Sendable, Hashable {
    case willFinishLaunching, didFinishLaunching, didBecomeActive, willResignActive, didEnterBackground
    case willEnterForeground, willTerminate, didReceiveMemoryWarning, backgroundTaskExpired

    /// The state the app is in once this callback has been delivered, or nil when it stays where it is.
    public var reachedState: AppState? {
        switch self {
        case .willFinishLaunching, .didFinishLaunching: return .launching
        case .didBecomeActive: return .active
        case .willResignActive, .willEnterForeground: return .inactive
        case .didEnterBackground: return .background
        case .willTerminate, .didReceiveMemoryWarning, .backgroundTaskExpired: return nil
        }
    }
}

/// Work the runtime performs, in table order, at one point of the frame (CONTRACT §4).
public enum Work: String, CaseIterable, Sendable, Hashable {
    case pauseGame, stopFrameLoop, startFrameLoop, invalidateTimers, scheduleTimers
    case cancelLeaderboardRequests, disconnectPeers, saveSnapshot, loadSnapshot
    case finishGL, releaseGLSurfaces, restoreGLSurfaces, forbidGL, allowGL
    case beginBackgroundTask, endBackgroundTask, purgeCaches
}

/// How thorough a `saveSnapshot` is, decided by the callback it serves (CONTRACT §4).
public enum SnapshotKind: String, Sendable, Hashable {
    case quick, full, final
}

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
    /// iOS 13+: Control Center covers the app (`inactive`).
    case controlCenter
    /// iOS 13+: the OS disconnected the app's scene to reclaim memory while the process lives on (`background`,
    /// `suspended`); the next return connects a new scene, restored from what was saved.
    case sceneDisconnected
    /// Android: the root activity finished (Back on API 28); the process may linger, the activity is gone (`terminated`).
    case finished
    /// A translucent system dialog covers the app (`inactive`): a runtime permission, a purchase sheet, a sign-in.
    case dialog
    /// A second system dialog over the first (`inactive`): answering it leaves the first (CTS A5); a third is not
    /// counted.
    case secondDialog
    /// Split screen: the other app's window has the focus (Android 10+: `active`, still resumed, without the top
    /// position; Android 9: `inactive`, paused and visible).
    case otherWindow
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
    /// iOS 13+ profiles: Control Center pulled over the app; pushed away again.
    case controlCenterPulled, controlCenterDismissed
    /// iOS 13+ profiles: the OS disconnects the app's background scene to reclaim memory; the process lives.
    case sceneReclaimed
    /// Android profiles: Back on the root activity (API 31+ moves the task back; earlier destroys the activity).
    case backPressed
    /// A configuration change (rotation, fold, resize): Android destroys and recreates the activity (a stopped one as it
    /// becomes visible again); iOS keeps it.
    case rotated
    /// The EGL context is lost (Android, e.g. waking the device): every GL object is gone.
    case glContextLost
    /// Every profile: a translucent system dialog over the app (a runtime permission, an in-app purchase sheet, a
    /// sign-in), and its answer. iOS resigns active only; Android pauses without stopping (CTS A3, A4).
    case dialogShown, dialogDismissed
    /// Android split screen: the user taps the other app's window beside the game, then the game's again. Android 10+
    /// keeps both resumed and moves only the top position (CTS A18); Android 9 pauses the window not focused.
    case otherWindowTapped, gameWindowTapped
    /// Android: the app is launched while the keyguard (lock screen) is up: created and briefly resumed behind it,
    /// then paused and stopped (CTS A14); `unlocked` brings it to the front. iOS starts no app in front of a lock.
    case launchedBehindLock
}

/// A callback delivered to the game: each platform's method names verbatim, without arguments (CONTRACT §3).
/// `ios4`/`ios5` use the app delegate's; `ios13`/`ios26` the scene delegate's plus the app delegate's launch,
/// memory, termination and protected-data methods; `android28`/`android34` the Activity's.
public enum Callback: String, CaseIterable, Sendable, Hashable {
    case willFinishLaunching, didFinishLaunching, didBecomeActive, willResignActive, didEnterBackground
    case willEnterForeground, willTerminate, didReceiveMemoryWarning, backgroundTaskExpired
    case sceneWillConnect, sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive
    case sceneDidEnterBackground, sceneDidDisconnect, stateRestorationActivity
    case protectedDataWillBecomeUnavailable, protectedDataDidBecomeAvailable
    case onCreate, onStart, onRestart, onResume, onTopResumedActivityChanged, onPause, onStop
    case onSaveInstanceState, onRestoreInstanceState, onDestroy, onTrimMemory

    /// What a callback means to the game, whatever the platform calls it: the runtime's duties and the invariants
    /// (CONTRACT §6) are stated per role, so that they hold on every profile.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The process or activity is being created (no GL yet).
        case launch
        /// In front and receiving input again: timers and the frame loop may run.
        case activate
        /// Leaving `active`: pause, stop the loop and timers, cancel, leave the match, quick save.
        case resign
        /// No longer visible: full save, GL surfaces released, GL forbidden.
        case enterBackground
        /// Visible again: GL allowed, surfaces restored.
        case enterForeground
        /// The process (iOS) or the activity (Android) is ending.
        case terminate
        /// The platform asks for the state it will hand back (`onSaveInstanceState`, `stateRestorationActivity`).
        case saveState
        /// The platform hands back what was saved (`onRestoreInstanceState`).
        case restoreState
        /// Low memory.
        case memoryWarning
        /// A background task's time ran out.
        case expire
        /// A notice with no duty of its own (focus, protected data, a scene's disconnection, `onRestart`).
        case notice
    }

    /// This callback's role.
    public var role: Role {
        switch self {
        case .willFinishLaunching, .didFinishLaunching, .sceneWillConnect, .onCreate: return .launch
        case .didBecomeActive, .sceneDidBecomeActive, .onResume: return .activate
        case .willResignActive, .sceneWillResignActive, .onPause: return .resign
        case .didEnterBackground, .sceneDidEnterBackground, .onStop: return .enterBackground
        case .willEnterForeground, .sceneWillEnterForeground, .onStart: return .enterForeground
        case .willTerminate, .onDestroy: return .terminate
        case .onSaveInstanceState, .stateRestorationActivity: return .saveState
        case .onRestoreInstanceState: return .restoreState
        case .didReceiveMemoryWarning, .onTrimMemory: return .memoryWarning
        case .backgroundTaskExpired: return .expire
        case .sceneDidDisconnect, .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable,
            .onRestart, .onTopResumedActivityChanged:
            return .notice
        }
    }

    /// The state the app is in once this callback has been delivered, or nil when it stays where it is.
    /// Android's states map onto ours: CREATED (being created) = `launching`, STARTED = `inactive`,
    /// RESUMED = `active`, STOPPED = `background`.
    public var reachedState: AppState? {
        switch self {
        // A scene connecting (at launch, or again after the OS reclaimed it) and an activity created are being made.
        case .willFinishLaunching, .didFinishLaunching, .sceneWillConnect, .onCreate: return .launching
        case .didBecomeActive, .sceneDidBecomeActive, .onResume: return .active
        case .willResignActive, .willEnterForeground, .sceneWillResignActive, .sceneWillEnterForeground, .onPause,
            .onStart:
            return .inactive
        case .didEnterBackground, .sceneDidEnterBackground, .onStop: return .background
        // The OS wakes a suspended app to ask for its scene's state before disconnecting it; a cached (frozen)
        // Android process is thawed into STOPPED before its activity restarts, or is destroyed to be relaunched
        // (a configuration change while stopped, Lifecycle.md §9). `onDestroy` always follows `onStop`.
        case .stateRestorationActivity, .onRestart, .onDestroy: return .background
        case .willTerminate, .didReceiveMemoryWarning, .backgroundTaskExpired, .sceneDidDisconnect,
            .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable,
            .onTopResumedActivityChanged, .onSaveInstanceState, .onRestoreInstanceState, .onTrimMemory:
            return nil
        }
    }
}

/// Work the runtime performs, in table order, at one point of the frame (CONTRACT §4).
public enum Work: String, CaseIterable, Sendable, Hashable {
    case pauseGame, stopFrameLoop, startFrameLoop, invalidateTimers, scheduleTimers
    case cancelLeaderboardRequests, disconnectPeers, saveSnapshot, loadSnapshot
    case finishGL, releaseGLSurfaces, restoreGLSurfaces, forbidGL, allowGL
    case beginBackgroundTask, endBackgroundTask, purgeCaches
    /// Saves the state the platform asks for and hands back after a recreation (Android's `onSaveInstanceState`,
    /// iOS's `stateRestorationActivity`): a snapshot of kind `instance`, durable before the next work.
    case saveInstanceState
    /// The GL context was lost: every GL object (shaders, textures, buffers, surfaces) is created again.
    case recreateGLObjects
}

/// How thorough a `saveSnapshot` is, decided by the callback it serves (CONTRACT §4).
public enum SnapshotKind: String, Sendable, Hashable {
    case quick, full, final
    /// Written by `saveInstanceState`: what a recreated activity or reconnected scene restores from.
    case instance
    /// Written by the autosave timer while the game runs (no callback asks for it).
    case autosave

    /// Durable before the save returns: the app may be suspended or ended next, or the save is what a recreation
    /// restores. Quick saves and autosaves may finish in the background so the frame loop never waits for the disk.
    public var mustBeDurable: Bool { self == .full || self == .final || self == .instance }
}

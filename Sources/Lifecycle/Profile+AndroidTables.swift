// swift-format-ignore-file: the table is one row per line in aligned columns (STYLE §3.3), which the formatter would undo.
// Android's activity life cycle, one activity (a game), API 28 and API 34 (Docs/Lifecycle.md §9; facts and
// sources: lifecycle-modern.md §1b). Android's states map onto ours: RESUMED = `active` (API 29+ split screen without
// the top position: `active(otherWindow)`); STARTED (paused, still visible) = `inactive`: under a system dialog, or
// beside split screen's focused window on API 28, else passed through within one event; STOPPED = `background`; cached and frozen by the freezer
// (API 34, 10 s after the stop) = `suspended`; process death = `terminated` (`purged`); Back on the root activity
// (API 28) = `terminated` (`finished`). For apps targeting API 28 and later `onSaveInstanceState` follows `onStop`
// (`targetSdk`, earlier targets save before it). From API 29 the top
// resumed activity is told `onTopResumedActivityChanged` after `onResume` and before `onPause`. API 28 has no
// freezer: a stopped app's process runs (never `suspended`) until the OS kills it. A configuration change while
// stopped relaunches the activity as it becomes visible again (`+rotated`). Window focus and surface notifications,
// which Android does not order against these, are WindowNotice.swift's. Any (state, event) without a row is
// rejected with `Rejection.why`.

extension Segment {
    /// `onCreate` of a new activity (no saved state): restore the game's own save; no GL yet (no surface).
    public static let create = Segment(.onCreate, [.loadSnapshot])
    /// `onCreate` of a recreated activity: the game comes back in `onRestoreInstanceState`.
    public static let recreate = Segment(.onCreate, [])
    /// `onStart`: visible; the surface exists, GL is allowed and the framebuffers restored.
    public static let start = Segment(.onStart, [.allowGL, .restoreGLSurfaces])
    /// `onStart` of a recreated activity: a new surface and a new EGL context, so every GL object is made again.
    public static let restartGL = Segment(.onStart, [.allowGL, .recreateGLObjects])
    /// `onRestart`: coming back from STOPPED; `onStart` follows.
    public static let restart = Segment(.onRestart, [])
    /// `onResume`: timers and the frame loop; a game stays paused until the player resumes.
    public static let resume = Segment(.onResume, [.scheduleTimers, .startFrameLoop])
    /// `onTopResumedActivityChanged` (API 29+): focus, no duty of its own.
    public static let topResumed = Segment(.onTopResumedActivityChanged, [])
    /// `onPause`: the duties of `willResignActive`.
    public static let pause = Segment(.onPause, Segment.resign.work)
    /// `onStop`: no longer visible; the surface is destroyed: full save, framebuffers released, GL forbidden.
    public static let stop = Segment(
        .onStop,
        [.cancelLeaderboardRequests, .disconnectPeers, .saveSnapshot, .releaseGLSurfaces, .finishGL, .forbidGL])
    /// `onSaveInstanceState` (after `onStop` from API 28): the state a recreated activity gets back.
    public static let saveInstance = Segment(.onSaveInstanceState, [.saveInstanceState])
    /// `onRestoreInstanceState`: the game restored from what `onSaveInstanceState` saved.
    public static let restoreInstance = Segment(.onRestoreInstanceState, [.loadSnapshot])
    /// `onDestroy`: the activity goes (every duty was done by `onPause` and `onStop`).
    public static let destroy = Segment(.onDestroy, [])
    /// `onTrimMemory`: purge what can be re-created.
    public static let trimMemory = Segment(.onTrimMemory, [.purgeCaches])
    /// The EGL context was lost: no activity callback (GLSurfaceView's `onSurfaceCreated` tells the renderer).
    public static let contextLost = Segment(nil, [.recreateGLObjects])
}

private let noControlCenter = "Android's quick settings are in the notification shade: notificationCenterPulled"
private let noScenes = "Android has no scenes; a process death is purgedByOS"
private let drawsFirst = "an app notices a lost EGL context only when it draws again (active or inactive)"
private let pausedDoesNotDraw =
    "a paused app's frame loop is stopped: it notices a lost EGL context when it draws again"
private let backToDialog = "Back goes to the dialog in front: dialogDismissed"
private let tapTheGameFirst = "the other window has the focus: gameWindowTapped first"
private let noFreezer = "Android 9 has no cached-apps freezer: a stopped app runs until the OS kills it (purgedByOS)"

extension Profile {
    /// Android 9 (API 28): save after stop; Back on the root activity destroys it; full-screen call UI; no cached-apps
    /// freezer, so a stopped app is never suspended: its process (and its network) runs until it is killed.
    public static let android28 = Profile(
        name: "android28", smsStyle: .banner, callStyle: .fullScreen, settings: ["targetSdk"], suspensionDelay: nil,
        android: AndroidLevels(api: 28), rows: androidTable(AndroidLevels(api: 28), .fullScreen))

    /// Android 14 (API 34): multi-resume focus, Back moves the task back, the cached-apps freezer (a stopped app is
    /// frozen 10 s after it is cached, Lifecycle.md §9 [G-freezer]); a call while the phone is in use is a heads-up
    /// notification (setting `callStyle`, default `banner`).
    public static let android34 = Profile(
        name: "android34", smsStyle: .banner, callStyle: .banner, settings: ["callStyle", "targetSdk"],
        suspensionDelay: 10_000_000_000,
        android: AndroidLevels(api: 34), rows: androidTable(AndroidLevels(api: 34), .banner))

    /// True where a stopped app's process keeps running with no background task: the OS never suspends it (no
    /// freezer: `android28`), so its network work goes on while it is `background` (CONTRACT §4).
    public var runsWhileStopped: Bool { suspensionDelay == nil }

    /// Every row of an Android profile at these levels, with calls shown as `style`.
    static func androidTable(_ android: AndroidLevels, _ style: CallStyle) -> [Row] {
        androidRows(android) + androidPausedReasons(android).flatMap { androidPausedRows($0, android) }
            + androidSplitRows(android) + androidCallRows(style, android)
    }

    /// Why an activity in front rests paused (STARTED): under a dialog or two; on API 28 also beside split screen's
    /// focused window (API 29+ keeps it resumed there).
    static func androidPausedReasons(_ android: AndroidLevels) -> [Reason] {
        [.dialog, .secondDialog] + (android.api >= 29 ? [] : [.otherWindow])
    }

    /// This profile as an app targeting API `level` sees it (CONTRACT §5 `targetSdk`): below 28,
    /// `onSaveInstanceState` comes before `onStop`. Unchanged on a profile without the setting.
    public func withTargetSdk(_ level: Int) -> Profile {
        guard let android, level != android.targetSdk, settings.contains("targetSdk") else { return self }
        let levels = AndroidLevels(api: android.api, targetSdk: level)
        return Profile(
            name: name, smsStyle: smsStyle, callStyle: callStyle, settings: settings,
            backgroundTaskBudget: backgroundTaskBudget, suspensionDelay: suspensionDelay, android: levels,
            rows: Profile.androidTable(levels, callStyle))
    }

    /// `onStop` and `onSaveInstanceState` in the order the app's target SDK gets them (from API 28: save after stop).
    static func stopAndSave(_ android: AndroidLevels) -> [Segment] {
        android.savesBeforeStop ? [.saveInstance, .stop] : [.stop, .saveInstance]
    }

    /// Leaving the front: (top resumed lost,) pause, stop, save the instance state.
    static func androidLeave(_ android: AndroidLevels) -> [Segment] {
        (android.api >= 29 ? [.topResumed] : []) + [.pause] + stopAndSave(android)
    }

    /// Coming back from STOPPED: restart, start, resume (, top resumed gained).
    static func androidReturn(_ android: AndroidLevels) -> [Segment] {
        [.restart, .start, .resume] + (android.api >= 29 ? [.topResumed] : [])
    }

    static func androidRows(_ android: AndroidLevels) -> [Row] {
        let focus: [Segment] = android.api >= 29 ? [.topResumed] : []
        let launch: [Segment] = [.create, .start, .resume] + focus
        let revive: [Segment] = [.recreate, .restartGL, .restoreInstance, .resume] + focus
        let leave = androidLeave(android)
        let back = androidReturn(android)
        let rotate: [Segment] = focus + [.pause] + stopAndSave(android) + [.destroy] + revive
        let backPressed: RowOutcome =
            android.api >= 31
            ? go(.background, leave)
            : go(.terminated, .finished, focus + [.pause, .stop, .destroy])
        // The cached-apps freezer (API 34): the OS suspends a stopped app by itself, 10 s after the stop.
        let frozen: RowOutcome = android.api >= 34 ? .go(.carrying(.suspended), []) : reject(noFreezer)
        let stopped = androidStoppedRows(back)
        let cached = android.api >= 34 ? androidFrozenRows(back) : []
        // A configuration change while stopped relaunches the activity as it becomes visible again: destroyed, then
        // created with what onSaveInstanceState saved at the stop (CTS testRelaunchConfigurationChangedWhile...).
        let relaunch: [Segment] = [.destroy] + revive
        let relaunching = (stopped + cached).compactMap { row -> Row? in
            guard case .go(.to(.active, _), _) = row.outcome else { return nil }
            return Row(row.from.relaunching, row.event, go(.active, relaunch))
        }
        return [
            // from                                   event                          outcome
            Row(.notRunning,                          .launched,                     go(.active, launch)),
            Row(.notRunning,                          .iconTapped,                   go(.active, launch)),
            Row(.terminated,                          .launched,                     go(.active, launch)),
            Row(.terminated,                          .iconTapped,                   go(.active, launch)),
            Row(.terminated(.purged),                 .launched,                     go(.active, revive)),
            Row(.terminated(.purged),                 .iconTapped,                   go(.active, revive)),
            // Launched behind the keyguard: briefly resumed (and, API 29+, given and taken the top position), then
            // paused and stopped (CTS A14, ActivityLifecycleKeyguardTests.testSingleLaunch).
            Row(.notRunning,                          .launchedBehindLock,           go(.background, .lock, launch + leave)),
            Row(.terminated,                          .launchedBehindLock,           go(.background, .lock, launch + leave)),

            Row(.active,                              .smsArrived,                   ignore),
            Row(.active,                              .smsDismissed,                 ignore),
            Row(.active,                              .smsOpened,                    go(.background, leave)),
            Row(.active,                              .callEnded,                    ignore),
            Row(.active,                              .homePressed,                  go(.background, leave)),
            Row(.active,                              .homeDoubleTapped,             go(.background, .switcher, leave)),
            Row(.active,                              .lockPressed,                  go(.background, .lock, leave)),
            Row(.active,                              .memoryWarned,                 stay([.trimMemory])),
            Row(.active,                              .notificationCenterPulled,     ignore),
            Row(.active,                              .notificationCenterDismissed,  ignore),
            Row(.active,                              .notificationCenterOpenedApp,  go(.background, leave)),
            Row(.active,                              .controlCenterPulled,          reject(noControlCenter)),
            Row(.active,                              .backPressed,                  backPressed),
            Row(.active,                              .rotated,                      stay(rotate)),
            Row(.active,                              .glContextLost,                stay([.contextLost])),
            Row(.active,                              .sceneReclaimed,               reject(noScenes)),
            Row(.active,                              .dialogShown,                  go(.inactive, .dialog, focus + [.pause])),

            Row(.backgroundIdle,                      .suspendedByOS,                frozen),
        ] + stopped + cached + relaunching
    }

    /// STOPPED: the process runs (on API 34 until the freezer suspends it).
    static func androidStoppedRows(_ back: [Segment]) -> [Row] {
        [
            Row(.background,                          .iconTapped,                   go(.active, back)),
            Row(.background,                          .memoryWarned,                 stay([.trimMemory])),
            Row(.background,                          .terminatedByOS,               go(.terminated, .purged, [])),
            Row(.background,                          .purgedByOS,                   go(.terminated, .purged, [])),
            Row(.background,                          .switcherKilled,               go(.terminated, .killed, [])),
            Row(.background,                          .smsArrived,                   ignore),
            Row(.background,                          .callArrived,                  ignore),
            Row(.background,                          .homePressed,                  ignore),
            Row(.background,                          .homeDoubleTapped,             ignore),
            Row(.background,                          .lockPressed,                  ignore),
            Row(.background,                          .notificationCenterPulled,     ignore),
            Row(.background,                          .backPressed,                  ignore),
            Row(.background,                          .rotated,                      .go(.stayRelaunchPending, [])),
            Row(.background,                          .glContextLost,                reject(drawsFirst)),
            Row(.background(.call),                   .callDeclined,                 go(.active, back)),
            Row(.background(.call),                   .callAnswered,                 ignore),
            Row(.background(.call),                   .callEnded,                    go(.active, back)),
            Row(.background(.switcher),               .switcherDismissed,            go(.active, back)),
            Row(.background(.switcher),               .switcherPickedOther,          go(.background, [])),
            Row(.background(.lock),                   .unlocked,                     go(.active, back)),
        ]
    }

    /// STARTED (paused, still visible) under a translucent system dialog (CTS A3, A4) or, on API 28, beside the
    /// focused window of split screen: the activity is not stopped, so it saves nothing until it is.
    static func androidPausedRows(_ reason: Reason, _ android: AndroidLevels) -> [Row] {
        let focus: [Segment] = android.api >= 29 ? [.topResumed] : []
        let stop = stopAndSave(android)
        // A configuration change of a paused activity relaunches it into PAUSED again (CTS A11, testRelaunchPaused).
        let relaunch: [Segment] = stop + [.destroy, .recreate, .restartGL, .restoreInstance, .resume, .pause]
        let dialog = reason != .otherWindow
        // What answers the pause, what changes nothing, and what the pause rules out.
        let (answered, again, other): (Event, Event, Event) =
            dialog ? (.dialogDismissed, .dialogShown, .otherWindowTapped) : (.gameWindowTapped, .otherWindowTapped, .dialogShown)
        // A dialog over a dialog is counted, two deep (CTS A5): answering the second leaves the first.
        let answer: RowOutcome = reason == .secondDialog ? go(.inactive, .dialog, []) : go(.active, [.resume] + focus)
        let repeated: RowOutcome = reason == .dialog ? go(.inactive, .secondDialog, []) : ignore
        return [
            // from                                   event                          outcome
            Row(.inactive(reason),                    answered,                      answer),
            Row(.inactive(reason),                    again,                         repeated),
            Row(.inactive(reason),                    other,                         reject(dialog ? backToDialog : tapTheGameFirst)),
            Row(.inactive(reason),                    .smsArrived,                   ignore),
            Row(.inactive(reason),                    .smsDismissed,                 ignore),
            Row(.inactive(reason),                    .smsOpened,                    go(.background, stop)),
            Row(.inactive(reason),                    .callEnded,                    ignore),
            Row(.inactive(reason),                    .homePressed,                  go(.background, stop)),
            Row(.inactive(reason),                    .homeDoubleTapped,             go(.background, .switcher, stop)),
            Row(.inactive(reason),                    .lockPressed,                  go(.background, .lock, stop)),
            Row(.inactive(reason),                    .memoryWarned,                 stay([.trimMemory])),
            Row(.inactive(reason),                    .notificationCenterPulled,     ignore),
            Row(.inactive(reason),                    .notificationCenterDismissed,  ignore),
            Row(.inactive(reason),                    .notificationCenterOpenedApp,  go(.background, stop)),
            Row(.inactive(reason),                    .backPressed,                  reject(dialog ? backToDialog : tapTheGameFirst)),
            Row(.inactive(reason),                    .rotated,                      stay(relaunch)),
            Row(.inactive(reason),                    .glContextLost,                reject(pausedDoesNotDraw)),
        ]
    }

    /// Split screen (multi-window): on API 29+ both apps stay RESUMED and only the top position moves (CTS A18,
    /// testTopPositionSwitchOnTap); on API 28 only the focused app is resumed, so the game pauses beside it.
    static func androidSplitRows(_ android: AndroidLevels) -> [Row] {
        guard android.api >= 29 else {
            return [
                Row(.active,                          .otherWindowTapped,            go(.inactive, .otherWindow, [.pause])),
                Row(.active,                          .gameWindowTapped,             ignore),
            ]
        }
        let stop: [Segment] = [.pause] + stopAndSave(android)
        let other = Pattern(.active, .otherWindow)
        let revive: [Segment] = [.recreate, .restartGL, .restoreInstance, .resume]
        return [
            // from                                   event                          outcome
            Row(.active,                              .otherWindowTapped,            go(.active, .otherWindow, [.topResumed])),
            Row(.active,                              .gameWindowTapped,             ignore),
            Row(other,                                .gameWindowTapped,             go(.active, [.topResumed])),
            Row(other,                                .otherWindowTapped,            ignore),
            // Resumed without the top position: leaving loses no focus, a relaunch gains none.
            Row(other,                                .homePressed,                  go(.background, stop)),
            Row(other,                                .homeDoubleTapped,             go(.background, .switcher, stop)),
            Row(other,                                .lockPressed,                  go(.background, .lock, stop)),
            Row(other,                                .smsOpened,                    go(.background, stop)),
            Row(other,                                .notificationCenterOpenedApp,  go(.background, stop)),
            Row(other,                                .rotated,                      stay(stop + [.destroy] + revive)),
            Row(other,                                .backPressed,                  reject(tapTheGameFirst)),
            Row(other,                                .dialogShown,                  reject(tapTheGameFirst)),
        ]
    }

    /// Cached and frozen (API 34 only): no code runs until the process is thawed.
    static func androidFrozenRows(_ back: [Segment]) -> [Row] {
        [
            Row(.suspended,                           .iconTapped,                   go(.active, back)),
            Row(.suspended,                           .purgedByOS,                   go(.terminated, .purged, [])),
            Row(.suspended,                           .terminatedByOS,               go(.terminated, .purged, [])),
            Row(.suspended,                           .switcherKilled,               go(.terminated, .killed, [])),
            Row(.suspended,                           .memoryWarned,                 ignore),
            Row(.suspended,                           .suspendedByOS,                ignore),
            Row(.suspended,                           .smsArrived,                   ignore),
            Row(.suspended,                           .callArrived,                  ignore),
            Row(.suspended,                           .homePressed,                  ignore),
            Row(.suspended,                           .homeDoubleTapped,             ignore),
            Row(.suspended,                           .lockPressed,                  ignore),
            Row(.suspended,                           .notificationCenterPulled,     ignore),
            Row(.suspended,                           .backPressed,                  ignore),
            Row(.suspended,                           .rotated,                      .go(.stayRelaunchPending, [])),
            Row(.suspended,                           .glContextLost,                reject(drawsFirst)),
            Row(.suspended(.call),                    .callDeclined,                 go(.active, back)),
            Row(.suspended(.call),                    .callAnswered,                 ignore),
            Row(.suspended(.call),                    .callEnded,                    go(.active, back)),
            Row(.suspended(.switcher),                .switcherDismissed,            go(.active, back)),
            Row(.suspended(.switcher),                .switcherPickedOther,          go(.suspended, [])),
            Row(.suspended(.lock),                    .unlocked,                     go(.active, back)),
        ]
    }

    /// A call over an active app: the full-screen call activity covers the game (pause, stop, save), or a heads-up
    /// notification while the phone is in use (nothing is delivered). Over a paused app (a dialog; split screen on
    /// API 28) the call screen only stops it.
    static func androidCallRows(_ style: CallStyle, _ android: AndroidLevels) -> [Row] {
        let paused = androidPausedReasons(android).map { Pattern(.inactive, $0) }
        switch style {
        case .fullScreen:
            return [
                Row(.active,                          .callArrived,                  go(.background, .call, androidLeave(android))),
            ] + paused.map { Row($0, .callArrived, go(.background, .call, stopAndSave(android))) }
        case .banner:
            return [
                Row(.active,                          .callArrived,                  ignore),
                Row(.active,                          .callDeclined,                 ignore),
                Row(.active,                          .callAnswered,                 ignore),
            ] + paused.flatMap { from in [.callArrived, .callDeclined, .callAnswered].map { Row(from, $0, ignore) } }
        }
    }
}

// swift-format-ignore-file: the table is one row per line in aligned columns (STYLE §3.3), which the formatter would undo.
// The iOS 13+ scene-based life cycle (Docs/Lifecycle.md §8; facts and sources: lifecycle-modern.md §1a).
// UIKit delivers the UI transitions to the scene delegate (`sceneWillResignActive` …) and keeps launch, memory and
// termination on the app delegate. One scene: an iPhone game. A scene disconnected while the process lives is the
// reason `sceneDisconnected` beside `background`/`suspended`; the next return connects a new scene restored from
// what `stateRestorationActivity` saved. Any (state, event) without a row is rejected with `Rejection.why`.

extension Segment {
    /// `sceneWillConnect` at launch: the scene is created; nothing to do yet (the game was restored by didFinishLaunching).
    public static let sceneConnect = Segment(.sceneWillConnect, [])
    /// `sceneWillConnect` after the OS reclaimed the scene: restore the game from what was saved for it.
    public static let sceneReconnect = Segment(.sceneWillConnect, [.loadSnapshot])
    /// `sceneWillEnterForeground`: GL allowed again, framebuffers restored (also for a newly connected scene).
    public static let sceneEnterForeground = Segment(.sceneWillEnterForeground, [.allowGL, .restoreGLSurfaces])
    /// `sceneDidBecomeActive`: timers and frame loop again; a game stays paused until the player resumes.
    public static let sceneActivate = Segment(.sceneDidBecomeActive, [.scheduleTimers, .startFrameLoop])
    /// `sceneWillResignActive`: the duties of `willResignActive` ("Games should use this … to pause the game").
    public static let sceneResign = Segment(.sceneWillResignActive, Segment.resign.work)
    /// `sceneDidEnterBackground`: the duties of `didEnterBackground`, inside a background task.
    public static let sceneEnterBackground = Segment(.sceneDidEnterBackground, Segment.enterBackground.work)
    /// `stateRestorationActivity(for:)`: UIKit asks for the scene's state before disconnecting it.
    public static let stateRestoration = Segment(.stateRestorationActivity, [.saveInstanceState])
    /// `sceneDidDisconnect` when the OS reclaims the scene: its resources go; the process lives on.
    public static let sceneDisconnect = Segment(.sceneDidDisconnect, [])
    /// `sceneDidDisconnect` when the user swipes the card away: the process ends after it, so the duties of
    /// `willTerminate` (cancel, leave the match, final save).
    public static let sceneClose = Segment(.sceneDidDisconnect, Segment.terminate.work)
    /// `protectedDataWillBecomeUnavailable` (a passcode device locked): nothing to do, every save is already made.
    public static let protectedDataLocked = Segment(.protectedDataWillBecomeUnavailable, [])
    /// `protectedDataDidBecomeAvailable` (unlocked): nothing to do.
    public static let protectedDataUnlocked = Segment(.protectedDataDidBecomeAvailable, [])
}

extension Pattern {
    static let backgroundIdle = Pattern(.background, openTask: false)
    static let backgroundTask = Pattern(.background, openTask: true)
}

private let noBack = "an iPhone has no Back button; backPressed is Android's"
private let noContextLoss = "iOS does not take an app's EAGL context away; glContextLost is Android's"
private let onlyBackgroundScenes = "UIKit reclaims only a background or suspended scene"

extension Profile {
    /// iOS 13 with scenes (UISceneDelegate), calls full screen as iOS 13 shipped them.
    public static let ios13 = Profile(
        name: "ios13", smsStyle: .banner, callStyle: .fullScreen, settings: [], backgroundTaskBudget: 30_000_000_000,
        rows: sceneRows + sceneCallRows(.fullScreen))

    /// Today's iPhone (iOS 26): the scene rows of ios13; a call while the phone is unlocked and in use is a banner
    /// (setting `callStyle`, default `banner`; `fullScreen` gives ios13's call rows).
    public static let ios26 = Profile(
        name: "ios26", smsStyle: .banner, callStyle: .banner, settings: ["callStyle"],
        backgroundTaskBudget: 30_000_000_000,
        rows: sceneRows + sceneCallRows(.banner))

    /// The rows both scene profiles share (everything but a call over an active app).
    static let sceneRows: [Row] = {
        let launch: [Segment] = [.willFinishLaunching, .finishLaunching, .sceneConnect, .sceneEnterForeground, .sceneActivate]
        let leave: [Segment] = [.sceneResign, .sceneEnterBackground]
        let lock: [Segment] = [.sceneResign, .sceneEnterBackground, .protectedDataLocked]
        let back: [Segment] = [.sceneEnterForeground, .sceneActivate]
        let unlock: [Segment] = [.sceneEnterForeground, .protectedDataUnlocked, .sceneActivate]
        let reconnect: [Segment] = [.sceneReconnect, .sceneEnterForeground, .sceneActivate]
        let reclaim: [Segment] = [.stateRestoration, .sceneDisconnect]
        return [
            // from                                   event                          outcome
            Row(.notRunning,                          .launched,                     go(.active, launch)),
            Row(.notRunning,                          .iconTapped,                   go(.active, launch)),
            Row(.terminated,                          .launched,                     go(.active, launch)),
            Row(.terminated,                          .iconTapped,                   go(.active, launch)),

            Row(.active,                              .smsArrived,                   ignore),
            Row(.active,                              .smsDismissed,                 ignore),
            Row(.active,                              .smsOpened,                    go(.background, leave)),
            Row(.active,                              .callEnded,                    ignore),
            Row(.active,                              .homePressed,                  go(.background, leave)),
            Row(.active,                              .homeDoubleTapped,             go(.inactive, .switcher, [.sceneResign])),
            Row(.active,                              .lockPressed,                  go(.background, .lock, lock)),
            Row(.active,                              .memoryWarned,                 stay([.memoryWarning])),
            Row(.active,                              .notificationCenterPulled,     go(.inactive, .notificationCenter, [.sceneResign])),
            Row(.active,                              .controlCenterPulled,          go(.inactive, .controlCenter, [.sceneResign])),
            Row(.active,                              .rotated,                      ignore),
            Row(.active,                              .sceneReclaimed,               reject(onlyBackgroundScenes)),
            Row(.active,                              .backPressed,                  reject(noBack)),
            Row(.active,                              .glContextLost,                reject(noContextLoss)),

            Row(.inactive,                            .smsArrived,                   ignore),
            Row(.inactive,                            .callArrived,                  go(.inactive, .call, [])),
            Row(.inactive,                            .homePressed,                  go(.background, [.sceneEnterBackground])),
            Row(.inactive,                            .homeDoubleTapped,             ignore),
            Row(.inactive,                            .lockPressed,                  go(.background, .lock, [.sceneEnterBackground, .protectedDataLocked])),
            Row(.inactive,                            .memoryWarned,                 stay([.memoryWarning])),
            Row(.inactive,                            .rotated,                      ignore),
            Row(.inactive(.call),                     .callArrived,                  ignore),
            Row(.inactive(.call),                     .callDeclined,                 go(.active, [.sceneActivate])),
            Row(.inactive(.call),                     .callAnswered,                 go(.background, .call, [.sceneEnterBackground])),
            Row(.inactive(.call),                     .callEnded,                    go(.active, [.sceneActivate])),
            Row(.inactive(.switcher),                 .switcherDismissed,            go(.active, [.sceneActivate])),
            Row(.inactive(.switcher),                 .switcherPickedOther,          go(.background, [.sceneEnterBackground])),
            Row(.inactive(.switcher),                 .switcherKilled,               go(.terminated, .killed, [.sceneClose])),
            Row(.inactive(.notificationCenter),       .notificationCenterDismissed,  go(.active, [.sceneActivate])),
            Row(.inactive(.notificationCenter),       .notificationCenterOpenedApp,  go(.background, [.sceneEnterBackground])),
            Row(.inactive(.controlCenter),            .controlCenterDismissed,       go(.active, [.sceneActivate])),
            Row(.notRunning,                          .launchedBehindLock,           reject(noLaunchBehindLock)),
            Row(.terminated,                          .launchedBehindLock,           reject(noLaunchBehindLock)),
            Row(.active,                              .dialogShown,                  go(.inactive, .dialog, [.sceneResign])),
            Row(.inactive(.dialog),                   .dialogDismissed,              go(.active, [.sceneActivate])),
            Row(.inactive(.dialog),                   .dialogShown,                  go(.inactive, .secondDialog, [])),
            Row(.inactive(.secondDialog),             .dialogDismissed,              go(.inactive, .dialog, [])),
            Row(.inactive(.secondDialog),             .dialogShown,                  ignore),

            Row(.backgroundIdle,                      .suspendedByOS,                .go(.carrying(.suspended), [])),
            Row(.backgroundTask,                      .suspendedByOS,                reject("a background task is open; the OS waits for it to end or expire")),
            Row(.backgroundTask,                      .backgroundTaskExpired,        .go(.carrying(.suspended), [.expire])),
            Row(.background,                          .iconTapped,                   go(.active, back)),
            Row(.background,                          .memoryWarned,                 stay([.memoryWarning])),
            Row(.background,                          .terminatedByOS,               go(.terminated, .willTerminate, [.terminate])),
            Row(.background,                          .purgedByOS,                   go(.terminated, .purged, [])),
            Row(.background,                          .switcherKilled,               go(.terminated, .killed, [.sceneClose])),
            Row(.background,                          .sceneReclaimed,               go(.background, .sceneDisconnected, reclaim)),
            Row(.background,                          .smsArrived,                   ignore),
            Row(.background,                          .callArrived,                  ignore),
            Row(.background,                          .homePressed,                  ignore),
            Row(.background,                          .homeDoubleTapped,             ignore),
            Row(.background,                          .lockPressed,                  ignore),
            Row(.background,                          .notificationCenterPulled,     ignore),
            Row(.background,                          .controlCenterPulled,          ignore),
            Row(.background,                          .rotated,                      ignore),
            Row(.background(.call),                   .callEnded,                    go(.active, back)),
            Row(.background(.lock),                   .unlocked,                     go(.active, unlock)),
            Row(.background(.sceneDisconnected),      .iconTapped,                   go(.active, reconnect)),
            Row(.background(.sceneDisconnected),      .sceneReclaimed,               ignore),

            Row(.suspended,                           .iconTapped,                   go(.active, back)),
            Row(.suspended,                           .purgedByOS,                   go(.terminated, .purged, [])),
            Row(.suspended,                           .terminatedByOS,               go(.terminated, .purged, [])),
            Row(.suspended,                           .switcherKilled,               go(.terminated, .killed, [])),
            Row(.suspended,                           .sceneReclaimed,               go(.background, .sceneDisconnected, reclaim)),
            Row(.suspended,                           .memoryWarned,                 ignore),
            Row(.suspended,                           .suspendedByOS,                ignore),
            Row(.suspended,                           .smsArrived,                   ignore),
            Row(.suspended,                           .callArrived,                  ignore),
            Row(.suspended,                           .homePressed,                  ignore),
            Row(.suspended,                           .homeDoubleTapped,             ignore),
            Row(.suspended,                           .lockPressed,                  ignore),
            Row(.suspended,                           .notificationCenterPulled,     ignore),
            Row(.suspended,                           .controlCenterPulled,          ignore),
            Row(.suspended,                           .rotated,                      ignore),
            Row(.suspended(.call),                    .callEnded,                    go(.active, back)),
            Row(.suspended(.lock),                    .unlocked,                     go(.active, unlock)),
            Row(.suspended(.sceneDisconnected),       .iconTapped,                   go(.active, reconnect)),
            Row(.suspended(.sceneDisconnected),       .sceneReclaimed,               ignore),
        ]
    }()

    /// A call over an active app: full screen (the app resigns) or a banner (iOS 14+: nothing is delivered).
    static func sceneCallRows(_ style: CallStyle) -> [Row] {
        switch style {
        case .fullScreen:
            return [
                Row(.active,                          .callArrived,                  go(.inactive, .call, [.sceneResign])),
            ]
        case .banner:
            return [
                Row(.active,                          .callArrived,                  ignore),
                Row(.active,                          .callDeclined,                 ignore),
                Row(.active,                          .callAnswered,                 ignore),
            ]
        }
    }

    /// This profile with calls shown as `style` (CONTRACT §5 `callStyle`), on the profiles that have the setting.
    public func withCallStyle(_ style: CallStyle) -> Profile {
        guard style != callStyle, settings.contains("callStyle") else { return self }
        let callEvents: Set<Event> = [.callArrived, .callDeclined, .callAnswered]
        // The call rows over an app in front: active, or (Android) paused there (`androidCallRows`).
        let paused = android.map { Profile.androidPausedReasons($0).map { Pattern(.inactive, $0) } } ?? []
        let inFront = Set([Pattern.active] + paused)
        let dropped = Set(rows.filter { callEvents.contains($0.event) && inFront.contains($0.from) }.map(\.key))
        let kept = rows.filter { !dropped.contains($0.key) }
        let added = android.map { Profile.androidCallRows(style, $0) } ?? Profile.sceneCallRows(style)
        return Profile(
            name: name, smsStyle: smsStyle, callStyle: style, settings: settings,
            backgroundTaskBudget: backgroundTaskBudget,
            suspensionDelay: suspensionDelay, android: android, rows: kept + added)
    }
}

// swift-format-ignore-file: the table is one row per line in aligned columns (STYLE §3.3), which the formatter would undo.
// The transition tables of lifecycle-reference.md §5.3 (ios4) and §5.4 (ios5 = ios4 + differing rows).
// One row per line. Read a row as: in <from>, <event> leads <to> with these callbacks and this work.
// Any (state, event) without a row is illegal and is rejected with `Rejection.why`.

extension Segment {
    /// `willFinishLaunching` (iOS 6+; our ios5): nothing to do yet — no GL before `didBecomeActive`.
    public static let willFinishLaunching = Segment(.willFinishLaunching, [])
    /// `didFinishLaunching`: restore from the last snapshot, still without GL.
    public static let finishLaunching = Segment(.didFinishLaunching, [.loadSnapshot])
    /// `didBecomeActive` after launch: first GL use, then timers and the frame loop.
    public static let firstActivate = Segment(
        .didBecomeActive, [.allowGL, .restoreGLSurfaces, .scheduleTimers, .startFrameLoop])
    /// `didBecomeActive`: timers and frame loop again; a game stays paused until the player resumes.
    public static let activate = Segment(.didBecomeActive, [.scheduleTimers, .startFrameLoop])
    /// `willResignActive`: pause, stop the loop and timers, cancel requests, drop peers, finish GL, quick save.
    public static let resign = Segment(
        .willResignActive,
        [
            .pauseGame, .stopFrameLoop, .invalidateTimers, .cancelLeaderboardRequests, .disconnectPeers, .finishGL,
            .saveSnapshot,
        ])
    /// `didEnterBackground`: inside a background task, full save, release framebuffers, finish and forbid GL.
    public static let enterBackground = Segment(
        .didEnterBackground,
        [
            .beginBackgroundTask, .cancelLeaderboardRequests, .disconnectPeers, .saveSnapshot, .releaseGLSurfaces,
            .finishGL, .forbidGL, .endBackgroundTask,
        ])
    /// `willEnterForeground`: GL allowed again, framebuffers restored (meshes, textures, shaders were kept).
    public static let enterForeground = Segment(.willEnterForeground, [.allowGL, .restoreGLSurfaces])
    /// `willTerminate` (from background, GL already forbidden): cancel, drop peers, final save.
    public static let terminate = Segment(
        .willTerminate, [.cancelLeaderboardRequests, .disconnectPeers, .saveSnapshot])
    /// `didReceiveMemoryWarning`: purge what can be re-created; never GL.
    public static let memoryWarning = Segment(.didReceiveMemoryWarning, [.purgeCaches])
    /// The background task's expiration handler: end the task now.
    public static let expire = Segment(.backgroundTaskExpired, [.endBackgroundTask])
}

extension Pattern {
    static let notRunning = Pattern(.notRunning)
    static let active = Pattern(.active)
    static let inactive = Pattern(.inactive)
    static let background = Pattern(.background)
    static let suspended = Pattern(.suspended)
    static let terminated = Pattern(.terminated)
    static func inactive(_ reason: Reason) -> Pattern { Pattern(.inactive, reason) }
    static func background(_ reason: Reason) -> Pattern { Pattern(.background, reason) }
    static func suspended(_ reason: Reason) -> Pattern { Pattern(.suspended, reason) }
    static func terminated(_ reason: Reason) -> Pattern { Pattern(.terminated, reason) }
}

func go(_ state: AppState, _ segments: [Segment]) -> RowOutcome { .go(.to(state, nil), segments) }
func go(_ state: AppState, _ reason: Reason, _ segments: [Segment]) -> RowOutcome {
    .go(.to(state, reason), segments)
}
func stay(_ segments: [Segment]) -> RowOutcome { .go(.stay, segments) }
let ignore = RowOutcome.ignore
func reject(_ why: String) -> RowOutcome { .reject(why) }

/// Shared by the scene tables.
let noLaunchBehindLock = "iOS launches no app in front behind the lock screen; launchedBehindLock is Android's"
private let noNotificationCenter = "Notification Center exists from iOS 5 on; this is profile ios4"

extension Profile {
    /// iOS 4.x (lifecycle-reference.md §5.3).
    public static let ios4 = Profile(
        name: "ios4", smsStyle: .alert, backgroundTaskBudget: 600_000_000_000,
        rows: [
            // from                      event                          outcome
            Row(.notRunning, .launched, go(.active, [.finishLaunching, .firstActivate])),
            Row(.notRunning, .iconTapped, go(.active, [.finishLaunching, .firstActivate])),
            Row(.terminated, .launched, go(.active, [.finishLaunching, .firstActivate])),
            Row(.terminated, .iconTapped, go(.active, [.finishLaunching, .firstActivate])),

            Row(.active, .smsArrived, go(.inactive, .alert, [.resign])),
            Row(.active, .callArrived, go(.inactive, .call, [.resign])),
            Row(.active, .callEnded, ignore),
            Row(.active, .homePressed, go(.background, [.resign, .enterBackground])),
            Row(.active, .homeDoubleTapped, go(.inactive, .switcher, [.resign])),
            Row(.active, .lockPressed, go(.inactive, .lock, [.resign])),
            Row(.active, .memoryWarned, stay([.memoryWarning])),
            Row(.active, .notificationCenterPulled, reject(noNotificationCenter)),

            Row(.inactive, .smsArrived, ignore),
            Row(.inactive, .callArrived, go(.inactive, .call, [])),
            Row(.inactive, .homePressed, go(.background, [.enterBackground])),
            Row(.inactive, .homeDoubleTapped, ignore),
            Row(.inactive, .lockPressed, ignore),
            Row(.inactive, .memoryWarned, stay([.memoryWarning])),
            Row(.inactive(.alert), .smsDismissed, go(.active, [.activate])),
            Row(.inactive(.alert), .smsOpened, go(.background, [.enterBackground])),
            Row(.inactive(.call), .callArrived, ignore),
            Row(.inactive(.call), .callDeclined, go(.active, [.activate])),
            Row(.inactive(.call), .callAnswered, go(.background, .call, [.enterBackground])),
            Row(.inactive(.call), .callEnded, go(.active, [.activate])),
            Row(.inactive(.switcher), .switcherDismissed, go(.active, [.activate])),
            Row(.inactive(.switcher), .switcherPickedOther, go(.background, [.enterBackground])),
            Row(.inactive(.switcher), .switcherKilled, reject("the iOS 4 switcher does not list the frontmost app")),
            Row(.inactive(.lock), .unlocked, go(.active, [.activate])),
            Row(.inactive(.lock), .homePressed, ignore),
            // A translucent system dialog (a permission, a purchase, a sign-in): resign only (Lifecycle.md §1).
            Row(.notRunning, .launchedBehindLock, reject(noLaunchBehindLock)),
            Row(.terminated, .launchedBehindLock, reject(noLaunchBehindLock)),
            Row(.active, .dialogShown, go(.inactive, .dialog, [.resign])),
            Row(.inactive(.dialog), .dialogDismissed, go(.active, [.activate])),
            // A second dialog over the first: answered, it leaves the first (CTS A5); a third is not counted.
            Row(.inactive(.dialog), .dialogShown, go(.inactive, .secondDialog, [])),
            Row(.inactive(.secondDialog), .dialogDismissed, go(.inactive, .dialog, [])),
            Row(.inactive(.secondDialog), .dialogShown, ignore),

            Row(Pattern(.background, openTask: false), .suspendedByOS, .go(.carrying(.suspended), [])),
            Row(
                Pattern(.background, openTask: true), .suspendedByOS,
                reject("a background task is open; the OS waits for it to end or expire")),
            Row(Pattern(.background, openTask: true), .backgroundTaskExpired, .go(.carrying(.suspended), [.expire])),
            Row(.background, .iconTapped, go(.active, [.enterForeground, .activate])),
            Row(.background, .memoryWarned, stay([.memoryWarning])),
            Row(.background, .terminatedByOS, go(.terminated, .willTerminate, [.terminate])),
            Row(.background, .purgedByOS, go(.terminated, .purged, [])),
            Row(.background, .switcherKilled, go(.terminated, .killed, [])),
            Row(.background, .smsArrived, ignore),
            Row(.background, .callArrived, ignore),
            Row(.background, .homePressed, ignore),
            Row(.background, .homeDoubleTapped, ignore),
            Row(.background, .lockPressed, ignore),
            Row(.background(.call), .callEnded, go(.active, [.enterForeground, .activate])),

            Row(.suspended, .iconTapped, go(.active, [.enterForeground, .activate])),
            Row(.suspended, .purgedByOS, go(.terminated, .purged, [])),
            Row(.suspended, .terminatedByOS, go(.terminated, .purged, [])),
            Row(.suspended, .switcherKilled, go(.terminated, .killed, [])),
            Row(.suspended, .memoryWarned, ignore),
            Row(.suspended, .suspendedByOS, ignore),
            Row(.suspended, .smsArrived, ignore),
            Row(.suspended, .callArrived, ignore),
            Row(.suspended, .homePressed, ignore),
            Row(.suspended, .homeDoubleTapped, ignore),
            Row(.suspended, .lockPressed, ignore),
            Row(.suspended(.call), .callEnded, go(.active, [.enterForeground, .activate])),
        ])

    /// iOS 5 and later (lifecycle-reference.md §5.4): ios4 with only the differing rows replaced or added.
    public static let ios5 = ios4.replacing(
        [
            // from                      event                          outcome
            Row(.notRunning, .launched, go(.active, [.willFinishLaunching, .finishLaunching, .firstActivate])),
            Row(.notRunning, .iconTapped, go(.active, [.willFinishLaunching, .finishLaunching, .firstActivate])),
            Row(.terminated, .launched, go(.active, [.willFinishLaunching, .finishLaunching, .firstActivate])),
            Row(.terminated, .iconTapped, go(.active, [.willFinishLaunching, .finishLaunching, .firstActivate])),

            Row(.active, .smsArrived, ignore),
            Row(.active, .smsDismissed, ignore),
            Row(.active, .smsOpened, go(.background, [.resign, .enterBackground])),

            Row(.active, .lockPressed, go(.background, .lock, [.resign, .enterBackground])),
            Row(.inactive, .lockPressed, go(.background, .lock, [.enterBackground])),
            Row(.background(.lock), .unlocked, go(.active, [.enterForeground, .activate])),
            Row(.suspended(.lock), .unlocked, go(.active, [.enterForeground, .activate])),

            Row(.active, .notificationCenterPulled, go(.inactive, .notificationCenter, [.resign])),
            Row(.inactive(.notificationCenter), .notificationCenterDismissed, go(.active, [.activate])),
            Row(.inactive(.notificationCenter), .notificationCenterOpenedApp, go(.background, [.enterBackground])),
            Row(.background, .notificationCenterPulled, ignore),
            Row(.suspended, .notificationCenterPulled, ignore),

            Row(.inactive(.switcher), .switcherKilled, go(.terminated, .killed, [.enterBackground, .terminate])),
            Row(.background, .switcherKilled, go(.terminated, .killed, [.terminate])),
        ],
        name: "ios5", smsStyle: .banner)

    /// This profile with SMS shown as `style`: `alert` gives iOS 4's SMS rows (CONTRACT §5 `smsStyle=alert`).
    public func withSMSStyle(_ style: SMSStyle) -> Profile {
        guard style != smsStyle else { return self }
        let source: Profile = style == .alert ? .ios4 : .ios5
        let smsEvents: Set<Event> = [.smsArrived, .smsDismissed, .smsOpened]
        let smsRows = source.rows.filter { smsEvents.contains($0.event) && $0.from.state == .active }
        let dropped = rows.filter { smsEvents.contains($0.event) && $0.from.state == .active }.map(\.key)
        let kept = rows.filter { !Set(dropped).contains($0.key) }
        return Profile(
            name: name, smsStyle: style, callStyle: callStyle, settings: settings,
            backgroundTaskBudget: backgroundTaskBudget,
            suspensionDelay: suspensionDelay, android: android, rows: kept + smsRows)
    }
}

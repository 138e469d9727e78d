import Testing

// The transition tables restated from lifecycle-reference.md §5.3/§5.4 and CONTRACT §4, independently of
// Sources/Lifecycle/Profile+Tables.swift: each line becomes one test case comparing the code's row with it.
// Line format: `from event -> to[(reason)] | callbacks | work`, or `from event ignored`, or `from event rejected`.
// `from` is state[(reason)][+task|-task]; callbacks use WFL DFL DBA WRA DEB WEF WT MW BTE; work uses $macros.

let workMacros: [String: String] = [
    "$launch": "loadSnapshot",
    "$first": "allowGL restoreGLSurfaces scheduleTimers startFrameLoop",
    "$resign":
        "pauseGame stopFrameLoop invalidateTimers cancelLeaderboardRequests disconnectPeers finishGL saveSnapshot",
    "$activate": "scheduleTimers startFrameLoop",
    "$background":
        "beginBackgroundTask cancelLeaderboardRequests disconnectPeers saveSnapshot releaseGLSurfaces finishGL forbidGL endBackgroundTask",
    "$foreground": "allowGL restoreGLSurfaces",
    "$terminate": "cancelLeaderboardRequests disconnectPeers saveSnapshot",
    "$memory": "purgeCaches",
    "$expire": "endBackgroundTask",
]

let callbackShort: [String: String] = [
    "WFL": "willFinishLaunching", "DFL": "didFinishLaunching", "DBA": "didBecomeActive", "WRA": "willResignActive",
    "DEB": "didEnterBackground", "WEF": "willEnterForeground", "WT": "willTerminate", "MW": "didReceiveMemoryWarning",
    "BTE": "backgroundTaskExpired",
]

let expectedIOS4 = """
    notRunning launched -> active | DFL DBA | $launch $first
    notRunning iconTapped -> active | DFL DBA | $launch $first
    terminated launched -> active | DFL DBA | $launch $first
    terminated iconTapped -> active | DFL DBA | $launch $first
    active smsArrived -> inactive(alert) | WRA | $resign
    active callArrived -> inactive(call) | WRA | $resign
    active callEnded ignored
    active homePressed -> background | WRA DEB | $resign $background
    active homeDoubleTapped -> inactive(switcher) | WRA | $resign
    active lockPressed -> inactive(lock) | WRA | $resign
    active memoryWarned -> active | MW | $memory
    active notificationCenterPulled rejected
    inactive smsArrived ignored
    inactive callArrived -> inactive(call) | |
    inactive homePressed -> background | DEB | $background
    inactive homeDoubleTapped ignored
    inactive lockPressed ignored
    inactive memoryWarned -> inactive | MW | $memory
    inactive(alert) smsDismissed -> active | DBA | $activate
    inactive(alert) smsOpened -> background | DEB | $background
    inactive(call) callArrived ignored
    inactive(call) callDeclined -> active | DBA | $activate
    inactive(call) callAnswered -> background(call) | DEB | $background
    inactive(call) callEnded -> active | DBA | $activate
    inactive(switcher) switcherDismissed -> active | DBA | $activate
    inactive(switcher) switcherPickedOther -> background | DEB | $background
    inactive(switcher) switcherKilled rejected
    inactive(lock) unlocked -> active | DBA | $activate
    inactive(lock) homePressed ignored
    active dialogShown -> inactive(dialog) | WRA | $resign
    notRunning launchedBehindLock rejected
    terminated launchedBehindLock rejected
    inactive(dialog) dialogDismissed -> active | DBA | $activate
    inactive(dialog) dialogShown -> inactive(secondDialog) | |
    inactive(secondDialog) dialogDismissed -> inactive(dialog) | |
    inactive(secondDialog) dialogShown ignored
    background-task suspendedByOS -> suspended(same) | |
    background+task suspendedByOS rejected
    background+task backgroundTaskExpired -> suspended(same) | BTE | $expire
    background iconTapped -> active | WEF DBA | $foreground $activate
    background memoryWarned -> background | MW | $memory
    background terminatedByOS -> terminated(willTerminate) | WT | $terminate
    background purgedByOS -> terminated(purged) | |
    background switcherKilled -> terminated(killed) | |
    background smsArrived ignored
    background callArrived ignored
    background homePressed ignored
    background homeDoubleTapped ignored
    background lockPressed ignored
    background(call) callEnded -> active | WEF DBA | $foreground $activate
    suspended iconTapped -> active | WEF DBA | $foreground $activate
    suspended purgedByOS -> terminated(purged) | |
    suspended terminatedByOS -> terminated(purged) | |
    suspended switcherKilled -> terminated(killed) | |
    suspended memoryWarned ignored
    suspended suspendedByOS ignored
    suspended smsArrived ignored
    suspended callArrived ignored
    suspended homePressed ignored
    suspended homeDoubleTapped ignored
    suspended lockPressed ignored
    suspended(call) callEnded -> active | WEF DBA | $foreground $activate
    """

/// ios5 = ios4 with these lines replacing the lines of the same `from event`, or added.
let expectedIOS5Changes = """
    notRunning launched -> active | WFL DFL DBA | $launch $first
    notRunning iconTapped -> active | WFL DFL DBA | $launch $first
    terminated launched -> active | WFL DFL DBA | $launch $first
    terminated iconTapped -> active | WFL DFL DBA | $launch $first
    active smsArrived ignored
    active smsDismissed ignored
    active smsOpened -> background | WRA DEB | $resign $background
    active lockPressed -> background(lock) | WRA DEB | $resign $background
    inactive lockPressed -> background(lock) | DEB | $background
    background(lock) unlocked -> active | WEF DBA | $foreground $activate
    suspended(lock) unlocked -> active | WEF DBA | $foreground $activate
    active notificationCenterPulled -> inactive(notificationCenter) | WRA | $resign
    inactive(notificationCenter) notificationCenterDismissed -> active | DBA | $activate
    inactive(notificationCenter) notificationCenterOpenedApp -> background | DEB | $background
    background notificationCenterPulled ignored
    suspended notificationCenterPulled ignored
    inactive(switcher) switcherKilled -> terminated(killed) | DEB WT | $background $terminate
    background switcherKilled -> terminated(killed) | WT | $terminate
    """

/// One expected row, parsed.
struct ExpectedRow: CustomTestStringConvertible, Sendable {
    let profile: String
    let from: String  // as the pattern prints
    let event: String
    let outcome: String  // "ignored", "rejected", or "to|callbacks|work" with full names

    var testDescription: String { "\(profile): \(from) \(event) \(outcome)" }

    static func parse(_ profile: String, _ line: Substring) -> ExpectedRow {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        let rest = words[2]
        if rest == "ignored" || rest == "rejected" {
            return ExpectedRow(profile: profile, from: words[0], event: words[1], outcome: rest)
        }
        let parts = rest.dropFirst(3).split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters() }
        let callbacks = parts[1].split(separator: " ").map {
            callbackShort[String($0)] ?? modernCallbackShort[String($0)]!
        }
        .joined(separator: " ")
        let work = parts[2].split(separator: " ").map {
            workMacros[String($0)] ?? modernWorkMacros[String($0)] ?? String($0)
        }.joined(separator: " ")
        return ExpectedRow(
            profile: profile, from: words[0], event: words[1], outcome: "\(parts[0])|\(callbacks)|\(work)")
    }

    static let all: [ExpectedRow] = {
        let ios4 = expectedIOS4.split(separator: "\n").map { parse("ios4", $0) }
        let changes = expectedIOS5Changes.split(separator: "\n").map { parse("ios5", $0) }
        let changed = Set(changes.map { "\($0.from) \($0.event)" })
        let ios5 = ios4.filter { !changed.contains("\($0.from) \($0.event)") }
            .map { ExpectedRow(profile: "ios5", from: $0.from, event: $0.event, outcome: $0.outcome) }
        return ios4 + ios5 + changes + modernAll
    }()
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

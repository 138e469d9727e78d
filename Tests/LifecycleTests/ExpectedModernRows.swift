// The four modern tables restated from Docs/Lifecycle.md §8 and §9 (lifecycle-modern.md §1a, §1b), independently of
// Sources/Lifecycle/Profile+SceneTables.swift and Profile+AndroidTables.swift, in ExpectedRows' line format. A
// template serves two profiles: `[TOP]` is `onTopResumedActivityChanged` on android34 (API 29+) and nothing on
// android28; a line starting with `@NAME` belongs to that profile only. Deleting or reordering one callback of a new
// table makes its row's case fail. `+rotated`: a stopped activity whose configuration changed (relaunched on return).

let modernCallbackShort: [String: String] = [
    "sWC": "sceneWillConnect", "sWEF": "sceneWillEnterForeground", "sDBA": "sceneDidBecomeActive",
    "sWRA": "sceneWillResignActive", "sDEB": "sceneDidEnterBackground", "sDD": "sceneDidDisconnect",
    "SRA": "stateRestorationActivity", "PDU": "protectedDataWillBecomeUnavailable",
    "PDA": "protectedDataDidBecomeAvailable", "CRE": "onCreate", "STA": "onStart", "RST": "onRestart",
    "RES": "onResume", "TOP": "onTopResumedActivityChanged", "PAU": "onPause", "STO": "onStop",
    "SIS": "onSaveInstanceState", "RIS": "onRestoreInstanceState", "DES": "onDestroy", "TRM": "onTrimMemory",
]

let modernWorkMacros: [String: String] = [
    "$stop": "cancelLeaderboardRequests disconnectPeers saveSnapshot releaseGLSurfaces finishGL forbidGL",
    "$recreateGL": "allowGL recreateGLObjects",
]

let expectedScenes = """
    notRunning launched -> active | WFL DFL sWC sWEF sDBA | $launch $foreground $activate
    notRunning iconTapped -> active | WFL DFL sWC sWEF sDBA | $launch $foreground $activate
    terminated launched -> active | WFL DFL sWC sWEF sDBA | $launch $foreground $activate
    terminated iconTapped -> active | WFL DFL sWC sWEF sDBA | $launch $foreground $activate
    active smsArrived ignored
    active smsDismissed ignored
    active smsOpened -> background | sWRA sDEB | $resign $background
    active callEnded ignored
    active homePressed -> background | sWRA sDEB | $resign $background
    active homeDoubleTapped -> inactive(switcher) | sWRA | $resign
    active lockPressed -> background(lock) | sWRA sDEB PDU | $resign $background
    active memoryWarned -> active | MW | $memory
    active notificationCenterPulled -> inactive(notificationCenter) | sWRA | $resign
    active controlCenterPulled -> inactive(controlCenter) | sWRA | $resign
    active rotated ignored
    active sceneReclaimed rejected
    active backPressed rejected
    active glContextLost rejected
    inactive smsArrived ignored
    inactive callArrived -> inactive(call) | |
    inactive homePressed -> background | sDEB | $background
    inactive homeDoubleTapped ignored
    inactive lockPressed -> background(lock) | sDEB PDU | $background
    inactive memoryWarned -> inactive | MW | $memory
    inactive rotated ignored
    inactive(call) callArrived ignored
    inactive(call) callDeclined -> active | sDBA | $activate
    inactive(call) callAnswered -> background(call) | sDEB | $background
    inactive(call) callEnded -> active | sDBA | $activate
    inactive(switcher) switcherDismissed -> active | sDBA | $activate
    inactive(switcher) switcherPickedOther -> background | sDEB | $background
    inactive(switcher) switcherKilled -> terminated(killed) | sDD | $terminate
    inactive(notificationCenter) notificationCenterDismissed -> active | sDBA | $activate
    inactive(notificationCenter) notificationCenterOpenedApp -> background | sDEB | $background
    inactive(controlCenter) controlCenterDismissed -> active | sDBA | $activate
    active dialogShown -> inactive(dialog) | sWRA | $resign
    notRunning launchedBehindLock rejected
    terminated launchedBehindLock rejected
    inactive(dialog) dialogDismissed -> active | sDBA | $activate
    inactive(dialog) dialogShown -> inactive(secondDialog) | |
    inactive(secondDialog) dialogDismissed -> inactive(dialog) | |
    inactive(secondDialog) dialogShown ignored
    background-task suspendedByOS -> suspended(same) | |
    background+task suspendedByOS rejected
    background+task backgroundTaskExpired -> suspended(same) | BTE | $expire
    background iconTapped -> active | sWEF sDBA | $foreground $activate
    background memoryWarned -> background | MW | $memory
    background terminatedByOS -> terminated(willTerminate) | WT | $terminate
    background purgedByOS -> terminated(purged) | |
    background switcherKilled -> terminated(killed) | sDD | $terminate
    background sceneReclaimed -> background(sceneDisconnected) | SRA sDD | saveInstanceState
    background smsArrived ignored
    background callArrived ignored
    background homePressed ignored
    background homeDoubleTapped ignored
    background lockPressed ignored
    background notificationCenterPulled ignored
    background controlCenterPulled ignored
    background rotated ignored
    background(call) callEnded -> active | sWEF sDBA | $foreground $activate
    background(lock) unlocked -> active | sWEF PDA sDBA | $foreground $activate
    background(sceneDisconnected) iconTapped -> active | sWC sWEF sDBA | $launch $foreground $activate
    background(sceneDisconnected) sceneReclaimed ignored
    suspended iconTapped -> active | sWEF sDBA | $foreground $activate
    suspended purgedByOS -> terminated(purged) | |
    suspended terminatedByOS -> terminated(purged) | |
    suspended switcherKilled -> terminated(killed) | |
    suspended sceneReclaimed -> background(sceneDisconnected) | SRA sDD | saveInstanceState
    suspended memoryWarned ignored
    suspended suspendedByOS ignored
    suspended smsArrived ignored
    suspended callArrived ignored
    suspended homePressed ignored
    suspended homeDoubleTapped ignored
    suspended lockPressed ignored
    suspended notificationCenterPulled ignored
    suspended controlCenterPulled ignored
    suspended rotated ignored
    suspended(call) callEnded -> active | sWEF sDBA | $foreground $activate
    suspended(lock) unlocked -> active | sWEF PDA sDBA | $foreground $activate
    suspended(sceneDisconnected) iconTapped -> active | sWC sWEF sDBA | $launch $foreground $activate
    suspended(sceneDisconnected) sceneReclaimed ignored
    @ios13 active callArrived -> inactive(call) | sWRA | $resign
    @ios26 active callArrived ignored
    @ios26 active callDeclined ignored
    @ios26 active callAnswered ignored
    """

let expectedAndroid = """
    notRunning launched -> active | CRE STA RES [TOP] | $launch $foreground $activate
    notRunning iconTapped -> active | CRE STA RES [TOP] | $launch $foreground $activate
    terminated launched -> active | CRE STA RES [TOP] | $launch $foreground $activate
    terminated iconTapped -> active | CRE STA RES [TOP] | $launch $foreground $activate
    terminated(purged) launched -> active | CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    terminated(purged) iconTapped -> active | CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    notRunning launchedBehindLock -> background(lock) | CRE STA RES [TOP] [TOP] PAU STO SIS | $launch $foreground $activate $resign $stop saveInstanceState
    terminated launchedBehindLock -> background(lock) | CRE STA RES [TOP] [TOP] PAU STO SIS | $launch $foreground $activate $resign $stop saveInstanceState
    active smsArrived ignored
    active smsDismissed ignored
    active smsOpened -> background | [TOP] PAU STO SIS | $resign $stop saveInstanceState
    active callEnded ignored
    active homePressed -> background | [TOP] PAU STO SIS | $resign $stop saveInstanceState
    active homeDoubleTapped -> background(switcher) | [TOP] PAU STO SIS | $resign $stop saveInstanceState
    active lockPressed -> background(lock) | [TOP] PAU STO SIS | $resign $stop saveInstanceState
    active memoryWarned -> active | TRM | $memory
    active notificationCenterPulled ignored
    active notificationCenterDismissed ignored
    active notificationCenterOpenedApp -> background | [TOP] PAU STO SIS | $resign $stop saveInstanceState
    active controlCenterPulled rejected
    @android28 active backPressed -> terminated(finished) | PAU STO DES | $resign $stop
    @android34 active backPressed -> background | TOP PAU STO SIS | $resign $stop saveInstanceState
    active rotated -> active | [TOP] PAU STO SIS DES CRE STA RIS RES [TOP] | $resign $stop saveInstanceState $recreateGL $launch $activate
    active glContextLost -> active | | recreateGLObjects
    active sceneReclaimed rejected
    @android34 background-task suspendedByOS -> suspended(same) | |
    @android28 background-task suspendedByOS rejected
    background iconTapped -> active | RST STA RES [TOP] | $foreground $activate
    background memoryWarned -> background | TRM | $memory
    background terminatedByOS -> terminated(purged) | |
    background purgedByOS -> terminated(purged) | |
    background switcherKilled -> terminated(killed) | |
    background smsArrived ignored
    background callArrived ignored
    background homePressed ignored
    background homeDoubleTapped ignored
    background lockPressed ignored
    background notificationCenterPulled ignored
    background backPressed ignored
    background rotated -> background+rotated | |
    background glContextLost rejected
    background(call) callDeclined -> active | RST STA RES [TOP] | $foreground $activate
    background(call) callAnswered ignored
    background(call) callEnded -> active | RST STA RES [TOP] | $foreground $activate
    background(switcher) switcherDismissed -> active | RST STA RES [TOP] | $foreground $activate
    background(switcher) switcherPickedOther -> background | |
    background(lock) unlocked -> active | RST STA RES [TOP] | $foreground $activate
    background+rotated iconTapped -> active | DES CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    background(call)+rotated callDeclined -> active | DES CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    background(call)+rotated callEnded -> active | DES CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    background(switcher)+rotated switcherDismissed -> active | DES CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    background(lock)+rotated unlocked -> active | DES CRE STA RIS RES [TOP] | $recreateGL $launch $activate
    @android34 suspended iconTapped -> active | RST STA RES TOP | $foreground $activate
    @android34 suspended purgedByOS -> terminated(purged) | |
    @android34 suspended terminatedByOS -> terminated(purged) | |
    @android34 suspended switcherKilled -> terminated(killed) | |
    @android34 suspended memoryWarned ignored
    @android34 suspended suspendedByOS ignored
    @android34 suspended smsArrived ignored
    @android34 suspended callArrived ignored
    @android34 suspended homePressed ignored
    @android34 suspended homeDoubleTapped ignored
    @android34 suspended lockPressed ignored
    @android34 suspended notificationCenterPulled ignored
    @android34 suspended backPressed ignored
    @android34 suspended rotated -> suspended+rotated | |
    @android34 suspended glContextLost rejected
    @android34 suspended(call) callDeclined -> active | RST STA RES TOP | $foreground $activate
    @android34 suspended(call) callAnswered ignored
    @android34 suspended(call) callEnded -> active | RST STA RES TOP | $foreground $activate
    @android34 suspended(switcher) switcherDismissed -> active | RST STA RES TOP | $foreground $activate
    @android34 suspended(switcher) switcherPickedOther -> suspended | |
    @android34 suspended(lock) unlocked -> active | RST STA RES TOP | $foreground $activate
    @android34 suspended+rotated iconTapped -> active | DES CRE STA RIS RES TOP | $recreateGL $launch $activate
    @android34 suspended(call)+rotated callDeclined -> active | DES CRE STA RIS RES TOP | $recreateGL $launch $activate
    @android34 suspended(call)+rotated callEnded -> active | DES CRE STA RIS RES TOP | $recreateGL $launch $activate
    @android34 suspended(switcher)+rotated switcherDismissed -> active | DES CRE STA RIS RES TOP | $recreateGL $launch $activate
    @android34 suspended(lock)+rotated unlocked -> active | DES CRE STA RIS RES TOP | $recreateGL $launch $activate
    @android28 active callArrived -> background(call) | PAU STO SIS | $resign $stop saveInstanceState
    @android34 active callArrived ignored
    @android34 active callDeclined ignored
    @android34 active callAnswered ignored
    active dialogShown -> inactive(dialog) | [TOP] PAU | $resign
    inactive(dialog) dialogDismissed -> active | RES [TOP] | $activate
    inactive(dialog) dialogShown -> inactive(secondDialog) | |
    inactive(dialog) otherWindowTapped rejected
    inactive(dialog) smsArrived ignored
    inactive(dialog) smsDismissed ignored
    inactive(dialog) smsOpened -> background | STO SIS | $stop saveInstanceState
    inactive(dialog) callEnded ignored
    inactive(dialog) homePressed -> background | STO SIS | $stop saveInstanceState
    inactive(dialog) homeDoubleTapped -> background(switcher) | STO SIS | $stop saveInstanceState
    inactive(dialog) lockPressed -> background(lock) | STO SIS | $stop saveInstanceState
    inactive(dialog) memoryWarned -> inactive | TRM | $memory
    inactive(dialog) notificationCenterPulled ignored
    inactive(dialog) notificationCenterDismissed ignored
    inactive(dialog) notificationCenterOpenedApp -> background | STO SIS | $stop saveInstanceState
    inactive(dialog) backPressed rejected
    inactive(dialog) rotated -> inactive | STO SIS DES CRE STA RIS RES PAU | $stop saveInstanceState $recreateGL $launch $activate $resign
    inactive(dialog) glContextLost rejected
    inactive(secondDialog) dialogDismissed -> inactive(dialog) | |
    inactive(secondDialog) dialogShown ignored
    inactive(secondDialog) otherWindowTapped rejected
    inactive(secondDialog) smsArrived ignored
    inactive(secondDialog) smsDismissed ignored
    inactive(secondDialog) smsOpened -> background | STO SIS | $stop saveInstanceState
    inactive(secondDialog) callEnded ignored
    inactive(secondDialog) homePressed -> background | STO SIS | $stop saveInstanceState
    inactive(secondDialog) homeDoubleTapped -> background(switcher) | STO SIS | $stop saveInstanceState
    inactive(secondDialog) lockPressed -> background(lock) | STO SIS | $stop saveInstanceState
    inactive(secondDialog) memoryWarned -> inactive | TRM | $memory
    inactive(secondDialog) notificationCenterPulled ignored
    inactive(secondDialog) notificationCenterDismissed ignored
    inactive(secondDialog) notificationCenterOpenedApp -> background | STO SIS | $stop saveInstanceState
    inactive(secondDialog) backPressed rejected
    inactive(secondDialog) rotated -> inactive | STO SIS DES CRE STA RIS RES PAU | $stop saveInstanceState $recreateGL $launch $activate $resign
    inactive(secondDialog) glContextLost rejected
    @android28 inactive(otherWindow) gameWindowTapped -> active | RES [TOP] | $activate
    @android28 inactive(otherWindow) otherWindowTapped ignored
    @android28 inactive(otherWindow) dialogShown rejected
    @android28 inactive(otherWindow) smsArrived ignored
    @android28 inactive(otherWindow) smsDismissed ignored
    @android28 inactive(otherWindow) smsOpened -> background | STO SIS | $stop saveInstanceState
    @android28 inactive(otherWindow) callEnded ignored
    @android28 inactive(otherWindow) homePressed -> background | STO SIS | $stop saveInstanceState
    @android28 inactive(otherWindow) homeDoubleTapped -> background(switcher) | STO SIS | $stop saveInstanceState
    @android28 inactive(otherWindow) lockPressed -> background(lock) | STO SIS | $stop saveInstanceState
    @android28 inactive(otherWindow) memoryWarned -> inactive | TRM | $memory
    @android28 inactive(otherWindow) notificationCenterPulled ignored
    @android28 inactive(otherWindow) notificationCenterDismissed ignored
    @android28 inactive(otherWindow) notificationCenterOpenedApp -> background | STO SIS | $stop saveInstanceState
    @android28 inactive(otherWindow) backPressed rejected
    @android28 inactive(otherWindow) rotated -> inactive | STO SIS DES CRE STA RIS RES PAU | $stop saveInstanceState $recreateGL $launch $activate $resign
    @android28 inactive(otherWindow) glContextLost rejected
    @android28 inactive(dialog) callArrived -> background(call) | STO SIS | $stop saveInstanceState
    @android28 inactive(otherWindow) callArrived -> background(call) | STO SIS | $stop saveInstanceState
    @android34 inactive(dialog) callArrived ignored
    @android34 inactive(dialog) callDeclined ignored
    @android34 inactive(dialog) callAnswered ignored
    @android28 inactive(secondDialog) callArrived -> background(call) | STO SIS | $stop saveInstanceState
    @android34 inactive(secondDialog) callArrived ignored
    @android34 inactive(secondDialog) callDeclined ignored
    @android34 inactive(secondDialog) callAnswered ignored
    @android28 active otherWindowTapped -> inactive(otherWindow) | PAU | $resign
    active gameWindowTapped ignored
    @android34 active otherWindowTapped -> active(otherWindow) | TOP |
    @android34 active(otherWindow) gameWindowTapped -> active | TOP |
    @android34 active(otherWindow) otherWindowTapped ignored
    @android34 active(otherWindow) homePressed -> background | PAU STO SIS | $resign $stop saveInstanceState
    @android34 active(otherWindow) homeDoubleTapped -> background(switcher) | PAU STO SIS | $resign $stop saveInstanceState
    @android34 active(otherWindow) lockPressed -> background(lock) | PAU STO SIS | $resign $stop saveInstanceState
    @android34 active(otherWindow) smsOpened -> background | PAU STO SIS | $resign $stop saveInstanceState
    @android34 active(otherWindow) notificationCenterOpenedApp -> background | PAU STO SIS | $resign $stop saveInstanceState
    @android34 active(otherWindow) rotated -> active | PAU STO SIS DES CRE STA RIS RES | $resign $stop saveInstanceState $recreateGL $launch $activate
    @android34 active(otherWindow) backPressed rejected
    @android34 active(otherWindow) dialogShown rejected
    """

extension ExpectedRow {
    /// The lines of `template` for `profile`: `@OTHER` lines dropped, `[TOP]` kept as TOP when `top`, else dropped.
    static func modern(_ profile: String, _ template: String, top: Bool) -> [ExpectedRow] {
        template.split(separator: "\n").compactMap { line -> ExpectedRow? in
            var text = String(line)
            if text.hasPrefix("@") {
                let name = text.dropFirst().prefix { $0 != " " }
                guard name == profile else { return nil }
                text = String(text.dropFirst(name.count + 2))
            }
            text = text.replacingAll("[TOP] ", with: top ? "TOP " : "").replacingAll(" [TOP]", with: top ? " TOP" : "")
            return parse(profile, Substring(text))
        }
    }

    static let modernAll: [ExpectedRow] =
        modern("ios13", expectedScenes, top: false) + modern("ios26", expectedScenes, top: false)
        + modern("android28", expectedAndroid, top: false) + modern("android34", expectedAndroid, top: true)
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

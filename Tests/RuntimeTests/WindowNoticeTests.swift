// WindowNoticeTests: Android's window focus and surface notifications (issue 29 point 2) are transcript lines of
// their own kind (`window`), written after the callbacks of the event that brings them, in the order the reference
// allows (focus lost, then the surface destroyed; the surface created and changed, then focus gained), never part of
// the callbacks; iOS profiles write none.

import GameCore
import Lifecycle
import Runtime
import Testing

@Suite("Android's window notifications")
struct WindowNoticeTests {
    /// The `window` lines and callbacks of a runtime's transcript after `events`, in order, as short words.
    func lines(_ profile: Profile, _ events: [Event]) -> [String] {
        let runtime = launchedRuntime(profile)
        var time: Int64 = 0
        for event in events {
            time += 1000
            runtime.inject(event, at: ms(time))
        }
        return runtime.transcript.lines.compactMap { line -> String? in
            if line.contains("\"type\":\"window\"") {
                let name = line.split(separator: "\"name\":\"")[1].prefix { $0 != "\"" }
                let args =
                    line.contains("\"args\":\"true\"") ? "(true)" : line.contains("\"args\":\"false\"") ? "(false)" : ""
                return "w:\(name)\(args)"
            }
            if line.contains("\"type\":\"callback\"") {
                return String(line.split(separator: "\"name\":\"")[1].prefix { $0 != "\"" })
            }
            return nil
        }
    }

    @Test(
        "launch, home and return: the surface and focus follow onStart/onStop, after the callbacks",
        arguments: [Profile.android28, .android34])
    func homeAndBack(profile: Profile) {
        let found = lines(profile, [.homePressed, .iconTapped])
        let focus = profile.name == "android34" ? ["onTopResumedActivityChanged"] : []
        let expected =
            ["onCreate", "onStart", "onResume"] + focus
            + ["w:surfaceCreated", "w:surfaceChanged", "w:onWindowFocusChanged(true)"]
            + focus + [
                "onPause", "onStop", "onSaveInstanceState", "w:onWindowFocusChanged(false)", "w:surfaceDestroyed",
            ]
            + ["onRestart", "onStart", "onResume"] + focus
            + ["w:surfaceCreated", "w:surfaceChanged", "w:onWindowFocusChanged(true)"]
        #expect(found == expected)
    }

    @Test("a rotation destroys the surface and makes it again; the shade takes the focus only")
    func rotationAndShade() {
        let found = lines(.android28, [.rotated, .notificationCenterPulled, .notificationCenterDismissed])
        let after = Array(found.drop { $0 != "onPause" })
        #expect(
            after.filter { $0.hasPrefix("w:") } == [
                "w:onWindowFocusChanged(false)", "w:surfaceDestroyed", "w:surfaceCreated", "w:surfaceChanged",
                "w:onWindowFocusChanged(true)", "w:onWindowFocusChanged(false)", "w:onWindowFocusChanged(true)",
            ])
        #expect(after.last == "w:onWindowFocusChanged(true)")
    }

    @Test("a dismissed shade that was never pulled says nothing; a process death says nothing")
    func nothingWithoutAChange() {
        let found = lines(.android34, [.notificationCenterDismissed, .homePressed, .purgedByOS])
        #expect(found.filter { $0.hasPrefix("w:") }.count == 3 + 2, "launch's three, home's two: \(found)")
    }

    @Test("iOS profiles write no window line", arguments: [Profile.ios4, .ios5, .ios13, .ios26])
    func noneOnIOS(profile: Profile) {
        #expect(lines(profile, [.homePressed, .iconTapped, .lockPressed]).allSatisfy { !$0.hasPrefix("w:") })
    }

    @Test("the lines never reach the callbacks an expectation compares")
    func notCallbacks() {
        let runtime = launchedRuntime(.android34)
        runtime.inject(.homePressed, at: ms(1000))
        #expect(runtime.lastCallbacks == [.onTopResumedActivityChanged, .onPause, .onStop, .onSaveInstanceState])
    }
}

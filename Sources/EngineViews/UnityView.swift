// UnityView: Unity's player as its iOS trampoline and Android activity template drive it (Docs/Engines.md §Unity).
// Unity is proprietary: the iOS rows come from a copy of the 2022 trampoline (popboyhsf/Unity@66b46d8f
// AndroidAndIOSSystem/IOS部分交互/New/Classes/UnityAppController-2022.mm) [src]; the Android rows from third-party
// copies of UnityPlayerActivity [unverified as Unity's own]. The game sees MonoBehaviour messages.

import Lifecycle

/// Unity's view: whether the player has focus and is paused.
struct UnityView: EngineMapping {
    let family: PlatformFamily
    var hasFocus = true
    var isPaused = false

    static let events = [
        "OnApplicationFocus(false)", "OnApplicationFocus(true)", "OnApplicationPause(true)",
        "OnApplicationPause(false)", "Application.lowMemory", "OnApplicationQuit",
    ]

    init(family: PlatformFamily) { self.family = family }

    mutating func receive(_ input: EngineInput) -> [String] {
        switch (family, input) {
        case (.iosAppDelegate, .callback(let callback)), (.iosScenes, .callback(let callback)):
            switch IOSMoment(callback) {
            // applicationWillResignActive: UnitySetPlayerFocus(0), then UnityWillPause and UnityPause(1) (the message
            // is sent inside the repaint that follows).
            case .resign: return focus(false) + pause(true)
            // applicationDidBecomeActive: UnityWillResume, UnityPause(0), then UnitySetPlayerFocus(1).
            case .activate: return pause(false) + focus(true)
            case .memoryWarning: return ["Application.lowMemory"]  // UnityLowMemory
            case .terminate: return ["OnApplicationQuit"]  // UnityCleanup [infer]
            // applicationDidEnterBackground / WillEnterForeground: surfaces only, no message.
            case .enterBackground, .enterForeground, .sceneDisconnect, .other: return []
            }
        case (.android, .callback(.onPause)): return pause(true)  // UnityPlayerActivity.onPause: pause()
        case (.android, .callback(.onResume)): return pause(false)  // onResume: resume()
        case (.android, .window(.focusLost)): return focus(false)  // onWindowFocusChanged: windowFocusChanged
        case (.android, .window(.focusGained)): return focus(true)
        // onTrimMemory(TRIM_MEMORY_RUNNING_CRITICAL): lowMemory(); Interlude's level is unstated [infer].
        case (.android, .callback(.onTrimMemory)): return ["Application.lowMemory"]
        case (.android, .callback(.onDestroy)): return ["OnApplicationQuit"]  // onDestroy: destroy() [infer]
        default: return []
        }
    }

    private mutating func focus(_ focused: Bool) -> [String] {
        guard hasFocus != focused else { return [] }
        hasFocus = focused
        return ["OnApplicationFocus(\(focused))"]
    }

    private mutating func pause(_ paused: Bool) -> [String] {
        guard isPaused != paused else { return [] }
        isPaused = paused
        return ["OnApplicationPause(\(paused))"]
    }
}

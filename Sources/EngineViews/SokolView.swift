// SokolView: sokol_app.h's suspend and resume events (floooh/sokol@7cee0ba1 sokol_app.h; Docs/Engines.md §sokol).
// Its feature matrix (lines 128-150) gives SUSPENDED and RESUMED on iOS and Android only. On iOS they follow the
// resign and the activation (the scene's since f38fb921, the app delegate's before), so SUSPENDED means inactive; on
// Android (NativeActivity) onPause and onResume, so it means paused. Nothing else reaches the game.

import Lifecycle

/// sokol's view: whether the app is suspended (an event is sent once per change).
struct SokolView: EngineMapping {
    let family: PlatformFamily
    var isSuspended = false

    static let events = ["SAPP_EVENTTYPE_SUSPENDED", "SAPP_EVENTTYPE_RESUMED"]

    init(family: PlatformFamily) { self.family = family }

    mutating func receive(_ input: EngineInput) -> [String] {
        switch (family, input) {
        case (.iosAppDelegate, .callback(let callback)), (.iosScenes, .callback(let callback)):
            switch IOSMoment(callback) {
            case .resign: return suspend(true)  // sceneWillResignActive / applicationWillResignActive
            case .activate: return suspend(false)  // sceneDidBecomeActive / applicationDidBecomeActive
            // Background, foreground, memory warnings: none; applicationWillTerminate: the cleanup callback.
            default: return []
            }
        case (.android, .callback(.onPause)): return suspend(true)  // _sapp_android on pause (lines ~11190-11217)
        case (.android, .callback(.onResume)): return suspend(false)  // on resume (lines ~11001-11010)
        // onStart, onStop, onLowMemory: log only; window focus gates the frames, no event.
        default: return []
        }
    }

    private mutating func suspend(_ suspended: Bool) -> [String] {
        guard isSuspended != suspended else { return [] }
        isSuspended = suspended
        return [suspended ? "SAPP_EVENTTYPE_SUSPENDED" : "SAPP_EVENTTYPE_RESUMED"]
    }
}

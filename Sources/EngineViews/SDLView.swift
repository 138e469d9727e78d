// SDLView: SDL 2 (2.26.5, what Debian 12 ships) and SDL 3 (3.4) as their platform code drives them (Docs/Engines.md
// §SDL). Both send the same application events through the `SDL_OnApplication*` functions; their bodies
// (SDL3: libsdl-org/SDL@38aace93 src/video/SDL_video.c:6216-6256; SDL2: @release-2.26.5 src/video/SDL_video.c:4700-4745)
// add window events, which SDL drops when the window already has the state (a minimized window is not minimized
// again, a focused one not focused again): the two flags below.

import Lifecycle

/// SDL's view: window flags and, on Android, the native thread's pause state.
struct SDLView: PerPlatformMapping {
    let version: Int  // 2 or 3
    let family: PlatformFamily
    var isMinimized = false
    var hasFocus = true  // keyboard focus (SDL3) / input focus (SDL2) of the one window
    var isPaused = false  // Android: nativePause done, nativeResume not yet
    var wantsResume = false  // Android: onStart (API 24+) asked for nativeResume
    var isSurfaceReady = true  // Android: surfaceChanged seen since the last surfaceDestroyed

    init(version: Int, family: PlatformFamily) {
        self.version = version
        self.family = family
    }

    /// The engine's names for the events it sends.
    struct Names {
        let minimized, restored, focusLost, focusGained: String
        let willEnterBackground, didEnterBackground, willEnterForeground, didEnterForeground: String
        let terminating, lowMemory, quit: String

        var all: [String] {
            [
                minimized, restored, focusLost, focusGained, willEnterBackground, didEnterBackground,
                willEnterForeground, didEnterForeground, terminating, lowMemory, quit,
            ]
        }
    }

    static func names(version: Int) -> Names {
        version == 2
            ? Names(
                minimized: "SDL_WINDOWEVENT_MINIMIZED", restored: "SDL_WINDOWEVENT_RESTORED",
                focusLost: "SDL_WINDOWEVENT_FOCUS_LOST", focusGained: "SDL_WINDOWEVENT_FOCUS_GAINED",
                willEnterBackground: "SDL_APP_WILLENTERBACKGROUND", didEnterBackground: "SDL_APP_DIDENTERBACKGROUND",
                willEnterForeground: "SDL_APP_WILLENTERFOREGROUND", didEnterForeground: "SDL_APP_DIDENTERFOREGROUND",
                terminating: "SDL_APP_TERMINATING", lowMemory: "SDL_APP_LOWMEMORY", quit: "SDL_QUIT")
            : Names(
                minimized: "SDL_EVENT_WINDOW_MINIMIZED", restored: "SDL_EVENT_WINDOW_RESTORED",
                focusLost: "SDL_EVENT_WINDOW_FOCUS_LOST", focusGained: "SDL_EVENT_WINDOW_FOCUS_GAINED",
                willEnterBackground: "SDL_EVENT_WILL_ENTER_BACKGROUND",
                didEnterBackground: "SDL_EVENT_DID_ENTER_BACKGROUND",
                willEnterForeground: "SDL_EVENT_WILL_ENTER_FOREGROUND",
                didEnterForeground: "SDL_EVENT_DID_ENTER_FOREGROUND", terminating: "SDL_EVENT_TERMINATING",
                lowMemory: "SDL_EVENT_LOW_MEMORY", quit: "SDL_EVENT_QUIT")
    }

    var names: Names { Self.names(version: version) }

    // iOS: SDL3's UIApplication notification observer and (3.4+) scene delegate call the same functions
    // (src/video/uikit/SDL_uikitevents.m: SDL_LifecycleObserver; src/video/uikit/SDL_uikitappdelegate.m:438-456);
    // SDL2's app delegate (@release-2.26.5 src/video/uikit/SDL_uikitappdelegate.m) calls its own names for them.
    mutating func receiveOnIOS(_ moment: IOSMoment) -> [String] {
        switch moment {
        case .resign: return willEnterBackground()  // SDL_OnApplicationWillEnterBackground / WillResignActive
        case .enterBackground: return [names.didEnterBackground]  // SDL_OnApplicationDidEnterBackground
        case .enterForeground: return [names.willEnterForeground]  // SDL_OnApplicationWillEnterForeground
        case .activate: return didEnterForeground()  // SDL_OnApplicationDidEnterForeground / DidBecomeActive
        case .terminate: return [names.terminating]  // SDL_OnApplicationWillTerminate
        case .memoryWarning: return [names.lowMemory]  // SDL_OnApplicationDidReceiveMemoryWarning
        case .sceneDisconnect, .other: return []
        }
    }

    // Android, API 24 and later (`mHasMultiWindow`): SDLActivity.java pauses the native thread at onStop (not onPause)
    // and whenever the surface is destroyed, and resumes it once onStart asked and the surface is ready
    // (android-project/app/src/main/java/org/libsdl/app/SDLActivity.java, SDLSurface.java: handleNativeState);
    // the SDL thread then runs Android_OnPause / Android_OnResume (SDL3 src/video/android/SDL_androidevents.c).
    mutating func receiveOnAndroid(_ input: EngineInput, api: Int) -> [String] {
        switch input {
        case .callback(.onPause) where api < 24: return pause()
        case .callback(.onResume) where api < 24:
            wantsResume = true
            return resumeIfReady()
        case .callback(.onStop) where api >= 24: return pause()
        case .callback(.onStart) where api >= 24:
            wantsResume = true
            return resumeIfReady()
        case .callback(.onTrimMemory): return [names.lowMemory]  // onTrimMemory (any level): nativeLowMemory
        case .callback(.onDestroy):
            // Android_OnDestroy: queued events flushed, then quit and terminating.
            return [names.quit, names.terminating]
        case .callback: return []
        case .window(.surfaceCreated): return []
        case .window(.surfaceChanged):
            isSurfaceReady = true
            return resumeIfReady()
        case .window(.surfaceDestroyed):
            isSurfaceReady = false
            return pause()
        case .window(.focusLost):
            // onWindowFocusChanged -> nativeFocusChanged: a window event SDL drops when the focus is gone already.
            guard hasFocus else { return [] }
            hasFocus = false
            return [names.focusLost]
        case .window(.focusGained):
            guard !hasFocus else { return [] }
            hasFocus = true
            return [names.focusGained]
        }
    }

    /// nativePause once: Android_OnPause sends the background pair back to back (SDL2: then MINIMIZED from the pump).
    private mutating func pause() -> [String] {
        guard !isPaused else { return [] }
        isPaused = true
        wantsResume = false
        if version == 2 {
            return [names.willEnterBackground, names.didEnterBackground] + minimize()
        }
        return willEnterBackground() + [names.didEnterBackground]
    }

    /// nativeResume once asked and the surface is ready: Android_OnResume (SDL2: the pump, then RESTORED).
    private mutating func resumeIfReady() -> [String] {
        guard isPaused, wantsResume, isSurfaceReady else { return [] }
        isPaused = false
        wantsResume = false
        if version == 2 {
            return [names.willEnterForeground, names.didEnterForeground] + restore()
        }
        return [names.willEnterForeground] + didEnterForeground()
    }

    /// SDL3 SDL_OnApplicationWillEnterBackground: each window minimized, keyboard focus dropped, then the app event.
    /// SDL2 SDL_OnApplicationWillResignActive: each window's focus lost and minimized, then the app event.
    private mutating func willEnterBackground() -> [String] {
        let window = version == 2 ? loseFocus() + minimize() : minimize() + loseFocus()
        return window + [names.willEnterBackground]
    }

    /// SDL3 SDL_OnApplicationDidEnterForeground, SDL2 SDL_OnApplicationDidBecomeActive: the app event, then each
    /// window focused and restored.
    private mutating func didEnterForeground() -> [String] {
        [names.didEnterForeground] + gainFocus() + restore()
    }

    private mutating func minimize() -> [String] {
        guard !isMinimized else { return [] }
        isMinimized = true
        return [names.minimized]
    }

    private mutating func restore() -> [String] {
        guard isMinimized else { return [] }
        isMinimized = false
        return [names.restored]
    }

    private mutating func loseFocus() -> [String] {
        guard hasFocus else { return [] }
        hasFocus = false
        return [names.focusLost]
    }

    private mutating func gainFocus() -> [String] {
        guard !hasFocus else { return [] }
        hasFocus = true
        return [names.focusGained]
    }
}

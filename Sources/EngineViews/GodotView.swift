// GodotView: Godot 4 and Godot 3 as their platform code drives them (Docs/Engines.md §Godot). Godot keeps whether
// the app has focus and turns a second focus-out (or focus-in) into nothing: on iOS the resign takes the focus and
// the background's own focus-out is a no-op; a return to the foreground sends RESUMED only when the focus was gone.

import Lifecycle

/// Godot's view: the OS's focus flag.
struct GodotView: PerPlatformMapping {
    let version: Int  // 3 or 4
    let family: PlatformFamily
    var isFocused = true

    init(version: Int, family: PlatformFamily) {
        self.version = version
        self.family = family
    }

    /// The engine's names: Godot 4's DisplayServer window events and Node notifications; Godot 3's MainLoop ones.
    struct Names {
        let focusOut: [String]
        let focusIn: [String]
        let paused, resumed, memoryWarning: String

        var all: [String] { focusOut + focusIn + [paused, resumed, memoryWarning] }
    }

    static func names(version: Int) -> Names {
        version == 3
            ? Names(
                focusOut: ["NOTIFICATION_WM_FOCUS_OUT"], focusIn: ["NOTIFICATION_WM_FOCUS_IN"],
                paused: "NOTIFICATION_APP_PAUSED", resumed: "NOTIFICATION_APP_RESUMED",
                memoryWarning: "NOTIFICATION_OS_MEMORY_WARNING")
            : Names(
                focusOut: ["WINDOW_EVENT_FOCUS_OUT", "NOTIFICATION_APPLICATION_FOCUS_OUT"],
                focusIn: ["WINDOW_EVENT_FOCUS_IN", "NOTIFICATION_APPLICATION_FOCUS_IN"],
                paused: "NOTIFICATION_APPLICATION_PAUSED", resumed: "NOTIFICATION_APPLICATION_RESUMED",
                memoryWarning: "NOTIFICATION_OS_MEMORY_WARNING")
    }

    var names: Names { Self.names(version: version) }

    // iOS: godotengine/godot@8d6426ef drivers/apple_embedded/app_delegate_service.mm forwards the app delegate's (and
    // godot_scene_delegate.mm the scene's) methods to os_apple_embedded.mm: on_focus_out, on_enter_background,
    // on_exit_background, on_focus_in. Godot 3 (@03e4640e platform/iphone/app_delegate.mm) has only the resign's
    // focus-out and the activation's focus-in, and the memory warning.
    mutating func receiveOnIOS(_ moment: IOSMoment) -> [String] {
        if version == 3 {
            switch moment {
            case .resign: return focusOut()  // applicationWillResignActive: on_focus_out
            case .activate: return focusIn()  // applicationDidBecomeActive: on_focus_in
            case .memoryWarning: return [names.memoryWarning]  // applicationDidReceiveMemoryWarning
            default: return []  // no background or foreground method; willTerminate: iphone_finish
            }
        }
        switch moment {
        case .resign: return focusOut()  // applicationWillResignActive: on_focus_out
        case .enterBackground: return [names.paused] + focusOut()  // on_enter_background: PAUSED, then on_focus_out
        case .enterForeground:
            // on_exit_background: only when unfocused, on_focus_in then RESUMED.
            guard !isFocused else { return [] }
            return focusIn() + [names.resumed]
        case .activate: return focusIn()  // applicationDidBecomeActive: on_focus_in
        case .memoryWarning: return [names.memoryWarning]  // applicationDidReceiveMemoryWarning
        case .terminate, .sceneDisconnect, .other: return []  // willTerminate: apple_embedded_finish, no notification
        }
    }

    // Android: platform/android/java/lib/src/org/godotengine/godot/Godot.kt onPause / onResume, through
    // render/GodotRenderer.kt (@086c0190) and java_godot_lib_jni.cpp. onPause: focusout, then the renderer paused;
    // onResume with the Vulkan renderers (Godot 4's default on Android): RESUMED at once, then focusin; Godot 3 (GLES,
    // platform/android/java_godot_lib_jni.cpp: focusout, onRendererPaused, onRendererResumed) delivers RESUMED with the
    // first frame drawn, after focusin. onStop and onStart only pause and resume the render
    // thread; window focus and onTrimMemory are not wired to notifications [unverified].
    mutating func receiveOnAndroid(_ input: EngineInput, api _: Int) -> [String] {
        switch input {
        case .callback(.onPause):
            isFocused = false
            return [names.focusOut[0], names.paused]
        case .callback(.onResume):
            isFocused = true
            return version == 3 ? [names.focusIn[0], names.resumed] : [names.resumed, names.focusIn[0]]
        case .callback, .window: return []
        }
    }

    private mutating func focusOut() -> [String] {
        guard isFocused else { return [] }
        isFocused = false
        return names.focusOut
    }

    private mutating func focusIn() -> [String] {
        guard !isFocused else { return [] }
        isFocused = true
        return names.focusIn
    }
}

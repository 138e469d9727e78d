// The engines' tables (Docs/Engines.md) restated row by row, independently of Sources/EngineViews: each case feeds
// one view, fresh, a sequence of inputs and compares what it answers to each. A line is `INPUT -> EVENTS` (events
// separated by spaces, none after the arrow for none); INPUT is a callback's name or `window:NAME`
// (`focusLost`, `focusGained`, `surfaceCreated`, `surfaceChanged`, `surfaceDestroyed`).

import EngineViews
import Lifecycle
import Testing

/// One engine on one platform family, from a fresh view.
struct TableCase: CustomTestStringConvertible, Sendable {
    let engine: Engine
    let family: PlatformFamily
    let title: String
    let rows: String

    var testDescription: String { "\(engine.rawValue) \(family) \(title)" }
}

let android: [PlatformFamily] = [.android(api: 28), .android(api: 34)]

/// The iOS home and return and a Control Center / switcher peek in the app delegate's words; the scene family gets
/// the same rows with the scene's names (`ios(_:)`).
let iosCases: [(Engine, String, String)] = [
    (
        .sdl3, "home, return, peek, memory, terminate",
        """
        willResignActive -> SDL_EVENT_WINDOW_MINIMIZED SDL_EVENT_WINDOW_FOCUS_LOST SDL_EVENT_WILL_ENTER_BACKGROUND
        didEnterBackground -> SDL_EVENT_DID_ENTER_BACKGROUND
        willEnterForeground -> SDL_EVENT_WILL_ENTER_FOREGROUND
        didBecomeActive -> SDL_EVENT_DID_ENTER_FOREGROUND SDL_EVENT_WINDOW_FOCUS_GAINED SDL_EVENT_WINDOW_RESTORED
        willResignActive -> SDL_EVENT_WINDOW_MINIMIZED SDL_EVENT_WINDOW_FOCUS_LOST SDL_EVENT_WILL_ENTER_BACKGROUND
        didBecomeActive -> SDL_EVENT_DID_ENTER_FOREGROUND SDL_EVENT_WINDOW_FOCUS_GAINED SDL_EVENT_WINDOW_RESTORED
        didBecomeActive -> SDL_EVENT_DID_ENTER_FOREGROUND
        didReceiveMemoryWarning -> SDL_EVENT_LOW_MEMORY
        willTerminate -> SDL_EVENT_TERMINATING
        """
    ),
    (
        .sdl2, "home, return, peek",
        """
        willResignActive -> SDL_WINDOWEVENT_FOCUS_LOST SDL_WINDOWEVENT_MINIMIZED SDL_APP_WILLENTERBACKGROUND
        didEnterBackground -> SDL_APP_DIDENTERBACKGROUND
        willEnterForeground -> SDL_APP_WILLENTERFOREGROUND
        didBecomeActive -> SDL_APP_DIDENTERFOREGROUND SDL_WINDOWEVENT_FOCUS_GAINED SDL_WINDOWEVENT_RESTORED
        willResignActive -> SDL_WINDOWEVENT_FOCUS_LOST SDL_WINDOWEVENT_MINIMIZED SDL_APP_WILLENTERBACKGROUND
        didBecomeActive -> SDL_APP_DIDENTERFOREGROUND SDL_WINDOWEVENT_FOCUS_GAINED SDL_WINDOWEVENT_RESTORED
        didReceiveMemoryWarning -> SDL_APP_LOWMEMORY
        willTerminate -> SDL_APP_TERMINATING
        """
    ),
    (
        .godot4, "home, return, peek: the second focus change is a no-op",
        """
        willResignActive -> WINDOW_EVENT_FOCUS_OUT NOTIFICATION_APPLICATION_FOCUS_OUT
        didEnterBackground -> NOTIFICATION_APPLICATION_PAUSED
        willEnterForeground -> WINDOW_EVENT_FOCUS_IN NOTIFICATION_APPLICATION_FOCUS_IN NOTIFICATION_APPLICATION_RESUMED
        didBecomeActive ->
        willResignActive -> WINDOW_EVENT_FOCUS_OUT NOTIFICATION_APPLICATION_FOCUS_OUT
        didBecomeActive -> WINDOW_EVENT_FOCUS_IN NOTIFICATION_APPLICATION_FOCUS_IN
        willEnterForeground ->
        didReceiveMemoryWarning -> NOTIFICATION_OS_MEMORY_WARNING
        willTerminate ->
        """
    ),
    (
        .godot3, "home, return: focus only",
        """
        willResignActive -> NOTIFICATION_WM_FOCUS_OUT
        didEnterBackground ->
        willEnterForeground ->
        didBecomeActive -> NOTIFICATION_WM_FOCUS_IN
        didBecomeActive ->
        didReceiveMemoryWarning -> NOTIFICATION_OS_MEMORY_WARNING
        """
    ),
    (
        .unity, "home, return, memory, terminate",
        """
        willResignActive -> OnApplicationFocus(false) OnApplicationPause(true)
        didEnterBackground ->
        willEnterForeground ->
        didBecomeActive -> OnApplicationPause(false) OnApplicationFocus(true)
        didBecomeActive ->
        didReceiveMemoryWarning -> Application.lowMemory
        willTerminate -> OnApplicationQuit
        """
    ),
    (
        .sokol, "home, return: suspended means inactive on iOS",
        """
        willResignActive -> SAPP_EVENTTYPE_SUSPENDED
        didEnterBackground ->
        willEnterForeground ->
        didBecomeActive -> SAPP_EVENTTYPE_RESUMED
        didReceiveMemoryWarning ->
        willTerminate ->
        """
    ),
    (
        .flutter, "home, return, peek, terminate: the framework's walk",
        """
        willResignActive -> inactive
        didEnterBackground -> hidden paused
        willEnterForeground -> hidden inactive
        didBecomeActive -> resumed
        willResignActive -> inactive
        didBecomeActive -> resumed
        willTerminate -> inactive hidden paused detached
        """
    ),
]

/// The same rows on Android, per engine: home (pause, stop, focus lost, surface destroyed) and return (start,
/// resume, surface, focus), the notification shade (focus only), trim and destroy.
let androidCases: [(Engine, String, String)] = [
    (
        .sdl3, "home, return, shade, trim, destroy",
        """
        onTopResumedActivityChanged ->
        onPause ->
        onStop -> SDL_EVENT_WINDOW_MINIMIZED SDL_EVENT_WINDOW_FOCUS_LOST SDL_EVENT_WILL_ENTER_BACKGROUND SDL_EVENT_DID_ENTER_BACKGROUND
        onSaveInstanceState ->
        window:focusLost ->
        window:surfaceDestroyed ->
        onRestart ->
        onStart ->
        onResume ->
        window:surfaceCreated ->
        window:surfaceChanged -> SDL_EVENT_WILL_ENTER_FOREGROUND SDL_EVENT_DID_ENTER_FOREGROUND SDL_EVENT_WINDOW_FOCUS_GAINED SDL_EVENT_WINDOW_RESTORED
        window:focusGained ->
        window:focusLost -> SDL_EVENT_WINDOW_FOCUS_LOST
        window:focusGained -> SDL_EVENT_WINDOW_FOCUS_GAINED
        onTrimMemory -> SDL_EVENT_LOW_MEMORY
        onDestroy -> SDL_EVENT_QUIT SDL_EVENT_TERMINATING
        """
    ),
    (
        .sdl2, "home, return",
        """
        onPause ->
        onStop -> SDL_APP_WILLENTERBACKGROUND SDL_APP_DIDENTERBACKGROUND SDL_WINDOWEVENT_MINIMIZED
        window:focusLost -> SDL_WINDOWEVENT_FOCUS_LOST
        window:surfaceDestroyed ->
        onStart ->
        onResume ->
        window:surfaceCreated ->
        window:surfaceChanged -> SDL_APP_WILLENTERFOREGROUND SDL_APP_DIDENTERFOREGROUND SDL_WINDOWEVENT_RESTORED
        window:focusGained -> SDL_WINDOWEVENT_FOCUS_GAINED
        """
    ),
    (
        .godot4, "home, return (Vulkan: RESUMED before the focus)",
        """
        onPause -> WINDOW_EVENT_FOCUS_OUT NOTIFICATION_APPLICATION_PAUSED
        onStop ->
        window:focusLost ->
        onStart ->
        onResume -> NOTIFICATION_APPLICATION_RESUMED WINDOW_EVENT_FOCUS_IN
        window:focusGained ->
        onTrimMemory ->
        """
    ),
    (
        .godot3, "home, return (GLES: RESUMED with the first frame)",
        """
        onPause -> NOTIFICATION_WM_FOCUS_OUT NOTIFICATION_APP_PAUSED
        onResume -> NOTIFICATION_WM_FOCUS_IN NOTIFICATION_APP_RESUMED
        """
    ),
    (
        .unity, "home, return, shade",
        """
        onPause -> OnApplicationPause(true)
        onStop ->
        window:focusLost -> OnApplicationFocus(false)
        onStart ->
        onResume -> OnApplicationPause(false)
        window:focusGained -> OnApplicationFocus(true)
        window:focusLost -> OnApplicationFocus(false)
        window:focusGained -> OnApplicationFocus(true)
        onTrimMemory -> Application.lowMemory
        onDestroy -> OnApplicationQuit
        """
    ),
    (
        .sokol, "home, return: suspended means paused on Android",
        """
        onPause -> SAPP_EVENTTYPE_SUSPENDED
        onStop ->
        window:focusLost ->
        onStart ->
        onResume -> SAPP_EVENTTYPE_RESUMED
        window:focusGained ->
        """
    ),
    (
        .flutter, "launch, home, return, shade, destroy: LifecycleChannel and the framework's walk",
        """
        onCreate ->
        onStart ->
        onResume -> resumed
        window:focusGained ->
        onPause -> inactive
        onStop -> hidden paused
        window:focusLost ->
        onStart ->
        onResume -> hidden inactive
        window:focusGained -> resumed
        window:focusLost -> inactive
        window:focusGained -> resumed
        onPause -> inactive
        onStop -> hidden paused
        onDestroy -> detached
        """
    ),
]

/// The scene delegate's name for an app delegate callback.
func scene(_ line: String) -> String {
    let names: [String: String] = [
        "willResignActive": "sceneWillResignActive", "didEnterBackground": "sceneDidEnterBackground",
        "willEnterForeground": "sceneWillEnterForeground", "didBecomeActive": "sceneDidBecomeActive",
    ]
    let word = String(line.split(separator: " ")[0])
    return names[word].map { $0 + line.dropFirst(word.count) } ?? line
}

let allCases: [TableCase] =
    iosCases.flatMap { engine, title, rows in
        [
            TableCase(engine: engine, family: .iosAppDelegate, title: title, rows: rows),
            TableCase(
                engine: engine, family: .iosScenes, title: title,
                rows: rows.split(separator: "\n").map { scene(String($0)) }.joined(separator: "\n")),
        ]
    }
    + androidCases.flatMap { engine, title, rows in
        android.map { TableCase(engine: engine, family: $0, title: title, rows: rows) }
    }

func input(_ word: String) -> EngineInput? {
    if word.hasPrefix("window:") {
        let notices: [String: WindowNotice] = [
            "focusLost": .focusLost, "focusGained": .focusGained, "surfaceCreated": .surfaceCreated,
            "surfaceChanged": .surfaceChanged, "surfaceDestroyed": .surfaceDestroyed,
        ]
        return notices[String(word.dropFirst("window:".count))].map { .window($0) }
    }
    return Callback(rawValue: word).map { .callback($0) }
}

@Suite struct EngineViewTableTests {
    @Test(arguments: allCases)
    func eachRowGivesTheEnginesEvents(_ table: TableCase) throws {
        var view = EngineView(table.engine, family: table.family)
        for (number, line) in table.rows.split(separator: "\n").enumerated() {
            let sides = line.split(separator: "->", omittingEmptySubsequences: false)
            let word = sides[0].trimmingCharacters(in: " ")
            let given = try #require(input(word), "row \(number + 1): '\(word)' is no input")
            let expected = sides[1].split(separator: " ").map(String.init)
            #expect(view.receive(given) == expected, "row \(number + 1): \(line)")
        }
    }

    /// Every event a view writes is one `expect engine[NAME]` may name (`Engine.events`).
    @Test(arguments: allCases)
    func everyEventIsInTheEnginesVocabulary(_ table: TableCase) {
        var view = EngineView(table.engine, family: table.family)
        for line in table.rows.split(separator: "\n") {
            let word = line.split(separator: "->")[0].trimmingCharacters(in: " ")
            guard let given = input(word) else { continue }
            for event in view.receive(given) { #expect(table.engine.events.contains(event), "\(event)") }
        }
    }

    /// Every engine has a family for each profile.
    @Test func everyProfileHasAFamily() {
        for profile in Profile.all { #expect(PlatformFamily(profile: profile) != nil, "\(profile.name)") }
    }
}

extension Substring {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}

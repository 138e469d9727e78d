// EngineViews — what a game engine's own platform code makes of Interlude's life cycle (CONTRACT §8 `engine`,
// Docs/Engines.md). One view per engine (SDL 2 and 3, Godot 3 and 4, Unity, sokol_app, Flutter) consumes the
// callbacks and Android window notices Interlude delivers, in order, and returns the events the engine would deliver
// to its game, keeping the engine's own state (SDL's window flags, Godot's focus, Flutter's last state). Each mapping
// row cites the engine's source file in a comment; the tables, with what is inferred or unverified, are in
// Docs/Engines.md. Imports Lifecycle only, not even Foundation. A view sees one process: a new one is made at launch.
// Start reading at `EngineView.receive`, then one engine's file (SDLView.swift is the fullest).

import Lifecycle

/// An engine whose view Interlude can write (`engines sdl3` in a script, CONTRACT §7).
public enum Engine: String, CaseIterable, Sendable, Hashable {
    case sdl2, sdl3, godot3, godot4, unity, sokol, flutter

    /// Every event name the engine's view can write, in its own words: what `expect engine[NAME]` may list.
    public var events: [String] {
        switch self {
        case .sdl2: return SDLView.names(version: 2).all
        case .sdl3: return SDLView.names(version: 3).all
        case .godot3: return GodotView.names(version: 3).all
        case .godot4: return GodotView.names(version: 4).all
        case .unity: return UnityView.events
        case .sokol: return SokolView.events
        case .flutter: return FlutterLifecycleState.allCases.map(\.rawValue)
        }
    }
}

/// How a profile's platform hands its life cycle to an engine: the iOS app delegate (`ios4`, `ios5`), the iOS scene
/// delegate (`ios13`, `ios26`) or an Android activity (`android28`, `android34`, with its API level).
public enum PlatformFamily: Hashable, Sendable {
    case iosAppDelegate
    case iosScenes
    case android(api: Int)

    /// The family of `profile` (Android's by its levels, iOS's by its name), or nil for a profile of no known platform.
    public init?(profile: Profile) {
        if let android = profile.android {
            self = .android(api: android.api)
            return
        }
        switch profile.name {
        case "ios4", "ios5": self = .iosAppDelegate
        case "ios13", "ios26": self = .iosScenes
        default: return nil
        }
    }
}

/// What a view consumes, in the order Interlude writes it (CONTRACT §3, §8): a callback, or an Android window notice.
public enum EngineInput: Hashable, Sendable {
    case callback(Callback)
    case window(WindowNotice)
}

/// One engine's view of one process on one platform family: feed it what Interlude delivers, in order; it returns
/// the engine's events for each input.
public struct EngineView: Sendable {
    public let engine: Engine
    public let family: PlatformFamily
    private var mapping: any EngineMapping

    /// A view of a process just started, in the engine's initial state.
    public init(_ engine: Engine, family: PlatformFamily) {
        self.engine = engine
        self.family = family
        switch engine {
        case .sdl2: mapping = SDLView(version: 2, family: family)
        case .sdl3: mapping = SDLView(version: 3, family: family)
        case .godot3: mapping = GodotView(version: 3, family: family)
        case .godot4: mapping = GodotView(version: 4, family: family)
        case .unity: mapping = UnityView(family: family)
        case .sokol: mapping = SokolView(family: family)
        case .flutter: mapping = FlutterView(family: family)
        }
    }

    /// The engine's events for `input`, in the order the engine delivers them (none when it ignores the input).
    public mutating func receive(_ input: EngineInput) -> [String] {
        mapping.receive(input)
    }
}

/// One engine's mapping: its state and what each input does to it.
protocol EngineMapping: Sendable {
    mutating func receive(_ input: EngineInput) -> [String]
}

/// A mapping read from two platform files (SDL's, Godot's): iOS callbacks as moments, whichever delegate delivered
/// them (window notices are Android's); Android's inputs as they come, with the API level.
protocol PerPlatformMapping: EngineMapping {
    var family: PlatformFamily { get }
    mutating func receiveOnIOS(_ moment: IOSMoment) -> [String]
    mutating func receiveOnAndroid(_ input: EngineInput, api: Int) -> [String]
}

extension PerPlatformMapping {
    mutating func receive(_ input: EngineInput) -> [String] {
        switch family {
        case .iosAppDelegate, .iosScenes:
            guard case .callback(let callback) = input else { return [] }
            return receiveOnIOS(IOSMoment(callback))
        case .android(let api):
            return receiveOnAndroid(input, api: api)
        }
    }
}

/// What an iOS callback means to an engine, whichever delegate delivered it: engines without the scene life cycle get
/// the app delegate's methods where a scene app gets the scene's (an app with no scene manifest, [infer]).
enum IOSMoment: Hashable, Sendable {
    case resign, enterBackground, enterForeground, activate, terminate, memoryWarning, sceneDisconnect, other

    init(_ callback: Callback) {
        switch callback {
        case .willResignActive, .sceneWillResignActive: self = .resign
        case .didEnterBackground, .sceneDidEnterBackground: self = .enterBackground
        case .willEnterForeground, .sceneWillEnterForeground: self = .enterForeground
        case .didBecomeActive, .sceneDidBecomeActive: self = .activate
        case .willTerminate: self = .terminate
        case .didReceiveMemoryWarning: self = .memoryWarning
        case .sceneDidDisconnect: self = .sceneDisconnect
        default: self = .other
        }
    }
}

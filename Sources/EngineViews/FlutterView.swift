// FlutterView: what a Flutter app's framework sees (AppLifecycleListener, didChangeAppLifecycleState): the engine's
// embedding sends one state per change on the `flutter/lifecycle` channel, and the framework walks from its last state
// to the sent one through the states between (FlutterFramework). Docs/Engines.md §Flutter.

import Lifecycle

/// Flutter's `AppLifecycleState`, in the enum's order (dart:ui), which the framework's walk follows.
public enum FlutterLifecycleState: String, CaseIterable, Sendable, Hashable {
    case detached, resumed, inactive, hidden, paused
}

/// Flutter's view: the embedding's state (Android's LifecycleChannel) and the framework's last state.
struct FlutterView: EngineMapping {
    let family: PlatformFamily
    var framework: FlutterLifecycleState? = nil  // the framework's state: nil until the first message
    // Android's LifecycleChannel (flutter/flutter@06fd4c61 engine/src/flutter/shell/platform/android/io/flutter/
    // embedding/engine/systemchannels/LifecycleChannel.java): its last inputs and the last state it sent.
    var androidState: FlutterLifecycleState? = nil
    var androidFocus = true
    var lastSent: FlutterLifecycleState? = nil

    init(family: PlatformFamily) { self.family = family }

    mutating func receive(_ input: EngineInput) -> [String] {
        let sent: FlutterLifecycleState?
        switch (family, input) {
        case (.iosAppDelegate, .callback(let callback)), (.iosScenes, .callback(let callback)):
            // FlutterViewController.mm (flutter/flutter engine/src/flutter/shell/platform/darwin/ios/framework/
            // Source, index copy): the application and scene variants send the same states, resumed after a
            // zero-delay perform [infer: delivered before the next callback].
            switch IOSMoment(callback) {
            case .resign, .enterForeground: sent = .inactive
            case .enterBackground: sent = .paused
            case .activate: sent = .resumed
            case .terminate, .sceneDisconnect: sent = .detached
            case .memoryWarning, .other: sent = nil
            }
        case (.android, .callback(.onResume)): sent = android(state: .resumed, focus: androidFocus)  // appIsResumed
        case (.android, .callback(.onPause)): sent = android(state: .inactive, focus: androidFocus)  // appIsInactive
        case (.android, .callback(.onStop)): sent = android(state: .paused, focus: androidFocus)  // appIsPaused
        case (.android, .callback(.onDestroy)): sent = android(state: .detached, focus: androidFocus)  // appIsDetached
        case (.android, .window(.focusGained)): sent = android(state: androidState, focus: true)  // aWindowIsFocused
        case (.android, .window(.focusLost)): sent = android(state: androidState, focus: false)  // noWindowsAreFocused
        default: sent = nil
        }
        guard let sent else { return [] }
        let steps = FlutterFramework.transitions(from: framework, to: sent)
        if let last = steps.last { framework = last }
        return steps.map(\.rawValue)
    }

    /// LifecycleChannel.sendState: the state to send for Android's state and the window focus, or nil when nothing
    /// changed (focus counts only while resumed; `hidden` is never sent; a repeated state is not sent again).
    private mutating func android(state: FlutterLifecycleState?, focus: Bool) -> FlutterLifecycleState? {
        if androidState == state, androidFocus == focus { return nil }
        guard let state else {
            androidFocus = focus
            return nil
        }
        let flutterState: FlutterLifecycleState = state == .resumed ? (focus ? .resumed : .inactive) : state
        androidState = state
        androidFocus = focus
        guard flutterState != lastSent else { return nil }
        lastSent = flutterState
        return flutterState
    }
}

/// The Flutter framework's side of the channel (flutter/flutter packages/flutter/lib/src/services/binding.dart,
/// ServicesBinding, file listed @601c43f3, read via an index copy): `_generateStateTransitions` and
/// `_debugVerifyLifecycleChange`, restated so that a check can hold Interlude's ladders to them (CONTRACT §8).
public enum FlutterFramework {
    /// `_generateStateTransitions(previous, state)`: the states the framework passes through, ending with `state`.
    /// None for the same state; `state` alone from none; to `detached`, every state after `previous` in the enum's
    /// order, then `detached` (from `paused`, `detached` alone); otherwise each state between them in order.
    public static func transitions(
        from previous: FlutterLifecycleState?, to state: FlutterLifecycleState
    ) -> [FlutterLifecycleState] {
        guard previous != state else { return [] }
        guard let previous else { return [state] }
        let order = FlutterLifecycleState.allCases
        let from = order.firstIndex(of: previous)!
        let to = order.firstIndex(of: state)!
        if state == .detached { return Array(order[(from + 1)...]) + [.detached] }
        if from > to { return Array(order[to..<from].reversed()) }
        return Array(order[(from + 1)...to])
    }

    /// `_debugVerifyLifecycleChange(starting, ending)`: the framework's legal steps. From none, anything; never a
    /// state to itself; resumed -> inactive; inactive -> resumed | hidden; hidden -> paused | inactive;
    /// paused -> hidden | detached; detached -> resumed | paused.
    public static func isLegalChange(from starting: FlutterLifecycleState?, to ending: FlutterLifecycleState) -> Bool {
        guard let starting else { return true }
        switch starting {
        case .resumed: return ending == .inactive
        case .inactive: return ending == .resumed || ending == .hidden
        case .hidden: return ending == .paused || ending == .inactive
        case .paused: return ending == .hidden || ending == .detached
        case .detached: return ending == .resumed || ending == .paused
        }
    }
}

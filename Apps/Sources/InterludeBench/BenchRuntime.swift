// BenchRuntime: runtimes for the life-cycle benchmarks. A runtime playing the heaviest level (03-reactor) with a real
// EGL display and a real snapshot store in a temporary folder, each event type reached from a settled state
// (`TransitionCase`), and the way back to play after it (`backToPlay`), so every run starts from the same place.

import GameCore
import Lifecycle
import PlatformEGL
import Replay
import Runtime
import Saves
import ShooterPlatform

/// One event type and how to reach a state where it moves the app.
struct TransitionCase {
    let event: Event
    let profile: Profile
    let before: [Event]

    var name: String {
        event.rawValue + (profile.name == "ios4" ? " (ios4)" : "")
            + (before.isEmpty ? "" : " after " + before.map(\.rawValue).joined(separator: ", "))
    }

    /// Every event type the OS or the phone's user can inject, each from a state where it does work or moves the app.
    /// `backgroundTaskExpired` is left out: `didEnterBackground` opens and closes its task within its own work, so no
    /// settled state has a task open for it to expire.
    static let all: [TransitionCase] = [
        .init(event: .smsArrived, profile: .ios4, before: []),
        .init(event: .smsDismissed, profile: .ios4, before: [.smsArrived]),
        .init(event: .smsOpened, profile: .ios4, before: [.smsArrived]),
        .init(event: .smsOpened, profile: .ios5, before: []),
        .init(event: .callArrived, profile: .ios5, before: []),
        .init(event: .callDeclined, profile: .ios5, before: [.callArrived]),
        .init(event: .callAnswered, profile: .ios5, before: [.callArrived]),
        .init(event: .callEnded, profile: .ios5, before: [.callArrived, .callAnswered]),
        .init(event: .homePressed, profile: .ios5, before: []),
        .init(event: .homeDoubleTapped, profile: .ios5, before: []),
        .init(event: .switcherDismissed, profile: .ios5, before: [.homeDoubleTapped]),
        .init(event: .switcherPickedOther, profile: .ios5, before: [.homeDoubleTapped]),
        .init(event: .switcherKilled, profile: .ios5, before: [.homeDoubleTapped]),
        .init(event: .lockPressed, profile: .ios4, before: []),
        .init(event: .lockPressed, profile: .ios5, before: []),
        .init(event: .unlocked, profile: .ios5, before: [.lockPressed]),
        .init(event: .notificationCenterPulled, profile: .ios5, before: []),
        .init(event: .notificationCenterDismissed, profile: .ios5, before: [.notificationCenterPulled]),
        .init(event: .notificationCenterOpenedApp, profile: .ios5, before: [.notificationCenterPulled]),
        .init(event: .memoryWarned, profile: .ios5, before: []),
        .init(event: .suspendedByOS, profile: .ios5, before: [.homePressed]),
        .init(event: .iconTapped, profile: .ios5, before: [.homePressed, .suspendedByOS]),
        .init(event: .purgedByOS, profile: .ios5, before: [.homePressed, .suspendedByOS]),
        .init(event: .terminatedByOS, profile: .ios5, before: [.homePressed]),
        .init(event: .launched, profile: .ios5, before: [.homePressed, .terminatedByOS]),
    ]
}

enum BenchRuntime {
    static let step: Nanoseconds = 16_666_667
    /// The heaviest level (03-reactor), 1-based.
    static let heaviestLevel = 3

    /// The bundled levels (Assets/Levels).
    static func levels() throws -> [Level] { try LevelFiles.load(from: try AssetDirectory.locate()) }

    /// A runtime launched and playing the heaviest level, unpaused, a second into the game.
    static func playing(
        profile: Profile, display: (any Display<Scene>)?, snapshots: any SnapshotStore, levels: [Level]
    ) throws -> Runtime<Game> {
        let runtime = Runtime(profile: profile, seed: 1, display: display, snapshots: snapshots, levels: levels)
        try backToPlay(runtime)
        runtime.advance(by: 1_000_000_000)
        return runtime
    }

    /// Brings the app back to active, in a running game, whatever the state; then a few steps of play.
    static func backToPlay(_ runtime: Runtime<Game>) throws {
        for _ in 0..<6 where runtime.status.state != .active {
            let event: Event
            switch runtime.status.state {
            case .notRunning, .terminated: event = .launched
            case .background, .suspended: event = runtime.status.reason == .lock ? .unlocked : .iconTapped
            case .inactive:
                switch runtime.status.reason {
                case .alert: event = .smsDismissed
                case .call: event = .callDeclined
                case .switcher: event = .switcherDismissed
                case .notificationCenter: event = .notificationCenterDismissed
                default: event = .unlocked
                }
            default: throw BenchmarkError("cannot bring the app back from \(runtime.status)")
            }
            runtime.inject(event)
        }
        guard runtime.status.state == .active else { throw BenchmarkError("stuck in \(runtime.status)") }
        if runtime.game.state.screen == .menu { runtime.perform(.play(.singlePlayer, level: heaviestLevel)) }
        if runtime.game.state.isPaused { runtime.perform(.resume) }
        runtime.inject(.fire)
        runtime.advance(by: 3 * step)
        guard runtime.game.state.isRunning else {
            throw BenchmarkError("the game is not running after \(runtime.status)")
        }
        guard runtime.violations.isEmpty else { throw BenchmarkError("invariants broke: \(runtime.violations)") }
    }

    /// Sends `events` in turn, settling after each (untimed set-up).
    static func reach(_ runtime: Runtime<Game>, through events: [Event]) {
        for event in events {
            runtime.inject(event)
        }
    }
}

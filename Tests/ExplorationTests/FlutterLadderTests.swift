// The Flutter ladder check (conformance-sources §4; Docs/Engines.md §Flutter): every move the explorer runs on every
// profile, from the launch on, is mapped through Flutter's published mapping (the embedding's states, the framework's
// `_generateStateTransitions`) and each step the framework takes is held to `_debugVerifyLifecycleChange`'s legal
// edges. A forbidden step would be an assertion in a debug Flutter app running under that profile's life cycle.

import EngineViews
import Exploration
import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

/// What the check saw across one exploration: the explorer runs its runtimes one after the other.
final class LadderLog: @unchecked Sendable {
    var steps = 0
    var forbidden: [String] = []
    var statesSeen: Set<FlutterLifecycleState> = []
}

@Suite struct FlutterLadderTests {
    /// Deep enough for every profile's Home and return, interruptions and relaunches (the launch, the event, the OS's
    /// suspension, the way back), and about 10 s for the six profiles on two cores (depth 5: 17 s).
    static let depth = 4

    @Test(arguments: Profile.all)
    func noMoveTheExplorerReachesMakesAStepFlutterForbids(profile: Profile) throws {
        let family = try #require(PlatformFamily(profile: profile))
        let log = LadderLog()
        var explorer = Explorer(profile: profile, depth: Self.depth, game: Bundled.game)
        explorer.configure = { runtime in
            var follower = EngineFollower(engines: [.flutter], family: family, writesLaunch: true)
            var state: FlutterLifecycleState? = nil
            runtime.transcriptFollower = { entry in
                // A new process's framework starts from no state.
                if case .transition(let from, _, _) = entry, from == .notRunning || from == .terminated { state = nil }
                for case .engine(_, let event) in follower.follow(entry) {
                    guard let next = FlutterLifecycleState(rawValue: event) else {
                        log.forbidden.append("unknown state \(event)")
                        continue
                    }
                    log.steps += 1
                    log.statesSeen.insert(next)
                    if !FlutterFramework.isLegalChange(from: state, to: next) {
                        log.forbidden.append("\(state?.rawValue ?? "none") -> \(next.rawValue) after \(entry)")
                    }
                    state = next
                }
                return []  // the explorer's transcript stays as it was
            }
        }
        let result = explorer.run()
        #expect(result.movesRun > 0)
        #expect(log.forbidden.isEmpty, "\(profile.name): \(log.forbidden.prefix(5))")
        // Home and return were reached: the whole ladder but `detached` (no process ends with a message on iOS's
        // purge) was walked.
        #expect(log.statesSeen.isSuperset(of: [.resumed, .inactive, .hidden, .paused]), "\(log.statesSeen)")
    }

    /// The framework's walk and its verifier, on the cases binding.dart's tests assert
    /// (app_lifecycle_listener_test.dart): every generated step is legal, a state to itself is none.
    @Test func theFrameworksWalkTakesOnlyLegalSteps() {
        #expect(FlutterFramework.transitions(from: .resumed, to: .paused) == [.inactive, .hidden, .paused])
        #expect(FlutterFramework.transitions(from: .paused, to: .resumed) == [.hidden, .inactive, .resumed])
        #expect(FlutterFramework.transitions(from: .paused, to: .detached) == [.detached])
        #expect(
            FlutterFramework.transitions(from: .resumed, to: .detached) == [.inactive, .hidden, .paused, .detached])
        #expect(FlutterFramework.transitions(from: .detached, to: .inactive) == [.resumed, .inactive])
        #expect(FlutterFramework.transitions(from: .detached, to: .resumed) == [.resumed])
        #expect(FlutterFramework.transitions(from: nil, to: .paused) == [.paused])
        #expect(FlutterFramework.transitions(from: .hidden, to: .hidden) == [])
        let starts: [FlutterLifecycleState?] = [nil] + FlutterLifecycleState.allCases.map(Optional.some)
        for from in starts {
            for to in FlutterLifecycleState.allCases {
                var state = from
                for step in FlutterFramework.transitions(from: from, to: to) {
                    #expect(
                        FlutterFramework.isLegalChange(from: state, to: step), "\(String(describing: from)) -> \(to)")
                    state = step
                }
            }
        }
        #expect(!FlutterFramework.isLegalChange(from: .resumed, to: .detached))
        #expect(!FlutterFramework.isLegalChange(from: .paused, to: .paused))
        #expect(FlutterFramework.isLegalChange(from: .detached, to: .paused))
    }
}

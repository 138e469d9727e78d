// FaultyEnvironmentTests: the runtime's environment under a fault injector, driven alone (no runtime): each quirk and
// each point the runtime asks it about answers as CONTRACT §6 says, and only where the profile's platform has it.

import Faults
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Testing

@Suite struct FaultyEnvironmentTests {
    /// An environment on `profile` whose `point` is armed for its first reach.
    func environment(_ profile: Profile = .ios5, arming point: FaultPoint? = nil) -> FaultyEnvironment {
        let injector = FaultInjector(seed: 1, enabled: [])
        if let point { injector.arm(point) }
        return FaultyEnvironment(injector, profile: profile)
    }

    func move(_ event: Event, from state: AppState, in profile: Profile = .ios5) throws -> Transition {
        guard case .moved(let move) = transition(from: Status(state), on: event, in: profile) else {
            throw MoveMissing()
        }
        return move
    }

    struct MoveMissing: Error {}

    @Test func theResignCallbackIsRepeatedWhenItsQuirkFires() throws {
        let home = try move(.homePressed, from: .active)
        #expect(environment().repeated(in: home).isEmpty)
        #expect(environment(arming: .quirkResignTwice).repeated(in: home) == [.willResignActive])
    }

    @Test func theActivateCallbackIsHeldBackWhenItsQuirkFires() throws {
        let back = try move(.iconTapped, from: .background)
        #expect(environment().heldBack(in: back) == nil)
        #expect(environment(arming: .quirkResumeLate).heldBack(in: back) == .didBecomeActive)
    }

    @Test func windowNoticesAndAnswersArriveReversedOnlyWhenTwoOrMore() {
        #expect(environment(arming: .quirkWindowOrder).arriving(["focus", "surface"]) == ["surface", "focus"])
        #expect(environment(arming: .quirkWindowOrder).arriving(["focus"]) == ["focus"])
        let answers: [LeaderboardResult] = [.submitted(key: 1), .submitted(key: 2)]
        #expect(environment(arming: .leaderboardReorder).arriving(answers) == answers.reversed())
        #expect(environment().arriving(answers) == answers)
    }

    @Test func theSaveWatchdogEndsAnEnterBackgroundSaveOnIOSOnly() {
        #expect(environment(.ios5, arming: .saveOutlastsWatchdog).watchdogEndsSave(of: .didEnterBackground))
        #expect(!environment(.ios5, arming: .saveOutlastsWatchdog).watchdogEndsSave(of: .willResignActive))
        let android = environment(.android34, arming: .saveOutlastsWatchdog)
        #expect(!android.watchdogEndsSave(of: .onStop))
        #expect(android.injector.reached[.saveOutlastsWatchdog] == nil, "never reached where no watchdog is")
    }
}

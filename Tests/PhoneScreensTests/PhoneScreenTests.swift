import Lifecycle
import Testing

@testable import PhoneScreens

/// Which screen is up, from the status alone (plus the banner's and the call's times): pure, no GL.
@Suite struct PhoneScreenTests {
    let second: Nanoseconds = 1_000_000_000

    @Test func eachInactiveReasonHasItsScreen() {
        let cases: [(Reason, PhoneScreen)] = [
            (.alert, .smsAlert), (.call, .incomingCall), (.switcher, .switcher(canKill: true)),
            (.notificationCenter, .notificationCenter), (.lock, .lock(minutes: PhoneScreen.clockStart)),
        ]
        for (reason, screen) in cases {
            #expect(PhoneScreen.showing(Status(.inactive, reason: reason), profile: .ios5, now: 0) == screen)
        }
    }

    @Test func theIOS4SwitcherCannotKillTheFrontmostApp() {
        #expect(
            PhoneScreen.showing(Status(.inactive, reason: .switcher), profile: .ios4, now: 0)
                == .switcher(canKill: false))
    }

    @Test func awayFromTheForegroundTheHomeScreenShowsUnlessLockedOrInACall() {
        for state in [AppState.background, .suspended] {
            #expect(PhoneScreen.showing(Status(state), profile: .ios5, now: 0) == .home)
            #expect(PhoneScreen.showing(Status(state, reason: .lock), profile: .ios5, now: 0) == .lock(minutes: 581))
            let call = PhoneScreen.showing(
                Status(state, reason: .call), profile: .ios5, now: 75 * second, callAnswered: 3 * second)
            #expect(call == .inCall(seconds: 72))
        }
        #expect(PhoneScreen.showing(Status(.terminated, reason: .purged), profile: .ios4, now: 0) == .home)
        #expect(PhoneScreen.showing(Status(.notRunning), profile: .ios4, now: 0) == .home)
    }

    @Test func theLockScreenClockRunsOnVirtualTime() {
        #expect(PhoneScreen.clock(at: 0) == 9 * 60 + 41)
        #expect(PhoneScreen.clock(at: 19 * 60 * second) == 10 * 60)
        #expect(PhoneCanvas.clockText(PhoneScreen.clock(at: 19 * 60 * second)) == "10:00")
        #expect(PhoneCanvas.clockText(9 * 60 + 5) == "9:05")
    }

    @Test func theIOS5BannerSlidesInStaysAndSlidesAway() {
        let arrived = 10 * second
        func screen(at time: Nanoseconds, profile: Profile = .ios5) -> PhoneScreen {
            PhoneScreen.showing(Status(.active), profile: profile, now: time, lastSMS: arrived)
        }
        #expect(screen(at: arrived) == .none)  // not yet down
        #expect(screen(at: arrived + 150_000_000) == .smsBanner(slide: 0.5))
        #expect(screen(at: arrived + 2 * second) == .smsBanner(slide: 1))
        #expect(screen(at: arrived + PhoneScreen.bannerDuration - 150_000_000) == .smsBanner(slide: 0.5))
        #expect(screen(at: arrived + PhoneScreen.bannerDuration) == .none)
        #expect(screen(at: arrived - second) == .none)
        // Under an alert-style profile the SMS is the modal alert (a state of its own), never a banner.
        #expect(screen(at: arrived + 2 * second, profile: .ios4) == .none)
        #expect(screen(at: arrived + 2 * second, profile: Profile.ios5.withSMSStyle(.alert)) == .none)
    }

    @Test func theRunningAppHasNoScreenOverIt() {
        #expect(PhoneScreen.showing(Status(.active), profile: .ios5, now: 0) == .none)
        #expect(PhoneScreen.showing(Status(.launching), profile: .ios4, now: 0) == .none)
        #expect(!PhoneScreen.home.showsApp)
        #expect(PhoneScreen.smsAlert.showsApp)
    }
}

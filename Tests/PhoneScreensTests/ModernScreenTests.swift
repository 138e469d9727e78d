import GLHost
import Lifecycle
import Testing

@testable import PhoneScreens
@testable import Runtime

/// Which screen today's phones show (ios13, ios26, android28, android34), what their buttons send, and the
/// facts read from the transcript (a ringing call, the shade, the phone turned): pure, no GL.
@Suite struct ModernScreenTests {
    let second: Nanoseconds = 1_000_000_000

    @Test func eachProfileHasItsFamily() {
        #expect(PhoneFamily(.ios4) == .classic)
        #expect(PhoneFamily(.ios5) == .classic)
        #expect(PhoneFamily(.ios13) == .modernIOS)
        #expect(PhoneFamily(.ios26) == .modernIOS)
        #expect(PhoneFamily(.android28) == .android)
        #expect(PhoneFamily(.android34) == .android)
    }

    @Test func iOS13AndLaterShowTheFullScreenCallAndControlCenter() {
        for profile in [Profile.ios13, .ios26, Profile.ios26.withCallStyle(.fullScreen)] {
            #expect(PhoneScreen.showing(Status(.inactive, reason: .call), profile: profile, now: 0) == .fullScreenCall)
            #expect(
                PhoneScreen.showing(Status(.inactive, reason: .controlCenter), profile: profile, now: 0)
                    == .controlCenter)
            // The rest as iOS 5: lock, home, switcher, Notification Center, the call in progress.
            #expect(PhoneScreen.showing(Status(.background), profile: profile, now: 0) == .home)
            #expect(
                PhoneScreen.showing(Status(.inactive, reason: .switcher), profile: profile, now: 0)
                    == .switcher(canKill: true))
        }
    }

    @Test func iOS13AndLaterLockWithTheModernLockScreenUnlockedByASwipeUp() {
        for profile in [Profile.ios13, .ios26] {
            for state in [AppState.background, .suspended] {
                #expect(
                    PhoneScreen.showing(Status(state, reason: .lock), profile: profile, now: 0)
                        == .modernLock(minutes: 581))
            }
        }
        let lock = PhoneLayout(.modernLock(minutes: 581), width: 1280, height: 720)
        #expect(lock.hit(x: 640, y: 300) == .absorbed, "a click never unlocks")
        let slide = lock.slides.first
        #expect(slide?.direction == .up && slide?.event == .unlocked)
        #expect(slide?.released(dx: 0, dy: -200) == .unlocked)
        #expect(slide?.released(dx: 0, dy: -100) == nil)
        #expect(PhoneLayout(.modernLock(minutes: 581), width: 1280, height: 720, dragged: 50).shapes != lock.shapes)
    }

    @Test func theBarOfTheNewProfilesHasTheirButtons() {
        func events(_ profile: Profile) -> [Event] { PhoneBar.items(for: profile).map(\.event) }
        #expect(events(.ios26).contains(.controlCenterPulled) && events(.ios26).contains(.rotated))
        #expect(!events(.ios26).contains(.backPressed))
        for profile in [Profile.android28, .android34] {
            #expect([.backPressed, .rotated, .glContextLost].allSatisfy(events(profile).contains))
        }
        #expect(!events(.ios5).contains(.rotated) && !events(.ios4).contains(.controlCenterPulled))
        let bar = PhoneBar(profile: .android34, screenWidth: 640, screenHeight: 360)
        #expect(bar.buttons.count == PhoneBar.items(for: .android34).count)
        for (left, right) in zip(bar.buttons, bar.buttons.dropFirst()) {
            #expect(left.rect.x + left.rect.width <= right.rect.x, "\(left.label) and \(right.label) do not overlap")
        }
    }

    @Test func aRingingCallIsABannerOnIOS26AndAHeadsUpOnAndroid34() {
        let ringing = PhoneScreen.Recent(ringing: true, callArrived: 0)
        func screen(_ profile: Profile) -> PhoneScreen {
            PhoneScreen.showing(Status(.active), profile: profile, now: second, recent: ringing)
        }
        #expect(screen(.ios26) == .callBanner)
        #expect(screen(.android34) == .headsUpCall)
        // Full-screen styles make the app leave `active`: no banner over it.
        #expect(screen(Profile.ios26.withCallStyle(.fullScreen)) == .none)
        #expect(screen(Profile.android34.withCallStyle(.fullScreen)) == .none)
        #expect(screen(.ios13) == .none)
        #expect(screen(.ios5) == .none)
    }

    @Test func androidShowsItsCallScreenRecentsAndHomeWithTheNavigationBar() {
        let arrived = PhoneScreen.Recent(callArrived: 2 * second)
        for profile in [Profile.android28, .android34] {
            let call = Status(.background, reason: .call)
            #expect(
                PhoneScreen.showing(call, profile: profile, now: 3 * second, recent: arrived)
                    == .navigation(.androidCall))
            #expect(
                PhoneScreen.showing(call, profile: profile, now: 10 * second, callAnswered: 4 * second, recent: arrived)
                    == .navigation(.inCall(seconds: 6)))
            #expect(
                PhoneScreen.showing(Status(.background, reason: .switcher), profile: profile, now: 0)
                    == .navigation(.recents))
            #expect(PhoneScreen.showing(Status(.suspended), profile: profile, now: 0) == .navigation(.home))
            #expect(
                PhoneScreen.showing(Status(.terminated, reason: .finished), profile: profile, now: 0)
                    == .navigation(.home))
            #expect(
                PhoneScreen.showing(Status(.background, reason: .lock), profile: profile, now: 0) == .lock(minutes: 581)
            )
            #expect(
                PhoneScreen.showing(Status(.active), profile: profile, now: 0, recent: .init(shadePulled: true))
                    == .notificationShade)
            #expect(
                PhoneScreen.showing(Status(.active), profile: profile, now: 2 * second, lastSMS: second)
                    == .headsUpSMS(slide: 1))
            #expect(PhoneScreen.showing(Status(.active), profile: profile, now: 0) == .none)
        }
    }

    @Test func theNavigationBarSendsBackHomeAndRecents() {
        let home = PhoneLayout(.navigation(.home), width: 1280, height: 720)
        #expect(home.hit(x: 460, y: 700) == .event(.backPressed))
        #expect(home.hit(x: 633, y: 700) == .event(.homePressed))
        #expect(home.hit(x: 812, y: 700) == .event(.homeDoubleTapped))
        // In Recents back and recents go back to the app.
        let recents = PhoneLayout(.navigation(.recents), width: 1280, height: 720)
        #expect(recents.hit(x: 460, y: 700) == .event(.switcherDismissed))
        #expect(recents.hit(x: 812, y: 700) == .event(.switcherDismissed))
        #expect(recents.hit(x: 640, y: 250) == .event(.switcherDismissed))
        #expect(recents.hit(x: 640, y: 478) == .event(.switcherKilled))
        #expect(recents.hit(x: 1200, y: 250) == .event(.switcherPickedOther))
        #expect(recents.slide(atX: 640, y: 250)?.event == .switcherKilled)
        // The bar sits over the bottom of the inner screen: the rest of it is as without the bar.
        let bare = PhoneLayout(.home, width: 1280, height: 720)
        #expect(Array(home.shapes.prefix(bare.shapes.count)) == bare.shapes)
        #expect(home.shapes.count > bare.shapes.count)
    }

    @Test func theModernScreensButtonsSendTheirEvents() {
        let banner = PhoneLayout(.callBanner, width: 1280, height: 720)
        #expect(banner.hit(x: 780, y: 72) == .event(.callDeclined))
        #expect(banner.hit(x: 970, y: 72) == .event(.callAnswered))
        #expect(banner.hit(x: 400, y: 72) == .absorbed)
        #expect(banner.hit(x: 640, y: 400) == .app, "the game below the banner keeps its touches")
        let call = PhoneLayout(.fullScreenCall, width: 1280, height: 720)
        #expect(call.hit(x: 410, y: 550) == .event(.callDeclined))
        #expect(call.hit(x: 870, y: 550) == .event(.callAnswered))
        let control = PhoneLayout(.controlCenter, width: 1280, height: 720)
        #expect(control.hit(x: 100, y: 100) == .event(.controlCenterDismissed))
        let headsUp = PhoneLayout(.headsUpCall, width: 1280, height: 720)
        #expect(headsUp.hit(x: 670, y: 132) == .event(.callDeclined))
        #expect(headsUp.hit(x: 930, y: 132) == .event(.callAnswered))
        #expect(headsUp.hit(x: 640, y: 400) == .app)
        let androidCall = PhoneLayout(.androidCall, width: 1280, height: 720)
        #expect(androidCall.hit(x: 415, y: 525) == .event(.callDeclined))
        #expect(androidCall.hit(x: 865, y: 525) == .event(.callAnswered))
        let shade = PhoneLayout(.notificationShade, width: 1280, height: 720)
        #expect(shade.hit(x: 640, y: 240) == .event(.notificationCenterOpenedApp))
        #expect(shade.hit(x: 640, y: 600) == .event(.notificationCenterDismissed))
        // The system dialog: either button answers it; the dimmed app around it takes no touch.
        let dialog = PhoneLayout(.systemDialog, width: 1280, height: 720)
        #expect(dialog.hit(x: 520, y: 464) == .event(.dialogDismissed))
        #expect(dialog.hit(x: 760, y: 464) == .event(.dialogDismissed))
        #expect(dialog.hit(x: 100, y: 100) == .absorbed)
        for profile in Profile.all {
            #expect(PhoneScreen.showing(Status(.inactive, reason: .dialog), profile: profile, now: 0) == .systemDialog)
        }
        let sms = PhoneLayout(.headsUpSMS(slide: 1), width: 1280, height: 720)
        #expect(sms.hit(x: 640, y: 60) == .event(.smsOpened))
        #expect(sms.hit(x: 640, y: 400) == .app)
        #expect(PhoneLayout(.headsUpSMS(slide: 0), width: 1280, height: 720).shapes.isEmpty)
        // Every new screen draws something, and each its own picture.
        let screens: [PhoneScreen] = [
            .callBanner, .fullScreenCall, .controlCenter, .headsUpCall, .androidCall, .headsUpSMS(slide: 1),
            .notificationShade, .recents, .navigation(.home), .systemDialog,
        ]
        let drawn = screens.map { PhoneLayout($0, width: 640, height: 360).shapes }
        #expect(drawn.allSatisfy { !$0.isEmpty })
        #expect(Set(drawn).count == screens.count)
    }

    @Test func theTranscriptSaysWhetherACallRingsAndTheShadeIsDown() {
        var transcript = Transcript()
        transcript.append(1 * second, .event(name: "callArrived", args: nil))
        #expect(PhoneScreen.recent(in: transcript) == .init(ringing: true, callArrived: second))
        transcript.append(2 * second, .event(name: "callDeclined", args: nil))
        #expect(PhoneScreen.recent(in: transcript) == .init(ringing: false, callArrived: second))
        transcript.append(3 * second, .event(name: "notificationCenterPulled", args: nil))
        #expect(PhoneScreen.recent(in: transcript).shadePulled)
        transcript.append(4 * second, .event(name: "notificationCenterDismissed", args: nil))
        #expect(!PhoneScreen.recent(in: transcript).shadePulled)
    }

    @Test func eachAcceptedRotationTurnsThePhoneAndARejectedOneDoesNot() {
        var transcript = Transcript()
        #expect(!PhoneScreen.isTurned(transcript))
        transcript.append(second, .event(name: "rotated", args: nil))
        transcript.append(second, .ignored(name: "rotated", state: .active))
        #expect(PhoneScreen.isTurned(transcript))
        transcript.append(2 * second, .event(name: "rotated", args: nil))
        transcript.append(2 * second, .rejected(name: "rotated", state: .active, why: "ios5"))
        #expect(PhoneScreen.isTurned(transcript))
        transcript.append(3 * second, .event(name: "rotated", args: nil))
        #expect(!PhoneScreen.isTurned(transcript))
    }

    @Test func aQuarterTurnSwapsTheSidesAndFourMakeTheImageAgain() {
        // 3 x 2: pixel values 0...5 in the red channel.
        let pixels: [UInt8] = (0..<6).flatMap { [UInt8($0), 0, 0, 255] }
        let turned = PhoneSystemLayer.quarterTurn((pixels, 3, 2))
        #expect(turned.width == 2 && turned.height == 3)
        // Clockwise: the left column (0 over 3) becomes the top row, read bottom up: 3, 0.
        #expect(stride(from: 0, to: turned.pixels.count, by: 4).map { turned.pixels[$0] } == [3, 0, 4, 1, 5, 2])
        var image: FrameKeeper.Image = (pixels, 3, 2)
        for _ in 0..<4 { image = PhoneSystemLayer.quarterTurn(image) }
        #expect(image.pixels == pixels && image.width == 3 && image.height == 2)
    }
}

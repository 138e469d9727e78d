import Lifecycle
import Testing

@testable import PhoneScreens

/// Hit-testing: every screen's buttons send the contract's events, a click on the OS's screen never reaches the app,
/// and a click on the app never reaches the OS. At both sizes the README shows.
@Suite struct PhoneLayoutTests {
    static let sizes = [(1280, 720), (640, 360)]

    /// The event of a click in the middle of the button labelled `label`.
    func click(_ label: String, on layout: PhoneLayout) -> PhoneHit? {
        guard let button = layout.buttons.first(where: { $0.label == label }) else { return nil }
        return layout.hit(x: button.rect.midX, y: button.rect.midY)
    }

    @Test(arguments: sizes)
    func eachButtonSendsItsEvent(width: Int, height: Int) {
        let expected: [(PhoneScreen, String, Event)] = [
            (.smsAlert, "Close", .smsDismissed), (.smsAlert, "Reply", .smsOpened),
            (.smsBanner(slide: 1), "Messages", .smsOpened),
            (.incomingCall, "Decline", .callDeclined), (.incomingCall, "Answer", .callAnswered),
            (.inCall(seconds: 3), "End Call", .callEnded),
            (.home, "Interlude", .iconTapped),
            (.switcher(canKill: true), "Interlude", .switcherDismissed),
            (.switcher(canKill: true), "Messages", .switcherPickedOther),
            (.switcher(canKill: true), "close Interlude", .switcherKilled),
            (.notificationCenter, "Messages", .notificationCenterOpenedApp),
        ]
        for (screen, label, event) in expected {
            let layout = PhoneLayout(screen, width: width, height: height)
            #expect(click(label, on: layout) == .event(event), "\(screen.name) \(label) at \(width)x\(height)")
        }
    }

    @Test(arguments: sizes)
    func theSlidesSendTheirEventsOnlyWhenSlidFarEnough(width: Int, height: Int) throws {
        let lock = PhoneLayout(.lock(minutes: 600), width: width, height: height)
        #expect(lock.buttons.isEmpty, "the lock screen has no button: a click unlocks nothing")
        let knob = try #require(lock.slide(atX: lock.slides[0].grip.midX, y: lock.slides[0].grip.midY))
        #expect(knob.label == "slide to unlock" && knob.direction == .right)
        #expect(knob.released(dx: knob.distance, dy: 9) == .unlocked)
        #expect(knob.released(dx: knob.distance - 1, dy: 0) == nil)
        #expect(knob.distance >= knob.travel * 0.85 && knob.travel > 0)
        #expect(knob.grip.x + knob.grip.width + knob.travel <= Float(width), "the knob stays on the screen")
        let switcher = PhoneLayout(.switcher(canKill: true), width: width, height: height)
        let card = try #require(switcher.slides.first)
        #expect(card.label == "swipe Interlude up" && card.direction == .up)
        #expect(card.released(dx: 0, dy: -card.distance) == .switcherKilled)
        #expect(card.released(dx: 0, dy: card.distance) == nil)
        #expect(switcher.buttons.contains { $0.rect == card.grip && $0.event == .switcherDismissed }, "a tap")
        #expect(PhoneLayout(.switcher(canKill: false), width: width, height: height).slides.isEmpty)
    }

    @Test(arguments: sizes)
    func aSlideUnderWayMovesOnlyItsControl(width: Int, height: Int) {
        // Captures draw no drag: `dragged: 0` is the layout every capture and README picture shows.
        for screen in [PhoneScreen.lock(minutes: 600), .switcher(canKill: true), .smsAlert] {
            let still = PhoneLayout(screen, width: width, height: height)
            #expect(PhoneLayout(screen, width: width, height: height, dragged: 0) == still)
            let moved = PhoneLayout(screen, width: width, height: height, dragged: 50)
            #expect((moved.shapes != still.shapes) == !still.slides.isEmpty, "\(screen.name)")
            #expect(moved.buttons == still.buttons && moved.slides == still.slides, "what a click means stays")
        }
    }

    @Test(arguments: sizes)
    func buttonsLieOnTheScreenAndDoNotOverlap(width: Int, height: Int) {
        let screens: [PhoneScreen] = [
            .smsAlert, .smsBanner(slide: 1), .incomingCall, .inCall(seconds: 0), .lock(minutes: 0), .home,
            .switcher(canKill: false), .notificationCenter,
        ]
        for screen in screens {
            let layout = PhoneLayout(screen, width: width, height: height)
            for (index, button) in layout.buttons.enumerated() {
                #expect(button.rect.width >= 20 && button.rect.height >= 20, "\(screen.name) \(button.label)")
                #expect(layout.hit(x: button.rect.midX, y: button.rect.midY) == .event(button.event))
                for other in layout.buttons[(index + 1)...] where screen.name != "switcher" {
                    #expect(!other.rect.contains(x: button.rect.midX, y: button.rect.midY))
                }
            }
        }
    }

    @Test func aClickOnTheOSNeverReachesTheAppAndTheAppKeepsItsOwn() {
        // Full-screen OS screens: anywhere off their buttons is the OS's (absorbed, or its "elsewhere" event).
        #expect(PhoneLayout(.smsAlert, width: 1280, height: 720).hit(x: 5, y: 5) == .absorbed)
        #expect(PhoneLayout(.incomingCall, width: 1280, height: 720).hit(x: 640, y: 360) == .absorbed)
        #expect(PhoneLayout(.lock(minutes: 0), width: 1280, height: 720).hit(x: 640, y: 360) == .absorbed)
        #expect(PhoneLayout(.home, width: 1280, height: 720).hit(x: 640, y: 400) == .absorbed)
        #expect(
            PhoneLayout(.switcher(canKill: false), width: 1280, height: 720).hit(x: 640, y: 700)
                == .event(.switcherDismissed))
        #expect(
            PhoneLayout(.notificationCenter, width: 1280, height: 720).hit(x: 640, y: 600)
                == .event(.notificationCenterDismissed))
        // The banner owns only the strip it covers; below it the game gets the click.
        let banner = PhoneLayout(.smsBanner(slide: 1), width: 1280, height: 720)
        #expect(banner.hit(x: 640, y: 20) == .event(.smsOpened))
        #expect(banner.hit(x: 640, y: 400) == .app)
        #expect(PhoneLayout(.none, width: 1280, height: 720).hit(x: 640, y: 20) == .app)
        #expect(PhoneLayout(.none, width: 1280, height: 720).shapes.isEmpty)
    }

    @Test func theIOS4SwitcherHasNoCloseBadge() {
        let layout = PhoneLayout(.switcher(canKill: false), width: 1280, height: 720)
        #expect(!layout.buttons.contains { $0.event == .switcherKilled })
    }

    @Test(arguments: sizes)
    func textFitsOnTheScreenAndScalesWithIt(width: Int, height: Int) {
        let screens: [PhoneScreen] = [
            .smsAlert, .smsBanner(slide: 1), .incomingCall, .inCall(seconds: 0), .lock(minutes: 0), .home,
            .switcher(canKill: true), .notificationCenter,
        ]
        var scales: Set<Int> = []
        for screen in screens {
            for case .text(let text, let x, let y, let scale, _) in PhoneLayout(screen, width: width, height: height)
                .shapes
            {
                scales.insert(scale)
                #expect(
                    x >= 0 && x + PhoneShape.width(of: text, scale: scale) <= Float(width), "\(screen.name): \(text)")
                #expect(y >= 0 && y + Float(8 * scale) <= Float(height), "\(screen.name): \(text)")
            }
        }
        // Body text is 16 pixels at 1280 x 720 and 8 at 640 x 360: never smaller than the font's own size.
        #expect(scales.min() == (width >= 1280 ? 2 : 1))
    }

    @Test func thePhoneBarButtonsSendTheirEvents() {
        let bar = PhoneBar(profile: .ios5, screenWidth: 1280, screenHeight: 720)
        #expect(bar.height == 56)
        let events = bar.buttons.map { bar.hit(x: $0.rect.midX, y: $0.rect.midY) }
        #expect(
            events == [
                .homePressed, .homeDoubleTapped, .lockPressed, .smsArrived, .callArrived, .notificationCenterPulled,
                .memoryWarned, .purgedByOS,
            ])
        #expect(bar.hit(x: 1, y: 1) == nil)
        let ios4 = PhoneBar(profile: .ios4, screenWidth: 640, screenHeight: 360)
        #expect(!ios4.buttons.contains { $0.event == .notificationCenterPulled })
        #expect(ios4.height == 28)
        for bar in [ios4, PhoneBar(profile: .ios5, screenWidth: 640, screenHeight: 360), bar] {
            for case .text(let text, let x, let y, let scale, _) in bar.shapes {
                let button = bar.buttons.first { $0.rect.contains(x: x + 1, y: y + 1) }
                #expect(button != nil, "\(text) lies on its button")
                guard let button else { continue }
                #expect(x + PhoneShape.width(of: text, scale: scale) <= button.rect.x + button.rect.width, "\(text)")
            }
        }
    }
}

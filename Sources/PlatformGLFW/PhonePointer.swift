// PhonePointer: a click on the phone window (press, then release) as what it means: an OS button's event, a click the
// OS swallows, or the game's. Pure, so that the routing rule is a unit test: a click on the OS's screens or bar never
// reaches the game, and a click the game owns never reaches the OS. The press decides where a click belongs. The
// lock screen unlocks only by a drag of its knob to the right (a plain click on it does nothing), the switcher's card
// swiped up closes the app (iOS 5; a tap on it goes back to the app), and a drag down from the top edge pulls
// Notification Center.

import Lifecycle
import PhoneScreens

/// What a click on the phone window asks for.
public enum PointerOutcome: Hashable, Sendable {
    /// The OS's: send these events (none: the OS swallowed the click).
    case phone([Event])
    /// The game's: nothing of the OS was there.
    case game
}

/// The routing rule for clicks on a phone window.
public enum PhonePointer {
    /// The top edge a Notification Center pull starts in, as a share of the view's height.
    static let pullEdge: Float = 0.04
    /// How far down a pull must go, as a share of the view's height.
    static let pullDistance: Float = 0.12
    /// How far a press may move before its release and still be a click (a tap), in pixels.
    static let clickSlop: Float = 6

    /// The meaning of a click pressed at `press` and released at `release` while `screen` is up on a view of
    /// `viewWidth` x `viewHeight` pixels with `bar` under it. `canPullNotificationCenter`: the profile has one (iOS 5).
    public static func outcome(
        press: WindowPoint, release: WindowPoint, screen: PhoneScreen, viewWidth: Int, viewHeight: Int, bar: PhoneBar,
        canPullNotificationCenter: Bool
    ) -> PointerOutcome {
        switch press {
        case .bar(let x, let y):
            return .phone(bar.hit(x: x, y: y).map { [$0] } ?? [])
        case .screen(let x, let y):
            let height = Float(viewHeight)
            if canPullNotificationCenter, screen == .none || isBanner(screen), y <= max(4, height * pullEdge),
                case .screen(_, let endY) = release, endY - y >= height * pullDistance
            {
                return .phone([.notificationCenterPulled])
            }
            let layout = PhoneLayout(screen, width: viewWidth, height: viewHeight)
            if let slide = layout.slide(atX: x, y: y) {
                let end = screenPoint(release, viewHeight: viewHeight)
                let (dx, dy) = (end.x - x, end.y - y)
                if let event = slide.released(dx: dx, dy: dy) { return .phone([event]) }
                // Not far enough: the control goes back. Only a press that stayed put is a tap (on the card: back
                // to the app; on the knob: nothing, the lock screen wants a slide).
                guard abs(dx) <= clickSlop, abs(dy) <= clickSlop else { return .phone([]) }
            }
            switch layout.hit(x: x, y: y) {
            case .event(let event): return .phone([event])
            case .absorbed: return .phone([])
            case .app: return .game
            }
        }
    }

    /// How far the slide pressed at `press` has gone with the pointer now at `pointer` (pixels along its way; 0 when
    /// the press gripped no slide), to draw the knob or the card following the pointer.
    public static func dragged(
        press: WindowPoint, pointer: WindowPoint, screen: PhoneScreen, viewWidth: Int, viewHeight: Int
    ) -> Float {
        guard case .screen(let x, let y) = press,
            let slide = PhoneLayout(screen, width: viewWidth, height: viewHeight).slide(atX: x, y: y)
        else { return 0 }
        let now = screenPoint(pointer, viewHeight: viewHeight)
        return max(0, slide.along(dx: now.x - x, dy: now.y - y))
    }

    /// A window point in the screen's pixels (the bar lies below the screen's bottom edge).
    static func screenPoint(_ point: WindowPoint, viewHeight: Int) -> (x: Float, y: Float) {
        switch point {
        case .screen(let x, let y): return (x, y)
        case .bar(let x, let y): return (x, Float(viewHeight) + y)
        }
    }

    private static func isBanner(_ screen: PhoneScreen) -> Bool {
        if case .smsBanner = screen { return true }
        return false
    }
}

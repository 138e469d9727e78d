// PhonePointer: a click on the phone window (press, then release) as what it means: an OS button's event, a click the
// OS swallows, or the game's. Pure, so that the routing rule is a unit test: a click on the OS's screens or bar never
// reaches the game, and a click the game owns never reaches the OS. The press decides where a click belongs (a slide
// that starts on "slide to unlock" unlocks wherever it ends); a drag down from the top edge pulls Notification Center.

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
            switch PhoneLayout(screen, width: viewWidth, height: viewHeight).hit(x: x, y: y) {
            case .event(let event): return .phone([event])
            case .absorbed: return .phone([])
            case .app: return .game
            }
        }
    }

    private static func isBanner(_ screen: PhoneScreen) -> Bool {
        if case .smsBanner = screen { return true }
        return false
    }
}

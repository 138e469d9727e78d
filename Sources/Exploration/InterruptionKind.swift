// InterruptionKind: what `Interleaving` injects at a moment where the game runs: an interruption and its matching
// return, as events at offsets from the moment, per profile. The built-in kinds are below; a game adds its own with
// `init(name:whyDoesNotApply:events:)`. A kind must take an active app out of `active` (the game is paused, and the
// player's `resume` follows 3 s later): where it does not (a call shown as a banner, Android's notification shade), it
// says why, and the interleaving skips it under that profile and reports the reason instead of a failure. Which
// built-in kind applies where is read from the tables (Profile+Tables*.swift; facts: lifecycle-modern.md §1a, §1b):
//
// | Kind                 | Does not apply on                                 | Its first event over an active app   |
// |----------------------|---------------------------------------------------|--------------------------------------|
// | `call`, `decline`    | `ios26`, `android34` (default `callStyle=banner`) | ignored: a banner, a heads-up        |
// | `notificationCenter` | `ios4`; `android28`, `android34`                  | rejected (iOS 5 on); ignored (shade) |
// | `splitScreen`        | the iOS profiles; `android34`                     | rejected (iPhone); resumed (API 29+) |
// | the others           | none                                              |                                      |

import Lifecycle

/// An interruption and its matching return, as events at offsets from a moment, per profile; and the profiles it
/// does not apply to, with why.
public struct InterruptionKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name: unique among the kinds of one interleaving (kinds compare by name), written into the name of
    /// each interleaved script (`SCRIPT-NAME-at-2s`).
    public let name: String
    /// What the moment gets under `profile`: events at offsets from it, ascending, each below
    /// `InterruptionKind.pause` (the player's `resume` is added at the pause's end).
    public let events: @Sendable (Profile) -> [(offset: Nanoseconds, event: Event)]
    private let inapplicability: @Sendable (Profile) -> String?  // nil: the kind applies to the profile

    /// A kind of interruption: `events` are what it injects under each profile; `whyDoesNotApply` says, for a profile
    /// on which the events would not pause the game, why (`"on ios26 a call is a banner that pauses nothing"`), and
    /// returns nil where the kind applies (the default: everywhere).
    public init(
        name: String, whyDoesNotApply: @escaping @Sendable (Profile) -> String? = { _ in nil },
        events: @escaping @Sendable (Profile) -> [(offset: Nanoseconds, event: Event)]
    ) {
        self.name = name
        self.inapplicability = whyDoesNotApply
        self.events = events
    }

    /// Why the kind does not apply under `profile` (an interleaving then skips it), or nil when it does.
    public func whyDoesNotApply(to profile: Profile) -> String? { inapplicability(profile) }

    public var description: String { name }

    public static func == (lhs: InterruptionKind, rhs: InterruptionKind) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    private static let second: Nanoseconds = 1_000_000_000

    /// An SMS: on an alert profile it is dismissed; as a banner (iOS 5 on, Android), which does not pause the game,
    /// the banner is tapped as it arrives (the app goes to the background) and the app's icon tapped again.
    public static let sms = InterruptionKind(name: "sms") { profile in
        profile.smsStyle == .alert
            ? [(0, .smsArrived), (second, .smsDismissed)]
            : [(0, .smsArrived), (0, .smsOpened), (3 * second / 2, .iconTapped)]
    }
    /// A call answered, then ended (the app comes back by itself). Not where a call is a banner (`callStyle=banner`).
    public static let call = InterruptionKind(name: "call", whyDoesNotApply: callIsABanner) { _ in
        [(0, .callArrived), (second / 2, .callAnswered), (3 * second / 2, .callEnded)]
    }
    /// A call declined. Not where a call is a banner (`callStyle=banner`).
    public static let decline = InterruptionKind(name: "decline", whyDoesNotApply: callIsABanner) { _ in
        [(0, .callArrived), (second, .callDeclined)]
    }
    /// The home button, then the icon.
    public static let home = InterruptionKind(name: "home") { _ in [(0, .homePressed), (3 * second / 2, .iconTapped)] }
    /// The lock button, then unlocking.
    public static let lock = InterruptionKind(name: "lock") { _ in [(0, .lockPressed), (3 * second / 2, .unlocked)] }
    /// The app switcher opened and closed back to the app.
    public static let switcher = InterruptionKind(name: "switcher") { _ in
        [(0, .homeDoubleTapped), (second, .switcherDismissed)]
    }
    /// Home, the OS purges the suspended app, the icon relaunches it from its snapshot.
    public static let purge = InterruptionKind(name: "purge") { _ in
        [(0, .homePressed), (second, .purgedByOS), (2 * second, .iconTapped)]
    }
    /// Notification Center pulled and pushed back: iOS 5 and later. Not on ios4 (it has none) nor on Android (the
    /// notification shade changes only the window's focus).
    public static let notificationCenter = InterruptionKind(
        name: "notificationCenter", whyDoesNotApply: notificationCenterPausesNothing
    ) { _ in
        [(0, .notificationCenterPulled), (second, .notificationCenterDismissed)]
    }

    /// A system dialog over the game (a runtime permission, a purchase sheet, a sign-in), answered a second later:
    /// every profile resigns (iOS) or pauses (Android) under it.
    public static let dialog = InterruptionKind(name: "dialog") { _ in
        [(0, .dialogShown), (second, .dialogDismissed)]
    }
    /// Split screen: the other window tapped, then the game's. Only on `android28`, where the window not focused is
    /// paused; Android 10+ keeps both resumed, and an iPhone has no split screen.
    public static let splitScreen = InterruptionKind(name: "splitScreen", whyDoesNotApply: splitScreenPausesNothing) {
        _ in [(0, .otherWindowTapped), (second, .gameWindowTapped)]
    }

    /// Every built-in kind, by name (`interlude explore --events`).
    public static let all: [InterruptionKind] = [
        sms, call, decline, home, lock, switcher, purge, notificationCenter, dialog, splitScreen,
    ]
    /// The kinds `--events` defaults to.
    public static let standard: [InterruptionKind] = [sms, call, home, lock, switcher, purge]
    /// How long the game stands paused: the resume comes this long after the moment, later lines are shifted by it.
    public static let pause: Nanoseconds = 3 * second

    /// `call` and `decline`: a call over an active app that the table ignores is a banner (iOS 14+) or a heads-up
    /// notification (Android) and delivers nothing (CONTRACT §5 `callStyle`).
    @Sendable private static func callIsABanner(_ profile: Profile) -> String? {
        guard case .ignored = transition(from: Status(.active), on: .callArrived, in: profile) else { return nil }
        let shown = profile.android != nil ? "a heads-up notification" : "a banner"
        return "on \(profile.name) a call is \(shown) that pauses nothing (callStyle=banner; "
            + "callStyle=fullScreen shows it full screen)"
    }

    /// `splitScreen`: rejected on iOS; on API 29+ the game stays resumed and loses only the top position.
    @Sendable private static func splitScreenPausesNothing(_ profile: Profile) -> String? {
        switch transition(from: Status(.active), on: .otherWindowTapped, in: profile) {
        case .moved(let move) where move.to.state != .active: return nil
        case .moved:
            return "on \(profile.name) both windows of split screen stay resumed; only the top position moves"
        case .rejected, .ignored: return "on \(profile.name) there is no split screen (an iPhone)"
        }
    }

    /// `notificationCenter`: rejected over an active app on ios4, ignored on Android.
    @Sendable private static func notificationCenterPausesNothing(_ profile: Profile) -> String? {
        switch transition(from: Status(.active), on: .notificationCenterPulled, in: profile) {
        case .moved: return nil
        case .rejected: return "on \(profile.name) there is no Notification Center (it exists from iOS 5 on)"
        case .ignored:
            return "on \(profile.name) the notification shade changes only the window's focus; the activity is not "
                + "paused"
        }
    }
}

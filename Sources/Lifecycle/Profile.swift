// Profile: a platform's transition table as data, and how rows are looked up.

/// Which states a row applies to: one state, optionally narrowed to one reason and to whether a
/// background task is open. A narrower pattern wins over a wider one.
public struct Pattern: Hashable, Sendable, CustomStringConvertible {
    public let state: AppState
    public let reason: Reason?  // nil: any reason
    public let openTask: Bool?  // nil: either; only meaningful for .background
    public let relaunchPending: Bool?  // nil: either; only meaningful for .background and .suspended (Android)

    public init(_ state: AppState, _ reason: Reason? = nil, openTask: Bool? = nil, relaunchPending: Bool? = nil) {
        self.state = state
        self.reason = reason
        self.openTask = openTask
        self.relaunchPending = relaunchPending
    }

    func matches(_ status: Status) -> Bool {
        status.state == state && (reason == nil || reason == status.reason)
            && (openTask == nil || openTask == status.hasOpenBackgroundTask)
            && (relaunchPending == nil || relaunchPending == status.isRelaunchPending)
    }

    var specificity: Int {
        (reason == nil ? 0 : 2) + (openTask == nil ? 0 : 1) + (relaunchPending == nil ? 0 : 1)
    }

    /// This pattern, narrowed to an activity whose relaunch is pending.
    public var relaunching: Pattern { Pattern(state, reason, openTask: openTask, relaunchPending: true) }

    public var description: String {
        var text = state.rawValue
        if let reason { text += "(\(reason.rawValue))" }
        if let openTask { text += openTask ? "+task" : "-task" }
        if let relaunchPending { text += relaunchPending ? "+rotated" : "-rotated" }
        return text
    }
}

/// What a row does.
public enum RowOutcome: Hashable, Sendable {
    case go(Target, [Segment])
    case ignore
    case reject(String)
}

/// One line of a transition table: in these states, this event does that.
public struct Row: Hashable, Sendable {
    public let from: Pattern
    public let event: Event
    public let outcome: RowOutcome

    public init(_ from: Pattern, _ event: Event, _ outcome: RowOutcome) {
        self.from = from
        self.event = event
        self.outcome = outcome
    }

    /// Two rows with the same key cannot both be in a table; a profile override replaces by key.
    public var key: RowKey { RowKey(from: from, event: event) }
}

/// The identity of a row within a table.
public struct RowKey: Hashable, Sendable {
    public let from: Pattern
    public let event: Event
}

/// How an SMS shows itself (CONTRACT §5): a modal alert (iOS 4) or a banner (iOS 5 default).
public enum SMSStyle: String, Sendable, Hashable, CaseIterable {
    case alert, banner
}

/// How an incoming call shows itself while the phone is unlocked and in use (CONTRACT §5 `callStyle`): full screen
/// (the app gives way to the call screen) or a banner (iOS 14+ compact call, Android's heads-up: no life-cycle
/// callback). A locked phone always shows the call full screen, which the app, already in the background, never sees.
public enum CallStyle: String, Sendable, Hashable, CaseIterable {
    case fullScreen, banner
}

/// An Android profile's API levels: the OS's, and the one the app targets (CONTRACT §5 `targetSdk`), which decides
/// some orders regardless of the OS (lifecycle-modern.md §1b, conformance-sources.md §1.5).
public struct AndroidLevels: Hashable, Sendable {
    /// The OS's API level: 28 (Android 9) or 34 (Android 14).
    public let api: Int
    /// The app's `targetSdkVersion`; the OS's level unless a script or the command line says otherwise.
    public let targetSdk: Int

    public init(api: Int, targetSdk: Int? = nil) {
        self.api = api
        self.targetSdk = targetSdk ?? api
    }

    /// Apps targeting API 27 or lower get `onSaveInstanceState` before `onStop`, on every OS.
    public var savesBeforeStop: Bool { targetSdk < 28 }

    /// The levels a target may name: Android 5 (API 21, the first with OpenGL ES 3) to Android 16 (API 36).
    public static let targets: ClosedRange<Int> = 21...36
}

/// A platform profile: a name and its transition table (CONTRACT §5).
public struct Profile: Sendable, Hashable {
    public let name: String
    public let smsStyle: SMSStyle
    /// How calls show while the phone is in use; `fullScreen` where the profile has no such setting.
    public let callStyle: CallStyle
    /// The settings a script (`profile NAME setting=value`) or the command line may change on this profile, by
    /// name: `smsStyle` on ios4 and ios5, `callStyle` on ios26 and android34, `targetSdk` on android28 and android34
    /// (CONTRACT §5).
    public let settings: [String]
    /// How long the OS lets background tasks run after the app enters the background before it sends
    /// `backgroundTaskExpired` itself (CONTRACT §5): 600 s on iOS 4-6, about 30 s from iOS 13 (Lifecycle.md §1.4,
    /// [obs]); nil on a platform without background tasks (Android).
    public let backgroundTaskBudget: Nanoseconds?
    /// How long a backgrounded app with no background task open runs before the OS suspends it by itself
    /// (`suspendedByOS`, CONTRACT §2): 0 on iOS (the next fixed step), 10 s on `android34` (the cached-apps freezer,
    /// Lifecycle.md §9 [G-freezer]); nil where the OS never does (`android28`: no freezer, the stopped process runs
    /// until it is killed).
    public let suspensionDelay: Nanoseconds?
    /// An Android profile's levels; nil on iOS.
    public let android: AndroidLevels?
    /// Every row, each key once; lookups pick the most specific matching row.
    public let rows: [Row]
    /// True where a row delivers a scene's callbacks (iOS 13 and later: `ios13`, `ios26`), read from the rows.
    public let hasScenes: Bool
    private let index: [Event: [Row]]

    public init(
        name: String, smsStyle: SMSStyle, callStyle: CallStyle = .fullScreen, settings: [String] = ["smsStyle"],
        backgroundTaskBudget: Nanoseconds? = nil, suspensionDelay: Nanoseconds? = 0, android: AndroidLevels? = nil,
        rows: [Row]
    ) {
        self.name = name
        self.android = android
        self.backgroundTaskBudget = backgroundTaskBudget
        self.suspensionDelay = suspensionDelay
        self.smsStyle = smsStyle
        self.callStyle = callStyle
        self.settings = settings
        self.rows = rows
        hasScenes = rows.contains { row in
            guard case .go(_, let segments) = row.outcome else { return false }
            return segments.contains { $0.callback == .sceneWillConnect }
        }
        var index: [Event: [Row]] = [:]
        for row in rows { index[row.event, default: []].append(row) }
        for event in index.keys { index[event]!.sort { $0.from.specificity > $1.from.specificity } }
        self.index = index
    }

    /// This profile with `replacements` put in place of the rows with the same keys, and new keys added.
    public func replacing(
        _ replacements: [Row], name: String? = nil, smsStyle: SMSStyle? = nil, callStyle: CallStyle? = nil,
        settings: [String]? = nil
    ) -> Profile {
        let replaced = Set(replacements.map(\.key))
        let kept = rows.filter { !replaced.contains($0.key) }
        return Profile(
            name: name ?? self.name, smsStyle: smsStyle ?? self.smsStyle, callStyle: callStyle ?? self.callStyle,
            settings: settings ?? self.settings, backgroundTaskBudget: backgroundTaskBudget,
            suspensionDelay: suspensionDelay, android: android, rows: kept + replacements)
    }

    /// The most specific row for `event` in `status`, or nil when the table has none (the event is illegal).
    public func row(for status: Status, _ event: Event) -> Row? {
        index[event]?.first { $0.from.matches(status) }
    }

    /// True when `event` is not rejected in `status`: the profile has the thing the event needs (a Notification
    /// Center, a switcher that can close the frontmost app, ...), read from its table.
    public func allows(_ event: Event, in status: Status) -> Bool {
        if case .rejected = transition(from: status, on: event, in: self) { return false }
        return true
    }

    /// The profiles by name, as scripts and the command line spell them.
    public static let all: [Profile] = [.ios4, .ios5, .ios13, .ios26, .android28, .android34]

    /// The profile called `name`, or nil.
    public static func named(_ name: String) -> Profile? { all.first { $0.name == name } }

    public static func == (lhs: Profile, rhs: Profile) -> Bool {
        lhs.name == rhs.name && lhs.smsStyle == rhs.smsStyle && lhs.callStyle == rhs.callStyle
            && lhs.backgroundTaskBudget == rhs.backgroundTaskBudget && lhs.suspensionDelay == rhs.suspensionDelay
            && lhs.android == rhs.android && lhs.rows == rhs.rows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(smsStyle)
        hasher.combine(callStyle)
    }

    /// The values the setting `name` takes, in the order the documentation lists them.
    public static func values(ofSetting name: String) -> [String] {
        switch name {
        case "smsStyle": return SMSStyle.allCases.map(\.rawValue)
        case "callStyle": return CallStyle.allCases.map(\.rawValue)
        case "targetSdk": return ["\(AndroidLevels.targets.lowerBound)…\(AndroidLevels.targets.upperBound)"]
        default: return []
        }
    }

}

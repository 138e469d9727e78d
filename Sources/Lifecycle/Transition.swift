// Transition: what one event does to the app — pure data, produced by the profile's table.

/// The app's state with its sub-facts: the key the table is read with.
public struct Status: Hashable, Sendable, CustomStringConvertible {
    public var state: AppState
    public var reason: Reason?  // sub-fact; meaning depends on `state` (see `Reason`)
    public var hasOpenBackgroundTask: Bool  // valid only in .background
    /// Android: the configuration changed (`rotated`) while the activity was stopped, so it is relaunched as it
    /// becomes visible again (CONTRACT §2 `rotated`). Valid only in .background and .suspended.
    public var isRelaunchPending: Bool

    public init(
        _ state: AppState, reason: Reason? = nil, hasOpenBackgroundTask: Bool = false, isRelaunchPending: Bool = false
    ) {
        self.state = state
        self.reason = reason
        self.hasOpenBackgroundTask = hasOpenBackgroundTask
        self.isRelaunchPending = isRelaunchPending
    }

    public var description: String {
        var text = state.rawValue
        if let reason { text += "(\(reason.rawValue))" }
        if hasOpenBackgroundTask { text += "+task" }
        if isRelaunchPending { text += "+rotated" }
        return text
    }
}

/// One callback delivered to the game and the work that answers it, in order.
public struct Segment: Hashable, Sendable {
    public let callback: Callback?
    public let work: [Work]

    public init(_ callback: Callback?, _ work: [Work]) {
        self.callback = callback
        self.work = work
    }
}

/// Where a row leads: a new state and its reason, or the same state and sub-facts.
public enum Target: Hashable, Sendable {
    case to(AppState, Reason?)
    /// Moves to the state, keeping the reason (a suspended app still remembers the call or lock).
    case carrying(AppState)
    case stay
    /// Stays, and remembers that the stopped activity is relaunched as it becomes visible again (Android's
    /// configuration change while stopped, Lifecycle.md §9).
    case stayRelaunchPending
}

/// A legal event's effect: the path through states, the callbacks in order, the work in table order.
public struct Transition: Hashable, Sendable {
    public let from: Status
    public let event: Event
    public let to: Status
    public let segments: [Segment]

    public init(from: Status, event: Event, to: Status, segments: [Segment]) {
        self.from = from
        self.event = event
        self.to = to
        self.segments = segments
    }

    /// The callbacks delivered, in order.
    public var callbacks: [Callback] { segments.compactMap(\.callback) }
    /// The work performed, in table order.
    public var work: [Work] { segments.flatMap(\.work) }

    /// The states the app passes through, each with the reason it is there and the callbacks it gets
    /// there (e.g. home from active: inactive with `willResignActive`, then background with `didEnterBackground`).
    public var legs: [(to: AppState, reason: Reason?, callbacks: [Callback])] {
        var legs: [(to: AppState, reason: Reason?, callbacks: [Callback])] = []
        var current = from.state
        for callback in callbacks {
            if let reached = callback.reachedState, reached != current {
                let reason = reached == to.state ? to.reason : nil
                legs.append((reached, reason, [callback]))
                current = reached
            } else if legs.isEmpty {
                legs.append((current, from.reason, [callback]))
            } else {
                legs[legs.count - 1].callbacks.append(callback)
            }
        }
        if current != to.state || legs.isEmpty {
            legs.append((to.state, to.reason, []))
        }
        return legs
    }
}

/// What the table says about one event in one status.
public enum Outcome: Hashable, Sendable {
    /// The event is legal: move (or stay) and do this.
    case moved(Transition)
    /// A no-op: recorded, nothing delivered (CONTRACT §2).
    case ignored
    /// Illegal here: recorded with the reason, never a crash (CONTRACT §2).
    case rejected(why: String)
}

/// The life cycle's one function: what `event` does to an app in `status` under `profile`. Pure and total.
public func transition(from status: Status, on event: Event, in profile: Profile) -> Outcome {
    guard let row = profile.row(for: status, event) else {
        return .rejected(why: Rejection.why(event, in: status))
    }
    switch row.outcome {
    case .ignore:
        return .ignored
    case .reject(let why):
        return .rejected(why: "\(event.rawValue) is not possible here: \(why); the app is \(status)")
    case .go(let target, let segments):
        var next = status
        switch target {
        case .to(let state, let reason):
            next = Status(
                state, reason: reason, hasOpenBackgroundTask: status.hasOpenBackgroundTask,
                isRelaunchPending: status.isRelaunchPending)
        case .carrying(let state):
            next.state = state
        case .stay:
            break
        case .stayRelaunchPending:
            next.isRelaunchPending = true
        }
        if next.state != .background { next.hasOpenBackgroundTask = false }
        if next.state != .background && next.state != .suspended { next.isRelaunchPending = false }
        return .moved(Transition(from: status, event: event, to: next, segments: segments))
    }
}

// Lifecycle — the app life-cycle state machine of Interlude, as data.
//
// Owns: AppState, Event, Callback, Work, Reason (Vocabulary.swift); Status, Transition and the pure
// `transition(from:on:in:)` (Transition.swift); Profile and its rows (Profile.swift); the ios4 and ios5
// tables (Profile+Tables.swift), the iOS 13+ scene tables ios13 and ios26 (Profile+SceneTables.swift), the Android
// tables android28 and android34 (Profile+AndroidTables.swift); rejection reasons (Rejection.swift); the decision
// machine a runtime keeps, `LifecycleMachine` (LifecycleMachine.swift), and its timer table (Timers.swift).
// Imports nothing, not even Foundation: every other module may depend on it, it depends on none.
// Start reading at Profile+Tables.swift: the whole machine fits on two screens there.
// The runtime performs the returned `Work` (Sources/Runtime/Runtime+Work.swift); diagrams are drawn
// from these rows (Sources/Lifecycle/Diagram.swift), so they cannot drift from the code.

/// The names used for documentation and diagrams.
public enum Lifecycle {
    /// Every status the machine can be in, for totality checks and diagrams: each state with each
    /// reason it can carry there.
    public static let statuses: [Status] = {
        // Android 10+: resumed in split screen while the other window has the top position.
        var all: [Status] = [
            Status(.notRunning), Status(.launching), Status(.active), Status(.active, reason: .otherWindow),
        ]
        for reason: Reason in [
            .alert, .call, .switcher, .notificationCenter, .lock, .controlCenter, .dialog, .secondDialog, .otherWindow,
        ] {
            all.append(Status(.inactive, reason: reason))
        }
        for reason: Reason? in [nil, .call, .lock, .switcher, .sceneDisconnected] {
            all.append(Status(.background, reason: reason))
            all.append(Status(.background, reason: reason, hasOpenBackgroundTask: true))
            all.append(Status(.suspended, reason: reason))
        }
        // Android: a stopped activity whose configuration changed, relaunched as it becomes visible again.
        for reason: Reason? in [nil, .call, .lock, .switcher] {
            all.append(Status(.background, reason: reason, isRelaunchPending: true))
            all.append(Status(.suspended, reason: reason, isRelaunchPending: true))
        }
        for reason: Reason in [.willTerminate, .purged, .killed, .glWhileBackgrounded, .finished] {
            all.append(Status(.terminated, reason: reason))
        }
        return all
    }()
}

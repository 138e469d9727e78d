// FaultyEnvironment: the runtime's environment (Runtime's Environment.swift) under a fault injector: the OS's and
// the platform's fault points and quirks of CONTRACT §6 and §7 ("Faults"), drawn where the runtime asks. What a
// script's fault lines and the seeded simulation give a runtime; a test's seeded bug decorates it further.

import Faults
import InterludeNetwork
import Lifecycle
import Runtime

/// The contract's world with `injector`'s fault points: each answer fires its point when the injector says so, where
/// the profile's platform has it.
public final class FaultyEnvironment: Environment {
    public let injector: FaultInjector
    /// iOS ends an app whose `didEnterBackground` (or scene's) takes too long (about 5 s); Android lets `onStop` run.
    public let hasBackgroundWatchdog: Bool

    public init(_ injector: FaultInjector, profile: Profile) {
        self.injector = injector
        hasBackgroundWatchdog = profile.android == nil
    }

    /// `quirk.resignTwice`, `quirk.activateTwice`: a pause or a resume delivered twice.
    public func repeated(in move: Transition) -> Set<Callback> {
        var twice: Set<Callback> = []
        for callback in move.callbacks {
            if callback.role == .resign, injector.fires(.quirkResignTwice) { twice.insert(callback) }
            if callback.role == .activate, injector.fires(.quirkActivateTwice) { twice.insert(callback) }
        }
        return twice
    }

    /// `quirk.resumeLate`: the move's activate callback arrives half a second late.
    public func heldBack(in move: Transition) -> Callback? {
        guard let callback = move.segments.first(where: { $0.callback?.role == .activate })?.callback,
            injector.fires(.quirkResumeLate)
        else { return nil }
        return callback
    }

    /// `quirk.windowOrder`: Android's focus and surface notices in the other order.
    public func arriving<Notice>(_ notices: [Notice]) -> [Notice] {
        guard notices.count > 1, injector.fires(.quirkWindowOrder) else { return notices }
        return notices.reversed()
    }

    /// `network.leaderboard.reorder`: two answers due together arrive in the other order.
    public func arriving(_ answers: [LeaderboardResult]) -> [LeaderboardResult] {
        guard answers.count > 1, injector.fires(.leaderboardReorder) else { return answers }
        return answers.reversed()
    }

    /// `storage.save.outlastsWatchdog`: the enter-background callback's save takes longer than the watchdog allows
    /// (iOS only).
    public func watchdogEndsSave(of callback: Callback?) -> Bool {
        hasBackgroundWatchdog && callback?.role == .enterBackground && injector.fires(.saveOutlastsWatchdog)
    }
}

extension Runtime {
    /// Puts a run's faults around this runtime (a script's fault lines, the simulation): `environment` for the
    /// runtime's own points and quirks, and `injector`'s networks in front of whichever services the runtime talks to
    /// now (before any request or session): the leaderboard's (`FaultyLeaderboard`) and the match's (`FaultyMatch`).
    /// A transport given later (`useMatch`, `useLeaderboard`) stands without them.
    public func disturb(with injector: FaultInjector, environment: any Environment) {
        self.environment = environment
        useLeaderboard(FaultyLeaderboard(leaderboard.transport, injector: injector), pacing: leaderboard.pacing)
        // Before any session nothing is connected: `useMatch` leaving the old transport (the inner one) does nothing.
        useMatch(FaultyMatch(match, injector: injector))
    }
}

// InterruptionKindTests: which built-in kind applies under which profile, against the tables (a kind applies where
// its events take an active app out of `active`); a kind skipped with its reason; a kind of a game's own, replayed
// where it applies and skipped where it does not.

import Exploration
import GameCore
import Lifecycle
import Replay
import Runtime
import Testing

extension InterruptionKind {
    /// A kind of the game's own, as a game would write it: Control Center pulled and pushed back, which only the
    /// scene profiles model (ios4 and ios5 have no such event; Android's quick settings are in the shade).
    static let controlCenter = InterruptionKind(
        name: "controlCenter",
        whyDoesNotApply: { profile in
            ["ios13", "ios26"].contains(profile.name) ? nil : "\(profile.name) has no Control Center to pull"
        }
    ) { _ in [(0, .controlCenterPulled), (1_000_000_000, .controlCenterDismissed)] }
}

@Suite struct InterruptionKindTests {
    /// Every profile with its defaults, and with each setting's other value.
    static let profiles: [Profile] =
        Profile.all + [
            Profile.ios4.withSMSStyle(.banner), Profile.ios5.withSMSStyle(.alert),
            Profile.ios26.withCallStyle(.fullScreen), Profile.android34.withCallStyle(.fullScreen),
        ]

    /// True when the kind's events, sent in order to an active app under `profile`, take it out of `active`.
    static func leavesActive(_ kind: InterruptionKind, under profile: Profile) -> Bool {
        var status = Status(.active)
        for (_, event) in kind.events(profile) {
            if case .moved(let moved) = transition(from: status, on: event, in: profile) { status = moved.to }
            if status.state != .active { return true }
        }
        return false
    }

    /// A kind says it does not apply exactly where the table lets its events pass an active app by.
    @Test(arguments: profiles)
    func builtInKindsApplyWhereTheTablesPauseTheGame(profile: Profile) {
        for kind in InterruptionKind.all {
            #expect(
                (kind.whyDoesNotApply(to: profile) == nil) == Self.leavesActive(kind, under: profile),
                "\(kind) under \(profile.name) (callStyle \(profile.callStyle), smsStyle \(profile.smsStyle))")
        }
    }

    /// The skips, by name: calls where they are banners, Notification Center where there is none that pauses.
    @Test func builtInSkipsByProfile() {
        func skipped(_ profile: Profile) -> [String] {
            InterruptionKind.all.filter { $0.whyDoesNotApply(to: profile) != nil }.map(\.name)
        }
        #expect(skipped(.ios4) == ["notificationCenter", "splitScreen"])
        #expect(skipped(.ios5) == ["splitScreen"])
        #expect(skipped(.ios13) == ["splitScreen"])
        #expect(skipped(.ios26) == ["call", "decline", "splitScreen"])
        #expect(skipped(.android28) == ["notificationCenter"])
        #expect(skipped(.android34) == ["call", "decline", "notificationCenter", "splitScreen"])
        #expect(skipped(Profile.ios26.withCallStyle(.fullScreen)) == ["splitScreen"])
        #expect(skipped(Profile.android34.withCallStyle(.fullScreen)) == ["notificationCenter", "splitScreen"])
        #expect(
            InterruptionKind.splitScreen.whyDoesNotApply(to: .android34)
                == "on android34 both windows of split screen stay resumed; only the top position moves")
        #expect(
            InterruptionKind.call.whyDoesNotApply(to: .android34)
                == "on android34 a call is a heads-up notification that pauses nothing (callStyle=banner; "
                + "callStyle=fullScreen shows it full screen)")
        #expect(
            InterruptionKind.notificationCenter.whyDoesNotApply(to: .ios4)
                == "on ios4 there is no Notification Center (it exists from iOS 5 on)")
    }

    /// On ios26 the interleaving skips `call` and `decline` with their reason: no case of theirs, and the rest run
    /// and end with the uninterrupted hash.
    @Test func aCallIsSkippedOnIOS26WithItsReason() throws {
        let script = try ScriptParser.parse(Self.fight(on: "ios26"), file: "fight-ios26.script")
        let interleaving = Interleaving(
            script: script, every: 1_000_000_000, kinds: [.sms, .call, .decline, .home], game: Bundled.game)
        #expect(interleaving.applicableKinds == [.sms, .home])
        let reason =
            "on ios26 a call is a banner that pauses nothing (callStyle=banner; callStyle=fullScreen shows it "
            + "full screen)"
        #expect(
            interleaving.skipped == [
                InterleaveSkip(kind: .call, profile: "ios26", reason: reason),
                InterleaveSkip(kind: .decline, profile: "ios26", reason: reason),
            ])
        #expect(interleaving.skipped.first?.description == "call skipped on ios26: \(reason)")
        let baseline = interleaving.baseline()
        let moments = interleaving.runningMoments().running
        let cases = interleaving.cases(at: moments)
        #expect(cases.count == 2 * moments.count)
        #expect(!cases.contains { $0.kind == .call || $0.kind == .decline })
        for interleaveCase in cases {
            let outcome = interleaving.run(interleaveCase, baselineHash: baseline.simulationHash)
            #expect(outcome.isSame, "\(interleaving.report(outcome, baselineHash: baseline.simulationHash))")
        }
        // With the call shown full screen, the same script takes the call and ends the same.
        let fullScreen = try ScriptParser.parse(
            Self.fight(on: "ios26 callStyle=fullScreen"), file: "fight-ios26-fullscreen.script")
        let answered = Interleaving(script: fullScreen, every: 1_000_000_000, kinds: [.call], game: Bundled.game)
        #expect(answered.skipped.isEmpty)
        let answeredBaseline = answered.baseline()
        for interleaveCase in answered.cases(at: answered.runningMoments().running) {
            #expect(answered.run(interleaveCase, baselineHash: answeredBaseline.simulationHash).isSame)
        }
    }

    /// A game's own kind is injected as any other (its events at the moment, the resume after the pause) where it
    /// applies, and skipped with the game's reason where it does not.
    @Test func aGameDefinedKindIsReplayedWhereItApplies() throws {
        let script = try ScriptParser.parse(Self.fight(on: "ios13"), file: "fight-ios13.script")
        let interleaving = Interleaving(
            script: script, every: 1_000_000_000, kinds: [.controlCenter, .home], game: Bundled.game)
        #expect(interleaving.skipped.isEmpty)
        let baseline = interleaving.baseline()
        #expect(baseline.ok)
        let moments = interleaving.runningMoments().running
        #expect(moments.count >= 3)
        let first = InterleaveCase(kind: .controlCenter, moment: moments[0])
        let times = interleaving.script(for: first).lines.compactMap { line -> Event? in
            if case .event(let time, let event) = line.command, time >= moments[0] { return event } else { return nil }
        }
        #expect(Array(times.prefix(2)) == [.controlCenterPulled, .controlCenterDismissed])
        #expect(
            interleaving.script(for: first).name == "fight-ios13-controlCenter-at-\(moments[0] / 1_000_000_000)s"
        )
        for interleaveCase in interleaving.cases(at: moments) {
            let outcome = interleaving.run(interleaveCase, baselineHash: baseline.simulationHash)
            #expect(outcome.isSame, "\(interleaving.report(outcome, baselineHash: baseline.simulationHash))")
            #expect(outcome.failures.isEmpty)
        }
        let onIOS5 = Interleaving(
            script: try ScriptParser.parse(Self.fight(on: "ios5"), file: "fight-ios5.script"),
            kinds: [.controlCenter, .home], game: Bundled.game)
        #expect(onIOS5.applicableKinds == [.home])
        #expect(
            onIOS5.skipped.map(\.description) == ["controlCenter skipped on ios5: ios5 has no Control Center to pull"])
    }

    /// A short fight on level 1 that any profile can replay: walk, turn, fire.
    static func fight(on profile: String) -> String {
        """
        interlude-script 1
        profile \(profile)
        at 0s      launched
        at 0.5s    play singlePlayer level=1
        at +0.1s   input forward 1667ms
        at +2s     look 90
        at +0.1s   input forward 1s
        at +1s     fire
        at +0.5s   fire
        expect running
        """
    }
}

import Testing

@testable import Lifecycle

/// Renders a row of the code's table the way ExpectedRows spells it.
func spelled(_ row: Row) -> String {
    switch row.outcome {
    case .ignore: return "ignored"
    case .reject: return "rejected"
    case .go(let target, let segments):
        let to: String
        switch target {
        case .stay: to = row.from.state.rawValue
        case .carrying(let state): to = state.rawValue + "(same)"
        case .stayRelaunchPending: to = row.from.state.rawValue + "+rotated"
        case .to(let state, let reason): to = state.rawValue + (reason.map { "(\($0.rawValue))" } ?? "")
        }
        let callbacks = segments.compactMap(\.callback).map(\.rawValue).joined(separator: " ")
        let work = segments.flatMap(\.work).map(\.rawValue).joined(separator: " ")
        return "\(to)|\(callbacks)|\(work)"
    }
}

@Suite("Transition table rows")
struct TableRowTests {
    @Test("each row matches the reference", arguments: ExpectedRow.all)
    func row(_ expected: ExpectedRow) throws {
        let profile = try #require(Profile.named(expected.profile))
        let row = try #require(
            profile.rows.first { $0.from.description == expected.from && $0.event.rawValue == expected.event },
            "no row \(expected.from) \(expected.event) in \(expected.profile)")
        #expect(spelled(row) == expected.outcome)
    }

    @Test("every row of the code is restated in the expectations", arguments: Profile.all)
    func noUntestedRow(_ profile: Profile) {
        let expected = Set(ExpectedRow.all.filter { $0.profile == profile.name }.map { "\($0.from) \($0.event)" })
        let actual = profile.rows.map { "\($0.from) \($0.event.rawValue)" }
        #expect(actual.filter { !expected.contains($0) } == [])
        #expect(Set(actual).count == expected.count)
    }

    @Test("no two rows share a key", arguments: Profile.all)
    func unique(_ profile: Profile) {
        #expect(Set(profile.rows.map(\.key)).count == profile.rows.count)
    }

    @Test("ios5 is ios4 plus only the rows that differ")
    func ios5Overrides() {
        let ios4 = Set(Profile.ios4.rows)
        let different = Profile.ios5.rows.filter { !ios4.contains($0) }
        #expect(different.count == expectedIOS5Changes.split(separator: "\n").count)
    }

    @Test("an app targeting API 27 saves before onStop, on either OS; from 28 after it")
    func targetSdkOrdersTheSave() throws {
        func callbacks(_ event: Event, from status: Status = Status(.active), _ profile: Profile) -> [Callback] {
            guard case .moved(let move) = transition(from: status, on: event, in: profile) else { return [] }
            return move.callbacks.filter { $0 != .onTopResumedActivityChanged }
        }
        for profile in [Profile.android28, .android34] {
            let old = profile.withTargetSdk(27)
            #expect(old.android == AndroidLevels(api: profile.android!.api, targetSdk: 27) && old != profile)
            #expect(callbacks(.homePressed, profile) == [.onPause, .onStop, .onSaveInstanceState])
            #expect(callbacks(.homePressed, old) == [.onPause, .onSaveInstanceState, .onStop])
            #expect(callbacks(.rotated, old).prefix(4) == [.onPause, .onSaveInstanceState, .onStop, .onDestroy])
            let paused = Status(.inactive, reason: .dialog)
            #expect(callbacks(.homePressed, from: paused, old) == [.onSaveInstanceState, .onStop])
            #expect(profile.withTargetSdk(profile.android!.api) == profile)
            #expect(old.withCallStyle(.fullScreen).android?.targetSdk == 27)
            #expect(
                callbacks(.callArrived, old.withCallStyle(.fullScreen)) == [.onPause, .onSaveInstanceState, .onStop])
        }
        #expect(Profile.ios26.withTargetSdk(27) == .ios26)
    }

    @Test("smsStyle=alert gives ios5 the ios4 SMS rows")
    func smsAlertStyle() throws {
        let profile = Profile.ios5.withSMSStyle(.alert)
        guard case .moved(let move) = transition(from: Status(.active), on: .smsArrived, in: profile) else {
            Issue.record("smsArrived should move the app with alert style")
            return
        }
        #expect(move.to.state == .inactive && move.to.reason == .alert)
        #expect(transition(from: Status(.active), on: .smsArrived, in: .ios5) == .ignored)
        // Everything but the SMS rows stays ios5.
        // ios5's three banner rows (arrived, dismissed, opened on active) give way to ios4's one alert row.
        #expect(profile.rows.count == Profile.ios5.rows.count - 3 + 1)
        #expect(transition(from: Status(.active), on: .smsDismissed, in: profile) != .ignored)
        #expect(profile.row(for: Status(.active), .lockPressed) == Profile.ios5.row(for: Status(.active), .lockPressed))
    }
}

/// Test logs name a profile, not its whole table.
extension Profile: CustomTestStringConvertible {
    public var testDescription: String { "\(name) (sms \(smsStyle.rawValue))" }
}

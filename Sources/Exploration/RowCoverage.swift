// RowCoverage: why a row of the table was never exercised. Either no state it applies to can exist (argued from
// the table itself), or such states exist but a more specific row decides in each (shadowed), or the explorer did
// not get there within its depth: the only case that is a gap, not an argument.

import Lifecycle

/// Arguments about rows the explorer did not exercise.
public enum RowCoverage {
    /// Why a row was not exercised.
    public enum Why: Hashable, Sendable, CustomStringConvertible {
        /// No transition can leave the app in a status the row applies to: the argument.
        case unreachable(String)
        /// Statuses the row applies to were reached, and in each a more specific row decided.
        case shadowed(String)
        /// The table can lead there, but the exploration did not within its depth: a gap (or a failure).
        case notReached(String)

        /// True when the row cannot be exercised at all (not a gap).
        public var isArgued: Bool {
            if case .notReached = self { return false }
            return true
        }

        public var description: String {
            switch self {
            case .unreachable(let why): return "unreachable: \(why)"
            case .shadowed(let why): return "shadowed: \(why)"
            case .notReached(let why): return "NOT REACHED: \(why)"
            }
        }
    }

    /// Why `row` of `profile` was not exercised, given the statuses the exploration tried every move from
    /// (`expanded`) and those it reached at all.
    public static func why(
        _ row: Row, in profile: Profile, expanded: Set<Status>, reached: Set<Status>, depth: Int
    ) -> Why {
        let matching = expanded.filter { pattern(row.from, matches: $0) }
        if !matching.isEmpty {
            let deciders = Set(matching.compactMap { profile.row(for: $0, row.event)?.from.description })
            return .shadowed(
                "in every status reached that \(row.from) covers, a more specific row decides \(row.event.rawValue): "
                    + deciders.sorted().joined(separator: ", "))
        }
        if reached.contains(where: { pattern(row.from, matches: $0) }) {
            return .notReached("\(row.from) was reached only by the last of the \(depth) moves; explore deeper")
        }
        if row.from.openTask == true, !profile.leavesTaskOpen {
            return .unreachable(
                "every row that begins a background task ends it within the same event's work, and only the "
                    + "outbox's upload holds one open across events: no move kept a score (`leaderboard pending=`)")
        }
        if let reason = row.from.reason, !profile.leads(to: row.from.state, reason) {
            var why = "no row of \(profile.name) leaves the app in \(row.from.state.rawValue)(\(reason.rawValue))"
            if reason == .alert, profile.smsStyle == .banner,
                profile.withSMSStyle(.alert).leads(to: row.from.state, reason)
            {
                why += " while SMS come as banners (with smsStyle=alert they do: --sms-style alert)"
            }
            if reason == .call, profile.callStyle == .banner,
                profile.withCallStyle(.fullScreen).leads(to: row.from.state, reason)
            {
                why += " while calls come as banners (with callStyle=fullScreen they do: --call-style fullScreen)"
            }
            return .unreachable(why)
        }
        return .notReached("\(row.from) is reachable by the table, but was not reached within \(depth) moves")
    }

    private static func pattern(_ pattern: Pattern, matches status: Status) -> Bool {
        status.state == pattern.state && (pattern.reason == nil || pattern.reason == status.reason)
            && (pattern.openTask == nil || pattern.openTask == status.hasOpenBackgroundTask)
    }
}

extension Profile {
    /// True when some row begins a background task without ending it in the same event's work.
    var leavesTaskOpen: Bool {
        rows.contains { row in
            guard case .go(_, let segments) = row.outcome else { return false }
            var open = 0
            for work in segments.flatMap(\.work) {
                if work == .beginBackgroundTask { open += 1 }
                if work == .endBackgroundTask { open = max(0, open - 1) }
            }
            return open > 0
        }
    }

    /// True when some row can leave the app in `state` with `reason`: directly, or by carrying the reason over from
    /// a status that has it.
    func leads(to state: AppState, _ reason: Reason) -> Bool {
        var reachable: Set<AppState> = []
        for row in rows {
            if case .go(.to(let target, let targetReason), _) = row.outcome, targetReason == reason {
                reachable.insert(target)
            }
        }
        var changed = true
        while changed {
            changed = false
            for row in rows {
                guard case .go(.carrying(let target), _) = row.outcome, reachable.contains(row.from.state),
                    row.from.reason == nil || row.from.reason == reason, !reachable.contains(target)
                else { continue }
                reachable.insert(target)
                changed = true
            }
        }
        return reachable.contains(state)
    }
}

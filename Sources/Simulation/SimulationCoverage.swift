// SimulationCoverage: what a profile's seeds reached, read back from `SimulationResult.cells` for the report: the
// (state x event x fault) table, and the same counts laid on the profile's state graph (each legal row of the table an
// edge, each state a node), which `SimulationCoverage+SVG` draws as a heatmap. A cell's state is the runtime's status
// text (`background(call)+task`), its event an `Event` or `kill`, its fault the point that fired in that move.
// Owns: SimulationCell, SimulationCoverage (its table and its graph). Pure: the same cells give the same values.

import Lifecycle

/// One cell of the coverage: a state, a move (an event or `kill`), and a fault point that fired during the move.
public struct SimulationCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The runtime's status text when the move began: `active`, `inactive(call)`, `background+task`.
    public let state: String
    /// An `Event` raw value, or `kill` (the schedule's SIGKILL).
    public let event: String
    /// The fault point that fired during the move; nil when none did.
    public let fault: String?

    /// The move `kill` in `SimulationResult.cells`.
    public static let kill = "kill"

    public init(state: String, event: String, fault: String? = nil) {
        self.state = state
        self.event = event
        self.fault = fault
    }

    /// The cell a key of `SimulationResult.cells` names (`STATE EVENT` or `STATE EVENT FAULT`), or nil.
    public init?(key: String) {
        let words = key.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count == 2 || words.count == 3, !words.contains(where: \.isEmpty) else { return nil }
        self.init(state: words[0], event: words[1], fault: words.count == 3 ? words[2] : nil)
    }

    /// The key of `SimulationResult.cells`.
    public var key: String { [state, event, fault].compactMap { $0 }.joined(separator: " ") }

    public var description: String { key }

    /// The status the state names, or nil when it names none.
    public var status: Status? { Self.status(state) }

    /// The status a status text names (`background(call)+task`: the state, its reason, an open background task;
    /// `+rotated`: a relaunch pending), or nil when it names none.
    public static func status(_ text: String) -> Status? {
        var rest = Substring(text)
        var hasTask = false
        var isRelaunchPending = false
        if rest.hasSuffix("+rotated") {
            isRelaunchPending = true
            rest = rest.dropLast(8)
        }
        if rest.hasSuffix("+task") {
            hasTask = true
            rest = rest.dropLast(5)
        }
        var reason: Reason?
        if rest.hasSuffix(")"), let open = rest.firstIndex(of: "(") {
            guard
                let named = Reason(rawValue: String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]))
            else { return nil }
            reason = named
            rest = rest[..<open]
        }
        guard let state = AppState(rawValue: String(rest)), !hasTask || state == .background,
            !isRelaunchPending || state == .background || state == .suspended
        else { return nil }
        return Status(state, reason: reason, hasOpenBackgroundTask: hasTask, isRelaunchPending: isRelaunchPending)
    }

    /// States in `AppState` order, then by text; events in `Event` order, then `kill`; no fault before the faults.
    public static func < (lhs: SimulationCell, rhs: SimulationCell) -> Bool {
        let left = (stateRank(lhs.state), lhs.state, eventRank(lhs.event), lhs.event, lhs.fault ?? "")
        let right = (stateRank(rhs.state), rhs.state, eventRank(rhs.event), rhs.event, rhs.fault ?? "")
        return left < right
    }

    /// Where a state's row goes: its `AppState`'s place (an unknown text last).
    static func stateRank(_ state: String) -> Int {
        guard let status = status(state) else { return AppState.allCases.count }
        return AppState.allCases.firstIndex(of: status.state)!
    }

    /// Where an event's column goes: its `Event`'s place, then `kill`, then anything else.
    static func eventRank(_ event: String) -> Int {
        if let known = Event(rawValue: event) { return Event.allCases.firstIndex(of: known)! }
        return Event.allCases.count + (event == kill ? 0 : 1)
    }
}

/// What one profile's seeds reached: a table of (state, event) cells with their faults, and the profile's state graph
/// with how often each state and each legal row was reached.
public struct SimulationCoverage: Sendable {
    /// A state of the graph: how many moves began in it (events, kills), and how many of them were kills.
    public struct Node: Hashable, Sendable {
        public let state: AppState
        /// Moves that began in this state (each event or kill once per fault point that fired in it, as cells count).
        public let count: Int
        /// Of those, the schedule's kills.
        public let kills: Int
    }

    /// A legal row of the profile's table: from its state on its event to its target, and how often seeds took it.
    public struct Edge: Hashable, Sendable {
        public let from: AppState
        public let to: AppState
        public let event: Event
        /// The row's event as the diagrams write it: qualified by the sub-facts it needs and sets
        /// (`(call) callEnded`, `lockPressed → lock`).
        public let label: String
        /// Cells this row decided (each once per fault point that fired in its move).
        public let count: Int
        /// Of those, per fault point that fired, by name.
        public let faults: [String: Int]
    }

    public let profile: Profile
    /// Every cell reached, with how often (keys of `SimulationResult.cells` that name no cell are left out).
    public let counts: [SimulationCell: Int]
    /// The table's rows: the states reached, in `AppState` order.
    public let states: [String]
    /// The table's columns: the events reached, in `Event` order, then `kill`.
    public let events: [String]
    /// The states of the graph: each state a row of the table leaves or enters, or a cell began in, in `AppState` order.
    public let nodes: [Node]
    /// One edge per legal row of the profile's table, in table order.
    public let edges: [Edge]

    /// The coverage of `profile` from its seeds' cells (`SimulationResult.cells`, summed over seeds).
    public init(profile: Profile, cells: [String: Int]) {
        self.profile = profile
        var counts: [SimulationCell: Int] = [:]
        for (key, count) in cells {
            if let cell = SimulationCell(key: key) { counts[cell, default: 0] += count }
        }
        self.counts = counts
        let sorted = counts.keys.sorted()
        states = Self.unique(sorted.map(\.state))
        events = Self.unique(sorted.map(\.event)).sorted {
            (SimulationCell.eventRank($0), $0) < (SimulationCell.eventRank($1), $1)
        }
        edges = Self.edges(profile, counts)
        var moves: [AppState: Int] = [:]
        var kills: [AppState: Int] = [:]
        for (cell, count) in counts {
            guard let state = cell.status?.state else { continue }
            moves[state, default: 0] += count
            if cell.event == SimulationCell.kill { kills[state, default: 0] += count }
        }
        let inGraph = Set(edges.flatMap { [$0.from, $0.to] }).union(moves.keys)
        nodes = AppState.allCases.filter(inGraph.contains).map {
            Node(state: $0, count: moves[$0] ?? 0, kills: kills[$0] ?? 0)
        }
    }

    /// How often (`state`, `event`) was reached, with or without a fault.
    public func total(_ state: String, _ event: String) -> Int { breakdown(state, event).reduce(0) { $0 + $1.count } }

    /// How often (`state`, `event`) was reached with no fault (`fault` nil) and with each fault point, by name.
    public func breakdown(_ state: String, _ event: String) -> [(fault: String?, count: Int)] {
        counts.filter { $0.key.state == state && $0.key.event == event }.sorted { $0.key < $1.key }.map {
            ($0.key.fault, $0.value)
        }
    }

    /// The largest count of a node or an edge (at least 1): the top of the heatmap's scale.
    public var peak: Int { max(1, (nodes.map(\.count) + edges.map(\.count)).max() ?? 1) }

    private static func unique(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        return texts.filter { seen.insert($0).inserted }
    }

    /// The profile's legal rows as edges, each with the cells it decided: a cell belongs to the row the table picks
    /// for its status and event (the most specific), so a shadowed row is never counted.
    private static func edges(_ profile: Profile, _ counts: [SimulationCell: Int]) -> [Edge] {
        var taken: [Row: (count: Int, faults: [String: Int])] = [:]
        for (cell, count) in counts {
            guard let status = cell.status, let event = Event(rawValue: cell.event),
                let row = profile.row(for: status, event)
            else { continue }
            taken[row, default: (0, [:])].count += count
            if let fault = cell.fault { taken[row, default: (0, [:])].faults[fault, default: 0] += count }
        }
        return profile.rows.compactMap { row -> Edge? in
            guard case .go(let target, _) = row.outcome else { return nil }
            var label = row.event.rawValue
            if row.from.reason != nil || row.from.openTask != nil || row.from.relaunchPending != nil {
                label = "\(row.from.description.dropFirst(row.from.state.rawValue.count)) " + label
            }
            let to: AppState
            switch target {
            case .to(let state, let reason):
                to = state
                if let reason { label += " → \(reason.rawValue)" }
            case .carrying(let state): to = state
            case .stay: to = row.from.state
            case .stayRelaunchPending:
                to = row.from.state
                label += " → +rotated"
            }
            let reached = taken[row] ?? (0, [:])
            return Edge(
                from: row.from.state, to: to, event: row.event, label: label, count: reached.count,
                faults: reached.faults)
        }
    }
}

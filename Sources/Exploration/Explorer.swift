// Explorer: breadth-first search over every sequence of moves up to a depth, on the real runtime.
//
// Each state is reached by replaying its path on a fresh runtime (the runtime cannot be copied: a path is how it is
// reached, and the path is also the script that reproduces it). States are deduplicated by `StateKey`; breadth
// first, so the first path that reaches a state, covers a row or breaks an invariant is a shortest one.
// Events the table rejects or ignores in a state, and the player's actions while the app is not active, change
// nothing but the transcript (Runtime+Events.swift: `happen` and `perform` return before any work or game call), so
// they are counted and their rows covered without being run; everything else runs on the runtime.

import Lifecycle
import Runtime
import Saves

/// How far the explorer got: reported after each depth.
public struct ExplorationProgress: Hashable, Sendable {
    public let profile: String
    public let depth: Int
    public let states: Int
    public let transitions: Int
    public let violations: Int
}

/// A broken invariant and the shortest path found to it.
public struct FoundViolation<Action: PlayerAction>: Hashable, Sendable {
    public let violation: Violation
    public let path: [TimedMove<Action>]
    /// The status just before the last move.
    public let before: Status
    /// The status after it.
    public let after: Status
}

/// What an exploration found.
public struct ExplorationResult<Action: PlayerAction>: Sendable {
    public let profile: Profile
    public let seed: UInt64
    public let depth: Int
    public let states: Int
    public let transitions: Int  // moves tried from every state reached (a wait with nothing to wait for not counted)
    public let movesRun: Int  // moves that ran on a runtime (the others were rejected or ignored without effect)
    /// The first (shortest) path exercising each row the table has, by its key.
    public let rowWitnesses: [RowKey: RowWitness<Action>]
    /// The statuses reached, and those from which every move was tried (reached before the last depth).
    public let statuses: Set<Status>
    public let expandedStatuses: Set<Status>
    public let violations: [FoundViolation<Action>]

    /// The rows never exercised, each with why.
    public var uncoveredRows: [(row: Row, why: RowCoverage.Why)] {
        profile.rows.filter { rowWitnesses[$0.key] == nil }.map {
            ($0, RowCoverage.why($0, in: profile, expanded: expandedStatuses, reached: statuses, depth: depth))
        }
    }
}

/// A row and the shortest path that ends with its event, in the status it was sent in.
public struct RowWitness<Action: PlayerAction>: Hashable, Sendable {
    public let row: Row
    public let path: [TimedMove<Action>]
    public let status: Status
}

/// Breadth-first exploration of one profile.
public struct Explorer<Game: LifecycleGame> {
    public var profile: Profile
    public var seed: UInt64
    public var depth: Int
    public var moves: [Move<Game.Action>]
    /// Makes the game a runtime starts with (from the seed), as a script replay does.
    public var makeGame: (UInt64) -> Game
    /// Told after each depth.
    public var progress: ((ExplorationProgress) -> Void)?
    /// Told of each fresh runtime before its path is taken: a check hangs its own observer on it (the Flutter ladder
    /// check hangs a transcript follower, CONTRACT §8 `engine`). It must not change what the runtime does.
    public var configure: ((Runtime<Game>) -> Void)?

    public init(
        profile: Profile, seed: UInt64 = 1, depth: Int = 8,
        moves: [Move<Game.Action>] = Move.standard(Game.explorationActions),
        game makeGame: @escaping (UInt64) -> Game
    ) {
        self.profile = profile
        self.seed = seed
        self.depth = depth
        self.moves = moves
        self.makeGame = makeGame
    }

    /// A fresh runtime as a script replay makes one, with the no-render doubles (a recording display, so that a GL
    /// call while forbidden is caught; the in-memory disk; the in-process leaderboard).
    func freshRuntime() -> Runtime<Game> {
        let runtime = Runtime(
            profile: profile, seed: seed, game: makeGame(seed), display: RecordingDisplay<Game.Scene>(),
            snapshots: InMemorySnapshotStore())
        runtime.transcriptLimit = 16
        configure?(runtime)
        return runtime
    }

    /// The runtime after `path`.
    func replay(_ path: [TimedMove<Game.Action>]) -> Runtime<Game> {
        let runtime = freshRuntime()
        for move in path { runtime.retake(move) }
        return runtime
    }

    private struct Node {
        let path: [TimedMove<Game.Action>]
        let status: Status
        let waits: [Wait]  // the waits that have something to wait for
    }

    /// Whether `move` is tried from `node`: an event the table lets through (its row's first witness noted on the
    /// way), an action or a pending score while active, a wait with something to wait for. Counts what it tries.
    private func admits(
        _ move: Move<Game.Action>, at node: Node, transitions: inout Int,
        witnesses: inout [RowKey: RowWitness<Game.Action>]
    ) -> Bool {
        switch move {
        case .event(let event):
            transitions += 1
            if let row = profile.row(for: node.status, event), witnesses[row.key] == nil {
                witnesses[row.key] = RowWitness(
                    row: row, path: node.path + [TimedMove(time: node.path.last?.time ?? 0, move: move)],
                    status: node.status)
            }
            guard case .moved = transition(from: node.status, on: event, in: profile) else { return false }
        case .action:
            transitions += 1
            guard node.status.state == .active else { return false }
        case .wait(let wait):
            guard node.waits.contains(wait) else { return false }
            transitions += 1
        case .pendingScore:
            // The game scores only while active; and a script's untimed line takes the time of the last timed one,
            // which a wait (no line of its own) has not moved to.
            if case .wait = node.path.last?.move { return false }
            guard node.status.state == .active else { return false }
            transitions += 1
        }
        return true
    }

    /// Explores every path up to `depth` moves.
    public func run() -> ExplorationResult<Game.Action> {
        let start = freshRuntime()
        var seen: Set<StateKey> = [start.stateKey]
        var statuses: Set<Status> = [start.status]
        var expandedStatuses: Set<Status> = []
        var frontier = [
            Node(path: [], status: start.status, waits: Wait.allCases.filter { start.target(of: $0) != nil })
        ]
        var witnesses: [RowKey: RowWitness<Game.Action>] = [:]
        var violations: [FoundViolation<Game.Action>] = []
        var violationKinds: Set<String> = []
        var transitions = 0
        var movesRun = 0
        for level in 0..<depth {
            var next: [Node] = []
            for node in frontier {
                expandedStatuses.insert(node.status)
                for move in moves {
                    guard admits(move, at: node, transitions: &transitions, witnesses: &witnesses) else { continue }
                    let runtime = replay(node.path)
                    let before = runtime.violations.count
                    guard let taken = runtime.take(move) else { continue }
                    movesRun += 1
                    let path = node.path + [taken]
                    for violation in runtime.violations[before...] {
                        let kind = "\(violation.invariant) \(node.status) \(move)"
                        guard violationKinds.insert(kind).inserted else { continue }
                        violations.append(
                            FoundViolation(violation: violation, path: path, before: node.status, after: runtime.status)
                        )
                    }
                    statuses.insert(runtime.status)
                    guard seen.insert(runtime.stateKey).inserted else { continue }
                    next.append(
                        Node(
                            path: path, status: runtime.status,
                            waits: Wait.allCases.filter { runtime.target(of: $0) != nil }))
                }
            }
            frontier = next
            progress?(
                ExplorationProgress(
                    profile: profile.name, depth: level + 1, states: seen.count, transitions: transitions,
                    violations: violations.count))
            if frontier.isEmpty { break }
        }
        return ExplorationResult(
            profile: profile, seed: seed, depth: depth, states: seen.count, transitions: transitions,
            movesRun: movesRun, rowWitnesses: witnesses, statuses: statuses,
            expandedStatuses: expandedStatuses, violations: violations)
    }
}

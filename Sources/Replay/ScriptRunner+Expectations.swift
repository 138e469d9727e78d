// ScriptRunner+Expectations: checks one `expect` line against a runtime (CONTRACT §7). A line that does not hold
// gives what was found in the script's words (for a test's "expected / found") and the one-line detail the
// transcript and `interlude replay` show.

import EngineViews
import Lifecycle
import Runtime

/// What an `expect` line found instead of what it asked.
struct Mismatch {
    let found: String  // in the script's words: `callbacks willResignActive, didEnterBackground`
    let detail: String  // the transcript's detail: `callbacks were [...], expected [...]`

    func failure(of expectation: Expectation, at location: SourceLocation) -> ExpectationFailure {
        ExpectationFailure(
            location: location, expectation: expectation, expected: Self.words(expectation), found: found,
            detail: detail)
    }

    /// What `expectation` asks, in the script's words; an empty list reads `(none)`.
    static func words(_ expectation: Expectation) -> String {
        switch expectation {
        case .callbacks(let callbacks): return "callbacks " + list(callbacks)
        case .engine(let engine, let events):
            return "engine[\(engine.rawValue)] " + (events.isEmpty ? "(none)" : events.joined(separator: ", "))
        default: return ScriptWriter.render(expectation)
        }
    }

    /// `a, b, c`, or `(none)`.
    static func list<T: RawRepresentable>(_ items: [T]) -> String where T.RawValue == String {
        items.isEmpty ? "(none)" : items.map(\.rawValue).joined(separator: ", ")
    }
}

extension ScriptRunner {
    /// Nil when `expectation` holds, else what was found instead.
    static func check<Game: LifecycleGame>(
        _ expectation: Expectation, on runtime: Runtime<Game>, engines: EngineFollower? = nil
    ) -> Mismatch? {
        let game = runtime.game
        switch expectation {
        case .engine(let engine, let events):
            return checkEngine(engine, events, found: engines?.lastEvents[engine] ?? [])
        case .state(let state):
            return runtime.status.state == state
                ? nil
                : Mismatch(
                    found: "state \(runtime.status)", detail: "state is \(runtime.status), expected \(state.rawValue)")
        case .callbacks(let callbacks):
            return runtime.lastCallbacks == callbacks
                ? nil
                : Mismatch(
                    found: "callbacks \(Mismatch.list(runtime.lastCallbacks))",
                    detail: "callbacks were [\(list(runtime.lastCallbacks))], expected [\(list(callbacks))]")
        case .work(let work):
            let missing = work.filter { !runtime.lastWork.contains($0) }
            return missing.isEmpty
                ? nil
                : Mismatch(
                    found: "work \(Mismatch.list(runtime.lastWork)) (lacks \(list(missing)))",
                    detail: "work [\(list(runtime.lastWork))] lacks \(list(missing))")
        case .paused:
            return game.isInSession && game.isPaused
                ? nil
                : Mismatch(
                    found: "not paused (screen \(game.screenName))",
                    detail: "the game is not paused (screen \(game.screenName))")
        case .running:
            let facts = "screen \(game.screenName), paused \(game.isPaused), \(runtime.status)"
            return game.isRunning && runtime.status.state == .active
                ? nil : Mismatch(found: "not running (\(facts))", detail: "the game is not running (\(facts))")
        case .counter(let counter, let expected):
            return checkCounter(counter, expected, in: runtime)
        case .snapshot(let conditions):
            return checkSnapshot(conditions, in: runtime)
        case .screen(let name):
            return game.screenName == name
                ? nil
                : Mismatch(found: "screen \(game.screenName)", detail: "screen is \(game.screenName), expected \(name)")
        case .game(let conditions):
            return checkGame(conditions, values: game.exportedValues)
        case .seenBy(let name, let expected):
            return checkSeen(by: name, expected, seen: runtime.isSeen(by: name))
        }
    }

    /// `expect engine[NAME] ...`: the engine's events for the last event (Contract §8 `engine`).
    private static func checkEngine(_ engine: Engine, _ events: [String], found: [String]) -> Mismatch? {
        found == events
            ? nil
            : Mismatch(
                found: "engine[\(engine.rawValue)] " + (found.isEmpty ? "(none)" : found.joined(separator: ", ")),
                detail: "\(engine.rawValue) events were [\(found.joined(separator: ", "))], "
                    + "expected [\(events.joined(separator: ", "))]")
    }

    /// `expect timers|requests|peers N`.
    private static func checkCounter<Game: LifecycleGame>(
        _ counter: Counter, _ expected: Int, in runtime: Runtime<Game>
    ) -> Mismatch? {
        let actual: Int
        switch counter {
        case .timers: actual = runtime.liveTimerCount
        case .requests: actual = runtime.leaderboard.inFlight.count
        case .peers: actual = runtime.peerCount
        }
        return actual == expected
            ? nil
            : Mismatch(
                found: "\(counter.rawValue) \(actual)", detail: "\(counter.rawValue) is \(actual), expected \(expected)"
            )
    }

    /// `expect seenBy|unseenBy NAME`: nil `seen` when no such scripted peer has joined.
    private static func checkSeen(by name: String, _ expected: Bool, seen: Bool?) -> Mismatch? {
        guard let seen else {
            return Mismatch(found: "no peer \(name)", detail: "no scripted peer \(name) has joined the match")
        }
        let word = { (sees: Bool) in sees ? "sees us" : "does not see us" }
        return seen == expected
            ? nil
            : Mismatch(
                found: "\(name) \(word(seen))",
                detail: "\(name) \(word(seen)), expected it \(expected ? "to see us" : "not to")")
    }

    private static func checkSnapshot<Game: LifecycleGame>(
        _ conditions: [SnapshotCondition], in runtime: Runtime<Game>
    ) -> Mismatch? {
        let values: [String: Int64]
        switch runtime.storedSnapshotValues() {
        case .success(let found): values = found
        case .failure(let why): return Mismatch(found: "\(why)", detail: "\(why)")
        }
        return compare(conditions, with: values, noun: "snapshot") {
            "the snapshot has no '\($0)'; it has \(values.keys.sorted().joined(separator: ", "))"
        }
    }

    /// `expect game`: the game's exported values now. A key the game does not export fails the line, naming the
    /// keys it does export.
    private static func checkGame(_ conditions: [SnapshotCondition], values: [String: Int64]) -> Mismatch? {
        compare(conditions, with: values, noun: "game") {
            let exported = values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return "the game exports no value '\($0)'; "
                + (exported.isEmpty ? "it exports none" : "it exports \(exported.joined(separator: ", "))")
        }
    }

    /// Each condition against `values` (`expect snapshot`, `expect game`): the first that fails, with `missing(key)`
    /// for a key `values` lacks, else `NOUN KEY is V, expected OPVALUE` and the named values found.
    private static func compare(
        _ conditions: [SnapshotCondition], with values: [String: Int64], noun: String, missing: (String) -> String
    ) -> Mismatch? {
        for condition in conditions {
            guard let value = values[condition.key] else {
                let detail = missing(condition.key)
                return Mismatch(found: detail, detail: detail)
            }
            if !condition.comparison.holds(value, condition.value) {
                return Mismatch(
                    found: "\(noun) " + named(conditions, in: values),
                    detail:
                        "\(noun) \(condition.key) is \(value), expected \(condition.comparison.rawValue)\(condition.value)"
                )
            }
        }
        return nil
    }

    /// `level=1 score=20`: the value of each key the conditions name, once each, in their order.
    private static func named(_ conditions: [SnapshotCondition], in values: [String: Int64]) -> String {
        var seen: Set<String> = []
        return conditions.compactMap { condition in
            guard seen.insert(condition.key).inserted, let value = values[condition.key] else { return nil }
            return "\(condition.key)=\(value)"
        }.joined(separator: " ")
    }

    private static func list<T: RawRepresentable>(_ items: [T]) -> String where T.RawValue == String {
        items.map(\.rawValue).joined(separator: ", ")
    }
}

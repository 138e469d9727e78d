// ScriptGenerator: random valid scripts from a seed, for the round-trip property.

import GameCore
import Lifecycle
import Replay
import Runtime

/// A tiny linear congruential generator (Knuth's MMIX constants): the same seed, the same scripts.
struct TestRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int((next() >> 33) % UInt64(bound)) }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Builds random scripts that the parser must accept.
struct ScriptGenerator {
    var random: TestRandom
    private var time: Nanoseconds = 0
    private var hasTimedLine = false

    init(seed: UInt64) { random = TestRandom(state: seed) }

    mutating func script(number: Int) -> Script {
        time = 0
        hasTimedLine = false
        var script = Script(name: "random-\(number)")
        script.profileName = random.pick(["ios4", "ios5"])
        script.smsStyle = random.pick([nil, .alert, .banner])
        script.seed = random.pick([0, 1, UInt64.max, random.next()])
        let count = random.below(40)
        let location = SourceLocation(file: "", line: 0, column: 0)
        script.lines = (0..<count).map { _ in ScriptLine(location: location, command: command()) }
        return script
    }

    private mutating func command() -> Command {
        switch random.below(10) {
        case 0..<4: return timed()
        case 4..<8: return hasTimedLine ? .expect(expectation()) : timed()
        case 8: return .capture(captureName())
        default:
            let delay = duration(allowZero: true)
            let points = 1 + Int64(random.below(1000))
            return .leaderboard(random.pick([.down, .up, .delay(delay), .pending(points)]))
        }
    }

    private mutating func timed() -> Command {
        hasTimedLine = true
        // Within the parser's 24 h timeline; a script may end exactly on it.
        let step = random.pick([0, 0, duration(allowZero: true), duration(allowZero: true) * 1000])
        time = min(time + step, ScriptParser.latestTime)
        if random.chance(50) { return .event(time: time, random.pick(Event.allCases)) }
        let actions: [GameAction] = [
            .play(random.pick(GameMode.allCases), level: random.pick([1, 1, 2, 1 + random.below(1000), Int.max])),
            .openLeaderboard, .closeLeaderboard, .menu, .resume, .fire,
            .input(random.pick(Control.allCases), duration: duration(allowZero: false)),
            .look(
                yawMillidegrees: Int64(random.below(200_001)) - 100_000,
                pitchMillidegrees: random.chance(50) ? 0 : Int64(random.below(2001)) - 1000),
        ]
        return .action(time: time, random.pick(actions))
    }

    /// Whole seconds, whole milliseconds, tenths, or an arbitrary number of nanoseconds; at most the parser's
    /// longest duration (1 h), sometimes exactly it.
    private mutating func duration(allowZero: Bool) -> Nanoseconds {
        if random.chance(2) { return ScriptParser.longestDuration }
        let base = Int64(random.below(3601))
        let value: Nanoseconds =
            switch random.below(4) {
            case 0: base * 1_000_000_000
            case 1: base * 1_000_000
            case 2: base * 100_000_000
            default: Int64(random.below(3_000_000_000))
            }
        return allowZero || value > 0 ? value : 1 + Int64(random.below(1_000_000))
    }

    private mutating func expectation() -> Expectation {
        switch random.below(10) {
        case 0: return .state(random.pick(AppState.allCases))
        case 1: return .callbacks(names(Callback.allCases, minimum: 0))
        case 2: return .work(names(Work.allCases, minimum: 1))
        case 3: return .paused
        case 4: return .running
        case 5: return .counter(random.pick(Counter.allCases), random.pick([0, 1, random.below(100), Int.max]))
        case 6: return .screen(word(first: letters, rest: letters + digits + "_"))
        default:
            let conditions = (0...random.below(4)).map { _ in
                SnapshotCondition(
                    key: word(first: letters, rest: letters + digits + "_."),
                    comparison: random.pick(Comparison.allCases),
                    value: random.pick([0, 1, -1, Int64.min, Int64.max, Int64(bitPattern: random.next())]))
            }
            return random.below(3) == 0 ? .game(conditions) : .snapshot(conditions)
        }
    }

    private mutating func names<Name>(_ all: [Name], minimum: Int) -> [Name] {
        (0..<(minimum + random.below(4))).map { _ in random.pick(all) }
    }

    private let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private let digits = Array("0123456789")

    private mutating func captureName() -> String {
        let allowed = letters + digits + Array("-_.")
        return word(first: allowed, rest: allowed)
    }

    private mutating func word(first: [Character], rest: [Character]) -> String {
        String(random.pick(first)) + String((0..<random.below(12)).map { _ in random.pick(rest) })
    }
}

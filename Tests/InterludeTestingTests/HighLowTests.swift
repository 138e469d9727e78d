// HighLowTests: a third game, neither the shooter nor breakout: a card game (higher or lower) with its own words,
// `deal`, `higher`, `lower`, `stand` and the app shell's `resume`, replayed from scripts in those words through
// InterludeTesting. Its grammar is Replay's for a `String` enum; the engine knows nothing of cards.

import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

enum CardAction: String, CaseIterable, ScriptAction {
    case deal, higher, lower, stand, resume
}

/// Guess whether the next card is higher or lower; a wrong guess (or a tie) ends the run, `stand` keeps it. The game
/// is its own scene: what it shows is its state. The deck starts at the seed.
struct HighLow: LifecycleGame, GameScene {
    let seed: UInt64
    var deck: UInt64, streak: Int64 = 0, steps: Int64 = 0
    var screenName = "menu", isPaused = false
    var reports: [GameReport] = []

    var card: Int64 { Int64((deck >> 33) % 13) + 1 }
    var isInSession: Bool { screenName == "table" }
    var isRunning: Bool { isInSession && !isPaused }
    var savedState: [String: Int64] {
        ["card": card, "streak": streak, "deck": Int64(bitPattern: deck), "inSession": isInSession ? 1 : 0]
    }
    var stateHash: String {
        savedState.sorted { $0.key < $1.key }.reduce(into: StateHasher()) { $0.combine($1.value) }.hex
    }
    var contentHash: String { stateHash }

    mutating func perform(_ action: CardAction, context: ActionContext) -> String? {
        switch action {
        case .deal where !isInSession:
            (screenName, streak, reports) = ("table", 0, [.sessionStarted(multiplayer: false)])
            draw()
        case .higher where isRunning, .lower where isRunning, .stand where isRunning:
            let previous = card
            if action != .stand { draw() }  // standing draws nothing: the run ends on the menu with its streak
            let won = action == .higher ? card > previous : card < previous
            streak += won ? 1 : 0
            if !won { (screenName, reports) = (action == .stand ? "menu" : "over", [.sessionEnded]) }
        case .resume where isInSession && isPaused: isPaused = false
        default: return "\(action) cannot be played on the \(screenName) screen\(isPaused ? " (paused)" : "")"
        }
        return nil
    }
    mutating func draw() { deck = deck &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    mutating func step() { steps += 1 }
    mutating func pause() { isPaused = isInSession }
    mutating func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }
    func relaunched() -> HighLow { HighLow(seed: seed, deck: seed) }
    func scene(status: [String], leaderboard: [String]) -> HighLow { self }

    // The save: named integers need no codec (LifecycleGame's default `encodeState` / `decodeState`).
    func whyCannotRestore(_ state: [String: Int64]) -> String? { (1...13).contains(state["card"] ?? 0) ? nil : "card" }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (screenName, isPaused, streak) = ("table", true, state["streak"] ?? 0)
        deck = UInt64(bitPattern: state["deck"] ?? 0)
        return .session(detail: "restored a streak of \(streak) on \(card), paused")
    }
}

@Suite("A card game in its own words")
struct HighLowTests {
    let table = LifecycleScenario { HighLow(seed: $0, deck: $0) }

    // Seed 5 deals 2, 11, 3, 7, 13, 10, 4, 13.
    @Test("a streak of guesses survives a call, paused until the player resumes")
    func streakSurvivesACall() throws {
        let result = try table.replay(
            """
            interlude-script 1
            seed 5
            at 0s      launched
            at 0.5s    deal
            at 1s      higher
            at 1.5s    lower
            at 2s      callArrived
            at 2.5s    higher
            at 3s      callDeclined
            expect paused
            at 4s      resume
            at 4.5s    higher
            at 5s      higher
            expect running
            expect screen table
            at 5.5s    stand
            expect screen menu
            at 6s      homePressed
            expect snapshot streak=4 card=13 inSession=0
            """, name: "call.script")
        #expect(result.ok, "\(result)")
        #expect(result.transcript.lines.contains { $0.contains(#""type":"rejected","name":"higher""#) })
    }

    @Test("a purge in the background loses nothing: the relaunch deals on from the saved deck")
    func purgeAndRelaunch() throws {
        let result = try table.replay(
            """
            interlude-script 1
            profile ios4
            seed 5
            at 0s      launched
            at 0.5s    deal
            at 1s      higher
            at 1.5s    homePressed
            at 2s      purgedByOS
            at 3s      iconTapped
            expect paused
            expect snapshot streak=1 card=11 inSession=1
            at 4s      resume
            at 4.5s    lower
            at 5s      higher
            at 5.5s    lower
            expect screen over
            """, name: "purge.script")
        #expect(result.ok, "\(result)")
        #expect(result.transcript.lines.contains { $0.contains("restored a streak of 1 on 11, paused") })
    }

    @Test("a word the game does not have is refused where it stands, and expectations can fail")
    func foreignWordsAndFailures() throws {
        let error = #expect(throws: ScenarioError.self) {
            try table.replay("interlude-script 1\nat 0s launched\nat 1s fire\n", name: "fire.script")
        }
        #expect("\(error!)".hasPrefix("fire.script:3:7: error: unknown event 'fire'"), "\(error!)")
        let close = #expect(throws: ScenarioError.self) {
            try table.replay("interlude-script 1\nat 0s launched\nat 1s higer\n", name: "typo.script")
        }
        #expect("\(close!)".contains("did you mean higher?"), "\(close!)")
        let wrong = try table.replay(
            "interlude-script 1\nseed 5\nat 0s launched\nat 1s deal\nat 2s lower\nexpect screen table\n",
            name: "wrong.script")
        #expect(!wrong.ok)
        #expect(wrong.failures.first?.found == "screen over")
    }
}

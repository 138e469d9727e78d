// PauseDutyTests: invariant 8 (CONTRACT §6): the runtime checks that `pause()` paused instead of trusting it.
// Games that break the duty on purpose (pause ignored; the flag set but the game stepping or changing on), the
// violation named in the failure once per pause; the games that keep it (the shooter, the README's clicker, the
// class-based counter) and every bundled script break nothing; a game whose copies are snapshots fails in the same
// words.

import GameCore
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

/// The clicker with its pause broken in one of the ways a real game breaks it.
struct BrokenPause: LifecycleGame {
    enum Fault: Sendable {
        case ignored  // pause() does nothing: the game runs on
        case stepsOn  // sets the flag, but still says it runs: the runtime steps it
        case animatesState  // sets the flag, stops, but its idle frame moves a hashed value
        case resumesItself  // sets the flag, and clears it in its next idle frame
    }
    var fault: Fault
    var clicker = Clicker()

    var isInSession: Bool { clicker.isInSession }
    var isPaused: Bool { clicker.isPaused }
    var isRunning: Bool { fault == .stepsOn ? clicker.isInSession : clicker.isRunning }
    var steps: Int64 { clicker.steps }
    var screenName: String { clicker.screenName }
    var stateHash: String {
        var hasher = StateHasher()
        for value in [clicker.clicks, clicker.steps, clicker.isPaused ? 1 : 0] { hasher.combine(value) }
        return hasher.hex
    }
    var exportedValues: [String: Int64] { ["clicks": clicker.clicks, "steps": clicker.steps] }
    var savedState: [String: Int64] { clicker.savedState }

    mutating func perform(_ action: ClickerAction, context: ActionContext) -> String? {
        clicker.perform(action, context: context)
    }
    mutating func step() { clicker.step() }
    mutating func idleFrame() {
        guard clicker.isPaused else { return }
        if fault == .animatesState { clicker.steps += 1 }
        if fault == .resumesItself { clicker.isPaused = false }
    }
    mutating func pause() { if fault != .ignored { clicker.pause() } }
    mutating func takeReports() -> [GameReport] { clicker.takeReports() }
    func relaunched() -> BrokenPause { BrokenPause(fault: fault) }
    func scene(status: [String], leaderboard: [String]) -> ClickerScene { clicker.scene(status: [], leaderboard: []) }
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        try clicker.decodeState(bytes)
    }
    func whyCannotRestore(_ state: [String: Int64]) -> String? { clicker.whyCannotRestore(state) }
    mutating func restore(_ state: [String: Int64]) -> Restored { clicker.restore(state) }
}

/// `BrokenPause` declaring what it is, a struct of plain values whose copies are snapshots: the runtime then reads the
/// values a failure names from a copy taken before the step, not at every paused step; the failures must not change.
struct CopiedBrokenPause: LifecycleGame {
    static var copiesAreSnapshots: Bool { true }
    var game: BrokenPause

    var isInSession: Bool { game.isInSession }
    var isPaused: Bool { game.isPaused }
    var isRunning: Bool { game.isRunning }
    var steps: Int64 { game.steps }
    var screenName: String { game.screenName }
    var stateHash: String { game.stateHash }
    var exportedValues: [String: Int64] { game.exportedValues }
    var savedState: [String: Int64] { game.savedState }

    mutating func perform(_ action: ClickerAction, context: ActionContext) -> String? {
        game.perform(action, context: context)
    }
    mutating func step() { game.step() }
    mutating func idleFrame() { game.idleFrame() }
    mutating func pause() { game.pause() }
    mutating func takeReports() -> [GameReport] { game.takeReports() }
    func relaunched() -> CopiedBrokenPause { CopiedBrokenPause(game: game.relaunched()) }
    func scene(status: [String], leaderboard: [String]) -> ClickerScene { game.scene(status: status, leaderboard: []) }
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] { try game.decodeState(bytes) }
    func whyCannotRestore(_ state: [String: Int64]) -> String? { game.whyCannotRestore(state) }
    mutating func restore(_ state: [String: Int64]) -> Restored { game.restore(state) }
}

/// A call declined in a session, the game left paused for two seconds, then resumed: the interruption invariant 8
/// is about.
let callDeclinedScript = """
    interlude-script 1
    profile ios5
    at 0s      launched
    at 0.5s    play
    at +1s     click
    at +1s     callArrived
    at +3s     callDeclined
    at +2s     resume
    at +1s     click
    """

@Suite("Invariant 8: a paused game stands still")
struct PauseDutyTests {
    static func replay(_ fault: BrokenPause.Fault) throws -> ScenarioResult<BrokenPause> {
        try LifecycleScenario { _ in BrokenPause(fault: fault) }.replay(callDeclinedScript, name: "call.script")
    }

    @Test("a game whose pause() does nothing breaks invariant 8 at the pause, named, and the work says so")
    func pauseIgnored() throws {
        let result = try Self.replay(.ignored)
        try #require(result.violations.count == 1, "\(result)")
        let violation = result.violations[0].violation
        #expect(violation.rule == .pausedGameStandsStill && violation.invariant == 8)
        #expect(violation.detail == "pause() left the game unpaused (screen singlePlayer): it runs on")
        #expect(result.violations[0].location?.line == 6)  // callArrived
        #expect(result.transcript.text.contains(#""name":"pauseGame","detail":"pause ignored""#))
        #expect(result.report.contains("broke invariant 8 (pausedGameStandsStill): pause() left the game unpaused"))
    }

    @Test("a game that sets the flag but is still stepped breaks invariant 8 once, naming the value that moved")
    func flagSetButSteppedOn() throws {
        let result = try Self.replay(.stepsOn)
        try #require(result.violations.count == 1, "\(result)")
        let violation = result.violations[0].violation
        #expect(violation.rule == .pausedGameStandsStill)
        #expect(violation.detail.hasPrefix("a paused game changed during a step: state hash "))
        #expect(violation.detail.hasSuffix("(steps 120 -> 121)"), "\(violation.detail)")
        #expect(result.violations[0].location?.line == 8)  // in the first step after callDeclined, while time runs to `resume`
        #expect("\(violation)".hasPrefix("invariant 8 (pausedGameStandsStill): a paused game changed"))
    }

    @Test("a stopped game whose idle frame moves a hashed value breaks invariant 8")
    func idleFrameChangesState() throws {
        let result = try Self.replay(.animatesState)
        #expect(result.violations.map(\.violation.rule) == [.pausedGameStandsStill], "\(result)")
        #expect(result.violations.first?.violation.detail.hasSuffix("(steps 120 -> 121)") == true, "\(result)")
    }

    @Test("a game that resumes itself breaks invariant 8: only the player's resume resumes")
    func resumesItself() throws {
        let result = try Self.replay(.resumesItself)
        #expect(result.violations.map(\.violation.rule) == [.pausedGameStandsStill], "\(result)")
        #expect(
            result.violations.first?.violation.detail
                == "a paused game resumed itself during a step, without the player's resume (no exported value differs)"
        )
    }

    @Test(
        "a game whose copies are snapshots breaks invariant 8 in the same words, its values read from the copy",
        arguments: [BrokenPause.Fault.ignored, .stepsOn, .animatesState, .resumesItself])
    func copiedGameSameFailures(fault: BrokenPause.Fault) throws {
        let read = try Self.replay(fault)
        let copied = try LifecycleScenario { _ in CopiedBrokenPause(game: BrokenPause(fault: fault)) }.replay(
            callDeclinedScript, name: "call.script")
        #expect(!read.violations.isEmpty)
        #expect(copied.violations.map(\.violation) == read.violations.map(\.violation))
        #expect(copied.transcript.text == read.transcript.text)
    }

    @Test("one violation per pause: each pause that breaks is reported again")
    func oncePerPause() throws {
        let script = callDeclinedScript + "\nat +1s     callArrived\nat +3s     callDeclined\nat +1s     resume\n"
        let result = try LifecycleScenario { _ in BrokenPause(fault: .stepsOn) }.replay(script)
        #expect(result.violations.map(\.violation.rule) == [.pausedGameStandsStill, .pausedGameStandsStill])
    }

    @Test("the clicker, the shooter and the class-based counter keep the duty through every kind of pause")
    func gamesThatPause() throws {
        // Each game in its own words: how it starts a session and what it does in one (none: the counter counts).
        func script(play: String, act: String?) -> String {
            let acting =
                act.map { "at +1s     \($0)\n" } ?? "at +1s     homePressed\nat +1s     iconTapped\nat +1s     resume\n"
            return """
                interlude-script 1
                profile ios4
                at 0s      launched
                at 0.5s    \(play)
                \(acting)at +1s     smsArrived
                at +2s     smsDismissed
                at +2s     callArrived
                at +2s     callAnswered
                at +5s     callEnded
                at +2s     lockPressed
                at +2s     unlocked
                at +2s     homePressed
                at +2s     purgedByOS
                at +2s     iconTapped
                expect paused
                at +3s     resume
                \(act.map { "at +1s     \($0)\n" } ?? "")expect running
                """
        }
        expectPasses(try LifecycleScenario { _ in Clicker() }.replay(script(play: "play", act: "click")))
        expectPasses(
            try LifecycleScenario { Game(seed: $0, levels: [.hangar]) }.replay(
                script(play: "play singlePlayer", act: "fire")))
        expectPasses(try LifecycleScenario { _ in CounterGame(goal: 100_000) }.replay(script(play: "play", act: nil)))
        expectPasses(
            try LifecycleScenario { _ in BrokenPause(fault: .ignored) }.replay("interlude-script 1\nat 0s launched"))
    }

    @Test("a paused shooter in a window: held keys and look, the player's input, are not the game running on")
    func playerInputWhilePaused() {
        let runtime = launchedRuntime(.ios5)
        runtime.inject(.play(.singlePlayer, level: 1), at: ms(500))
        runtime.inject(.callArrived, at: ms(1000))
        runtime.inject(.callDeclined, at: ms(2000))
        runtime.hold(.forward, true)
        runtime.advance(to: ms(3000))
        runtime.hold(.forward, false)
        runtime.inject(GameAction.look(yawMillidegrees: 90_000, pitchMillidegrees: 0), at: ms(3500))
        runtime.advance(to: ms(4000))
        #expect(runtime.game.isPaused)
        #expect(runtime.violations.isEmpty, "\(runtime.violations)")
    }

    @Test(
        "the shooter on the bundled levels: every bundled script keeps invariant 8",
        arguments: IdleSkipTests.bundledScripts)
    func bundledScripts(path: String) throws {
        let script = try ScriptParser.parse(try LevelAssets.text(path), file: path)
        let result = ScriptRunner.run(script, game: { Game(seed: $0, levels: IdleSkipTests.levels) })
        #expect(!result.violations.contains { $0.violation.invariant == 8 }, "\(result.failures)")
        #expect(result.ok, "\(result.failures)")
    }
}

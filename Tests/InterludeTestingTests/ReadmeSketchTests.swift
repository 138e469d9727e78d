// swift-format-ignore-file: the README's sketch is held here as printed, imports after the header included.
// ReadmeSketchTests: the README's sketch of adopting Interlude ("Embed Interlude in your game"), compiled as printed.
// The code between the two marker lines is the README's block that follows the comment naming this file, character
// for character: `theReadmeHoldsThisCopy` fails when the two drift apart, and the sketch's own test (`smsDuringPlay`)
// runs its tiny scenario here. Below the copy, the sketch's game is the example of Docs/Testing.md's forged saves.

// README sketch begins
import InterludeTesting
import Replay
import Runtime
import Saves
import Testing

// The game's own words: a script says `at 2s click`. An enum of plain words gets its grammar from its raw values.
enum ClickerAction: String, CaseIterable, ScriptAction { case play, click, resume }

struct Clicker: LifecycleGame {
    var clicks: Int64 = 0, steps: Int64 = 0, isInSession = false, isPaused = false
    var screenName: String { isInSession ? "playing" : "menu" }  // `expect screen playing`
    var exportedValues: [String: Int64] { ["clicks": clicks] }  // `expect game clicks>=3`
    var stateHash: String {  // all that play depends on: invariant 7 compares it
        var hasher = StateHasher()
        hasher.combine(clicks)
        return hasher.hex
    }

    mutating func perform(_ action: ClickerAction, context: ActionContext) -> String? {
        switch action {
        case .play where !isInSession:
            (isInSession, clicks) = (true, 0)
        case .click where isRunning: clicks += 1
        case .resume where isPaused: isPaused = false
        default: return "the clicker cannot \(action) now"  // refused: the transcript says why
        }
        return nil
    }
    mutating func step() { steps += 1 }
    mutating func pause() { isPaused = isInSession }  // checked: a paused game stands still (invariant 8)
    func relaunched() -> Clicker { Clicker() }  // a new process: only the save survives

    // The save: named integers need no codec (Docs/Snapshots.md); refuse what this game cannot have written.
    var savedState: [String: Int64] { ["clicks": clicks, "inSession": isInSession ? 1 : 0] }
    func whyCannotRestore(_ state: [String: Int64]) -> String? { (state["clicks"] ?? 0) >= 0 ? nil : "clicks < 0" }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        guard state["inSession"] == 1 else { return .noSession(detail: "menu") }
        (isInSession, isPaused, clicks) = (true, true, state["clicks"] ?? 0)
        return .session(detail: "restored \(clicks) clicks, paused")
    }
}

// Test: a script in the game's words, headless; the runtime checks the invariants throughout (XCTest: assertPasses).
@Test func smsDuringPlay() throws {
    let result = try LifecycleScenario(game: { _ in Clicker() }).replay(
        """
        interlude-script 1
        profile ios4
        at 0s  launched
        at 1s  play
        at 2s  click
        at 3s  smsArrived
        expect paused
        at 4s  smsDismissed
        at 5s  resume
        at 6s  click
        expect game clicks=2
        """)
    expectPasses(result)
}
// README sketch ends

import Foundation
import Lifecycle

@Suite struct ReadmeSketchTests {
    static let thisFile = URL(fileURLWithPath: #filePath)
    static let readme = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The lines of `text` strictly between the line `begin` and the next line `end` (nil: no such pair).
    static func lines(of text: String, from begin: (String) -> Bool, to end: (String) -> Bool) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: begin),
            let last = lines[(first + 1)...].firstIndex(where: end)
        else { return nil }
        return Array(lines[(first + 1)..<last])
    }

    /// The README's compiled block: the first ```swift block after the comment that names this file.
    static func readmeBlock() throws -> [String]? {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let marker = text.range(of: "ReadmeSketchTests.swift -->") else { return nil }
        return lines(of: String(text[marker.upperBound...]), from: { $0 == "```swift" }, to: { $0 == "```" })
    }

    @Test func theReadmeHoldsThisCopy() throws {
        let copy = try #require(
            Self.lines(
                of: try String(contentsOf: Self.thisFile, encoding: .utf8),
                from: { $0 == "// README sketch begins" }, to: { $0 == "// README sketch ends" }))
        let block = try #require(
            try Self.readmeBlock(), "README.md has no ```swift block after the comment naming ReadmeSketchTests.swift")
        #expect(block.count == copy.count, "README: \(block.count) lines, this copy: \(copy.count)")
        for (number, (printed, compiled)) in zip(block, copy).enumerated() where printed != compiled {
            Issue.record("line \(number + 1) of the sketch differs:\n  README: \(printed)\n  here:   \(compiled)")
            break
        }
    }

    /// A forged save (a value this game cannot have written, framed and checksummed as the runtime writes it) and a
    /// damaged one (a byte changed): each is set aside at launch, and the game starts at its menu.
    @Test(arguments: ["forged", "damaged"])
    func aSaveTheGameCannotHaveWrittenIsRefused(how: String) throws {
        let game = Clicker()
        var written = game.encodeSnapshot(["clicks": how == "forged" ? -5 : 7, "inSession": 1], extras: ["generation": 1])
        if how == "damaged" { written[written.count / 2] ^= 0x01 }
        let bytes = written
        let store = InMemorySnapshotStore(bytes: bytes)
        let runtime = Runtime(profile: .ios5, seed: 1, game: game, snapshots: store)
        runtime.send(.launched)
        runtime.settle()
        #expect(store.quarantined.count == 1)
        #expect(store.quarantined.first?.bytes == bytes)
        #expect(runtime.game.screenName == "menu")
        #expect(runtime.violations.isEmpty)
        // The same through the testing library: a scenario whose disk starts with the bad save.
        let scenario = LifecycleScenario(
            game: { _ in Clicker() }, snapshots: { _ in InMemorySnapshotStore(bytes: bytes) })
        let result = try scenario.replay(
            """
            interlude-script 1
            at 0s  launched
            expect screen menu
            """)
        expectPasses(result)
    }
}

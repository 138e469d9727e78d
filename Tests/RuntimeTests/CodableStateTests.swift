// CodableStateTests: a game whose saved state is Codable needs two short functions for its part of a save (here
// JSON through Foundation, which a game's own module may import; the runtime never does). The runtime's frame keeps
// its values apart, checksums the file and places a decoding error by the game part's byte offset.

import Foundation
import InterludeTesting
import Lifecycle
import Runtime
import Saves
import Testing

/// The clicker, saving a Codable struct as JSON.
struct JSONClicker: LifecycleGame {
    struct Save: Codable, Hashable, Sendable {
        var clicks: Int64
        var inSession: Bool
    }
    var clicker = Clicker()

    var isInSession: Bool { clicker.isInSession }
    var isPaused: Bool { clicker.isPaused }
    var isRunning: Bool { clicker.isRunning }
    var steps: Int64 { clicker.steps }
    var screenName: String { clicker.screenName }
    var stateHash: String { clicker.stateHash }
    var savedState: Save { Save(clicks: clicker.clicks, inSession: clicker.isInSession) }

    mutating func perform(_ action: ClickerAction, context: ActionContext) -> String? {
        clicker.perform(action, context: context)
    }
    mutating func step() { clicker.step() }
    mutating func pause() { clicker.pause() }
    mutating func takeReports() -> [GameReport] { clicker.takeReports() }
    func relaunched() -> JSONClicker { JSONClicker() }
    func scene(status: [String], leaderboard: [String]) -> ClickerScene { clicker.scene(status: [], leaderboard: []) }

    // The whole codec: bytes of the game's own, and its names for `expect snapshot`.
    func encodeState(_ state: Save) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array((try? encoder.encode(state)) ?? Data())
    }
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> Save {
        do {
            return try JSONDecoder().decode(Save.self, from: Data(bytes))
        } catch {
            throw SnapshotDecodeError(.malformed, line: 0, message: "not the clicker's JSON")
        }
    }
    func stateValues(_ state: Save) -> [String: Int64] {
        ["clicks": state.clicks, "inSession": state.inSession ? 1 : 0]
    }

    func whyCannotRestore(_ state: Save) -> String? { state.clicks >= 0 ? nil : "clicks < 0" }
    mutating func restore(_ state: Save) -> Restored {
        clicker.restore(["clicks": state.clicks, "inSession": state.inSession ? 1 : 0])
    }
}

@Suite("A game with Codable state: its part of a save in its own bytes")
struct CodableStateTests {
    /// A session with three clicks, sent home (a quick and a full save).
    static func played(_ store: InMemorySnapshotStore) -> Runtime<JSONClicker> {
        let runtime = Runtime(profile: .ios5, game: JSONClicker(), snapshots: store).launch()
        runtime.inject(.play, at: .milliseconds(100))
        for at in [200, 300, 400] { runtime.inject(.click, at: .milliseconds(at)) }
        runtime.inject(.homePressed, at: .milliseconds(500))
        return runtime
    }

    @Test("saved in the frame as JSON, restored at the next launch, both sets of names read back")
    func roundTrip() throws {
        let store = InMemorySnapshotStore()
        let runtime = Self.played(store)
        let text = String(decoding: try #require(store.bytes), as: UTF8.self)
        #expect(
            text.hasPrefix("interlude-save 1\ngeneration=2\n") && text.contains("\n{\"clicks\":3,\"inSession\":true}\n")
        )
        let values = try runtime.storedSnapshotValues().get()
        #expect(values["clicks"] == 3 && values["inSession"] == 1 && values["generation"] == 2)
        #expect(values["timer.autosave"] != nil)
        let again = Runtime(profile: .ios5, game: JSONClicker(), snapshots: store).launch()
        #expect(again.game.clicker.clicks == 3 && again.game.isPaused && again.violations.isEmpty)
    }

    @Test("JSON that is not the game's is set aside, named by the game part's byte offset")
    func badJSONSetAside() throws {
        let store = InMemorySnapshotStore()
        _ = Self.played(store)
        let opened = try SnapshotFrame.open(try #require(store.bytes))
        let damaged = SnapshotFrame.encode(runtime: opened.runtime, game: Array("{\"clicks\":\"x\"}".utf8))
        let runtime = Runtime(
            profile: .ios5, game: JSONClicker(), snapshots: InMemorySnapshotStore(bytes: damaged)
        ).launch()
        #expect(runtime.game.clicker.clicks == 0 && !runtime.game.isInSession)
        #expect(
            runtime.transcript.lines.contains {
                $0.contains("snapshot.txt: malformed: the game's part (14 bytes at byte \(opened.gameOffset))")
            }, "\(runtime.transcript.lines)")
    }
}

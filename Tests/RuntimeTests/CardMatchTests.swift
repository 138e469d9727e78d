// CardMatchTests: multiplayer is a capability any game may have, in its own words. Snap, a tiny card game that is
// not the shooter, plays a match through the engine's in-memory match with its own message type (`SnapMessage`:
// `snap`, and its state `count N`) and its own scripted peer word (`peer snap NAME`), replayed from a script through
// InterludeTesting. It keys the other players by the server's id. The engine reads none of its messages.

import InterludeNetwork
import InterludeTesting
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

enum SnapAction: String, CaseIterable, ScriptAction {
    case sit, snap, menu

    static let peerWords = ["snap"]
}

/// What Snap's players tell each other: a snap, and every state period how many snaps the sender has made.
enum SnapMessage: MatchMessage {
    case snap
    case count(Int)

    var wireText: String {
        switch self {
        case .snap: return "snap"
        case .count(let count): return "count \(count)"
        }
    }

    init(wireText: String) throws(MatchMessageError) {
        if wireText == "snap" {
            self = .snap
        } else if wireText.hasPrefix("count "), let count = Int(wireText.dropFirst(6)), count >= 0 {
            self = .count(count)
        } else {
            throw MatchMessageError("not a Snap message: \(wireText)")
        }
    }

    func transcriptEntry(from sender: MatchPeer) -> (name: String, args: String)? {
        guard case .snap = self else { return nil }
        return ("peerSnapped", sender.name)
    }
}

/// Sit at the table (a match), snap, hear the others snap. The others are keyed by the server's id.
struct Snap: LifecycleGame, GameScene {
    var screenName = "menu", isPaused = false, steps: Int64 = 0
    var reports: [GameReport] = []
    var ourSnaps = 0, snapPending = false
    var others: [MatchPeer] = []  // in the order they joined
    var heard: [Int: Int] = [:]  // snaps heard, by sender id
    var counts: [Int: Int] = [:]  // each sender's own count, by id

    var isInSession: Bool { screenName == "table" }
    var isRunning: Bool { isInSession && !isPaused }
    var savedState: [String: Int64] { ["snaps": Int64(ourSnaps)] }
    var stateHash: String {
        var hasher = StateHasher()
        hasher.combine(Int64(ourSnaps))
        for peer in others { hasher.combine(Int64(heard[peer.id] ?? 0)) }
        return hasher.hex
    }
    var contentHash: String { stateHash }
    var exportedValues: [String: Int64] {
        [
            "peers": Int64(others.count), "heard": Int64(heard.values.reduce(0, +)), "snaps": Int64(ourSnaps),
            "counted": Int64(counts.values.reduce(0, +)),
        ]
    }

    mutating func perform(_ action: SnapAction, context: ActionContext) -> String? {
        switch action {
        case .sit where !isInSession:
            screenName = "table"
            reports.append(.sessionStarted(multiplayer: true))
        case .snap where isRunning:
            ourSnaps += 1
            snapPending = true
        case .menu where isInSession:
            leaveMatch()
            reports.append(.sessionEnded)
        default: return "\(action) cannot be played on the \(screenName) screen"
        }
        return nil
    }
    mutating func step() { steps += 1 }
    mutating func pause() { isPaused = isInSession }
    mutating func leaveMatch() {
        (screenName, others, heard, counts, snapPending) = ("menu", [], [:], [:], false)
    }
    mutating func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }

    // The match, in Snap's words.
    mutating func apply(_ event: MatchEvent<SnapMessage>) {
        switch event {
        case .joined(let peer): if !others.contains(where: { $0.id == peer.id }) { others.append(peer) }
        case .left(let peer, _):
            others.removeAll { $0.id == peer.id }
            (heard[peer.id], counts[peer.id]) = (nil, nil)
        case .message(let peer, .snap): heard[peer.id, default: 0] += 1
        case .message(let peer, .count(let count)): counts[peer.id] = count
        case .lost: leaveMatch()
        }
    }
    var matchState: SnapMessage? { isInSession ? .count(ourSnaps) : nil }
    mutating func takeMatchMessages() -> [SnapMessage] {
        defer { snapPending = false }
        return snapPending ? [.snap] : []
    }
    var peerNames: [String] { others.map(\.name) }
    var matchPilot: MatchPilot<SnapMessage> {
        MatchPilot(state: { _, _, _ in .count(1) }, says: { word, _, _, _ in word == "snap" ? .snap : nil })
    }

    func relaunched() -> Snap { Snap() }
    func scene(status: [String], leaderboard: [String]) -> Snap { self }
    // The save: named integers need no codec (LifecycleGame's default `encodeState` / `decodeState`).
    func whyCannotRestore(_ state: [String: Int64]) -> String? {
        state["snaps", default: 0] >= 0 ? nil : "negative snaps"
    }
    mutating func restore(_ state: [String: Int64]) -> Restored {
        ourSnaps = Int(state["snaps", default: 0])
        return .noSession(detail: "menu")
    }
}

@Suite("A match in a game's own words")
struct CardMatchTests {
    let table = LifecycleScenario { _ in Snap() }

    @Test("Snap plays a match through the in-memory match: its peers join, snap in its word, send states, leave")
    func snapMatch() throws {
        let result = try table.replay(
            """
            interlude-script 1
            at 0s      launched
            peer join ann
            peer join bob
            at 0.5s    sit
            at 1s      snap
            peer snap ann
            peer snap ann
            peer snap bob
            at 1.5s    snap
            expect peers 2
            expect seenBy ann
            expect game heard=3 snaps=2 counted=2
            peer leave ann
            at 2s      snap
            expect peers 1
            expect unseenBy ann
            expect game heard=1
            """, name: "snap.script")
        #expect(result.ok, "\(result)")
        let peerLines = result.transcript.lines.filter { $0.contains("peer") }
        #expect(peerLines.filter { $0.contains(#""name":"peerSnapped","args":"ann""#) }.count == 2, "\(peerLines)")
        #expect(peerLines.contains { $0.contains(#""name":"peerJoined","args":"bob""#) })
        #expect(peerLines.contains { $0.contains(#""name":"peer","args":"snap bob""#) })
        #expect(!result.transcript.lines.contains { $0.contains("count") }, "states stay out of the transcript")
        let game = try #require(result.game)
        #expect(game.others.map(\.name) == ["bob"] && game.others[0].id == 2, "ids as the server gives them")
    }

    @Test("Snap's words are its own: `peer fire` is refused at its column, with Snap's words suggested")
    func foreignPeerWord() throws {
        let error = #expect(throws: ScenarioError.self) {
            try table.replay("interlude-script 1\nat 0s launched\npeer fire ann\n", name: "fire.script")
        }
        #expect(
            "\(error!)".hasPrefix("fire.script:3:6: error: unknown peer action 'fire'"), "\(error!)")
        #expect("\(error!)".contains("expected join, leave or snap"), "\(error!)")
    }

    @Test("a game without multiplayer (HighLow's kind) refuses every peer word but join and leave")
    func noPeerWords() throws {
        let error = #expect(throws: ScriptError.self) {
            try ScriptParser.parse("interlude-script 1\npeer snap ann\n", file: "x.script", as: PlainAction.self)
        }
        #expect(error?.message.contains("expected join or leave") == true, "\(String(describing: error))")
    }
}

enum PlainAction: String, CaseIterable, ScriptAction {
    case go
}

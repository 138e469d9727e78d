// MatchPortTests: the runtime's match through the in-memory double: a session joins, the lockstep delivers at
// tick + 6, disconnectPeers closes the connection, invariant 4 reads the transport's own fact.

import GameCore
import InterludeNetwork
import Lifecycle
import Runtime
import Testing

@Suite("The match port")
struct MatchPortTests {
    /// A transport that claims a connection it never closes: invariant 4 must catch it.
    final class StuckOpen: MatchTransport {
        var isConnected = false
        var isInMatch: Bool { isConnected }
        func join(level: Int, name: String, tick: Int64) -> String? {
            isConnected = true
            return nil
        }
        func leave(tick: Int64) {}
        func exchange(tick: Int64, state: GameMessage?, outgoing: [GameMessage]) -> [MatchEvent<GameMessage>] { [] }
        func apply(_ setting: MatchSetting, tick: Int64) -> String? { nil }
        func sees(_ peer: String, tick: Int64) -> Bool? { nil }
    }

    @Test("a peer's join reaches the game 6 steps later; an interruption closes the connection and the peer sees it")
    func lockstep() {
        let runtime = launchedRuntime(.ios4)
        let match = InMemoryMatch<GameMessage>()
        runtime.useMatch(match)
        runtime.configureMatch(.peerJoin("ann"))
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        #expect(match.isConnected && runtime.peerCount == 0)
        runtime.advance(by: ms(50))  // 3 steps: not yet
        #expect(runtime.peerCount == 0)
        runtime.advance(by: ms(100))
        #expect(runtime.peerCount == 1 && runtime.isSeen(by: "ann") == true)
        runtime.inject(.smsArrived, at: ms(1000))
        #expect(!match.isConnected && runtime.peerCount == 0 && runtime.game.state.screen == .menu)
        #expect(runtime.isSeen(by: "ann") == true, "ann hears of it after the latency")
        runtime.advance(by: ms(200))
        #expect(runtime.isSeen(by: "ann") == false)
        #expect(runtime.violations.isEmpty)
    }

    @Test("invariant 4 reads the transport's connection: one left open while inactive is a violation")
    func invariantOnTheRealFact() {
        let runtime = launchedRuntime(.ios4)
        runtime.useMatch(StuckOpen())
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        runtime.inject(.smsArrived, at: ms(1000))
        #expect(runtime.violations.contains { $0.invariant == 4 })
    }

    @Test("a join refused (the server down) ends the session at once with the reason")
    func refusedJoin() {
        let runtime = launchedRuntime(.ios5)
        runtime.configureMatch(.down)
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        #expect(runtime.game.state.screen == .menu)
        #expect(runtime.game.state.notice == "match lost: the match server is down; join again from the menu")
        #expect(runtime.liveTimerCount == 0 || runtime.game.isInSession == false)
        #expect(runtime.violations.isEmpty)
    }

    @Test("one name, one player (Contract §12): a peer join or our own join with a taken key is refused, naming it")
    func namesCompareByKey() {
        let runtime = launchedRuntime(.ios5)
        let match = InMemoryMatch<GameMessage>()
        runtime.useMatch(match)
        #expect(runtime.configureMatch(.peerJoin("bob")) == nil)
        #expect(runtime.configureMatch(.peerJoin("Bob")) == "peer 'Bob' has the name of peer 'bob'")
        #expect(runtime.configureMatch(.peerJoin("PLAYER")) == "peer 'PLAYER' has the player's own name, 'player'")
        #expect(runtime.configureMatch(.peerJoin("rob")) == nil)
        runtime.inject(.play(.multiplayer, level: 1), at: ms(500))
        runtime.advance(by: ms(150))
        #expect(runtime.peerCount == 2)
        #expect(match.peers.map(\.name) == ["bob", "rob"])
        // Our own name taken by a peer of the level's match: the join is refused as the server refuses it.
        runtime.inject(.menu, at: ms(1000))
        runtime.playerName = "ROB"
        runtime.inject(.play(.multiplayer, level: 1), at: ms(1500))
        #expect(runtime.game.state.screen == .menu)
        #expect(
            runtime.game.state.notice
                == "match lost: the name is taken in the matches of level 1 by 'rob'; join again from the menu")
        #expect(runtime.violations.isEmpty)
    }
}

import Foundation
import GameCore
import InterludeNetwork
import InterludeTesting
import LeaderboardServer
import Lifecycle
import Replay
import Runtime
import Saves
import Services
import Storage
import XCTest

/// A saved single-player game worth `score` points, as a player left it. The real game scores only kills, pickups
/// and exits, so a few seconds of play earn nothing: these tests launch from this save, resume and leave for the
/// menu, which submits the score.
enum SavedGame {
    static func bytes(score: Int64 = 730) -> [UInt8] {
        var game = Game(seed: 1)  // the runtime's default levels: a launch accepts only what they allow
        game.play(.singlePlayer, level: 1, run: 42)
        var state = game.state
        state.isPaused = true
        state.score = score
        precondition(score <= game.maximumScore, "a score the level cannot give is refused at launch")
        return GameSnapshot(state: state, extras: ["generation": 1]).encoded()
    }
}

/// Scores submitted while the server is down reach it exactly once after it comes back, across the app
/// being killed and relaunched (a new runtime and a new client over the same data folder).
final class OutboxTests: XCTestCase {
    func launch(_ folder: String, _ server: EmbeddedLeaderboardServer) throws -> Runtime<Game> {
        let runtime = Runtime(profile: .ios5, seed: 3, snapshots: try FileSnapshotStore(folder: folder))
        let transport = HTTPLeaderboard(baseURL: URL(string: server.url)!, identityFolder: folder)
        runtime.useLeaderboard(transport, pacing: .virtual)
        runtime.inject(.launched, at: 0)
        return runtime
    }

    /// A server that answers 503, and an app (data in FOLDER/app) that resumed the saved game at 0.5 s and went back
    /// to the menu at 4 s: its score is in the outbox. The caller stops the server.
    func scoredWhileDown(_ name: String) throws -> (folder: String, EmbeddedLeaderboardServer, Runtime<Game>) {
        let folder = try TemporaryFolder(name).path
        let server = try EmbeddedLeaderboardServer(databasePath: folder + "/server/leaderboard.sqlite")
        server.faults.fault = .unavailable
        try FileSnapshotStore(folder: folder + "/app").save(SavedGame.bytes())
        let first = try launch(folder + "/app", server)
        first.inject(.resume, at: .seconds(0.5))
        first.inject(.menu, at: .seconds(4))
        return (folder, server, first)
    }

    func testScoresKeptWhileDownArriveOnceAfterAKillAndRelaunch() throws {
        let (folder, server, first) = try scoredWhileDown("leaderboard")
        defer { server.stop() }
        XCTAssertEqual(first.leaderboard.outbox.count, 1)
        let (key, score) = try XCTUnwrap(first.leaderboard.outbox.first)
        XCTAssertGreaterThan(score, 0)
        first.advance(to: 9_000_000_000)  // tries while the server is down: fails, keeps the score
        XCTAssertEqual(first.leaderboard.outbox[key], score)
        XCTAssertGreaterThan(first.leaderboard.delivered, 1, "it tried more than once")
        first.inject(.homePressed, at: .seconds(9))  // saves the snapshot, with the outbox
        first.inject(.purgedByOS, at: .seconds(10))  // the OS kills the suspended app
        XCTAssertEqual(first.status.state, .terminated)
        XCTAssertTrue(try server.store.allScores().isEmpty)

        server.faults.fault = .none
        let second = try launch(folder + "/app", server)
        XCTAssertEqual(second.leaderboard.outbox[key], score, "the outbox came back from the snapshot")
        second.advance(to: 3_000_000_000)
        XCTAssertTrue(second.leaderboard.outbox.isEmpty, "acknowledged")
        let stored = try server.store.allScores()
        XCTAssertEqual(stored.map(\.key), [String(key)])
        XCTAssertEqual(stored.map(\.score), [score])

        // Killed again before any new snapshot: the one on disk still lists the score; sending it again is
        // harmless, the idempotency key makes the server store it once.
        let third = try launch(folder + "/app", server)
        XCTAssertEqual(third.leaderboard.outbox[key], score)
        third.advance(to: 3_000_000_000)
        XCTAssertTrue(third.leaderboard.outbox.isEmpty)
        XCTAssertEqual(try server.store.allScores().count, 1, "stored exactly once")
        XCTAssertEqual(try server.store.playerCount(), 1, "registered once: the token is kept in the data folder")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/app/leaderboard-player.json"))

        third.inject(.openLeaderboard, at: .seconds(3.5))
        third.advance(to: 5_000_000_000)
        XCTAssertEqual(third.leaderboardTop, ["1. player  \(score)"])
    }

    /// Issue 17: each outbox score keeps the play time of its run (`outboxMs.KEY` in the snapshot), across a kill and
    /// relaunch, and the submission carries it (the server refuses a score without one).
    func testTheOutboxKeepsEachScoresPlayTimeAcrossARelaunch() throws {
        let (folder, server, first) = try scoredWhileDown("leaderboard-duration")
        defer { server.stop() }
        let key = try XCTUnwrap(first.leaderboard.outbox.keys.first)
        let milliseconds = try XCTUnwrap(first.leaderboard.outboxMilliseconds[key])
        XCTAssertEqual(milliseconds, LeaderboardClient.milliseconds(ofSteps: first.game.steps))
        XCTAssertEqual(Double(milliseconds), 3_500, accuracy: 50, "played from 0.5 s to 4 s")
        first.inject(.homePressed, at: .seconds(5))
        XCTAssertEqual(first.snapshotExtras["outboxMs.\(key)"], milliseconds)
        first.inject(.purgedByOS, at: .seconds(6))

        server.faults.fault = .none
        let second = try launch(folder + "/app", server)
        XCTAssertEqual(second.leaderboard.outboxMilliseconds[key], milliseconds, "restored from the snapshot")
        XCTAssertEqual(second.leaderboard.submission(key), .submit(score: 730, key: key, milliseconds: milliseconds))
        second.advance(to: 3_000_000_000)
        XCTAssertTrue(second.leaderboard.outbox.isEmpty)
        XCTAssertTrue(second.leaderboard.outboxMilliseconds.isEmpty)
        XCTAssertEqual(try server.store.allScores().map(\.score), [730])
    }

    /// A snapshot saved before issue 17 (an outbox score without its play time) still loads; its score is sent
    /// without a duration, refused for good (422 missingDuration), and settled rather than retried for ever.
    func testAnOutboxFromBeforeDurationsLoadsAndItsScoreIsSettled() throws {
        let server = try EmbeddedLeaderboardServer(levels: try BundledLevels.load())
        defer { server.stop() }
        let key = ScoreKey.make(level: 1, run: 7)
        let old = GameSnapshot(state: Game(seed: 1).state, extras: ["generation": 1, "outbox.\(key)": 500]).encoded()
        let runtime = Runtime(profile: .ios5, seed: 3, snapshots: InMemorySnapshotStore(bytes: old))
        runtime.useLeaderboard(HTTPLeaderboard(baseURL: URL(string: server.url)!), pacing: .virtual)
        runtime.inject(.launched, at: 0)
        XCTAssertEqual(runtime.leaderboard.outbox[key], 500, "the old snapshot loaded")
        XCTAssertNil(runtime.leaderboard.outboxMilliseconds[key])
        runtime.advance(to: 3_000_000_000)
        XCTAssertTrue(runtime.leaderboard.outbox.isEmpty, "settled")
        XCTAssertTrue(try server.store.allScores().isEmpty, "and not stored")
    }

    func testACancelledSubmissionIsSentAgainAndStoredOnce() throws {
        let server = try EmbeddedLeaderboardServer()
        defer { server.stop() }
        let runtime = Runtime(profile: .ios4, seed: 5, snapshots: InMemorySnapshotStore(bytes: SavedGame.bytes()))
        runtime.useLeaderboard(HTTPLeaderboard(baseURL: URL(string: server.url)!), pacing: .virtual)
        runtime.configureLeaderboard(.delay(1_000_000_000))
        runtime.inject(.launched, at: 0)
        runtime.inject(.resume, at: .seconds(0.5))
        runtime.inject(.menu, at: .seconds(3.5))
        runtime.advance(to: 3_600_000_000)
        XCTAssertTrue(runtime.leaderboard.isSubmitting, "the submission is in flight")
        // The HTTP request went out at once: let the server store it before the interruption cancels it.
        try waitUntil("the server to store the submission sent at 3.5 s") { try !server.store.allScores().isEmpty }
        XCTAssertEqual(try server.store.allScores().count, 1)
        runtime.inject(.smsArrived, at: .seconds(3.7))
        XCTAssertTrue(runtime.didWork("cancelLeaderboardRequests", "1 cancelled"))
        XCTAssertEqual(runtime.leaderboard.outbox.count, 1, "a cancelled submission stays in the outbox")
        runtime.inject(.smsDismissed, at: .seconds(4))
        runtime.advance(to: 6_000_000_000)
        XCTAssertTrue(runtime.leaderboard.outbox.isEmpty, "sent again once active, and acknowledged")
        XCTAssertEqual(try server.store.allScores().count, 1, "the retry carried the same key: stored once")
    }

    func testTheSameScriptTwiceGivesTheSameTranscriptWithTheRealServer() throws {
        let script = try ScriptParser.parse(
            """
            interlude-script 1
            at 0s launched
            at 0.5s resume
            at +3s menu
            leaderboard delay=300ms
            at +1s openLeaderboard
            at +0.1s lockPressed
            expect work cancelLeaderboardRequests
            at +2s unlocked
            at +1s closeLeaderboard
            capture "menu"
            """, file: "twice.script")
        var transcripts: [String] = []
        for _ in 0..<2 {
            let server = try EmbeddedLeaderboardServer()
            defer { server.stop() }
            let transport = HTTPLeaderboard(baseURL: URL(string: server.url)!)
            let result = ScriptRunner.run(
                script, snapshots: InMemorySnapshotStore(bytes: SavedGame.bytes()),
                game: { Game(seed: $0) }, configure: { $0.useLeaderboard(transport, pacing: .virtual) })
            XCTAssertTrue(result.ok, "\(result.failures)")
            XCTAssertEqual(try server.store.allScores().count, 1)
            transcripts.append(result.transcript)
        }
        XCTAssertEqual(transcripts[0], transcripts[1])
        XCTAssertTrue(transcripts[0].contains(#""detail":"1 cancelled""#))
    }
}

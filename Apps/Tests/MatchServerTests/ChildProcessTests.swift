import Foundation
import GameCore
import MatchServer
import MatchWire
import Services
import TestSupport
import XCTest

/// `interlude match bot` in a child process: it plays (moves, fires); killed with SIGKILL it is dropped at once,
/// stopped with SIGSTOP it is dropped after the idle timeout; the other player is told either way.
final class ChildProcessTests: XCTestCase {
    func startBot(_ url: String, name: String) throws -> Process {
        let bot = Process()
        bot.executableURL = BuiltProducts.interlude
        bot.arguments = ["match", "bot", "--match", url, "--name", name, "--seconds", "60"]
        bot.standardOutput = FileHandle.nullDevice
        try bot.run()
        return bot
    }

    func testBotPlaysAndIsDroppedWhenKilledOrStopped() throws {
        var policy = MatchPolicy()
        policy.idleTimeout = 1.5
        let server = try EmbeddedMatchServer(policy: policy)
        defer { server.stop() }
        let alice = try MatchConnection.connect(url: server.url, name: "alice", level: 1)
        defer { alice.close() }

        let bot = try startBot(server.url, name: "robot")
        defer { if bot.isRunning { kill(bot.processIdentifier, SIGKILL) } }
        guard
            let (joined, _) = expectEvent(
                alice, timeout: 20,
                {
                    if case .message(.joined(_, "robot")) = $0 { return true } else { return false }
                }), case .message(.joined(let botID, _)) = joined
        else { return XCTFail("the bot did not join") }
        // It walks: two states a second apart differ; it fires.
        var poses: [PeerPose] = []
        var fired = false
        let until = Date().addingTimeInterval(3)
        while Date() < until, let event = alice.next(timeout: until.timeIntervalSinceNow) {
            guard case .message(.message(botID, _, let data)) = event else { continue }
            switch try GameMessage(wireText: data) {
            case .state(let pose): poses.append(pose)
            case .shot: fired = true
            }
        }
        XCTAssertGreaterThan(poses.count, 45, "about 30 states a second")
        XCTAssertNotEqual(poses.first, poses.last, "the bot moves")
        XCTAssertTrue(fired, "the bot fires")

        kill(bot.processIdentifier, SIGKILL)
        let killedAt = Date()
        XCTAssertNotNil(
            expectEvent(alice, timeout: 3) { $0 == .message(.left(id: botID, name: "robot", reason: .dropped)) })
        XCTAssertLessThan(Date().timeIntervalSince(killedAt), 1.0, "a killed peer's socket closes: told at once")
        bot.waitUntilExit()

        let stopped = try startBot(server.url, name: "statue")
        defer {
            kill(stopped.processIdentifier, SIGKILL)
            stopped.waitUntilExit()
        }
        guard
            let (statueJoined, _) = expectEvent(
                alice, timeout: 20,
                {
                    if case .message(.joined(_, "statue")) = $0 { return true } else { return false }
                }), case .message(.joined(let statueID, _)) = statueJoined
        else { return XCTFail("the second bot did not join") }
        kill(stopped.processIdentifier, SIGSTOP)
        let stoppedAt = Date()
        XCTAssertNotNil(
            expectEvent(alice, timeout: 5) { $0 == .message(.left(id: statueID, name: "statue", reason: .timedOut)) })
        let waited = Date().timeIntervalSince(stoppedAt)
        XCTAssertGreaterThan(waited, 1.0)
        XCTAssertLessThan(waited, 1.5 + 1.0, "dropped within the idle timeout and the watch interval")
        XCTAssertTrue(alice.isConnected)
    }

    /// `interlude match serve` end to end: it listens, serves a player, and on SIGTERM tells it the server is
    /// shutting down and exits 0.
    func testServeCommandServesAndStopsOnSIGTERM() throws {
        let serve = Process()
        serve.executableURL = BuiltProducts.interlude
        serve.arguments = ["match", "serve", "--port", "0"]
        let output = Pipe()
        serve.standardOutput = output
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL) } }
        // "match server listening on ws://127.0.0.1:PORT/match"
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("/match\n"), Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"ws://127\.0\.0\.1:[0-9]+/match"#, options: .regularExpression) else {
            return XCTFail("no address in: \(text)")
        }
        let alice = try MatchConnection.connect(url: String(text[range]), name: "alice", level: 1)
        kill(serve.processIdentifier, SIGTERM)
        XCTAssertNotNil(
            expectEvent(alice, timeout: 5) {
                $0 == .closed(.refused(MatchWireError(.shutdown, "the match server is shutting down")))
            })
        alice.close()
        serve.waitUntilExit()
        XCTAssertEqual(serve.terminationStatus, 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue((text + rest).contains("match server stopped"), text + rest)
    }
}

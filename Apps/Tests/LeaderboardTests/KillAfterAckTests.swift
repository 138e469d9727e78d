import Foundation
import InterludeTesting
import LeaderboardServer
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 30: `interlude leaderboard serve` in a process of its own, killed with SIGKILL the moment it has answered a
/// 201, while more submissions are in flight, and restarted on the same database, round after round. After the last
/// restart every acknowledged score is there (sent again under its key, it answers 200, not 201) and no score is stored
/// twice (the audit holds exactly one row per key sent, the retries of keys whose answer was lost included). SQLite
/// here; PostgreSQL through `make test-postgres` (the class is in its PG_SUITES).
final class KillAfterAckTests: XCTestCase {
    static let rounds = 6
    static let inFlight = 5  // submissions sent at once in a round; the server dies after the first 201

    func testSQLiteKeepsEveryAcknowledgedScoreOnceAcrossSIGKILLs() async throws {
        let folder = try TemporaryFolder("kill-after-ack")
        defer { folder.remove() }
        try await run(database: folder.path + "/leaderboard.sqlite")
    }

    func testPostgreSQLKeepsEveryAcknowledgedScoreOnceAcrossSIGKILLs() async throws {
        guard let url = try TestDatabase.requiredPostgresURL() else { return }
        try await run(database: url)
    }

    /// A server on `database`, started as a user starts it, and the port it listens on.
    func start(_ database: String) throws -> (process: Process, base: URL) {
        let server = Process()
        server.executableURL = BuiltProducts.interlude
        server.arguments = ["leaderboard", "serve", "--port", "0", "--db", database]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        // The first line says where it listens; a server that says nothing within 60 s fails the test.
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while !text.contains("\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "http://"), let line = text[range.lowerBound...].split(separator: " ").first,
            let base = URL(string: String(line))
        else {
            kill(server.processIdentifier, SIGKILL)
            // A server that cannot start again on its database after a SIGKILL is the very failure this test is
            // for: it fails, never skips.
            XCTFail("the server did not start on \(database) (it did not say where it listens): \(text)")
            throw KillAfterAckFailure.serverDidNotStart
        }
        return (server, base)
    }

    func run(database: String) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        let session = URLSession(configuration: configuration)
        var acknowledged: Set<String> = []
        var sent: [(player: TwoServerTests.Player, key: String)] = []
        var kills = 0
        for round in 0..<Self.rounds {
            let (server, base) = try start(database)
            defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
            let (status, data) = try await TwoServerTests.post(
                session, base.appendingPathComponent("v1/players"), #"{"name":"killed \#(round)"}"#, [:])
            XCTAssertEqual(status, 201)
            let player = try JSONDecoder().decode(TwoServerTests.Player.self, from: data)
            // Submissions in flight at once; the first 201 kills the server, the others may or may not land.
            let keys = (0..<Self.inFlight).map { "r\(round)-\($0)" }
            sent += keys.map { (player, $0) }
            let killer = Locked(false)
            await withTaskGroup(of: (String, Int?).self) { group in
                for (index, key) in keys.enumerated() {
                    group.addTask {
                        let body = #"{"level":1,"score":\#(100 + index),"milliseconds":60000}"#
                        let headers = ["Authorization": "Bearer \(player.token)", "Idempotency-Key": key]
                        let answer = try? await TwoServerTests.post(
                            session, base.appendingPathComponent("v1/players/\(player.id)/scores"), body, headers)
                        if answer?.0 == 201,
                            killer.withValue({ killed -> Bool in
                                defer { killed = true }
                                return !killed
                            })
                        {
                            kill(server.processIdentifier, SIGKILL)
                        }
                        return (key, answer?.0)
                    }
                }
                for await (key, status) in group where status == 201 || status == 200 { acknowledged.insert(key) }
            }
            server.waitUntilExit()
            XCTAssertEqual(server.terminationReason, .uncaughtSignal, "round \(round): the server was killed")
            kills += 1
        }
        print("kill-after-ack: \(kills) kills, \(acknowledged.count) of \(sent.count) acknowledged")
        XCTAssertEqual(kills, Self.rounds)
        XCTAssertGreaterThanOrEqual(acknowledged.count, Self.rounds, "at least the 201 that killed each round")

        // After the last restart: every acknowledged key is stored (200), every lost one is stored now (201).
        let (server, base) = try start(database)
        for (player, key) in sent {
            let headers = ["Authorization": "Bearer \(player.token)", "Idempotency-Key": key]
            let index = Int(key.split(separator: "-")[1])!
            let body = #"{"level":1,"score":\#(100 + index),"milliseconds":60000}"#
            let (status, _) = try await TwoServerTests.post(
                session, base.appendingPathComponent("v1/players/\(player.id)/scores"), body, headers)
            if acknowledged.contains(key) {
                XCTAssertEqual(status, 200, "\(key) was acknowledged before a SIGKILL: it must be stored")
            } else {
                XCTAssertTrue(status == 200 || status == 201, "\(key): \(status)")
            }
        }
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()

        // The audit: one row per key sent, none twice.
        let store = try LeaderboardStore(database: database)
        defer { store.close() }
        let rows = try store.allScores()
        let keys = rows.map(\.key)
        XCTAssertEqual(rows.count, sent.count, "every key sent is stored exactly once")
        XCTAssertEqual(Set(keys).count, keys.count, "no key twice")
        XCTAssertEqual(Set(keys), Set(sent.map(\.key)))
    }
}

/// The server did not start (reported with XCTFail before it is thrown).
enum KillAfterAckFailure: Error {
    case serverDidNotStart
}

import Foundation
import LeaderboardServer
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two servers sharing one PostgreSQL database (what `make test-postgres` runs, with `LEADERBOARD_TEST_POSTGRES`
/// set): submissions spread over both, every tenth sent to BOTH at once under the same key (a retry that went to
/// the other server while the first answer was lost), then an audit: every accepted key stored exactly once, and
/// both servers answer the same top list and ranks. The full 10,000 + 1,000 is the load benchmark's
/// (`leaderboard-load --db postgres://... --servers 2`, Benchmarks/README.md).
/// `make test` runs this class only inside `make test-postgres` (the plain run passes `--skip TwoServerTests`).
final class TwoServerTests: XCTestCase {
    func testTwoServersOnOnePostgreSQLStoreEachSubmissionOnceAndAgree() async throws {
        guard let url = try TestDatabase.requiredPostgresURL() else { return }
        let policy = LeaderboardPolicy.unlimited
        let levels = try BundledLevels.load()
        let stores = try (0..<2).map { _ in
            try LeaderboardStore(postgres: url, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
        }
        let servers = try stores.map { try EmbeddedLeaderboardServer(store: $0, levels: levels, policy: policy) }
        defer {
            for server in servers { server.stop() }
            for store in stores { store.close() }
        }
        let bases = servers.map { URL(string: $0.url)! }
        let (clients, perClient) = (20, 100)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = clients * 2
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)

        let reports = try await withThrowingTaskGroup(of: (accepted: [String], created: Int, duplicates: Int).self) {
            group in
            for client in 0..<clients {
                group.addTask {
                    let home = bases[client % 2]
                    let (status, data) = try await Self.post(
                        session, home.appendingPathComponent("v1/players"), #"{"name":"two \#(client)"}"#, [:])
                    XCTAssertEqual(status, 201)
                    let player = try JSONDecoder().decode(Player.self, from: data)
                    var (accepted, created, duplicates) = ([String](), 0, 0)
                    for number in 0..<perClient {
                        let key = "t\(client)-\(number)"
                        let body = #"{"level":\#(1 + number % 3),"score":\#(number * 37 % 1_000),"milliseconds":60000}"#
                        let headers = ["Authorization": "Bearer \(player.token)", "Idempotency-Key": key]
                        let path = "v1/players/\(player.id)/scores"
                        // Every tenth goes to both servers at once; the others alternate.
                        let targets = number % 10 == 9 ? bases : [bases[(client + number) % 2]]
                        let statuses = try await withThrowingTaskGroup(of: Int.self) { sends in
                            for base in targets {
                                sends.addTask {
                                    try await Self.post(session, base.appendingPathComponent(path), body, headers).0
                                }
                            }
                            return try await sends.reduce(into: [Int]()) { $0.append($1) }.sorted()
                        }
                        XCTAssertEqual(statuses, targets.count == 2 ? [200, 201] : [201], key)
                        created += statuses.filter { $0 == 201 }.count
                        duplicates += statuses.filter { $0 == 200 }.count
                        accepted.append(key)
                    }
                    return (accepted, created, duplicates)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let accepted = reports.flatMap(\.accepted)
        XCTAssertEqual(accepted.count, clients * perClient)
        XCTAssertEqual(reports.map(\.created).reduce(0, +), clients * perClient)
        XCTAssertEqual(reports.map(\.duplicates).reduce(0, +), clients * perClient / 10)

        // Each server stored what came while its previous call was under way in one call (group commit).
        let counts = stores.map(\.commitCounts)
        XCTAssertEqual(counts.map(\.submissions).reduce(0, +), clients * perClient * 11 / 10)
        XCTAssertLessThan(
            counts.map(\.transactions).reduce(0, +), clients * perClient, "submissions shared calls: \(counts)")
        // The audit, read through either server's store: each accepted key exactly once, nothing else.
        for store in stores {
            let keys = try store.allScores().map(\.key)
            XCTAssertEqual(keys.count, accepted.count, "no submission doubled")
            XCTAssertEqual(Set(keys), Set(accepted), "none lost, none unexpected")
        }
        // Both servers agree on every level's top list and on every player's rank.
        for level in 1...3 {
            let tops = try await servers.asyncMap { try await $0.store.top(level: level, limit: 100) }
            XCTAssertEqual(tops[0], tops[1])
            XCTAssertEqual(tops[0].count, clients, "every player has a best on level \(level)")
            for entry in tops[0] {
                let ranks = try await stores.asyncMap { try await $0.rank(player: entry.player, level: level) }
                XCTAssertEqual(ranks[0]?.score, entry.score)
                // The counts of players per best score, moved by both servers' batches, give the true rank.
                XCTAssertEqual(
                    ranks[0]?.rank, 1 + tops[0].filter { $0.score > entry.score }.count,
                    "player \(entry.player) level \(level)")
                XCTAssertEqual(ranks[0]?.rank, ranks[1]?.rank)
                XCTAssertEqual(ranks[0]?.score, ranks[1]?.score)
            }
        }
    }

    /// A submission PostgreSQL refuses (a level past its integer range, which the routes never send but the store's
    /// API takes) fails alone: its call is rolled back and each of its submissions sent again on its own.
    func testASubmissionPostgreSQLRefusesFailsAloneInItsCall() async throws {
        guard let url = try TestDatabase.requiredPostgresURL() else { return }
        let store = try LeaderboardStore(postgres: url)
        defer { store.close() }
        var registered: [(Int64, String)] = []
        for index in 0..<5 {
            let player = try await store.register(name: "alone \(index)")
            let unwrapped = try XCTUnwrap(player)
            registered.append((unwrapped.id, LeaderboardStore.tokenDigest(unwrapped.token)))
        }
        let (players, refused) = (registered, 17)
        let results = await submitAtOnce(40) { number in
            let (id, digest) = players[number % players.count]
            return try await store.submit(
                player: id, tokenDigest: digest, level: number == refused ? Int(Int32.max) + 1 : 1,
                score: Int64(number), key: "a\(number)")
        }
        for (number, result) in results {
            switch result {
            case .success(let outcome): XCTAssertEqual(outcome, .stored, "\(number)")
            case .failure(let error):
                XCTAssertEqual(number, refused, "only the refused submission fails: \(error)")
                XCTAssertTrue("\(error)".contains("out of range"), "\(error)")
            }
        }
        if case .success = results[refused] { XCTFail("the submission PostgreSQL refused was acknowledged") }
        let stored = try store.allScores()
        XCTAssertEqual(stored.count, 39)
        XCTAssertFalse(stored.contains { $0.key == "a\(refused)" })
    }

    struct Player: Decodable {
        let id: Int64
        let token: String
    }

    static func post(_ session: URLSession, _ url: URL, _ body: String, _ headers: [String: String]) async throws
        -> (Int, Data)
    {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

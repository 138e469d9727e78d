// leaderboard-load: a load test of the leaderboard service through real sockets on loopback.
// Starts an embedded server over a SQLite file in a fresh temporary folder, registers C players, then C
// concurrent clients (closed loop, one request at a time each) send N score submissions in all; every 10th
// is sent twice with the same Idempotency-Key, as a client retrying after a lost answer would. Prints
// throughput and latency percentiles, then audits the database: every accepted submission stored exactly
// once, none lost, none doubled. Exits 1 if the audit fails.
//   swift run -c release leaderboard-load [--clients 50] [--submissions 10000] [--rank 1000000] [--queries 2000]
//       [--db postgres://USER@HOST:PORT/DB [--servers 2]]
// With --db, the servers store in that PostgreSQL database (a fresh schema of it), --servers of them in this process
// on one database; client C talks to server C mod N and sends its retries to the next one, so every retry crosses
// servers; the same-run reference is then PostgreSQL's own: single-row INSERT transactions from as many
// connections as clients (PostgresReference.swift).
// Before the load it measures SQLite alone with the same durability (the same-run references); after it, with
// --rank, the rank of random players among that many seeded best scores (RankBenchmark.swift).
// (Benchmarks/README.md has the numbers and the machine.)

import Foundation
import GameCore
import LeaderboardServer
import Services

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct Options {
    var clients = 50
    var submissions = 10_000
    var rank = 1_000_000  // best scores seeded for the rank benchmark (0: skip it)
    var queries = 2_000
    var database: String?  // a postgres:// URL (nil: SQLite in a temporary folder)
    var servers = 1

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            if flag == "--db", let url = rest.popFirst(), LeaderboardStore.isPostgres(url) {
                database = url
                continue
            }
            guard let value = rest.popFirst().flatMap(Int.init), value >= 0 else { usage() }
            switch flag {
            case "--servers" where (1...8).contains(value): servers = value
            case "--clients" where value > 0: clients = value
            case "--submissions" where value > 0: submissions = value
            case "--rank": rank = value
            case "--queries" where value > 0: queries = value
            default: usage()
            }
        }
    }

    func usage() -> Never {
        print(
            "usage: leaderboard-load [--clients N] [--submissions N] [--rank ROWS (0: skip)] [--queries N] "
                + "[--db postgres://USER@HOST:PORT/DB [--servers N (1-8)]]")
        exit(2)
    }
}

struct Registered: Decodable {
    let id: Int64
    let token: String
}

/// What one client saw.
struct ClientReport: Sendable {
    var latencies: [Double] = []  // seconds per request
    var accepted: [String] = []  // idempotency keys answered 201 or 200
    var created = 0  // 201
    var duplicates = 0  // 200
    var failures: [String] = []
}

func post(_ session: URLSession, _ url: URL, _ body: Data, headers: [String: String]) async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

func runClient(_ index: Int, count: Int, bases: [URL], session: URLSession) async -> ClientReport {
    let base = bases[index % bases.count]
    let retryBase = bases[(index + 1) % bases.count]
    var report = ClientReport()
    do {
        let (status, data) = try await post(
            session, base.appendingPathComponent("v1/players"), Data(#"{"name":"load \#(index)"}"#.utf8), headers: [:])
        guard status == 201 else { throw URLError(.badServerResponse) }
        let player = try JSONDecoder().decode(Registered.self, from: data)
        let url = base.appendingPathComponent("v1/players/\(player.id)/scores")
        let clock = ContinuousClock()
        for number in 0..<count {
            let key = "c\(index)-s\(number)"
            // Plausible scores only: every level's maximum is above 1,000.
            let body = Data(#"{"level":\#(1 + number % 3),"score":\#(number * 37 % 1_000),"milliseconds":60000}"#.utf8)
            let sends = number % 10 == 9 ? 2 : 1
            for send in 0..<sends {
                let started = clock.now
                let target = send == 0 ? url : retryBase.appendingPathComponent("v1/players/\(player.id)/scores")
                let (status, _) = try await post(
                    session, target, body, headers: ["Authorization": "Bearer \(player.token)", "Idempotency-Key": key])
                let elapsed = started.duration(to: clock.now)
                report.latencies.append(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                switch status {
                case 201: report.created += 1
                case 200: report.duplicates += 1
                default: report.failures.append("\(key): HTTP \(status)")
                }
            }
            report.accepted.append(key)
        }
    } catch {
        report.failures.append("client \(index): \(error)")
    }
    return report
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

let options = Options(CommandLine.arguments)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leaderboard-load-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
// The game's levels; no rate limits (50 clients on one address send thousands of submissions a second).
// The same-run references: SQLite alone on the same disk with the same durability.
let loop: Double
if let database = options.database {
    loop = try await PostgresReference.insertLoop(
        url: database, count: options.submissions, connections: options.clients)
    print(
        String(
            format: "reference: bare PostgreSQL INSERT, one transaction each, %d connections at once: %.0f inserts/s",
            options.clients, loop))
} else {
    loop = try Reference.insertLoop(folder: folder, count: 2_000)
    let batched = try Reference.batchedLoop(folder: folder, count: options.submissions, batch: options.clients)
    print(String(format: "reference: bare SQLite insert loop, one fsynced transaction each: %.0f inserts/s", loop))
    print(
        String(
            format: "reference: the same inserts %d to a transaction (group commit's ceiling): %.0f inserts/s",
            options.clients, batched))
}
let levels = try LevelFiles.load(from: try AssetDirectory.locate())
let stores: [LeaderboardStore]
if let database = options.database {
    let url = database + (database.contains("?") ? "&" : "?") + "schema=load\(getpid())"
    stores = try (0..<options.servers).map { _ in try LeaderboardStore(postgres: url) }
} else {
    stores = [try LeaderboardStore(path: folder.appendingPathComponent("load.sqlite").path)]
}
let servers = try stores.map { try EmbeddedLeaderboardServer(store: $0, levels: levels, policy: .unlimited) }
let server = servers[0]
let bases = servers.map { URL(string: $0.url)! }
let configuration = URLSessionConfiguration.ephemeral
configuration.httpMaximumConnectionsPerHost = options.clients
configuration.timeoutIntervalForRequest = 60
let session = URLSession(configuration: configuration)

print(
    "leaderboard-load: \(options.submissions) submissions from \(options.clients) concurrent clients to "
        + servers.map(\.url).joined(separator: " and ") + " (\(server.store.engineName))")
let started = Date()
let reports = await withTaskGroup(of: ClientReport.self) { group in
    for index in 0..<options.clients {
        let share = options.submissions / options.clients + (index < options.submissions % options.clients ? 1 : 0)
        group.addTask { await runClient(index, count: share, bases: bases, session: session) }
    }
    var all: [ClientReport] = []
    for await report in group { all.append(report) }
    return all
}
let seconds = Date().timeIntervalSince(started)
let latencies = reports.flatMap(\.latencies).sorted()
let failures = reports.flatMap(\.failures)
let accepted = reports.flatMap(\.accepted)
let requests = latencies.count
print(String(format: "requests %d in %.2f s: %.0f requests/s", requests, seconds, Double(requests) / seconds))
print(
    String(
        format: "latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f", percentile(latencies, 0.5) * 1000,
        percentile(latencies, 0.9) * 1000, percentile(latencies, 0.99) * 1000, (latencies.last ?? 0) * 1000))
print(
    "answers: \(reports.map(\.created).reduce(0, +)) created (201), \(reports.map(\.duplicates).reduce(0, +)) "
        + "duplicates (200), \(failures.count) failed")
for failure in failures.prefix(10) { print("  failure: \(failure)") }

// The audit: the database holds each accepted key exactly once and nothing else.
let stored = try server.store.allScores()
let storedKeys = stored.map(\.key)
let distinct = Set(storedKeys)
let lost = Set(accepted).subtracting(distinct)
let doubled = storedKeys.count - distinct.count
let unexpected = distinct.subtracting(accepted)
print(
    "audit: \(accepted.count) accepted, \(stored.count) rows, \(lost.count) lost, \(doubled) doubled, "
        + "\(unexpected.count) unexpected")
let commits = stores.map(\.commitCounts).reduce((transactions: 0, submissions: 0)) {
    ($0.transactions + $1.transactions, $0.submissions + $1.submissions)
}
print(
    String(
        format: "group commit: %d submissions in %d transactions (%.1f a transaction); server / loop reference %.2fx",
        commits.submissions, commits.transactions, Double(commits.submissions) / Double(max(1, commits.transactions)),
        Double(requests) / seconds / loop))
if servers.count > 1 {
    print("per server: " + stores.map { "\($0.commitCounts.submissions) submissions" }.joined(separator: ", "))
}
for server in servers { server.stop() }
for store in stores { store.close() }
let rankOK =
    options.rank == 0
    ? true : try await RankBenchmark.run(rows: options.rank, queries: options.queries, folder: folder, levels: levels)
let ok =
    rankOK && failures.isEmpty && lost.isEmpty && doubled == 0 && unexpected.isEmpty
    && accepted.count == options.submissions
print(ok ? "PASS" : "FAIL")
exit(ok ? 0 : 1)

// leaderboard-load: a load test of the leaderboard service through real sockets on loopback.
// Starts the server in its own process (this executable with `--serve`, ServerProcess.swift) over a SQLite file in
// a fresh temporary folder, then C concurrent clients (ClosedLoopHTTP.swift: one thread, keep-alive connections,
// closed loop, one request at a time each) register C players and send N score submissions in all; every 10th is
// sent twice with the same Idempotency-Key, as a client retrying after a lost answer would. Prints throughput,
// latency percentiles and the CPU time each side used, then audits the database: every accepted submission stored
// exactly once, none lost, none doubled. Exits 1 if the audit fails.
//   swift run -c release leaderboard-load [--clients 50] [--submissions 10000] [--rank 1000000] [--queries 2000]
//       [--db postgres://USER@HOST:PORT/DB [--servers 2]]
//   swift run -c release leaderboard-load --slowloris [--addresses 66] [--per-address 64] [--probes 50]
// (--slowloris: the distributed slowloris check of issue 28, Slowloris.swift.)
// With --db, the servers store in that PostgreSQL database (a fresh schema of it), --servers processes on one
// database; client C talks to server C mod N and sends its retries to the next one, so every retry crosses
// servers; the same-run reference is then PostgreSQL's own: single-row INSERT transactions from as many
// connections as clients (PostgresReference.swift).
// The same-run references: SQLite alone with the same durability, one transaction per insert and 50 per
// transaction, and the store alone without HTTP (Reference.swift); the same server answering `GET /health` to the
// same clients (HTTP alone). After the load, with --rank, the rank of random players among that many seeded best
// scores, in the store and through the server (RankBenchmark.swift).
// (Benchmarks/README.md has the numbers and the machine.)

import Foundation
import GameCore
import LeaderboardServer
import ShooterPlatform

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

/// One simulated client: registers, then sends its share of submissions one at a time; every tenth twice under the
/// same Idempotency-Key (the second time to the next server when there are several, as a client retrying after a
/// lost answer would).
struct LoadClient {
    let index: Int
    let count: Int
    let retryVia: Int  // the connection retries go on (1: the next server; 0: the same one)
    var player: Registered?
    var number = 0
    var sentTwice = false
    var latencies: [Double] = []
    var accepted: [String] = []  // idempotency keys answered 201 or 200
    var created = 0  // 201
    var duplicates = 0  // 200
    var failures: [String] = []

    init(index: Int, count: Int, retryVia: Int) {
        self.index = index
        self.count = count
        self.retryVia = retryVia
        latencies.reserveCapacity(count + count / 10 + 1)
    }

    /// The next request after `answer` (nil: the first), or nil when done.
    mutating func next(_ answer: HTTPAnswer?) -> OutgoingRequest? {
        guard let answer else {
            return ClosedLoopHTTP.request("POST", "/v1/players", json: #"{"name":"load \#(index)"}"#)
        }
        guard player != nil else {
            guard answer.status == 201,
                let registered = try? JSONDecoder().decode(Registered.self, from: Data(answer.body))
            else {
                failures.append("client \(index): registration answered HTTP \(answer.status)")
                return nil
            }
            player = registered
            return submission(via: 0)
        }
        latencies.append(answer.seconds)
        let key = "c\(index)-s\(number)"
        switch answer.status {
        case 201: created += 1
        case 200: duplicates += 1
        default: failures.append("\(key): HTTP \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
        }
        if number % 10 == 9, !sentTwice {
            sentTwice = true
            return submission(via: retryVia)
        }
        accepted.append(key)
        sentTwice = false
        number += 1
        return number < count ? submission(via: 0) : nil
    }

    private func submission(via: Int) -> OutgoingRequest {
        let player = self.player!
        // Plausible scores only: every level's maximum is above 1,000.
        return ClosedLoopHTTP.request(
            "POST", "/v1/players/\(player.id)/scores",
            headers: [("Authorization", "Bearer \(player.token)"), ("Idempotency-Key", "c\(index)-s\(number)")],
            json: #"{"level":\#(1 + number % 3),"score":\#(number * 37 % 1_000),"milliseconds":60000}"#, via: via)
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

if CommandLine.arguments.count == 3, ["--serve", "--serve-public"].contains(CommandLine.arguments[1]) {
    try ServeChild.run(database: CommandLine.arguments[2], public: CommandLine.arguments[1] == "--serve-public")
}
if CommandLine.arguments.dropFirst().first == "--slowloris" {
    try SlowlorisCheck.run(Array(CommandLine.arguments.dropFirst(2)))
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
    let storeAlone = try await StoreReference.run(folder: folder, count: options.submissions, clients: options.clients)
    print(
        String(
            format: "reference: the store alone (no HTTP), %d tasks submitting: %.0f submissions/s, %.0f us cpu each",
            options.clients, storeAlone.perSecond, storeAlone.cpuPerSubmission * 1e6))
}
let levels = try LevelFiles.load(from: try AssetDirectory.locate())
let databases: [String]
if let database = options.database {
    let url = database + (database.contains("?") ? "&" : "?") + "schema=load\(getpid())"
    databases = Array(repeating: url, count: options.servers)
} else {
    databases = [folder.appendingPathComponent("load.sqlite").path]
}
// The first server creates the schema; the others start once it listens.
var servers = [try ServerProcess(database: databases[0])]
for database in databases.dropFirst() { servers.append(try ServerProcess(database: database)) }
let engine = options.database == nil ? "sqlite" : "postgresql"
print(
    "leaderboard-load: \(options.submissions) submissions from \(options.clients) concurrent clients to "
        + servers.map { "http://127.0.0.1:\($0.port)" }.joined(separator: " and ") + " (\(engine), server in its own "
        + "process\(servers.count > 1 ? "es" : ""))")
// The same-run reference for HTTP: the same server process answering `GET /health` (no body to read, no database)
// to the same clients, as many requests: what HTTP alone costs here, the ceiling for any endpoint.
let health: (perSecond: Double, p99: Double, cpu: Double) = try {
    let cpu = servers.map { $0.cpuSeconds() ?? 0 }.reduce(0, +)
    var remaining = Array(repeating: options.submissions / options.clients + 1, count: options.clients)
    var latencies: [Double] = []
    let started = ClosedLoopHTTP.nanoseconds()
    try ClosedLoopHTTP(ports: (0..<options.clients).map { [servers[$0 % servers.count].port] }).run { index, answer in
        if let answer {
            guard answer.status == 200 else {
                throw ClosedLoopError.malformed(client: index, "health \(answer.status)")
            }
            latencies.append(answer.seconds)
        }
        guard remaining[index] > 0 else { return nil }
        remaining[index] -= 1
        return ClosedLoopHTTP.request("GET", "/health")
    }
    let seconds = Double(ClosedLoopHTTP.nanoseconds() - started) / 1e9
    latencies.sort()
    let used = servers.map { $0.cpuSeconds() ?? 0 }.reduce(0, +) - cpu
    return (Double(latencies.count) / seconds, percentile(latencies, 0.99), used / Double(max(1, latencies.count)))
}()
print(
    String(
        format:
            "reference: GET /health from the same clients to the same server: %.0f requests/s, p99 %.2f ms, "
            + "server cpu %.0f us a request", health.perSecond, health.p99 * 1000, health.cpu * 1e6))
let serverCPUBefore = servers.map { $0.cpuSeconds() ?? 0 }.reduce(0, +)
var clients = (0..<options.clients).map { index in
    LoadClient(
        index: index,
        count: options.submissions / options.clients + (index < options.submissions % options.clients ? 1 : 0),
        retryVia: servers.count > 1 ? 1 : 0)
}
let ports = (0..<options.clients).map { index in
    servers.count > 1
        ? [servers[index % servers.count].port, servers[(index + 1) % servers.count].port]
        : [servers[0].port]
}
let generatorCPU = ProcessCPU.seconds()
let started = ClosedLoopHTTP.nanoseconds()
var loadError: (any Error)?
do {
    try ClosedLoopHTTP(ports: ports).run { index, answer in clients[index].next(answer) }
} catch {
    loadError = error
}
let seconds = Double(ClosedLoopHTTP.nanoseconds() - started) / 1e9
let generatorSeconds = ProcessCPU.seconds() - generatorCPU
let serverCPU = servers.map { $0.cpuSeconds() ?? 0 }.reduce(0, +) - serverCPUBefore
// The log is copied into the database in the background (GroupCommitter): it must stay bounded under steady load.
let walBytes = (try? FileManager.default.attributesOfItem(atPath: databases[0] + "-wal")[.size] as? Int) ?? nil
let serverReports = servers.map { $0.stop() }
let latencies = clients.flatMap(\.latencies).sorted()
let failures = clients.flatMap(\.failures) + (loadError.map { ["load: \($0)"] } ?? [])
let accepted = clients.flatMap(\.accepted)
let requests = latencies.count
print(String(format: "requests %d in %.2f s: %.0f requests/s", requests, seconds, Double(requests) / seconds))
print(
    String(
        format: "latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f", percentile(latencies, 0.5) * 1000,
        percentile(latencies, 0.9) * 1000, percentile(latencies, 0.99) * 1000, (latencies.last ?? 0) * 1000))
print(
    String(
        format:
            "cpu: server %.2f s (%.0f us a request), load generator %.2f s (%.0f us a request), of %.2f s x 2 cores",
        serverCPU, serverCPU / Double(max(1, requests)) * 1e6, generatorSeconds,
        generatorSeconds / Double(max(1, requests)) * 1e6, seconds))
if let walBytes, options.database == nil {
    print(String(format: "write-ahead log at the end of the load: %.1f MB", Double(walBytes) / 1e6))
}
print(
    "answers: \(clients.map(\.created).reduce(0, +)) created (201), \(clients.map(\.duplicates).reduce(0, +)) "
        + "duplicates (200), \(failures.count) failed")
for failure in failures.prefix(10) { print("  failure: \(failure)") }

// The audit: the database holds each accepted key exactly once and nothing else.
let auditStore = try LeaderboardStore(database: databases[0])
let stored = try auditStore.allScores()
auditStore.close()
let storedKeys = stored.map(\.key)
let distinct = Set(storedKeys)
let lost = Set(accepted).subtracting(distinct)
let doubled = storedKeys.count - distinct.count
let unexpected = distinct.subtracting(accepted)
print(
    "audit: \(accepted.count) accepted, \(stored.count) rows, \(lost.count) lost, \(doubled) doubled, "
        + "\(unexpected.count) unexpected")
let transactions = serverReports.map(\.transactions).reduce(0, +)
let submitted = serverReports.map(\.submissions).reduce(0, +)
print(
    String(
        format: "group commit: %d submissions in %d transactions (%.1f a transaction); server / loop reference %.2fx",
        submitted, transactions, Double(submitted) / Double(max(1, transactions)), Double(requests) / seconds / loop))
if servers.count > 1 {
    print("per server: " + serverReports.map { "\($0.submissions) submissions" }.joined(separator: ", "))
}
let rankOK =
    options.rank == 0
    ? true : try await RankBenchmark.run(rows: options.rank, queries: options.queries, folder: folder, levels: levels)
let ok =
    rankOK && failures.isEmpty && lost.isEmpty && doubled == 0 && unexpected.isEmpty
    && accepted.count == options.submissions
print(ok ? "PASS" : "FAIL")
try? FileManager.default.removeItem(at: folder)  // exit skips the `defer` above
exit(ok ? 0 : 1)

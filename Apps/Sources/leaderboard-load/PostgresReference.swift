// The same-run reference for PostgreSQL: what the database itself does with the server's durability (its defaults:
// fsync on, synchronous_commit on, so every commit waits for its WAL flush; concurrent commits share flushes),
// without HTTP or the server's logic: single-row INSERT transactions from `connections` connections at once.

import Foundation
import PostgresNIO

enum PostgresReference {
    static func insertLoop(url: String, count: Int, connections: Int) async throws -> Double {
        let parts = URLComponents(string: url)
        var configuration = PostgresClient.Configuration(
            host: parts?.host ?? "127.0.0.1", port: parts?.port ?? 5432, username: parts?.user ?? "postgres",
            password: parts?.password,
            database: parts.map { String($0.path.dropFirst()) }.flatMap { $0.isEmpty ? nil : $0 },
            tls: .disable)
        configuration.options.maximumConnections = connections
        let client = PostgresClient(configuration: configuration)
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        let table = "reference_\(getpid())"
        try await client.query(
            PostgresQuery(
                unsafeSQL: "CREATE TABLE \(table) (id bigserial PRIMARY KEY, playerid bigint, level int, score bigint)")
        )
        let clock = ContinuousClock()
        let started = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<connections {
                group.addTask {
                    for number in stride(from: worker, to: count, by: connections) {
                        try await client.query(
                            PostgresQuery(
                                unsafeSQL: "INSERT INTO \(table) (playerid, level, score) VALUES ($1, $2, $3)",
                                binds: {
                                    var binds = PostgresBindings()
                                    binds.append(number % 50)
                                    binds.append(1 + number % 3)
                                    binds.append(number % 1000)
                                    return binds
                                }()))
                    }
                }
            }
            try await group.waitForAll()
        }
        let rate = Double(count) / elapsedSeconds(started.duration(to: clock.now))
        try await client.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
        return rate
    }
}

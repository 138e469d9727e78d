import ArgumentParser
import Foundation
import GameCore
import InterludeCLI
import LeaderboardServer
import ShooterPlatform
import Storage

/// `interlude leaderboard`: the global leaderboard service.
struct LeaderboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "The global leaderboard service (HTTP JSON over SQLite or PostgreSQL).",
        subcommands: [Serve.self])

    /// `interlude leaderboard serve`.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the leaderboard API until SIGINT or SIGTERM (then shut down gracefully).",
            discussion: """
                API (JSON bodies, JSON errors {"error":{"status","code","message"}}):
                  POST /v1/players {"name"}
                      register: 201 {"id","name","token"}
                  POST /v1/players/ID/scores {"level","score","milliseconds"}
                      submit, with the headers Authorization: Bearer TOKEN and Idempotency-Key: KEY: 201, or 200 if KEY was already stored
                  GET  /v1/levels/LEVEL/top?limit=N
                      the top N (the best score of each player)
                  GET  /v1/levels/LEVEL/players/ID/rank
                      a player's rank

                Point the game at it with `interlude play --leaderboard http://HOST:PORT`.

                The database is a SQLite file by default. With --db postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable] it is PostgreSQL, and several servers may share it (behind one balancer): a submission sent to two of them under the same Idempotency-Key is stored once, and they answer the same top lists and ranks.

                It faces the open internet, so it refuses what the game cannot produce: a level the game does not have, or more points than the levels up to it can give (read from the level files, --assets, by the game's own scoring rules), or in less play than its levels' fastest possible clears allow (422); a name already taken, ignoring case (409). Registrations and submissions are rate-limited per client address and per player (429 with Retry-After); an Idempotency-Key is remembered for --key-lifetime hours. Connections idle for --idle-timeout seconds, or whose request is not read within 10 s of its head, are closed; at most --max-connections are open (and at most the descriptor limit less 64), --max-connections-per-address from one address, and 1,024 from one network (IPv4 /24, IPv6 /48). On SIGTERM requests in flight get --shutdown-grace seconds, then the rest are closed.
                """)

        @Option(help: "Port to listen on (0: a free one).")
        var port: Int = 8080

        @Option(help: "Address to listen on.")
        var host: String = "127.0.0.1"

        @Option(
            help: "The database: a SQLite file (default: leaderboard.sqlite in the data folder), or a postgres:// URL.")
        var db: String?

        @Option(help: "Assets folder whose Levels/*.level the scores are checked against (default: the game's).")
        var assets: String?

        @Option(help: "Seconds a connection may stay idle (partial headers included) before it is closed.")
        var idleTimeout: Double = 10

        @Option(help: "Seconds SIGTERM lets requests in flight finish before the rest are closed.")
        var shutdownGrace: Double = 5

        @Option(help: "The most connections open at once.")
        var maxConnections: Int = 4096

        @Option(help: "The most connections open at once from one client address (IPv6: one /64).")
        var maxConnectionsPerAddress: Int = 64

        @Option(help: "Hours an Idempotency-Key is remembered.")
        var keyLifetime: Double = 168

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0...65535") }
            for (name, value, range) in [
                ("--idle-timeout", idleTimeout, 0.1...3600), ("--shutdown-grace", shutdownGrace, 0...600),
                ("--key-lifetime", keyLifetime, 0.01...87600),
                ("--max-connections", Double(maxConnections), 1...1_000_000),
                ("--max-connections-per-address", Double(maxConnectionsPerAddress), 1...1_000_000),
            ] where !range.contains(value) {
                throw ValidationError("\(name) must be within \(range.lowerBound)...\(range.upperBound), not \(value)")
            }
        }

        /// The limits from the options.
        var policy: LeaderboardPolicy {
            var policy = LeaderboardPolicy()
            policy.idleTimeout = idleTimeout
            policy.shutdownGrace = shutdownGrace
            policy.maximumConnections = maxConnections
            policy.maximumConnectionsPerAddress = maxConnectionsPerAddress
            policy.idempotencyKeyLifetime = keyLifetime * 3600
            return policy
        }

        func run() throws {
            let path = db ?? FileSnapshotStore.defaultFolder() + "/leaderboard.sqlite"
            do {
                if LeaderboardStore.isPostgres(path) {
                    try LeaderboardStore.checkPostgresURL(path)
                } else {
                    if db == nil { try HostPaths.prepareFolder(FileSnapshotStore.defaultFolder()) }
                    try HostPaths.checkOutputFile(path)
                }
            } catch {
                throw ValidationError("--db: \(error)")
            }
            let levels: [Level]
            do {
                levels = try LevelFiles.load(from: try AssetDirectory.locate(assets))
            } catch {
                throw ValidationError("--assets: \(error)")
            }
            let (host, port, policy) = (self.host, self.port, self.policy)
            let finished = DispatchSemaphore(value: 0)
            let failure = LockedText()
            Task.detached {
                do {
                    try await LeaderboardServer.run(
                        host: host, port: port, database: path, levels: levels, policy: policy)
                } catch {
                    failure.set("\(error)")
                }
                finished.signal()
            }
            finished.wait()
            if let message = failure.get() {
                sayError("interlude leaderboard serve: \(message)")
                throw Exit.failed
            }
        }
    }
}

/// A string shared with a background task.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String? { lock.withLock { text } }
}

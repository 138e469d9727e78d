import ArgumentParser
import Foundation
import LeaderboardServer
import Services

/// `interlude leaderboard`: the global leaderboard service.
struct LeaderboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "The global leaderboard service (HTTP JSON over SQLite).",
        subcommands: [Serve.self])

    /// `interlude leaderboard serve`.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the leaderboard API until SIGINT or SIGTERM (then shut down gracefully).",
            discussion: """
                API (JSON bodies, JSON errors {"error":{"status","code","message"}}):
                  POST /v1/players {"name"}                           register → 201 {"id","name","token"}
                  POST /v1/players/ID/scores {"level","score"}        submit; headers Authorization: Bearer TOKEN
                                                                      and Idempotency-Key: KEY → 201, or 200 if
                                                                      KEY was already stored
                  GET  /v1/levels/LEVEL/top?limit=N                   top N (best per player)
                  GET  /v1/levels/LEVEL/players/ID/rank               a player's rank
                Point the game at it with `interlude play --leaderboard http://HOST:PORT`.
                """)

        @Option(help: "Port to listen on (0: a free one).")
        var port: Int = 8080

        @Option(help: "Address to listen on.")
        var host: String = "127.0.0.1"

        @Option(help: "SQLite database file (default: leaderboard.sqlite in the data folder).")
        var db: String?

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0...65535") }
        }

        func run() throws {
            let path = db ?? FileSnapshotStore.defaultFolder() + "/leaderboard.sqlite"
            do {
                if db == nil { try HostPaths.prepareFolder(FileSnapshotStore.defaultFolder()) }
                try HostPaths.checkOutputFile(path)
            } catch {
                throw ValidationError("--db: \(error)")
            }
            let (host, port) = (self.host, self.port)
            let finished = DispatchSemaphore(value: 0)
            let failure = LockedText()
            Task.detached {
                do { try await LeaderboardServer.run(host: host, port: port, databasePath: path) } catch {
                    failure.set("\(error)")
                }
                finished.signal()
            }
            finished.wait()
            if let message = failure.get() {
                FileHandle.standardError.write(Data("interlude leaderboard serve: \(message)\n".utf8))
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

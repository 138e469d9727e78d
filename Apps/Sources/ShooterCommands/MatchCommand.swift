import ArgumentParser
import Foundation
import GameCore
import InterludeCLI
import MatchServer
import MatchWire
import Runtime
import Services
import ShooterPlatform

/// `interlude match`: the multiplayer match server, and a bot to play with.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "The multiplayer match server (WebSocket), and a headless bot player.",
        discussion: """
            Players join the match of a level (and, optionally, a room) on a match server, see each other's moves and shots, and are told when one leaves. The protocol (JSON over WebSocket at /match, version \(MatchProtocol.version)) is in Assets/match-protocol.md.

            Examples:
              interlude match serve --port 7070
              interlude play --match ws://127.0.0.1:7070/match
              interlude match bot --match ws://127.0.0.1:7070/match --level 1 --name robot
            """,
        subcommands: [Serve.self, Bot.self])

    /// `interlude match serve`.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve matches until SIGINT or SIGTERM (every player is then told the server is shutting down).",
            discussion: """
                Matches live in memory: a match exists while a player is in it. A player silent for --idle-timeout seconds (clients ping every second) is dropped and the others are told 'timedOut'; one whose connection ends without a goodbye is 'dropped'. Anything malformed, from a newer protocol version, too large (over \(MatchProtocol.maximumMessageBytes) bytes a message, \(MatchProtocol.maximumFrameBytes) a frame) or too fast is answered with an error naming what was wrong, and that connection alone is closed.
                """)

        @Option(help: "Port to listen on (0: a free one).")
        var port: Int = 7070

        @Option(help: "Address to listen on.")
        var host: String = "127.0.0.1"

        @Option(help: "Seconds a player may stay silent before it is dropped.")
        var idleTimeout: Double = 5

        @Option(help: "The most players in one match.")
        var maxPlayers: Int = 8

        @Option(help: "The most matches at once.")
        var maxMatches: Int = 1024

        @Option(help: "The most connections at once.")
        var maxConnections: Int = 4096

        @Option(help: "The most connections one client holds at once (by address: IPv4 /32, IPv6 /64).")
        var maxConnectionsPerAddress: Int = 64

        @Option(help: "The most connections one network holds at once (IPv4 /24, IPv6 /48).")
        var maxConnectionsPerNetwork: Int = 1024

        @Option(help: "Seconds a new connection has to say hello (pings do not extend it).")
        var helloTimeout: Double = 5

        @Option(help: "Seconds a connection has to join a match after hello or a leave (pings do not extend it).")
        var joinTimeout: Double = 5

        @Option(help: "The most seats one client (by address) holds in a level's default matches.")
        var maxSeatsPerAddress: Int = 4

        @Option(help: "The most named rooms one client (by address) has opened at once.")
        var maxRoomsPerAddress: Int = 16

        @Option(help: "The most seats one network (IPv4 /24, IPv6 /48) holds in a level's default matches.")
        var maxSeatsPerNetwork: Int = 16

        @Option(help: "The most matches one network (IPv4 /24, IPv6 /48) has opened at once, rooms and default ones.")
        var maxMatchesPerNetwork: Int = 32

        func validate() throws {
            guard (0...65535).contains(port) else {
                throw ValidationError("--port: \(port) is not a port (0 to 65535)")
            }
            guard idleTimeout > 0, idleTimeout <= 3600 else {
                throw ValidationError("--idle-timeout: \(idleTimeout) s; give 0 to 3600 seconds")
            }
            guard helloTimeout > 0, helloTimeout <= 3600 else {
                throw ValidationError("--hello-timeout: \(helloTimeout) s; give 0 to 3600 seconds")
            }
            guard joinTimeout > 0, joinTimeout <= 3600 else {
                throw ValidationError("--join-timeout: \(joinTimeout) s; give 0 to 3600 seconds")
            }
            for (name, value) in [
                ("--max-players", maxPlayers), ("--max-matches", maxMatches), ("--max-connections", maxConnections),
                ("--max-connections-per-address", maxConnectionsPerAddress),
                ("--max-seats-per-address", maxSeatsPerAddress), ("--max-rooms-per-address", maxRoomsPerAddress),
                ("--max-connections-per-network", maxConnectionsPerNetwork),
                ("--max-seats-per-network", maxSeatsPerNetwork), ("--max-matches-per-network", maxMatchesPerNetwork),
            ]
            where value < 1 {
                throw ValidationError("\(name): \(value); give at least 1")
            }
        }

        var policy: MatchPolicy {
            var policy = MatchPolicy()
            policy.idleTimeout = idleTimeout
            policy.maximumPlayersPerMatch = maxPlayers
            policy.maximumMatches = maxMatches
            policy.maximumConnections = maxConnections
            policy.maximumConnectionsPerAddress = maxConnectionsPerAddress
            policy.maximumConnectionsPerNetwork = maxConnectionsPerNetwork
            policy.helloTimeout = helloTimeout
            policy.joinTimeout = joinTimeout
            policy.maximumDefaultSeatsPerAddress = maxSeatsPerAddress
            policy.maximumRoomsPerAddress = maxRoomsPerAddress
            policy.maximumDefaultSeatsPerNetwork = maxSeatsPerNetwork
            policy.maximumMatchesPerNetwork = maxMatchesPerNetwork
            return policy
        }

        func run() throws {
            let (host, port, policy) = (self.host, self.port, self.policy)
            let finished = DispatchSemaphore(value: 0)
            let failure = LockedText()
            Task.detached {
                do {
                    try await MatchServer.run(host: host, port: port, policy: policy)
                } catch {
                    failure.set("\(error)")
                }
                finished.signal()
            }
            finished.wait()
            if let message = failure.get() {
                sayError("interlude match serve: \(message)")
                throw Exit.failed
            }
        }
    }

    /// `interlude match bot`.
    struct Bot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Join a match as a headless bot that walks, turns and fires, so one person has someone to play with.",
            discussion: """
                The bot tours the open cells of its level (the same walk as a replay's scripted peers: GameCore's BotPilot, starting where its name puts it), facing where it walks, and fires every 1.5 s; it sends its state 30 times a second. Its moves depend only on its tick (deterministic). It prints who joins and leaves. It stops on Ctrl+C (saying goodbye), after --seconds, or when the server ends the connection (exit 1, with the reason).
                """)

        @Option(help: "The match server's URL (ws://HOST:PORT/match).")
        var match: String

        @Option(help: "The level to play (1 = the first level file).")
        var level: Int = 1

        @Option(help: "The bot's name in the match.")
        var name: String = "bot"

        @Option(help: "The room within the level's matches (empty: the level's main match).")
        var room: String = ""

        @Option(help: "Stop after this many seconds (0: until Ctrl+C or the match ends).")
        var seconds: Double = 0

        @Option(help: "Assets folder whose Levels/*.level the bot walks (default: the game's).")
        var assets: String?

        func validate() throws {
            guard seconds >= 0 else { throw ValidationError("--seconds: \(seconds); give 0 or more") }
            do { try validateMatchName(name) } catch { throw ValidationError("--name: \(error.message)") }
        }

        func run() throws {
            let levels: [Level]
            do {
                levels = try LevelFiles.load(from: try AssetDirectory.locate(assets))
            } catch {
                throw ValidationError("--assets: \(error)")
            }
            guard levels.indices.contains(level - 1) else {
                throw ValidationError("--level: \(level); the game has levels 1 to \(levels.count)")
            }
            let pilot = BotPilot(level: levels[level - 1], name: name)
            let connection: MatchConnection
            do {
                connection = try MatchConnection.connect(url: match, name: name, level: level, room: room)
            } catch {
                sayError("interlude match bot: \(error)")
                throw Exit.failed
            }
            say("\(name) joined the match of level \(level) at \(connection.url) as player \(connection.playerID)")
            fflush(nil)
            let stop = BotStop()
            stop.installOnInterrupt()
            let start = Date()
            var tick: Int64 = 0
            while true {
                if stop.requested || (seconds > 0 && Date().timeIntervalSince(start) >= seconds) {
                    connection.close()
                    say("\(name) left")
                    return
                }
                for event in connection.poll() {
                    switch event {
                    case .message(.joined(_, let other)): say("\(other) joined")
                    case .message(.left(_, let other, let reason)): say("\(other) left (\(reason.rawValue))")
                    case .message(.error(let code, let message)): say("server: \(message) (\(code.rawValue))")
                    case .closed(let closure):
                        sayError("interlude match bot: \(closure)")
                        throw Exit.failed
                    case .message: break
                    }
                }
                fflush(nil)
                // The game's axes on the wire: x east, y = the game's z, angle = the game's yaw.
                let pose = pilot.pose(at: tick)
                connection.send(.send(tick: tick, data: GameMessage.state(pose).wireText))
                if pilot.fires(at: tick) { connection.send(.send(tick: tick, data: GameMessage.shot(pose).wireText)) }
                tick += 2  // 60 simulation steps a second, a state every second step: 30 a second
                let due = start.addingTimeInterval(Double(tick) / 60)
                let wait = due.timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
        }
    }
}

/// Ctrl+C asks the bot to leave politely.
final class BotStop: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    private var sources: [DispatchSourceSignal] = []

    var requested: Bool { lock.withLock { flag } }

    func installOnInterrupt() {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in lock.withLock { flag = true } }
            source.resume()
            sources.append(source)
        }
    }
}

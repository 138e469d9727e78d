import Foundation
import GameCore
import MatchServer
import Replay
import Runtime
import Services
import Synchronization

/// A replay's match: an embedded match server on loopback (one per script, as the leaderboard has) and the
/// lockstep transport whose scripted peers are real clients of it in this process. `match down` stops the
/// server, `match up` starts it again on the same port. Scripts that never play a match get the in-memory one
/// (no server started).
final class MatchHarness: Sendable {
    private let server: Mutex<EmbeddedMatchServer?>
    let port: Int

    /// The replay server's limits (`MatchPolicy.replay`).
    static var replayPolicy: MatchPolicy { .replay }

    /// True when `script` plays a match or has match lines.
    static func needsServer(_ script: Replay.Script<GameAction>) -> Bool {
        script.lines.contains {
            switch $0.command {
            case .match: return true
            case .action(_, .play(.multiplayer, _)): return true
            default: return false
            }
        }
    }

    init() throws {
        let server = try EmbeddedMatchServer(port: 0, policy: Self.replayPolicy)
        port = server.port
        self.server = Mutex(server)
    }

    /// The transport for one replay on `levels`.
    func transport(levels: [Level]) -> SocketMatchTransport<GameMessage> {
        let url = server.withLock { $0?.url } ?? "ws://127.0.0.1:\(port)/match"
        return SocketMatchTransport(
            url: url, pilot: BotPilot.matchPilot(levels: levels),
            control: SocketMatchTransport<GameMessage>.ServerControl(
                down: { [self] in server.withLock { $0 }?.stop() },
                up: { [self] in
                    let restarted = try EmbeddedMatchServer(port: port, policy: Self.replayPolicy)
                    server.withLock { $0 = restarted }
                    return restarted.url
                }))
    }

    func stop() { server.withLock { $0 }?.stop() }
}

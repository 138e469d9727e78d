import Foundation
import GameCore
import MatchServer
import Replay
import Runtime
import Services

/// A replay's match: an embedded match server on loopback (one per script, as the leaderboard has) and the
/// lockstep transport whose scripted peers are real clients of it in this process. `match down` stops the
/// server, `match up` starts it again on the same port. Scripts that never play a match get the in-memory one
/// (no server started).
final class MatchHarness: Sendable {
    private let server: RestartableMatchServer

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

    init() throws { server = try RestartableMatchServer(policy: .replay) }

    /// The transport for one replay on `levels`.
    func transport(levels: [Level]) -> SocketMatchTransport<GameMessage> {
        SocketMatchTransport(
            url: server.url, pilot: BotPilot.matchPilot(levels: levels),
            control: SocketMatchTransport<GameMessage>.ServerControl(down: server.stop, up: server.restart))
    }

    func stop() { server.stop() }
}

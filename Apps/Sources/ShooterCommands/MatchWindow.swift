import Foundation
import GameCore
import MatchServer
import Services

/// The window's match: the server at `--match`, or the machine's shared one on 127.0.0.1:`defaultPort`, started
/// inside this process when no other window runs it (so that two windows meet without a flag). A window whose
/// embedded server others use takes the match down with it when it quits: the others see "match lost".
final class MatchWindow {
    static let defaultPort = 7797
    let transport: SocketMatchTransport<GameMessage>
    let server: EmbeddedMatchServer?

    init(url: String?) throws {
        if let url {
            server = nil
            transport = SocketMatchTransport(url: url)
            return
        }
        // Port taken: another window (or `interlude match serve --port 7797`) serves it. Every window and bot of a
        // desktop match is on loopback: one address may take every seat.
        var policy = MatchPolicy()
        policy.maximumDefaultSeatsPerAddress = policy.maximumPlayersPerMatch
        server = try? EmbeddedMatchServer(port: Self.defaultPort, policy: policy)
        transport = SocketMatchTransport(url: "ws://127.0.0.1:\(Self.defaultPort)/match")
    }

    func close() {
        transport.close()
        server?.stop()
    }
}

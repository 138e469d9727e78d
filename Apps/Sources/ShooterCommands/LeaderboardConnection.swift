import Foundation
import GameCore
import InterludeCLI
import LeaderboardServer
import Runtime
import Services

/// The game's leaderboard for one run: the real client, and the embedded server it talks to unless a
/// `--leaderboard URL` names another.
final class LeaderboardConnection {
    let transport: HTTPLeaderboard
    let server: EmbeddedLeaderboardServer?

    /// Connects to `url`, or starts an embedded server on loopback (database at `databasePath`, nil: in
    /// memory). A script's `leaderboard down`/`up` switch the embedded server's faults.
    /// `replaying`: answers are taken in virtual time, so a cancel only drops the answer (see
    /// `HTTPLeaderboard.cancelsExchanges`); the window cancels the exchange itself. `levels`: the game's, whose
    /// scores the embedded server checks.
    init(url: String?, databasePath: String?, identityFolder: String?, levels: [Level], replaying: Bool = false) throws
    {
        if let url {
            server = nil
            transport = HTTPLeaderboard(baseURL: try Self.baseURL(url), identityFolder: identityFolder)
            return
        }
        let server = try EmbeddedLeaderboardServer(databasePath: databasePath, levels: levels)
        let faults = server.faults
        self.server = server
        // A replay audits the embedded server's own tables (CONTRACT §6.11): the real store, not a fake's count.
        transport = HTTPLeaderboard(
            baseURL: URL(string: server.url)!, identityFolder: identityFolder, cancelsExchanges: !replaying,
            auditor: replaying ? server.store.auditor : nil,
            onSetting: { setting in
                switch setting {
                case .down: faults.fault = .unavailable
                case .up: faults.fault = .none
                case .delay, .pending: break  // kept by the runtime's client
                }
            })
    }

    /// The server address in `text`, which must be an http(s) URL with a host (`--leaderboard`).
    static func baseURL(_ text: String) throws -> URL { try LeaderboardAddress.parse(text) }

    /// Shuts the client down (requests still out are cancelled, without waiting), then stops the embedded server
    /// (gracefully), if any.
    func close() {
        transport.close()
        server?.stop()
    }
}

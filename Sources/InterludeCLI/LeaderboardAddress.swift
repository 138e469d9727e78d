// LeaderboardAddress: `--leaderboard URL` (replay's, and a game's own commands'): the server a game's entry connects
// its replays to (GameEntry.connections). Checked before anything runs, so a typo exits 2 (Docs/Contract.md §9).

import Foundation

/// The address of a leaderboard server given on the command line.
public enum LeaderboardAddress {
    /// The server address in `text`, which must be an http:// or https:// URL with a host.
    public static func parse(_ text: String) throws -> URL {
        guard let base = URL(string: text), base.scheme == "http" || base.scheme == "https", base.host != nil else {
            throw LeaderboardAddressError(text: text)
        }
        return base
    }
}

/// `--leaderboard` was not an http(s) URL.
public struct LeaderboardAddressError: Error, CustomStringConvertible {
    /// What the user gave.
    public let text: String
    public var description: String { "--leaderboard must be an http:// or https:// URL with a host, not '\(text)'" }
}

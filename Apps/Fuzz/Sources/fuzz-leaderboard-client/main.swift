// fuzz-leaderboard-client: what the game's leaderboard client (Services' HTTPLeaderboard) reads from outside, on
// any bytes. The first byte picks what the rest is:
//   0  the body of a 200 answer to `GET /v1/levels/:level/top`
//   1  the body of a 201 answer to `POST /v1/players` (the identity the client keeps)
//   2  an identity file as the client finds it on disk
//   3  names for a top list the server writes (its own RankedScore, encoded as the server does), read back
// Properties beyond "no crash":
//   - a top list gives 1 to 5 lines, none with a control character or a name of more than 24 characters;
//   - an identity the client accepts can be sent (an id > 0, a token of 1-256 visible ASCII characters for the
//     Authorization header), and is saved and read back unchanged (what it keeps, it can load again);
//   - every top list the server can write is read, line for line, as the screen shows it.

import Foundation
import FuzzSupport
import LeaderboardServer
import Runtime
import Services

func checkTop(_ result: LeaderboardResult) {
    switch result {
    case .failed(.fetchTop): return
    case .top(let lines):
        fuzzCheck((1...5).contains(lines.count), "\(lines.count) lines")
        for line in lines {
            fuzzCheck(
                !line.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "a line with a control character: \(line.debugDescription)")
            fuzzCheck(line.count <= 24 + 50, "a line of \(line.count) characters")
        }
    default: fuzzCheck(false, "a top-list answer gave \(result)")
    }
}

func checkIdentity(_ identity: PlayerIdentity) {
    // What the client keeps, it sends: the id in a URL path, the token in the Authorization header.
    fuzzCheck(identity.id > 0, "an identity with id \(identity.id) was accepted")
    fuzzCheck(
        (1...256).contains(identity.token.utf8.count) && identity.token.utf8.allSatisfy { (0x21...0x7E).contains($0) },
        "an identity with token \(identity.token.debugDescription) was accepted: it cannot be sent in a header")
    guard let saved = try? JSONEncoder().encode(identity) else { return fuzzCheck(false, "cannot encode \(identity)") }
    fuzzCheck((try? PlayerIdentity.decoded(from: [UInt8](saved))) == identity, "the saved identity does not load")
}

struct ServerTop: Encodable {
    let level: Int
    let entries: [RankedScore]
}

fuzz { bytes in
    guard let mode = bytes.first else { return }
    let rest = Data(bytes.dropFirst())
    switch mode % 4 {
    case 0:
        checkTop(HTTPLeaderboard.topResult(status: 200, body: rest))
    case 1:
        if let identity = HTTPLeaderboard.registeredIdentity(status: 201, body: rest) { checkIdentity(identity) }
        fuzzCheck(HTTPLeaderboard.registeredIdentity(status: 200, body: rest) == nil, "a 200 registered a player")
    case 2:
        if let identity = try? PlayerIdentity.decoded(from: [UInt8](rest)) { checkIdentity(identity) }
    default:
        let names = String(decoding: rest, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let entries = names.prefix(8).enumerated().map { index, name in
            RankedScore(rank: index + 1, player: Int64(index + 1), name: String(name), score: Int64(1000 - index))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let body = try? encoder.encode(ServerTop(level: 1, entries: entries)) else {
            return fuzzCheck(false, "cannot encode \(entries)")
        }
        let result = HTTPLeaderboard.topResult(status: 200, body: body)
        let expected =
            entries.isEmpty
            ? ["no scores yet"]
            : entries.prefix(5).map { "\($0.rank). \(HTTPLeaderboard.shown($0.name))  \($0.score)" }
        fuzzCheck(result == .top(expected), "the server's top list read as \(result), not \(expected)")
        checkTop(result)
    }
}

// fuzz-leaderboard-server: the leaderboard server's request bodies (Sources/LeaderboardServer/Validation.swift:
// the JSON decoding and checks every POST body passes before it reaches the store) on any bytes. The first byte
// picks the route: even `POST /v1/players` ({"name"}), odd `POST /v1/players/:id/scores` ({"level","score"}).
// Properties beyond "no crash":
//   - a refusal is a 400 with a stable code (invalidJSON, invalidName, invalidLevel, invalidScore);
//   - what is accepted is what the checks allow: a name of 1-24 ASCII letters, digits, space and _ - . ' with no
//     space at either end, that the name check accepts unchanged; a level in 1...99; a score in 0...maxScore.

import Foundation
import FuzzSupport
import LeaderboardServer

let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.'".unicodeScalars)

func checkRefusal(_ error: any Error, _ codes: Set<String>) {
    guard let error = error as? APIError else { return fuzzCheck(false, "not an APIError: \(error)") }
    fuzzCheck(error.status.code == 400, "status \(error.status.code) for \(error.code)")
    fuzzCheck(codes.contains(error.code), "unexpected code \(error.code): \(error.message)")
}

fuzz { bytes in
    guard let route = bytes.first else { return }
    let body = Data(bytes.dropFirst())
    if route % 2 == 0 {
        let name: String
        do {
            name = try Validation.registration(body: body)
        } catch {
            return checkRefusal(error, ["invalidJSON", "invalidName"])
        }
        fuzzCheck((1...24).contains(name.count), "a name of \(name.count) characters was accepted")
        fuzzCheck(name.unicodeScalars.allSatisfy(nameCharacters.contains), "a name with other characters: \(name)")
        fuzzCheck(name.first != " " && name.last != " ", "a name with spaces at an end: '\(name)'")
        fuzzCheck((try? Validation.name(name)) == name, "the name check changes an accepted name: '\(name)'")
    } else {
        let submission: (level: Int, score: Int64)
        do {
            submission = try Validation.submission(body: body)
        } catch {
            return checkRefusal(error, ["invalidJSON", "invalidLevel", "invalidScore"])
        }
        fuzzCheck((1...Validation.maxLevel).contains(submission.level), "level \(submission.level) was accepted")
        fuzzCheck((0...Validation.maxScore).contains(submission.score), "score \(submission.score) was accepted")
    }
}

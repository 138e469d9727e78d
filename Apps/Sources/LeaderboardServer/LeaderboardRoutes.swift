// LeaderboardRoutes: the HTTP JSON API.
//   POST /v1/players                         {"name"}                  → 201 {"id","name","token"}
//                                                                        409 name taken (ignoring case)
//   POST /v1/players/:id/scores    {"level","score","milliseconds"}    → 201 stored, 200 duplicate
//        Authorization: Bearer <token>, Idempotency-Key: <key>          401 no/malformed/unknown token, 403 another's,
//                                                                        409 key reused with another score,
//                                                                        422 unknown level, implausible score,
//                                                                            run too short or without duration
//   GET  /v1/levels/:level/top?limit=N                                  → 200 {"level","entries":[…]}
//   GET  /v1/levels/:level/players/:id/rank                             → 200 {"level","player","rank","score"}
//   GET  /health                                                        → 200 {"status":"ok"}
// Every write is rate-limited (429 with Retry-After). The cheap checks come first: the address's limit, then the
// token's shape (64 hex digits: a 70 KB token is refused without hashing it), then its digest and the player's
// limit, then the body, the rules and only then the database.

import Foundation
import Hummingbird

struct RegisterBody: Decodable { let name: String }
struct SubmitBody: Decodable {
    let level: Int
    let score: Int64
}
/// The whole body of a submission, decoded once: with the run's duration, milliseconds of play (optional in the
/// JSON: a submission without it is refused by the rules).
struct SubmitBodyWithDuration: Decodable {
    let level: Int
    let score: Int64
    let milliseconds: Int64?
}
struct TopAnswer: Codable, Sendable {
    let level: Int
    let entries: [RankedScore]
}
struct RankAnswer: Codable, Sendable {
    let level: Int
    let player: Int64
    let rank: Int
    let score: Int64
}
struct SubmitAnswer: Codable, Sendable {
    let stored: Bool
    let duplicate: Bool
}

/// What the routes share: the store, the score rules and the rate limits.
struct LeaderboardService: Sendable {
    let store: any ScoreStore
    let rules: ScoreRules
    let registrations: RateLimiter
    let submissionsByAddress: RateLimiter
    let submissionsByPlayer: RateLimiter

    init(store: any ScoreStore, rules: ScoreRules, policy: LeaderboardPolicy) {
        self.store = store
        self.rules = rules
        registrations = RateLimiter(policy.registration, clock: policy.clock)
        submissionsByAddress = RateLimiter(policy.submissionsPerAddress, clock: policy.clock)
        submissionsByPlayer = RateLimiter(policy.submissionsPerPlayer, clock: policy.clock)
    }
}

enum LeaderboardRoutes {
    static func add(to router: Router<LeaderboardContext>, service: LeaderboardService) {
        let store = service.store
        router.get("health") { _, _ in json(.ok, ["status": "ok"]) }
        router.post("v1/players") { request, context in
            if let wait = service.registrations.take(context.clientKey) {
                throw APIError.tooMany("registrations from this address", retryAfter: wait)
            }
            let name = try Validation.registration(body: try await Validation.body(of: request))
            guard let player = try await store.register(name: name) else {
                throw APIError(.conflict, "nameTaken", "the name '\(name)' is taken (names ignore case)")
            }
            return json(.created, player)
        }
        router.post("v1/players/:id/scores") { request, context in
            if let wait = service.submissionsByAddress.take(context.clientKey) {
                throw APIError.tooMany("submissions from this address", retryAfter: wait)
            }
            let player = try pathNumber(context, "id")
            let token = try Validation.token(request.headers[.authorization])
            let key = try Validation.idempotencyKey(
                request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value)
            let digest = TokenHash.sha256(token)
            // Keyed by the token too: requests with someone else's id and a wrong token never use up their budget.
            if let wait = service.submissionsByPlayer.take("\(player) \(digest.prefix(16))") {
                throw APIError.tooMany("submissions for this player", retryAfter: wait)
            }
            let (level, score, milliseconds) = try Validation.submissionWithDuration(
                body: try await Validation.body(of: request))
            if let refusal = service.rules.whyImplausible(level: level, score: score) { throw refusal }
            if let refusal = service.rules.whyTooFast(level: level, score: score, milliseconds: milliseconds) {
                throw refusal
            }
            switch try await store.submit(player: player, tokenDigest: digest, level: level, score: score, key: key) {
            case .stored: return answer(.created, storedAnswer)
            case .duplicate: return answer(.ok, duplicateAnswer)
            case .conflict:
                throw APIError(.conflict, "keyReused", "this Idempotency-Key was used for another submission")
            case .unauthorized: throw APIError(.unauthorized, "badToken", "the token is not valid")
            case .forbidden: throw APIError(.forbidden, "notYourPlayer", "the token belongs to another player")
            }
        }
        router.get("v1/levels/:level/top") { request, context in
            let level = try knownLevel(context, service.rules)
            let limitText = request.uri.queryParameters.get("limit") ?? "10"
            guard let limit = Int(limitText), (1...Validation.maxTop).contains(limit) else {
                throw APIError(.badRequest, "invalidLimit", "limit must be within 1...\(Validation.maxTop)")
            }
            return json(.ok, TopAnswer(level: level, entries: try await store.top(level: level, limit: limit)))
        }
        router.get("v1/levels/:level/players/:id/rank") { _, context in
            let level = try knownLevel(context, service.rules)
            let player = try pathNumber(context, "id")
            guard let (rank, score) = try await store.rank(player: player, level: level) else {
                throw APIError(.notFound, "noScore", "player \(player) has no score on level \(level)")
            }
            return json(.ok, RankAnswer(level: level, player: player, rank: rank, score: score))
        }
    }

    /// The path's level: a number (else 400), and one of the game's (else 404).
    static func knownLevel(_ context: LeaderboardContext, _ rules: ScoreRules) throws -> Int {
        let level = try Validation.level(context.parameters.get("level"))
        guard rules.knows(level) else {
            throw APIError(
                .notFound, "unknownLevel", "level \(level) is not a level of this game (1...\(rules.levelCount))")
        }
        return level
    }

    static func pathNumber(_ context: LeaderboardContext, _ name: String) throws -> Int64 {
        guard let text = context.parameters.get(name), text.utf8.count <= 19, let value = Int64(text), value > 0 else {
            throw APIError(.badRequest, "invalidPath", "'\(name)' must be a positive number")
        }
        return value
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        answer(status, ByteBuffer(bytes: (try? JSONEncoder.sorted.encode(value)) ?? Data("{}".utf8)))
    }

    static func answer(_ status: HTTPResponse.Status, _ body: ByteBuffer) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }

    /// The two answers of a submission accepted, encoded once (the most frequent answers by far).
    static let storedAnswer = ByteBuffer(
        bytes: (try? JSONEncoder.sorted.encode(SubmitAnswer(stored: true, duplicate: false))) ?? Data())
    static let duplicateAnswer = ByteBuffer(
        bytes: (try? JSONEncoder.sorted.encode(SubmitAnswer(stored: false, duplicate: true))) ?? Data())
}

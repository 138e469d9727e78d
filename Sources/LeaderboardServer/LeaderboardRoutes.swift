// LeaderboardRoutes: the HTTP JSON API.
//   POST /v1/players                         {"name"}                  → 201 {"id","name","token"}
//   POST /v1/players/:id/scores              {"level","score"}         → 201 stored, 200 duplicate
//        Authorization: Bearer <token>, Idempotency-Key: <key>          401 no/unknown token, 403 another's,
//                                                                        409 key reused with another score
//   GET  /v1/levels/:level/top?limit=N                                  → 200 {"level","entries":[…]}
//   GET  /v1/levels/:level/players/:id/rank                             → 200 {"level","player","rank","score"}
//   GET  /health                                                        → 200 {"status":"ok"}

import Foundation
import Hummingbird

struct RegisterBody: Decodable { let name: String }
struct SubmitBody: Decodable {
    let level: Int
    let score: Int64
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

enum LeaderboardRoutes {
    static func add(to router: Router<BasicRequestContext>, store: LeaderboardStore) {
        router.get("health") { _, _ in json(.ok, ["status": "ok"]) }
        router.post("v1/players") { request, _ in
            let body = try await Validation.decode(RegisterBody.self, from: request)
            let player = try await store.register(name: try Validation.name(body.name))
            return json(.created, player)
        }
        router.post("v1/players/:id/scores") { request, context in
            let player = try pathNumber(context, "id")
            guard let token = bearerToken(request) else {
                throw APIError(.unauthorized, "missingToken", "send Authorization: Bearer <token>")
            }
            let key = try Validation.idempotencyKey(
                request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value)
            let body = try await Validation.decode(SubmitBody.self, from: request)
            let level = try Validation.level(String(body.level))
            let score = try Validation.score(body.score)
            switch try await store.submit(player: player, token: token, level: level, score: score, key: key) {
            case .stored: return json(.created, SubmitAnswer(stored: true, duplicate: false))
            case .duplicate: return json(.ok, SubmitAnswer(stored: false, duplicate: true))
            case .conflict:
                throw APIError(.conflict, "keyReused", "this Idempotency-Key was used for another submission")
            case .unauthorized: throw APIError(.unauthorized, "badToken", "the token is not valid")
            case .forbidden: throw APIError(.forbidden, "notYourPlayer", "the token belongs to another player")
            }
        }
        router.get("v1/levels/:level/top") { request, context in
            let level = try Validation.level(context.parameters.get("level"))
            let limitText = request.uri.queryParameters.get("limit") ?? "10"
            guard let limit = Int(limitText), (1...Validation.maxTop).contains(limit) else {
                throw APIError(.badRequest, "invalidLimit", "limit must be within 1...\(Validation.maxTop)")
            }
            return json(.ok, TopAnswer(level: level, entries: try await store.top(level: level, limit: limit)))
        }
        router.get("v1/levels/:level/players/:id/rank") { _, context in
            let level = try Validation.level(context.parameters.get("level"))
            let player = try pathNumber(context, "id")
            guard let (rank, score) = try await store.rank(player: player, level: level) else {
                throw APIError(.notFound, "noScore", "player \(player) has no score on level \(level)")
            }
            return json(.ok, RankAnswer(level: level, player: player, rank: rank, score: score))
        }
    }

    static func pathNumber(_ context: BasicRequestContext, _ name: String) throws -> Int64 {
        guard let text = context.parameters.get(name), let value = Int64(text), value > 0 else {
            throw APIError(.badRequest, "invalidPath", "'\(name)' must be a positive number")
        }
        return value
    }

    static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return nil }
        let token = String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let data = (try? JSONEncoder.sorted.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
